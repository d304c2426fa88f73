"""`rftg show`: a game's state, or its result, from its save."""

from __future__ import annotations

import json
from pathlib import Path

from .. import saves
from ..saves import Save, SaveError
from ..ui.escape import printable
from .common import fail, load_checked, undo_note


def show_data(save: Save, game, path: Path) -> dict:
    outcome = game.outcome(save.seats)
    players = [{"name": r.name, "kind": r.kind, "score": r.score, "breakdown": r.breakdown,
                **r.details} for r in outcome.results]
    out = {
        "name": save.name, "game": save.game_id, "file": str(path), "status": save.status,
        **saves.public_status(game), "expansions": list(game.config.expansions),
        "created": save.created, "last_played": save.updated, "undos": len(save.undos),
        "hints": len(save.hints),
        "sealed_with_your_key": not save.unkeyed,
        "players": players, **outcome.public,
    }
    if outcome.finished:
        out["winners"] = list(outcome.winners)
        out["reason"] = outcome.reason
        out["seed"] = save.seed
    return out


UNKEYED_NOTE = ("Not sealed with your key (another player's, or an older rftg's): checked by "
                "replaying every answer to the saved position, not by who played them.")


def run_show(*, name: str, save_dir: Path | None, as_json: bool, registry=None) -> int:
    from ..plugins import default_registry

    try:
        path, save, restored = load_checked(save_dir, name, registry)
    except SaveError as exc:
        return fail(f"show: {exc}")
    game = restored.game
    if as_json:
        print(json.dumps(show_data(save, game, path), indent=2))
        return 0
    from ..plugins import ruleset_of
    from rftg_cli.ui.console import make_console

    console = make_console()
    me = save.seats.index("human") if "human" in save.seats else 0
    console.print(printable(f"{save.name} (game {save.game_id}) — "
                            f"{save.status.replace('_', ' ')}, last played {save.updated}"
                            f"{undo_note(save)}"), markup=False)
    if save.unkeyed:
        console.print(UNKEYED_NOTE, markup=False)
    screen = ruleset_of(game.config, registry or default_registry()).part("screen")
    if hasattr(screen, "show"):
        for part in screen.show(game, me, console):
            console.print(part)
    else:
        console.print(screen.status(game, me), markup=False)
        console.print(screen.final(game, console) if game.over else
                      screen.board(game, me, console, None))
    return 0
