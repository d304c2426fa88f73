"""Convert the Roll for the Galaxy reference facts into our own data file.

    python tools/roll_tiles.py ../shared/reference/roll expansions/roll/data

Reads the reference `dice.toml`, `tiles.toml`, `factions.toml` and `rules.toml` and writes one
file, `roll.toml`, in our shape: every tile *side* is one `[[side]]` record (a development or a
world, named, with its power or immediate effect), a `[[tile]]` pairs two sides by name, a
faction names its two sides and a home world names its one. The program reads only our file;
re-run this after changing the mapping, and the test regenerates it byte for byte.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import tomli_w

DATA_FILE = "roll.toml"
COLOURS = ("white", "red", "purple", "cyan", "brown", "green", "yellow")


def _load(folder: Path, name: str) -> dict:
    return tomllib.loads((folder / name).read_text(encoding="utf-8"))


# Where the reference's wording says other than the rulebook, our text follows the rulebook:
# a removed die goes back to the supply ("remettez-le au centre de la table", Coloniser);
# Space Tourism's extra $1 goes to every owner of a world of the highest cost (clarification
# "Space Tourism": "S'il y a une égalité [...] vous obtenez 1$ en plus seulement si vous
# possédez l'un d'entre eux"); a power that reassigns several workers sends them all to one
# phase (FAQ: "Un pouvoir de Réassignation qui assigne plusieurs travailleurs peut-il les
# assigner à différentes colonnes ? R : Non.").
PHRASES = {
    "to any phase(s)": "to one phase (all to the same one)",
    "remove one of your dice from the game": "return one of your dice to the supply",
    "plus $1 more if you alone own the highest-cost world of all tableaus":
        "plus $1 more if you own a world of the highest printed cost of all tableaus "
        "(a tie pays too)",
}


def _text(text: str) -> str:
    for said, meant in PHRASES.items():
        text = text.replace(said, meant)
    return text


def _development(src: dict) -> dict:
    side: dict = {"name": src["name"], "type": "development", "cost": src["cost"],
                  "phases": list(src["phases"])}
    power = {"kind": src["kind"]}
    power.update(src.get("params") or {})
    side["power"] = power
    if "endgame_kind" in src:
        bonus = {"kind": src["endgame_kind"]}
        bonus.update(src.get("endgame_params") or {})
        side["bonus"] = bonus
        side["bonus_text"] = src["endgame"]
    side["text"] = _text(src["text"])
    return side


def _world(src: dict) -> dict:
    side: dict = {"name": src["name"], "type": "world", "cost": src["cost"],
                  "color": src["color"], "credits": src["credits"],
                  "remove_die": src["remove_die"]}
    side["gain"] = [{"die": d["color"], "to": d["to"], "count": d["count"]}
                    for d in src["dice"]]
    side["text"] = _text(src["text"])
    return side


def convert(folder: Path) -> dict:
    """The reference folder -> our data, as one TOML-ready dict."""
    dice = _load(folder, "dice.toml")
    tiles = _load(folder, "tiles.toml")
    factions = _load(folder, "factions.toml")
    rules = _load(folder, "rules.toml")
    out: dict = {
        "rules": {
            "start_credits": rules["setup"]["start_credits"],
            "start_cup": rules["setup"]["start_white_dice_cup"],
            "start_citizenry": rules["setup"]["start_white_dice_citizenry"],
            "vp_per_player": rules["setup"]["vp_chips_per_player"],
            "credit_max": rules["credits"]["max"],
            "credit_floor": rules["credits"]["min_after_manage"],
            "stock": rules["credits"]["stock"],
            "recruit_cost": rules["credits"]["recruit_cost_per_die"],
            "end_tiles": rules["end"]["trigger_tableau_tiles"],
            "consume_vp": rules["ship"]["consume_base_vp"],
        },
        "die": [],
        "world_color": [],
        "tile": [],
        "faction": [],
        "home": [],
        "side": [],
    }
    for d in dice["die"]:
        out["die"].append({"color": d["color"], "count": d["count"], "faces": list(d["faces"]),
                           "matches": d["good_color"]})
    for w in dice["world_color"]:
        out["world_color"].append({"color": w["color"], "good_die": w["good_die"],
                                   "trade": w["trade_credits"]})
    for t in tiles["tile"]:
        dev, world = _development(t["development"]), _world(t["world"])
        out["tile"].append({"id": t["id"], "development": dev["name"], "world": world["name"]})
        out["side"] += [dev, world]
    for f in factions["faction"]:
        sides = [_development(f["development"])] if "development" in f else []
        sides += [_world(f[k]) for k in ("world", "world2") if k in f]
        out["faction"].append({"number": f["number"], "name": f["name"],
                               "sides": [s["name"] for s in sides]})
        out["side"] += sides
    for h in factions["home_world"]:
        side = _world(h)
        out["home"].append({"number": h["number"], "name": h["name"],
                            "start_credits": h["start_credits"]})
        out["side"].append(side)
    return out


def render(data: dict) -> str:
    header = ("# Roll for the Galaxy (base game): dice, the 55 double-sided tiles, factions and home\n"
              "# worlds. Generated by tools/roll_tiles.py from the reference facts;\n"
              "# do not edit by hand.\n\n")
    return header + tomli_w.dumps(data)


def write(data: dict, out_dir: Path) -> Path:
    path = out_dir / DATA_FILE
    path.write_text(render(data), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python tools/roll_tiles.py REFERENCE_DIR OUT_DIR", file=sys.stderr)
        return 2
    print(write(convert(Path(argv[0])), Path(argv[1])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
