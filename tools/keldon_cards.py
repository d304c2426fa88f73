"""Convert the Keldon-format card list (reference facts) into our own TOML card files.

    python tools/keldon_cards.py ../shared/reference/keldon/cards.txt rftg_cli/race/cards/data

Writes one file per set (base, tgs, rvi, bow, promo). Alien Artifacts and Xeno Invasion are
not converted: rftg does not offer them. Re-run after changing the mapping below; the TOML is
the only thing the program reads.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Expansion level of a card's first copy increment -> our set name.
LEVEL_SET = {0: "base", 1: "tgs", 2: "rvi", 3: "bow"}
KEPT_SETS = ("base", "tgs", "rvi", "bow", "promo")

# Printed start-world numbers (base rulebook).
START_NUMBERS = {
    "Old Earth": 0, "Epsilon Eridani": 1, "Alpha Centauri": 2, "New Sparta": 3,
    "Earth's Lost Colony": 4, "Separatist Colony": 5, "Ancient Race": 6,
    "Damaged Alien Factory": 7, "Doomed World": 8, "Rebel Cantina": 9,
    "Galactic Developers": 10, "Imperium Warlord": 11, "Galactic Scavengers": 12,
    "Uplift Mercenary Force": 13, "Alien Research Team": 14, "Rebel Freedom Fighters": 15,
}

PHASE = {"1": "explore", "2": "develop", "3": "settle", "4": "consume", "5": "produce"}
GOODS = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "gene", "ALIEN": "alien", "ANY": "any"}
KEYWORD_FLAGS = {
    "REBEL": "rebel", "IMPERIUM": "imperium", "ALIEN": "alien", "UPLIFT": "uplift",
    "TERRAFORMING": "terraforming", "CHROMO": "chromo", "PRESTIGE": "prestige",
}
SPECIAL_FLAGS = {
    "STARTHAND_3", "START_SAVE", "DISCARD_TO_12", "GAME_END_14", "TAKE_DISCARDS",
    "SELECT_LAST", "NO_PRODUCE", "DISCARD_PRODUCE",
}

# Modifiers that narrow or fund a power, by the field they fill.
AGAINST = {"AGAINST_REBEL": "rebel", "AGAINST_CHROMO": "chromo"}
PER = {
    "PER_MILITARY": "military", "PER_CHROMO": "chromo", "PER_IMPERIUM": "imperium",
    "PER_REBEL_MILITARY": "rebel_military", "PER_PEACEFUL": "peaceful",
}
PAY_WITH = {
    "CONSUME_RARE": "consume_rare", "CONSUME_GENE": "consume_gene",
    "CONSUME_ALIEN": "consume_alien", "CONSUME_NOVELTY": "consume_novelty",
    "CONSUME_ANY": "consume_any", "CONSUME_PRESTIGE": "prestige",
}
PLAIN_FLAGS = {"NO_TAKEOVER", "DESTROY", "TRADE_NO_BONUS", "NOT_THIS", "IF_IMPERIUM", "XENO"}

# Phase-4 consume powers: what one use consumes, and the rewards.
CONSUME_INPUT = {
    "CONSUME_ANY": "any", "CONSUME_NOVELTY": "novelty", "CONSUME_RARE": "rare",
    "CONSUME_GENE": "gene", "CONSUME_ALIEN": "alien", "CONSUME_3_DIFF": "three_kinds",
    "CONSUME_N_DIFF": "n_kinds", "CONSUME_ALL": "all", "CONSUME_PRESTIGE": "prestige",
    "DISCARD_HAND": "hand",
}
RENAMED = {"EXTRA_MILITARY": "military"}
CARD_REWARD = {"GET_CARD": 1, "GET_2_CARD": 2, "GET_3_CARD": 3}

# Phase-5 codes that carry a parameter in their name.
PRODUCE_CODES = {
    "DRAW_IF": ("draw_if_produced", {}),
    "PRESTIGE_IF": ("prestige_if_produced", {}),
    "DRAW_DIFFERENT": ("draw_per_kind_produced", {}),
    "DRAW_EVERY_TWO": ("draw_per_two_produced", {}),
    "DRAW_MOST_PRODUCED": ("draw_if_most_produced", {"good": "any"}),
    "PRESTIGE_MOST_CHROMO": ("prestige_if_most", {"per": "chromo"}),
    "DRAW_MILITARY": ("draw_per", {"per": "military"}),
    "DRAW_REBEL": ("draw_per", {"per": "rebel"}),
    "DRAW_REBEL_MILITARY": ("draw_per", {"per": "rebel_military"}),
    "DRAW_IMPERIUM": ("draw_per", {"per": "imperium"}),
    "DRAW_CHROMO": ("draw_per", {"per": "chromo"}),
    "DRAW_5_DEV": ("draw_per", {"per": "dev_5plus"}),
    "DRAW_TWO_MILITARY": ("draw_per", {"per": "two_military"}),
}
for _g, _name in GOODS.items():
    PRODUCE_CODES[f"WINDFALL_{_g}"] = ("windfall", {"good": _name})
    PRODUCE_CODES[f"DRAW_EACH_{_g}"] = ("draw_per_good_produced", {"good": _name})
    PRODUCE_CODES[f"DRAW_WORLD_{_g}"] = ("draw_per_world", {"good": _name})
    PRODUCE_CODES[f"DRAW_MOST_{_g}"] = ("draw_if_most_produced", {"good": _name})


class ConvertError(ValueError):
    pass


def parse_records(text: str) -> list[dict]:
    """Split the file into raw records: one dict of line-code -> payload list per design."""
    records: list[dict] = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        code, payload = line[0], line[2:]
        if code == "N":
            records.append({"N": payload, "P": [], "V": [], "index": len(records)})
        elif code in "PV":
            records[-1][code].append(payload)
        else:
            records[-1][code] = payload
    return records


def convert_power(payload: str) -> dict:
    """One `P` payload (`phase:CODE | CODE:value:times`) -> our power table."""
    phase_digit, rest = payload.split(":", 1)
    codes_text, value, times = rest.rsplit(":", 2)
    codes = [c.strip() for c in codes_text.split("|")]
    phase = PHASE[phase_digit]
    power: dict = {"phase": phase, "kind": "", "value": int(value), "times": int(times)}
    flags: list[str] = []
    effects: list[str] = []
    for code in codes:
        if phase in ("develop", "settle") and code in GOODS and code != "ANY":
            power["good"] = GOODS[code]
        elif code in AGAINST:
            power["against"] = AGAINST[code]
        elif code in PER and phase != "explore":
            power["per"] = PER[code]
        elif code == "DISCARD" and phase == "settle":
            power["one_shot"] = True
        elif code == "DISCARD" and phase == "produce":
            power["pay_with"] = "hand"
        elif code in PAY_WITH and phase in ("develop", "settle"):
            power["pay_with"] = PAY_WITH[code]
        elif code in PLAIN_FLAGS:
            flags.append(code.lower())
        else:
            effects.append(code)
    if phase == "settle" and "PRESTIGE" in effects and len(effects) > 1:
        effects.remove("PRESTIGE")  # Imperium Invasion Fleet: the conquest also earns prestige
        flags.append("gain_prestige")
    if effects == ["DISCARD_REDUCE"]:
        power["one_shot"] = True    # R&D Crash Program: the card is discarded to use it
    if phase == "develop" and power.get("pay_with") and not effects:
        effects = ["REDUCE"]  # Golden Age of Terraforming: consume a rare good for a discount
    if phase == "consume":
        _consume_effect(power, effects)
    elif phase == "produce" and effects and effects[0] in PRODUCE_CODES:
        kind, extra = PRODUCE_CODES[effects[0]]
        power["kind"] = kind
        power.update(extra)
        effects = effects[1:]
    elif phase == "explore" and effects == ["DRAW"] and "PER_REBEL_MILITARY" in codes:
        power["kind"] = "draw"
        power["per"] = "rebel_military"
        effects = []
    else:
        if len(effects) != 1:
            raise ConvertError(f"cannot read power {payload!r}: effects {effects}")
        power["kind"] = RENAMED.get(effects[0], effects[0].lower())
        effects = []
    if not power["kind"]:
        raise ConvertError(f"cannot read power {payload!r}")
    if flags:
        power["flags"] = flags
    return power


def _consume_effect(power: dict, effects: list[str]) -> None:
    value = power["value"]
    inputs = [e for e in effects if e in CONSUME_INPUT]
    trade = [e for e in effects if e.startswith("TRADE_") and e != "TRADE_ACTION"]
    if inputs:
        this_only = "CONSUME_THIS" in effects
        power["kind"] = "consume"
        power["consume"] = "this" if this_only else CONSUME_INPUT[inputs[0]]
        if this_only and inputs[0] != "CONSUME_ANY":
            power["good"] = CONSUME_INPUT[inputs[0]]
        if "CONSUME_TWO" in effects:
            power["goods_per_use"] = 2
        if "GET_VP" in effects:
            power["vp"] = value
        if "GET_PRESTIGE" in effects:
            power["prestige"] = value
        cards = sum(CARD_REWARD.get(e, 0) for e in effects)
        if cards:
            power["cards"] = cards
    elif "TRADE_ACTION" in effects:
        power["kind"] = "trade_action"
    elif trade:
        power["kind"] = "trade_bonus"
        power["good"] = "this" if trade[0] == "TRADE_THIS" else GOODS[trade[0][6:]]
        if "TRADE_BONUS_CHROMO" in effects:
            power["per"] = "chromo"
    elif effects == ["NO_TRADE"]:
        power["kind"] = "no_trade"
    elif len(effects) == 1 and effects[0] in ("DRAW", "DRAW_LUCKY", "ANTE_CARD", "VP"):
        power["kind"] = effects[0].lower()
    else:
        raise ConvertError(f"cannot read consume power {effects}")


def convert_vp_rule(payload: str) -> dict:
    points, match, name = payload.split(":", 2)
    rule: dict = {"points": int(points), "match": match.lower()}
    if match == "NAME":
        rule["name"] = name
    return rule


def convert_card(raw: dict) -> dict | None:
    """One raw record -> our card table, or None for a set rftg does not offer."""
    name = raw["N"]
    flags = {f.strip() for f in raw.get("F", "").replace("|", " ").split()}
    increments = [(int(a), int(b)) for a, b in
                  (part.split(":") for part in raw["E"].split("@"))]
    card_set = "promo" if "PROMO" in flags else LEVEL_SET.get(increments[0][0])
    if card_set is None:
        return None
    type_code, cost, vp = (int(x) for x in raw["T"].split(":"))
    card: dict = {
        "name": name,
        "type": "world" if type_code == 1 else "development",
        "cost": cost,
        "vp": vp,
        "copies": increments[0][1],
    }
    extra = {LEVEL_SET[level]: n for level, n in increments[1:]}
    if extra:
        card["copies_with"] = extra
    if "G" in raw:
        card["good"] = GOODS[raw["G"].strip()]
    card["military"] = "MILITARY" in flags
    card["windfall"] = "WINDFALL" in flags
    if "START" in flags:
        if name in START_NUMBERS:
            card["start_number"] = START_NUMBERS[name]
        card["start_color"] = "red" if "START_RED" in flags else "blue"
    keywords = [KEYWORD_FLAGS[f] for f in KEYWORD_FLAGS if f in flags]
    if keywords:
        card["keywords"] = keywords
    specials = sorted(f.lower() for f in flags & SPECIAL_FLAGS)
    if specials:
        card["specials"] = specials
    card["keldon_index"] = raw["index"]
    known = set(KEYWORD_FLAGS) | SPECIAL_FLAGS | {
        "MILITARY", "WINDFALL", "START", "START_RED", "START_BLUE", "PROMO"}
    unknown = flags - known
    if unknown:
        raise ConvertError(f"{name}: unknown flags {sorted(unknown)}")
    if raw["P"]:
        card["power"] = [convert_power(p) for p in raw["P"]]
    if raw["V"]:
        card["vp_rule"] = [convert_vp_rule(v) for v in raw["V"]]
    card["set"] = card_set
    return card


def convert(text: str) -> dict[str, list[dict]]:
    """The whole file -> cards grouped by set, in file order."""
    by_set: dict[str, list[dict]] = {s: [] for s in KEPT_SETS}
    for raw in parse_records(text):
        try:
            card = convert_card(raw)
        except (KeyError, ValueError) as exc:
            raise ConvertError(f"{raw['N']}: {exc}") from exc
        if card is not None:
            by_set[card.pop("set")].append(card)
    return by_set


HEADER = (
    "# rftg card data: set {set!r}. Generated by `python tools/keldon_cards.py`\n"
    "# from the reference card facts; edit the converter, not this file, then regenerate.\n\n"
)


# Written here, not by tomli-w (as the other tools do): tomli-w moves an inline table longer
# than 100 columns to its own [[card.power]] table, and a card reads best with each power on
# one line. The card data holds no control characters, so quotes and backslashes are all that
# is escaped (test_cards_data loads and regenerates every file).
def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def card_toml(card: dict) -> str:
    """One card as a [[card]] table; powers and VP rules one inline table per line."""
    lines = ["[[card]]"]
    for key, value in card.items():
        if key in ("power", "vp_rule"):
            lines.append(f"{key} = [")
            lines.extend(f"    {_toml_value(entry)}," for entry in value)
            lines.append("]")
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def write(by_set: dict[str, list[dict]], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for card_set, cards in by_set.items():
        text = HEADER.format(set=card_set) + "\n".join(card_toml(c) for c in cards)
        (out_dir / f"{card_set}.toml").write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    write(convert(Path(argv[0]).read_text(encoding="utf-8")), Path(argv[1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
