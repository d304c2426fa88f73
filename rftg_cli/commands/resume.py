"""`rftg resume`: a saved game checked, replayed and played on."""

from __future__ import annotations

from pathlib import Path

from .. import saves
from ..errors import UsageError
from ..savelock import SaveBusy, SaveLock
from ..saves import SaveError
from ..ui.escape import printable
from .common import check_names, fail, find_save
from .new import play_and_offer
from .play import at_save_level, make_seat, seat_table


def run_resume(*, name: str | None, save_dir: Path | None, source=None, registry=None,
               plain: bool = False) -> int:
    from ..plugins import default_registry

    registry = registry or default_registry()
    try:
        path = find_save(save_dir, name)
        if not path.is_file():
            raise SaveError(f"{path}: no such save")
        lock = SaveLock(path).acquire()
    except (SaveError, SaveBusy) as exc:
        return fail(f"resume: {exc}")
    except OSError as exc:
        return fail(f"resume: cannot lock the save ({exc.strerror})")
    try:
        saves.clean_temp(path.parent, path.stem)
        return resume_locked(path, source, registry, plain)
    finally:
        lock.release()


def resume_locked(path: Path, source, registry, plain: bool = False) -> int:
    from ..plugins import ruleset_of
    from rftg_cli.ui.console import make_console

    try:
        save = saves.read(path)
        check_names(save, path)
        restored = saves.restore(save, registry=registry)
        if save.status == saves.FINISHED:
            raise SaveError(f"{path}: this game is finished; see `rftg show {save.name}`")
        if save.foreign:
            # Resumed, it would be sealed anew with this key: an edit would pass as yours.
            raise SaveError(f"{path}: sealed with another key than yours (a game shared with "
                            "you, or your key was replaced): `rftg show` and `rftg replay` "
                            "check it by replay, but it is resumed only where it was sealed")
        if save.seats.count("human") != 1:
            raise SaveError(f"{path}: needs exactly one human seat, has {save.seats}")
        for kind in save.seats:
            if kind != "human":
                make_seat(kind, 0)
        at_save_level(save.config, ruleset_of(restored.game.config, registry))
    except (SaveError, UsageError) as exc:
        return fail(f"resume: {exc}")
    console = make_console()
    table = seat_table(restored.game, save, path, console, source, registry, restored.movers,
                       plain)
    table.human.forget_log(restored.game)
    where = saves.public_status(restored.game).get("round", "?")
    console.print(f"Resuming {printable(save.name)!r}: round {where}, "
                  f"{len(save.answers)} answers replayed.", markup=False)
    return play_and_offer(table)
