"""TOML saves: config + seed + every answer (+ the digest of the state they produce).

A save is the game's log, not a snapshot: resuming rebuilds the game from its config and seed,
replays the answers, and checks the digest, so a tampered or stale save is caught before play.
Writes are atomic (a temp file in the same folder, then `os.replace`), so a process killed
while writing leaves the previous save intact. A save that cannot be used raises `SaveError`
with one line naming the file and the problem; the file itself is never touched.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

FORMAT = 1
IN_PROGRESS, FINISHED = "in_progress", "finished"
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class SaveError(Exception):
    """A save that cannot be read, trusted or resumed; the message is one line for the user."""


def program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rftg")
    except PackageNotFoundError:
        return "0+unknown"


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def default_save_dir() -> Path:
    return Path(os.environ.get("RFTG_SAVE_DIR") or "saves")


# ---------------------------------------------------------------------- answers <-> TOML

def answer_to_toml(answer):
    """Answers are ints, strings and nested tuples: tuples become TOML arrays."""
    if isinstance(answer, (tuple, list)):
        return [answer_to_toml(a) for a in answer]
    return answer


def inline(answer) -> str:
    """One answer as a TOML inline value (ints, strings, nested arrays)."""
    if isinstance(answer, (tuple, list)):
        return "[" + ", ".join(inline(a) for a in answer) + "]"
    if isinstance(answer, bool) or not isinstance(answer, (int, str)):
        raise TypeError(f"cannot save answer part {answer!r}")
    return json.dumps(answer) if isinstance(answer, str) else str(answer)


def answer_from_toml(value):
    if isinstance(value, list):
        return tuple(answer_from_toml(v) for v in value)
    return value


# ---------------------------------------------------------------------- the save record

@dataclass
class Save:
    name: str
    config: dict
    seats: list[str]
    seed: int
    answers: list = field(default_factory=list)
    digest: str = ""
    status: str = IN_PROGRESS
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    program: str = field(default_factory=program_version)
    summary: dict = field(default_factory=dict)
    path: Path | None = None
    _lines: list = field(default_factory=list, repr=False, compare=False)

    def to_toml(self, answers: bool = True) -> dict:
        data = {
            "format": FORMAT,
            "program": self.program,
            "name": self.name,
            "status": self.status,
            "created": self.created,
            "updated": self.updated,
            "seed": self.seed,
            "seats": list(self.seats),
            "digest": self.digest,
            "answers": [answer_to_toml(a) for a in self.answers] if answers else [],
            "config": self.config,
            "summary": self.summary,
        }
        if not answers:
            del data["answers"]
        return data

    def to_text(self) -> str:
        """The TOML text: tomli-w for the header and tables, one inline array per answer
        (formatted once and cached, since a game's answers only grow)."""
        import tomli_w

        data = self.to_toml(answers=False)
        tables = {k: data.pop(k) for k in ("config", "summary")}
        cache = self._lines
        lines = []
        for i, answer in enumerate(self.answers):
            if i < len(cache) and cache[i][0] is answer:
                lines.append(cache[i][1])
            else:
                lines.append(inline(answer))
        self._lines = list(zip(self.answers, lines))
        body = "".join(f"    {line},\n" for line in lines)
        return f"{tomli_w.dumps(data)}answers = [\n{body}]\n\n{tomli_w.dumps(tables)}"

    def game_config(self):
        from .engine import GameConfig

        return GameConfig.from_dict(self.config)


def save_path(save_dir: Path, name: str) -> Path:
    return Path(save_dir) / f"{name}.toml"


def write(save: Save, path: Path, *, durable: bool = False) -> None:
    """Write atomically: a complete temp file in the same folder replaces the old save, so
    a process killed at any moment leaves the old or the new save, whole. `durable` also
    flushes to the disk (against power loss); it costs milliseconds, so it is kept for
    quitting and the end of the game."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = save.to_text().encode()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    save.path = path


def read(path: Path) -> Save:
    """Parse and check the shape of a save (not yet replayed: see `restore`)."""
    path = Path(path)
    if not path.is_file():
        raise SaveError(f"{path}: no such save")
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a readable save (not UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: not a readable save: broken TOML, truncated or edited? "
                        f"({exc})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})") from None
    fmt = data.get("format")
    if not isinstance(fmt, int):
        raise SaveError(f"{path}: not an rftg save (no format version)")
    if fmt > FORMAT:
        raise SaveError(f"{path}: save format {fmt} is newer than this rftg understands "
                        f"({FORMAT}); upgrade rftg")
    need = {"name": str, "status": str, "seed": int, "seats": list, "digest": str,
            "config": dict, "answers": list}
    for key, kind in need.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path}: missing or malformed field {key!r} (truncated or edited?)")
    if data["status"] not in (IN_PROGRESS, FINISHED):
        raise SaveError(f"{path}: unknown status {data['status']!r}")
    return Save(
        name=data["name"], config=data["config"], seats=[str(s) for s in data["seats"]],
        seed=data["seed"], answers=[answer_from_toml(a) for a in data["answers"]],
        digest=data["digest"], status=data["status"], created=str(data.get("created", "")),
        updated=str(data.get("updated", "")), program=str(data.get("program", "")),
        summary=data.get("summary", {}) if isinstance(data.get("summary"), dict) else {},
        path=path,
    )


@dataclass
class Restored:
    game: object
    movers: list[int]    # who answered each entry of game.history (for undo)


def replay(config, seed: int, answers, *, registry=None, record: bool = True) -> Restored:
    """Rebuild a game from config + seed and apply the answers (IllegalChoice if one is not
    legal where it is replayed)."""
    from .engine import IllegalChoice
    from .plugins import new_game

    game = new_game(config, seed, registry=registry, record=record)
    movers: list[int] = []
    for n, answer in enumerate(answers, 1):
        if game.pending is None:
            raise IllegalChoice(f"answer {n} comes after the end of the game")
        movers.append(game.pending.player)
        try:
            game.apply(answer)
        except IllegalChoice as exc:
            raise IllegalChoice(f"answer {n} ({answer!r}): {exc}") from None
    return Restored(game, movers)


def restore(save: Save, *, registry=None) -> Restored:
    """Replay a save and check its digest; SaveError (one line) if it does not hold."""
    from .engine import IllegalChoice
    from .plugins import ConfigError

    where = save.path or save.name
    try:
        config = save.game_config()
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{where}: malformed config ({exc})") from None
    if len(save.seats) != config.players:
        raise SaveError(f"{where}: {len(save.seats)} seats for {config.players} players")
    try:
        restored = replay(config, save.seed, save.answers, registry=registry)
    except ConfigError as exc:
        raise SaveError(f"{where}: incompatible configuration: {exc}") from None
    except IllegalChoice as exc:
        raise SaveError(f"{where}: the saved choices do not replay ({exc}); "
                        "the file was edited or is from another version") from None
    digest = restored.game.digest()
    if digest != save.digest:
        raise SaveError(f"{where}: the replayed game does not match the saved digest "
                        f"({digest} != {save.digest}); the file was edited or is from "
                        "another version")
    return restored


def standings(outcome) -> list[dict]:
    """Every entry of an outcome as plain data: name, kind, score and its public details."""
    return [{"name": r.name, "kind": r.kind, "score": r.score, **r.details}
            for r in outcome.results]


def summarize(game, seats: list[str]) -> dict:
    """The readable part of a save: what `rftg saves` and `rftg show` print."""
    outcome = game.outcome(seats)
    out = {"round": game.round, "phase": game.phase, "pool": game.pool,
           "players": standings(outcome)}
    if outcome.finished:
        out["winners"] = list(outcome.winners)
        out["reason"] = outcome.reason
    return out


def record(save: Save, game, path: Path, *, durable: bool = False) -> None:
    """Bring a save up to date with the game and write it."""
    save.answers = list(game.history)
    save.digest = game.digest()
    save.status = FINISHED if game.over else IN_PROGRESS
    save.updated = now()
    save.summary = summarize(game, save.seats)
    write(save, path, durable=durable or game.over)


def list_saves(save_dir: Path) -> list[tuple[Path, Save | SaveError]]:
    """Every `*.toml` in the folder, newest first: a Save, or the SaveError it raises."""
    found: list[tuple[Path, Save | SaveError]] = []
    folder = Path(save_dir)
    if not folder.is_dir():
        return found
    for path in folder.glob("*.toml"):
        try:
            found.append((path, read(path)))
        except SaveError as exc:
            found.append((path, exc))
    found.sort(key=lambda item: (getattr(item[1], "updated", ""), item[0].stat().st_mtime),
               reverse=True)
    return found


def locate(save_dir: Path, name: str | None) -> Path:
    """The file for NAME (a save name or a path), or the most recent unfinished save."""
    if name is None:
        for path, save in list_saves(save_dir):
            if isinstance(save, Save) and save.status == IN_PROGRESS:
                return path
        raise SaveError(f"{save_dir}: no unfinished game to resume; start one with `rftg new`")
    as_path = Path(name)
    if as_path.suffix == ".toml" or os.sep in name:
        return as_path
    return save_path(save_dir, name)
