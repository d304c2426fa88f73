"""TOML saves: config + seed + every answer in its text form (+ digests of what they make).

A save is the game's log, not a snapshot: resuming rebuilds the game from its config and seed
and replays the answers. Writes are atomic (a temp file in the same folder, then
`os.replace`), so a process killed while writing leaves the previous save intact. A save that
cannot be used raises `SaveError` with one line naming the file and the problem; a save is
never written to while it is being read, checked or refused.

Format 4 (this one; format 3 differed only by its unkeyed seal) stores each answer as its text form, one TOML string each
(`settle "New Sparta" pay "Contact Specialist"`), read back against the decision pending
when it is replayed: cards are named, not numbered, so a save outlives a change to the card
files. The play loop reads each text on the live game just before it applies the answer
(`apply`), so a decision's rules run once and no second copy of the game is kept to write it.
It also holds a game id (shown instead of the seed), `undos`, where each undo went back to,
and `hints` (only once a hint was asked), where each `hint` was asked. While a game whose
deal rftg chose runs, seed, answers and digest (the computer
seats' answers name the cards in their hands) are not in the file in clear: `hidden` holds
them sealed with the player's key, `key` names that key and `cipher` what sealed it
(`rftg_cli.hidden`: 2, AES-256-GCM; a save with no `cipher`, from an rftg before it, is
cipher 1, read as it is and sealed with 2 at its next write); the finished game is written
in clear. A game whose seed the player chose hides nothing.
Reading checks, before anything is replayed:

* the file: a plain file (`plainfile.read_plain`: no device, pipe or folder), at most
  `MAX_FILE_BYTES`, UTF-8, TOML (nesting too deep for the parser is refused);
* every field's type and range (`check_fields`), and no field a save does not have: format,
  name, game, status, seed, seats (known kinds, one per player), config (players, names,
  expansions, first_game, options, ai_level, learn, edition: the rules' edition, none in
  a save written before editions, `config.EDITION`), undos, hints, answers (strings, at
  most `MAX_ANSWERS` of at most `MAX_ANSWER_CHARS` characters), digest, seal, summary,
  cipher (one this rftg knows); a hidden part is revealed with the key (`reveal`: a missing
  or other key, or an edited part, is one line) and checked the same way;
* the seal: an HMAC-SHA256, with the player's key (`hidden.player_key`), of the
  game-defining part (format, config, seats, seed, answers, the digest, the undos and
  `unkeyed`), so an edit of any of them, seats and seed included, is refused before replay
  by anyone without the key (issue 41: an unkeyed hash was recomputed with `seal_of` itself
  and the edits passed). `key` names the key that sealed it;
* then, replaying: every answer must read as a legal answer where it comes, the replayed
  game must give the saved `digest` (a fingerprint of the whole position), and the status
  must say whether that game is over.

A save sealed with another key (a finished game shared with you, or your key was replaced)
is checked by replay alone: every answer replayed from its seed must give the saved digest.
That proves the result is what those answers make from that deal under these rules; it does
not prove who chose them. Such a save is `unkeyed`: shown and replayed, not resumed while
running, and counted apart by `rftg stats`.

Saves of formats 2 and 3 (sealed with an unkeyed hash anyone can recompute) are read with
their own seal, replayed to their digest, and rewritten as format 4 on the next write. One in
clear is `unkeyed` for good (the flag is under the new seal): an edit made with the old hash
can never pass as a game sealed with your key. A format 3 game whose deal was hidden is not:
its seal covers the hidden seed, which only the key reveals.

Saves of format 1 (which stored card numbers: `[33, "pay", []]`) are refused with one line:
their card numbers, and the deal their seed made, belong to the card order and random
generator of the rftg that wrote them, which this version no longer uses, so they could not
replay to the same game.

The readable `summary` (for `rftg saves` and `rftg show`) stays outside the seal: it is
rebuilt from the replayed game on every load and every write.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import tomllib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from . import hidden
from .config import EDITION
from .ui.escape import cut_escaped

FORMAT = 4
OLDEST_FORMAT = 2      # formats 2 and 3 (unkeyed seals) are read, and rewritten as 4
KEYED_FORMAT = 4       # the first format sealed with the player's key
IN_PROGRESS, FINISHED = "in_progress", "finished"
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
SEAT_KINDS = ("human", "ai", "random")
MAX_PLAYERS = 6
# Limits far above any real game (a 4-player game gives a few hundred answers of a few dozen
# characters), so that a damaged or hostile file is refused before it costs time or memory.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_ANSWERS = 20_000
MAX_ANSWER_CHARS = 4000
MAX_TEXT = 256            # a name, an expansion, an option, a date, a version
MAX_ITEMS = 64            # expansions, options, summary players
# Every field a save may hold: any other is refused, never carried along (issue 41: a TOML
# date under [config] reached the seal's JSON and raised TypeError).
FIELDS = {"format", "program", "name", "game", "status", "created", "updated", "seats",
          "undos", "hints", "key", "seal", "unkeyed", "cipher", "hidden", "seed", "digest",
          "answers", "config", "summary"}
CONFIG_FIELDS = {"players", "names", "expansions", "first_game", "options", "ai_level",
                 "learn", "edition"}


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
    """RFTG_SAVE_DIR, else the user's data folder (`./saves` on a system with no home
    folder): the same from every directory."""
    from .userdirs import data_dir

    chosen = os.environ.get("RFTG_SAVE_DIR")
    return Path(chosen) if chosen else (data_dir() or Path()) / "saves"


def shown(value: object, limit: int = 40) -> str:
    """A value from a file, quoted for a one-line message: short, control characters escaped."""
    return cut_escaped(repr(value), limit)


# ---------------------------------------------------------------------- TOML values

def toml_string(text: str) -> str:
    """An answer as a TOML string: a literal one (`'settle "New Sparta"'`) when that saves
    escaping the double quotes of card names, else a basic one with quotes, backslashes and
    control characters escaped. Not tomli-w's: it writes basic strings only
    (`"settle \\"New Sparta\\""`), and a save should read like the game."""
    if '"' in text and "'" not in text and all(" " <= c != "\x7f" for c in text):
        return f"'{text}'"
    out = ['"']
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c < " " or c == "\x7f":
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


# ---------------------------------------------------------------------- the save record

@dataclass
class Save:
    name: str
    config: dict
    seats: list[str]
    seed: int | None     # None while a hidden part is not yet revealed (`reveal`)
    answers: list[str] = field(default_factory=list)   # each answer's text form, in order
    digest: str = ""     # the replayed position's fingerprint (the ruleset's `digest()`)
    seal: str = ""       # an HMAC of the game-defining part: see `seal_of`
    status: str = IN_PROGRESS
    undos: list[int] = field(default_factory=list)    # answers kept by each undo, in order
    hints: list[int] = field(default_factory=list)    # answers given when each hint was asked
    game_id: str = field(default_factory=lambda: secrets.token_hex(8))
    # A deal rftg chose: seed, answers and digest are sealed with the player's key while the
    # game runs (`hidden`); `hidden` and `key` are that part and its key's name as read.
    private: bool = False
    cipher: int = hidden.CIPHER    # what sealed `hidden` below (`hidden.CIPHERS`)
    hidden: str = ""
    key: str = ""        # the fingerprint of the key that sealed it
    # Some of this game was sealed with no key of this player's: an older rftg's unkeyed
    # hash, or another player's key. Kept under the seal once written; stats counts it apart.
    unkeyed: bool = False
    foreign: bool = False    # as read: sealed with a key that is not this player's
    format: int = FORMAT
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    program: str = field(default_factory=program_version)
    summary: dict = field(default_factory=dict)
    path: Path | None = None
    _lines: list = field(default_factory=list, repr=False, compare=False)
    # The answers the texts stand for, as the game holds them: `record` writes a text only
    # for the game's own answer (`apply` keeps both as the game is played).
    _raw: list = field(default_factory=list, repr=False, compare=False)

    @property
    def hides(self) -> bool:
        """Whether the file keeps seed, answers and digest sealed: a deal rftg chose, while
        the game runs."""
        return self.private and self.status != FINISHED

    def to_text(self) -> str:
        """The TOML text: tomli-w for the header and tables, then the answers one string per
        line (formatted once and cached, since a game's answers only grow), or the sealed
        hidden part (HiddenError if the player's key cannot be had)."""
        import tomli_w

        data = {"format": FORMAT, "program": self.program, "name": self.name,
                "game": self.game_id, "status": self.status, "created": self.created,
                "updated": self.updated, "seats": list(self.seats), "undos": self.undos,
                "key": self.key, "seal": self.seal, **({"unkeyed": True} if self.unkeyed
                                                       else {}),
                **({"hints": self.hints} if self.hints else {})}
        tables = {"config": self.config, "summary": self.summary}
        if self.hides:
            key = hidden.player_key()
            part = json.dumps({"seed": self.seed, "answers": self.answers,
                               "digest": self.digest}, ensure_ascii=False)
            sealed = hidden.hide(part.encode("utf-8", "surrogatepass"), key)
            data.update(cipher=hidden.CIPHER, hidden=sealed)
            return f"{tomli_w.dumps(data)}\n{tomli_w.dumps(tables)}"
        data.update(seed=self.seed, digest=self.digest)
        cache = self._lines
        lines = []
        for i, answer in enumerate(self.answers):
            if i < len(cache) and cache[i][0] is answer:
                lines.append(cache[i][1])
            else:
                lines.append(toml_string(answer))
        self._lines = list(zip(self.answers, lines))
        body = "".join(f"    {line},\n" for line in lines)
        return f"{tomli_w.dumps(data)}answers = [\n{body}]\n\n{tomli_w.dumps(tables)}"

    def game_config(self):
        from rftg_cli.config import GameConfig

        return GameConfig.from_dict(self.config)


def seal_of(save: Save, key: bytes | None = None) -> str:
    """The seal of everything that decides the game and its position: format, config, seats,
    seed, answers, the position's digest, (format 3 on) the undos and (format 4 on) whether
    it is `unkeyed`. From format 4 an HMAC with the player's key (`key`, else theirs, made if
    need be); formats 2 and 3 were an unkeyed hash, kept to read them. Of a hidden part, it
    covers what the part holds, and tells nothing about it."""
    part = {"format": save.format, "config": save.config, "seats": list(save.seats),
            "seed": save.seed, "answers": list(save.answers), "digest": save.digest}
    if save.format >= 3:
        part["undos"] = list(save.undos)
    if save.format >= KEYED_FORMAT:
        part["unkeyed"] = save.unkeyed
    if save.hints:      # sealed once there are any: saves from before hints keep their seal
        part["hints"] = list(save.hints)
    text = json.dumps(part, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data = text.encode("utf-8", "surrogatepass")
    if save.format < KEYED_FORMAT:
        return hashlib.sha256(data).hexdigest()[:32]
    if key is None:
        key = hidden.player_key()
    return hmac.new(key, b"rftg seal\0" + data, "sha256").hexdigest()


def check_seal(save: Save) -> None:
    """SaveError unless the seal holds. A save of format 4 sealed with another key than the
    player's (or with none here) cannot be checked this way: it is marked `foreign` and
    `unkeyed`, for `restore` to check by replay alone."""
    where = save.path or save.name
    if save.format < KEYED_FORMAT:
        good = save.seal == seal_of(save)
        save.unkeyed = save.unkeyed or not save.private
    else:
        try:
            key = hidden.read_key()
        except hidden.HiddenError as exc:
            raise SaveError(f"{where}: {exc}") from None
        if key is None or hidden.fingerprint(key) != save.key:
            save.foreign = save.unkeyed = True
            return
        good = hmac.compare_digest(save.seal, seal_of(save, key))
    if not good:
        raise SaveError(f"{where}: the config, seats, seed, answers or digest were changed "
                        "after rftg wrote this save (the seal does not match); it is refused")


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
    # A symlinked save is written through to its target: replacing the link itself would
    # leave the target stale and the link a regular file.
    target = Path(os.path.realpath(path))
    from .plainfile import TEMP_SUFFIX

    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    save.path = path


def clean_temp(save_dir: Path, name: str | None = None) -> None:
    """Remove the temp files that killed writes left in the folder: those of save `name`
    (the caller holds its lock, so no write of it is under way), else those old enough to be
    stale. Only rftg's own names (`plainfile.TEMP_SUFFIX`); `.a.b.X...` is not `a`'s."""
    from . import plainfile

    plainfile.clean_temp(Path(save_dir), plainfile.temp_pattern(name), stale_only=name is None)


# ---------------------------------------------------------------------- reading

def read(path: Path) -> Save:
    """Parse a save and check every field against the schema (not yet replayed: see
    `restore`). SaveError, one line, if anything is wrong; the file is only read."""
    return check_fields(load_toml(path), Path(path))


def check_is_save(path: Path) -> None:
    """SaveError unless `path` holds an rftg save: TOML with a format version (a damaged
    save's fields may be wrong; a file of anything else has none)."""
    data = load_toml(path)
    if not isinstance(data.get("format"), int) or not isinstance(data.get("name"), str):
        raise SaveError(f"{path}: not an rftg save (no format version and name)")


def load_toml(path: Path) -> dict:
    """The TOML table of a file, read with the limits of a save; SaveError, one line."""
    from .plainfile import NotPlain, read_plain

    path = Path(path)
    try:
        raw = read_plain(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save" + (" (a link to a missing file)"
                                                   if path.is_symlink() else "")) from None
    except IsADirectoryError:
        raise SaveError(f"{path}: no such save (a folder)") from None
    except NotPlain as exc:
        raise SaveError(f"{path}: not an rftg save ({exc})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a readable save (not UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        reason = " ".join(str(exc).split())
        raise SaveError(f"{path}: not a readable save: broken TOML, truncated or edited? "
                        f"({reason})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a readable save: values nested too deeply") from None


def check_fields(data: dict, path: Path) -> Save:
    """The schema of a save: every field's type and range, before any of it is used."""
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError(f"{path}: not an rftg save (no format version)")
    if fmt > FORMAT:
        raise SaveError(f"{path}: save format {fmt} is newer than this rftg understands "
                        f"({FORMAT}); upgrade rftg")
    if fmt == 1:
        who = _text(data.get("program"), MAX_TEXT) or "an earlier version"
        raise SaveError(f"{path}: save format 1 stores card numbers, and this rftg numbers "
                        f"and deals cards differently: it cannot replay that game; finish it "
                        f"with the rftg that wrote it ({shown(who)})")
    if fmt < OLDEST_FORMAT:
        raise SaveError(f"{path}: unknown save format {fmt}")
    problem = Fields(data, path)
    problem.known("", data, FIELDS)
    name = problem.text("name")
    if not NAME_RE.fullmatch(name):
        problem.fail("name", name, "letters, digits, '-', '_' and '.', at most 64")
    status = problem.text("status")
    if status not in (IN_PROGRESS, FINISHED):
        problem.fail("status", status, f"{IN_PROGRESS!r} or {FINISHED!r}")
    config = problem.table("config")
    problem.known("config.", config, CONFIG_FIELDS)
    level = config.get("ai_level", "")
    if not isinstance(level, str) or len(level) > MAX_TEXT:
        problem.fail("config.ai_level", level, "text")
    players = problem.integer("config.players", config.get("players"), 1, MAX_PLAYERS)
    edition = config.get("edition", 1)     # none: written before editions (`config.EDITION`)
    if isinstance(edition, int) and edition > EDITION:
        raise SaveError(f"{path}: its game follows rules edition {edition}, newer than this "
                        f"rftg plays ({EDITION}); upgrade rftg")
    problem.integer("config.edition", edition, 1, EDITION)
    problem.strings("config.names", config.get("names", []), players)
    problem.strings("config.expansions", config.get("expansions", []), MAX_ITEMS)
    for flag in ("first_game", "learn"):     # learn: a game that teaches (`new --learn`)
        if not isinstance(config.get(flag, False), bool):
            problem.fail(f"config.{flag}", config.get(flag), "true or false")
    options = config.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_ITEMS:
        problem.fail("config.options", options, "a table of text options")
    for key, value in options.items():
        if not isinstance(value, str) or len(value) > MAX_TEXT or len(key) > MAX_TEXT:
            problem.fail(f"config.options.{key}", value, "text")
    seats = problem.strings("seats", data.get("seats"), MAX_PLAYERS)
    for i, kind in enumerate(seats):
        if kind not in SEAT_KINDS:
            problem.fail(f"seats[{i}]", kind, "one of " + ", ".join(SEAT_KINDS))
    if len(seats) != players:
        problem.fail("seats", seats, f"one seat per player ({players})")
    undos = problem.positions("undos") if fmt >= 3 else []
    seal = problem.text("seal")
    summary = problem.table("summary")
    problem.summary(summary)
    created, updated, program, game_id = (problem.text(k, optional=True)
                                          for k in ("created", "updated", "program", "game"))
    # Format 2 had no game id: one is derived, the same on every read.
    game_id = game_id or hashlib.sha256(f"{name}\0{created}".encode()).hexdigest()[:16]
    save = Save(name=name, config=config, seats=seats, seed=None, seal=seal, status=status,
                undos=undos, hints=problem.positions("hints", optional=True),
                game_id=game_id, created=created, updated=updated,
                program=program, summary=summary, path=path, format=fmt)
    if fmt >= KEYED_FORMAT:
        save.key = problem.text("key")
        save.unkeyed = problem.flag("unkeyed")
    if fmt >= 3 and "hidden" in data:
        save.private, save.key = True, problem.text("key")
        save.hidden = problem.text("hidden", most=MAX_FILE_BYTES)
        save.cipher = problem.cipher()
    else:
        save.seed, save.answers, save.digest = problem.play()
    return save


def _text(value: object, limit: int) -> str:
    return value if isinstance(value, str) and len(value) <= limit else ""


class Fields:
    """Checks of one save's fields; each failure is one line naming the field."""

    def __init__(self, data: dict, path: Path) -> None:
        self.data = data
        self.path = path

    def fail(self, name: str, value: object, expected: str):
        what = "missing" if value is None else shown(value)
        raise SaveError(f"{self.path}: field {name!r} is {what}, expected {expected} "
                        "(the file is damaged or was edited)")

    def too_many(self, name: str, count: int, unit: str, most: int):
        raise SaveError(f"{self.path}: field {name!r} has {count} {unit}, at most {most} "
                        "(the file is damaged or was edited)")

    def text(self, name: str, optional: bool = False, most: int = MAX_TEXT) -> str:
        value = self.data.get(name, "" if optional else None)
        if not isinstance(value, str) or len(value) > most:
            self.fail(name, value, f"text of at most {most} characters")
        return value

    def known(self, prefix: str, table: dict, names: set[str]) -> None:
        for key, value in table.items():
            if key not in names:
                self.fail(prefix + key, value, "no such field in an rftg save")

    def cipher(self) -> int:
        """What sealed the hidden part: one this rftg opens (none named: the first, which
        rftg wrote before it named them)."""
        cipher = self.data.get("cipher", hidden.SHAKE256_HMAC)
        if type(cipher) is not int or cipher not in hidden.CIPHERS:     # not 1.0, not true
            known = " and ".join(map(str, hidden.CIPHERS))
            raise SaveError(f"{self.path}: its hidden part is sealed with cipher "
                            f"{shown(cipher)}, and this rftg knows ciphers {known} only: "
                            "a newer rftg wrote it (upgrade rftg), or the file was edited")
        return cipher

    def flag(self, name: str) -> bool:
        value = self.data.get(name, False)
        if not isinstance(value, bool):
            self.fail(name, value, "true or false")
        return value

    def play(self) -> tuple[int, list[str], str]:
        """The part a game replays from: seed, answers and digest (in the file, or in its
        revealed hidden part)."""
        seed = self.integer("seed", self.data.get("seed"), -2**63, 2**63 - 1)
        answers = self.data.get("answers")
        if not isinstance(answers, list):
            self.fail("answers", answers, "a list of answers")
        if len(answers) > MAX_ANSWERS:
            self.too_many("answers", len(answers), "answers", MAX_ANSWERS)
        for i, answer in enumerate(answers):
            if not isinstance(answer, str):
                self.fail(f"answers[{i}]", answer, "an answer's text, in quotes")
            if len(answer) > MAX_ANSWER_CHARS:
                self.too_many(f"answers[{i}]", len(answer), "characters", MAX_ANSWER_CHARS)
        return seed, answers, self.text("digest")

    def positions(self, name: str, optional: bool = False) -> list[int]:
        """Where each undo went back to, or where each hint was asked: numbers of answers."""
        positions = self.data.get(name, [] if optional else None)
        if not isinstance(positions, list) or len(positions) > MAX_ANSWERS:
            self.fail(name, positions, f"a list of at most {MAX_ANSWERS} whole numbers")
        for i, kept in enumerate(positions):
            self.integer(f"{name}[{i}]", kept, 0, MAX_ANSWERS)
        return list(positions)

    def integer(self, name: str, value: object, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(name, value, f"a whole number from {low} to {high}")
        return value

    def table(self, name: str) -> dict:
        value = self.data.get(name)
        if not isinstance(value, dict):
            self.fail(name, value, "a table")
        return value

    def strings(self, name: str, value: object, most: int) -> list[str]:
        if not isinstance(value, list) or len(value) > most:
            self.fail(name, value, f"a list of at most {most} strings")
        for i, item in enumerate(value):
            if not isinstance(item, str) or len(item) > MAX_TEXT:
                self.fail(f"{name}[{i}]", item, "text")
        return list(value)

    def summary(self, summary: dict) -> None:
        """The readable part is rebuilt on load, but `rftg saves` prints it unreplayed."""
        for key in ("round", "pool"):
            if key in summary and (not isinstance(summary[key], int)
                                   or isinstance(summary[key], bool)):
                self.fail(f"summary.{key}", summary[key], "a whole number")
        for key in ("phase", "reason"):
            if key in summary and not isinstance(summary[key], str):
                self.fail(f"summary.{key}", summary[key], "text")
        players = summary.get("players", [])
        if not isinstance(players, list) or len(players) > MAX_ITEMS:
            self.fail("summary.players", players, "a list of tables")
        for i, entry in enumerate(players):
            if not isinstance(entry, dict):
                self.fail(f"summary.players[{i}]", entry, "a table")
            for key, kind in (("name", str), ("kind", str), ("score", int)):
                if key in entry and (not isinstance(entry[key], kind)
                                     or isinstance(entry[key], bool)):
                    self.fail(f"summary.players[{i}].{key}", entry[key], kind.__name__)
        if "winners" in summary:
            self.strings("summary.winners", summary["winners"], MAX_ITEMS)


# ---------------------------------------------------------------------- replaying

@dataclass
class Restored:
    game: object
    movers: list[int]    # who answered each entry of game.history (for undo)


def replay(config, seed: int, answers, *, registry=None, record: bool = True) -> Restored:
    """Rebuild a game from config + seed and apply these answers as they are (IllegalChoice
    if one is not legal where it is replayed): undo replays the answers of a running game."""
    return _replay(config, seed, answers, lambda game, answer: game.apply(answer),
                   registry=registry, record=record)


def replay_text(config, seed: int, texts, *, registry=None, record: bool = True) -> Restored:
    """Rebuild a game from config + seed and play each answer's text form, read against the
    decision pending when it comes (IllegalChoice if one does not read or is not legal)."""
    return _replay(config, seed, texts,
                   lambda game, text: game.apply(game.parse_answer(text)),
                   registry=registry, record=record)


def _replay(config, seed: int, entries, play, *, registry, record: bool) -> Restored:
    from rftg_cli.decision import IllegalChoice
    from .plugins import new_game

    game = new_game(config, seed, registry=registry, record=record)
    movers: list[int] = []
    for n, entry in enumerate(entries, 1):
        if game.pending is None:
            raise IllegalChoice(f"answer {n} comes after the end of the game")
        movers.append(game.pending.player)
        try:
            play(game, entry)
        except IllegalChoice as exc:
            raise IllegalChoice(f"answer {n} ({shown(entry)}): {exc}") from None
    return Restored(game, movers)


def restore(save: Save, *, registry=None) -> Restored:
    """Check the seal, replay the answers and check the digest and status; SaveError (one
    line) if any of it does not hold."""
    from rftg_cli.decision import IllegalChoice
    from .plugins import ConfigError

    where = save.path or save.name
    if save.seed is None:
        reveal(save)
    check_seal(save)
    try:
        config = save.game_config()
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{where}: malformed config ({exc})") from None
    if len(save.seats) != config.players:
        raise SaveError(f"{where}: {len(save.seats)} seats for {config.players} players")
    try:
        restored = replay_text(config, save.seed, save.answers, registry=registry)
    except ConfigError as exc:
        raise SaveError(f"{where}: incompatible configuration: {exc}") from None
    except IllegalChoice as exc:
        raise SaveError(f"{where}: the saved choices do not replay ({exc}); "
                        "the file was edited or is from another version") from None
    game = restored.game
    digest = game.digest()
    if digest != save.digest:
        raise SaveError(f"{where}: the replayed game does not match the saved digest "
                        f"({digest} != {shown(save.digest)}); the card data or the rules "
                        "changed since it was written")
    if (save.status == FINISHED) != game.over:
        raise SaveError(f"{where}: the status says {save.status} but the replayed game "
                        f"{'is' if game.over else 'is not'} over")
    save._raw = list(game.history)
    save.summary = summarize(game, save.seats)
    return restored


def reveal(save: Save) -> None:
    """Unseal a hidden part with the player's key: seed, answers and digest, checked like
    the file's own fields. SaveError, one line, when the key is not the one it was sealed
    with (lost, replaced, or the save comes from another account or machine) or the part
    was edited; the file is only read."""
    where = save.path or save.name
    try:
        key = hidden.read_key()
        if key is None or hidden.fingerprint(key) != save.key:
            why = "is missing: deleted" if key is None else "is a different key: replaced"
            raise hidden.HiddenError(
                "this unfinished game's deal is sealed with a key that is not here ("
                f"{hidden.key_path()} {why}, or the save comes from another account or "
                "machine); only that key opens it (RFTG_DATA_DIR names the key's folder)")
        text = hidden.reveal(save.hidden, key, save.cipher).decode("utf-8", "surrogatepass")
        part = json.loads(text)
    except hidden.HiddenError as exc:
        raise SaveError(f"{where}: {exc}") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{where}: its hidden part does not read (damaged)") from None
    if not isinstance(part, dict):
        raise SaveError(f"{where}: its hidden part does not read (damaged)")
    save.seed, save.answers, save.digest = Fields(part, where).play()


def standings(outcome) -> list[dict]:
    """Every entry of an outcome as plain data: name, kind, score and its public details."""
    return [{"name": r.name, "kind": r.kind, "score": r.score, **r.details}
            for r in outcome.results]


def apply(save: Save, game, answer) -> None:
    """Play `answer` on the live game and keep its text form for `save`.

    A text is written against the decision its answer answers, which is gone once it is
    applied, so it is read first: the rules run once per decision, on the game itself
    (IllegalChoice, and nothing kept, if the answer is not legal). After an undo the game is
    behind the save: the texts past its answers are dropped first."""
    text = game.answer_text(answer)
    game.apply(answer)
    kept = len(game.history) - 1
    del save.answers[kept:], save._raw[kept:]
    save.answers.append(text)
    save._raw.append(game.history[-1])


def answer_texts(save: Save, game) -> list[str]:
    """The text form of every answer of `game`: the save's own, kept as they were played
    (`apply`) or read back (`restore`). After an undo the game's answers are a prefix of the
    saved ones and keep their texts. A game played past what the save saw has answers with
    no text, and is refused: rftg never plays a second copy of the game to write them."""
    history = game.history
    if save._raw[: len(history)] != history:
        raise SaveError(f"{save.path or save.name}: some answers of this game were not "
                        "played through its save (`saves.apply`), so it cannot be saved")
    return save.answers[: len(history)]


def public_status(game) -> dict:
    """Where a game stands, for any ruleset that keeps these: round, phase, VP pool."""
    return {key: value for key in ("round", "phase", "pool")
            if (value := getattr(game, key, None)) is not None}


def summarize(game, seats: list[str]) -> dict:
    """The readable part of a save: what `rftg saves` and `rftg show` print."""
    outcome = game.outcome(seats)
    out = {**public_status(game), "players": standings(outcome)}
    if outcome.finished:
        out["winners"] = list(outcome.winners)
        out["reason"] = outcome.reason
    return out


def record(save: Save, game, path: Path, *, durable: bool = False) -> None:
    """Bring a save up to date with the game and write it."""
    save.answers = answer_texts(save, game)
    save._raw = save._raw[: len(game.history)]
    save.digest = game.digest()
    save.status = FINISHED if game.over else IN_PROGRESS
    save.format = FORMAT
    key = hidden.player_key()
    save.key = hidden.fingerprint(key)
    save.seal = seal_of(save, key)
    save.updated = now()
    save.summary = summarize(game, save.seats)
    write(save, path, durable=durable or game.over)


def list_saves(save_dir: Path) -> list[tuple[Path, Save | SaveError]]:
    """Every `*.toml` in the folder, newest first: a Save, or the SaveError it raises (a
    dangling link, a folder named like a save and a damaged file included). No folder has
    no saves; a folder that cannot be read is a SaveError, not "no saves" (issue 41)."""
    found: list[tuple[Path, Save | SaveError]] = []
    folder = Path(save_dir)
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".toml")]
    except FileNotFoundError:
        return found
    except OSError as exc:
        raise SaveError(f"{folder}: cannot read the save folder ({exc.strerror or exc})") \
            from None
    clean_temp(folder)
    for path in (folder / name for name in names):
        try:
            found.append((path, read(path)))
        except SaveError as exc:
            found.append((path, exc))

    def modified(path: Path) -> float:
        try:
            return path.lstat().st_mtime
        except OSError:
            return 0.0

    found.sort(key=lambda item: (getattr(item[1], "updated", ""), modified(item[0])),
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
