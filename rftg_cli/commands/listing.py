"""`rftg saves`: the saves of the folder, one line each, and `--delete NAME`."""

from __future__ import annotations

import json
from pathlib import Path

from .. import saves
from ..errors import UsageError
from ..savelock import SaveBusy, SaveLock
from ..saves import Save, SaveError
from ..ui.escape import printable
from .common import fail, save_dir_of, save_name


def opponents(save: Save) -> str:
    """Who you play against: the computer seats, and the opponents that are not seats."""
    names = save.config.get("names", [])
    seats = [f"{n} ({k})" for n, k in zip(names, save.seats) if k != "human"]
    # The standings list the seats first, then the opponents that are not seats.
    others = [f"{p.get('name')} ({p.get('kind')})"
              for p in save.summary.get("players", [])[len(save.seats):]]
    return ", ".join(seats + others) or "-"


def listing(path: Path, save) -> dict:
    if isinstance(save, SaveError):
        return {"name": path.stem, "file": str(path), "status": "unreadable",
                "error": str(save)}
    summary = save.summary
    return {
        "name": save.name, "game": save.game_id, "file": str(path), "status": save.status,
        "opponents": opponents(save), "expansions": save.config.get("expansions", []),
        "undos": len(save.undos), "hints": len(save.hints),
        "round": summary.get("round"),
        "scores": {p.get("name"): p.get("score") for p in summary.get("players", [])},
        "last_played": save.updated,
    }


def run_saves(*, save_dir: Path | None, as_json: bool) -> int:
    folder = save_dir_of(save_dir)
    try:
        listed = saves.list_saves(folder)
    except SaveError as exc:
        return fail(f"saves: {exc}")
    rows = [listing(path, save) for path, save in listed]
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    from rich.table import Table as RichTable
    from rich.text import Text

    from rftg_cli.ui.console import make_console

    console = make_console()
    if not rows:
        console.print(f"No saves in {printable(folder)}. Start a game with `rftg new`.",
                      markup=False)
        return 0
    # One line a save at 80 columns: no column wraps; the game (opponents; expansions) and
    # the scores are short forms, cut with "…" where the width runs out.
    table = RichTable(title=Text(f"Saves in {printable(folder)}"), box=None,
                      title_justify="left", padding=(0, 1), pad_edge=False,
                      header_style="bold")
    table.add_column("Name", no_wrap=True, max_width=22, overflow="ellipsis")
    table.add_column("Game", no_wrap=True, overflow="ellipsis", min_width=10)
    table.add_column("Rnd", justify="right", no_wrap=True, min_width=3)
    table.add_column("Score", no_wrap=True, overflow="ellipsis", max_width=9)
    table.add_column("Status", no_wrap=True)
    table.add_column("Played", no_wrap=True)
    for row, (_, save) in zip(rows, listed):
        # Every cell is text from a file someone may have edited: escaped, never obeyed.
        if row["status"] == "unreadable":
            table.add_row(Text(printable(row["name"])), "", "", "", "unreadable", "")
            continue
        score = "-".join(str(v) for v in row["scores"].values())
        status = str(row["status"]).replace("_", " ")
        cells = [row["name"], game_text(save, row["expansions"]), str(row["round"]), score,
                 status, str(row["last_played"])[5:16].replace("T", " ")]
        table.add_row(*(Text(printable(cell)) for cell in cells))   # Text: never markup
    console.print(table)
    for row in rows:
        if row["status"] == "unreadable":
            console.print(printable(row["error"]), markup=False, soft_wrap=True)
    return 0


def game_text(save: Save, expansions: list) -> str:
    """The game in a few words: `2 AI; base`, `3 AI; tgs, rvi`: the opponents by kind, then
    the expansions (an expansion that is an opponent's kind is said once)."""
    kinds = [k for k in save.seats if k != "human"] + [
        str(p.get("kind")) for p in save.summary.get("players", [])[len(save.seats):]]
    counts = dict.fromkeys(kinds, 0)
    for kind in kinds:
        counts[kind] += 1
    shown = {kind: "AI" if kind == "ai" else kind for kind in counts}
    against = ", ".join(shown[k] if n == 1 else f"{n} {shown[k]}" for k, n in counts.items())
    others = [str(e) for e in expansions if e not in counts]
    return f"{against or '-'}; {', '.join(others) or 'base'}"


def run_delete(*, name: str, save_dir: Path | None) -> int:
    """`rftg saves --delete NAME`: remove one save of the save folder, by name, once it is
    seen to be an rftg save (refused while it is being played). A path, or a file that is not
    a save, is refused: `--delete pyproject.toml` removed that file (issue 41)."""
    try:
        name = save_name(name)
        path = saves.save_path(save_dir_of(save_dir), name)
        saves.check_is_save(path)
        lock = SaveLock(path).acquire()
    except UsageError as exc:
        return fail(f"saves --delete: {exc} (a save's name, as `rftg saves` lists it)")
    except (SaveError, SaveBusy) as exc:
        return fail(f"saves --delete: {exc}")
    except OSError as exc:
        return fail(f"saves --delete: cannot lock the save ({exc.strerror})")
    try:
        saves.check_is_save(path)          # again under the lock: still that save
        path.unlink()
    except SaveError as exc:
        return fail(f"saves --delete: {exc}")
    except OSError as exc:
        return fail(f"saves --delete: cannot delete {path} ({exc.strerror})")
    finally:
        lock.release()
    print(printable(f"Deleted save {name!r} ({path})."))
    return 0
