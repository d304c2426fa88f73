"""Nothing a player types crashes rftg (issue 14): arbitrary text at every prompt kind, and
whole piped games of junk lines, end in a save that resumes.

The whole-game fuzz plays a few games by default; `RFTG_FUZZ_GAMES=300` plays 300 (and
`RFTG_FUZZ_EXAMPLES=N` gives the per-prompt property N examples).
"""

from __future__ import annotations

import functools
import io
import os
import random
import traceback

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rftg_cli import saves
from rftg_cli.commands import play
from rftg_cli.commands import resume
from rftg_cli.commands import new
from rftg_cli.config import GameConfig
from rftg_cli.decision import IllegalChoice
from rftg_cli.race.human import COMMANDS
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import new_game
from rftg_cli.race.options import parse_answer, shown_options
from rftg_cli.ui.prompts import LineSource
from rftg_cli.race.render import make_console

FUZZ_GAMES = int(os.environ.get("RFTG_FUZZ_GAMES", "6"))
EXAMPLES = int(os.environ.get("RFTG_FUZZ_EXAMPLES", "60"))

# What broke the parser before (issue 14), and what else a careless or hostile user types.
NASTY = [
    "²", "³", "٣", "１", "¹,²", "1,,2", ",,", "3-", "-3", "2-", "1-99", "4-2", "1 - 2", "-",
    "9" * 5000, "0" * 5000 + "1", "1" * 4301 + ",2", "\x00", "\x1b[2J\x1b[31mred", "\x07\x08",
    "\u202eevil", "ﬁ", "old earth", "OLD", "earth", "pass", "none", "  ", "\t", "1e3", "0x1",
    "-1", "0", "1.5", "١٢", "Ⅻ", "½", "\ud800", "🚀", "a" * 100_000, "card", "card " + "x" * 500,
    "tableau \x1b]0;title\x07", "tableau 99", "undo", "undo", "save", "log", "score", "hand",
    "help", "HELP", "Save", "quit now", "1, old", "old, old, old", "'", '"', "\\", "%s{0}",
]


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch):
    """Random computer seats: the fuzz is about input, and they keep a game to milliseconds."""
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))


class Lines:
    """An answer source that hands out given lines, then ends (end of input)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def ask(self, message, completions=(), toolbar=None) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


# ---------------------------------------------------------------------- every prompt kind

CONFIGS = {"base": ((), ["human", "ai"]), "expert": (("expert",), ["human", "ai"]),
           "solo": (("robot",), ["human"])}


def config_of(which: str) -> tuple[GameConfig, list[str]]:
    expansions, seats = CONFIGS[which]
    names = ("You", "AI")[: len(seats)]
    return GameConfig(players=len(seats), names=names, expansions=expansions), seats


@functools.cache
def positions() -> dict[tuple[str, str], tuple[int, tuple]]:
    """(config, decision kind) -> (seed, answers) reaching that kind at the human's seat."""
    found: dict[tuple[str, str], tuple[int, tuple]] = {}
    for which in CONFIGS:
        config, _ = config_of(which)
        for seed in range(12):
            game = new_game(config, seed)
            seat = RandomSeat(seed)
            while not game.over:
                decision = game.pending
                if decision.player == 0:
                    found.setdefault((which, decision.kind), (seed, tuple(game.history)))
                game.apply(seat.choose(game, decision))
    return found


def test_every_prompt_kind_is_reached():
    kinds = {kind for _, kind in positions()}
    assert {"action", "start_discard", "explore", "develop", "pay", "settle", "trade",
            "consume", "windfall", "hand_limit"} <= kinds


def write_position(folder, which: str, kind: str) -> str:
    seed, answers = positions()[(which, kind)]
    config, seats = config_of(which)
    game = new_game(config, seed)
    name = f"{which}-{kind}"
    save = saves.Save(name=name, config=config.to_dict(), seats=seats, seed=seed)
    for answer in answers:
        saves.apply(save, game, answer)
    saves.record(save, game, saves.save_path(folder, name))
    return name


junk = st.one_of(
    st.text(max_size=40),
    st.sampled_from(NASTY),
    st.lists(st.one_of(st.integers(-3, 40).map(str), st.text(max_size=3), st.just("")),
             max_size=6).map(",".join),
    st.from_regex(r"[\d\s,\-²³٣]{0,12}", fullmatch=True),
)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(where=st.deferred(lambda: st.sampled_from(sorted(positions()))),
       lines=st.lists(junk, min_size=1, max_size=4))
def test_arbitrary_text_at_every_prompt_kind(tmp_path_factory, where, lines):
    where, kind = where
    folder = tmp_path_factory.mktemp("fuzz")
    name = write_position(folder, where, kind)
    code = resume.run_resume(name=name, save_dir=folder, source=Lines(lines))
    assert code == 0
    save = saves.read(saves.save_path(folder, name))
    assert saves.restore(save).game.digest() == save.digest


@given(text=st.one_of(st.text(), st.sampled_from(NASTY), junk))
@settings(max_examples=EXAMPLES * 5, deadline=None)
def test_the_parser_reads_or_refuses_in_one_line(text):
    for (where, kind), (seed, answers) in sorted(positions().items())[:: 3]:
        game = game_at(where, seed, answers)
        try:
            parse_answer(text, game, game.pending)
        except IllegalChoice as exc:
            reason = str(exc)
            assert "\n" not in reason
            assert len(reason) < 400


@functools.cache
def _game(where: str, seed: int, answers: tuple):
    config, _ = config_of(where)
    game = new_game(config, seed)
    for answer in answers:
        game.apply(answer)
    return game


def game_at(where: str, seed: int, answers: tuple):
    return _game(where, seed, answers)


def test_numbers_in_other_scripts_and_ranges():
    game = game_at("base", *positions()[("base", "start_discard")])
    d = game.pending
    shown = tuple(shown_options(game, d))
    assert parse_answer("١", game, d) == (shown[0],)          # Arabic-Indic 1
    assert parse_answer("１,２", game, d) == shown[:2]         # full-width digits
    assert parse_answer("1,,2", game, d) == shown[:2]
    assert parse_answer("1-3", game, d) == shown[:3]
    for text, words in [("²", "not a number"), ("3-", "a number at each end"),
                        ("3-1", "goes up"), ("9" * 900, "1 to"), ("a" * 5000, "characters")]:
        with pytest.raises(IllegalChoice, match=words):
            parse_answer(text, game, d)


def test_names_match_any_part_like_tab_completion():
    game = game_at("base", *positions()[("base", "start_discard")])
    d = game.pending
    name = game.name(d.options[0])
    middle = name[1:-1].strip()
    others = [game.name(o) for o in d.options[1:]]
    assert middle and not any(middle.casefold() in n.casefold() for n in others)
    assert parse_answer(middle.upper(), game, d) == (d.options[0],)


# ---------------------------------------------------------------------- whole games of junk

JUNK_MAKERS = [
    lambda r: "",
    lambda r: str(r.randint(1, 12)),
    lambda r: ",".join(str(r.randint(0, 9)) for _ in range(r.randint(0, 4))),
    lambda r: r.choice(NASTY),
    # Every command but quit (which ends the game: it comes rarely, below).
    lambda r: r.choice([c for c in COMMANDS if c != "quit"]),
    lambda r: "".join(chr(r.randint(0, 0x1F)) for _ in range(r.randint(1, 5))),
    lambda r: "".join(chr(r.randint(0x80, 0x2FFF)) for _ in range(r.randint(1, 8))),
    lambda r: r.choice("0123456789٠١٢٣٤٥٦٧٨٩²³¹") * r.randint(1, 6000),
    lambda r: "x" * 100_000,
    lambda r: f"{r.randint(0, 9)}-{r.choice(['', str(r.randint(0, 9))])}",
]


def junk_script(rng: random.Random) -> bytes:
    """Lines of junk mixed with plain Enter (so games advance), maybe cut short, maybe with
    bytes that are not UTF-8."""
    lines = []
    for _ in range(rng.randint(0, 600)):
        maker = JUNK_MAKERS[0] if rng.random() < 0.6 else rng.choice(JUNK_MAKERS)
        lines.append("quit" if rng.random() < 0.002 else maker(rng))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes([0xff, 0xfe, 0x80]) + data[at:]
    if rng.random() < 0.3:
        data = data[: rng.randrange(len(data) + 1)]    # early end of input, mid-line maybe
    return data


def play_junk_game(folder, n: int) -> str:
    """One fuzzed game and a resume of it: 'finished' or 'in progress' if both behaved, else
    what went wrong. The card game (with the AI, the robot, the expert game) and the dice game
    (with an AI seat, solo against its bot) take turns."""
    rng = random.Random(n)
    name = f"fuzz-{n}"
    which = ["base", "solo", "expert", "roll", "roll solo"][n % 5]
    expansions = ["roll"] if which.startswith("roll") else list(CONFIGS[which][0])
    ai = None if which.endswith("solo") else 1
    console_out = io.StringIO()
    source = LineSource(io.TextIOWrapper(io.BytesIO(junk_script(rng)), encoding="utf-8"),
                        make_console(console_out))
    try:
        player = rng.choice(["You", "[/]", "[bold]Bo", "Zoë", "名前", "O'Brien", "%s"])
        code = new.run_new(ai=ai, seed=n, name=name, save_dir=folder, player=player,
                            expansions=expansions, extra=[], source=source)
        if code != 0:
            return f"game {n}: exit {code}"
        path = saves.save_path(folder, name)
        save = saves.read(path)
        saves.restore(save)
        if save.status == saves.IN_PROGRESS:
            again = LineSource(io.TextIOWrapper(io.BytesIO(junk_script(rng)), encoding="utf-8"),
                               make_console(io.StringIO()))
            code = resume.run_resume(name=name, save_dir=folder, source=again)
            if code != 0:
                return f"game {n}: resume exit {code}"
            save = saves.read(path)
            saves.restore(save)
    except BaseException:  # noqa: BLE001 - a traceback is the failure this test counts
        return f"game {n}:\n{traceback.format_exc()}"
    return save.status.replace("_", " ")


def test_junk_piped_games_never_crash_and_always_resume(tmp_path, capsys):
    outcomes = [play_junk_game(tmp_path, n) for n in range(FUZZ_GAMES)]
    failures = [o for o in outcomes if o not in ("finished", "in progress")]
    survived = FUZZ_GAMES - len(failures)
    with capsys.disabled():
        if FUZZ_GAMES > 10:
            print(f"\nfuzzed piped games: tried {FUZZ_GAMES}, survived {survived} "
                  f"({outcomes.count('finished')} played to the end, the rest saved mid-game)")
    assert not failures, failures[0]


def test_nasty_lines_through_prompt_toolkit(tmp_path, capsys):
    """The terminal path: prompt_toolkit reads keys, so control characters are keys there
    (Ctrl-C saves and quits, like end of input); nothing it hands over raises."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from rftg_cli.ui.prompts import PromptSource

    name = write_position(tmp_path, "base", "start_discard")
    lines = [t for t in NASTY if len(t) < 1000 and "\x03" not in t and "\x04" not in t
             and "\ud800" not in t and not t.startswith("quit")]   # a pipe carries UTF-8
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line.replace("\n", " ") + "\r" for line in lines))
        pipe.close()
        source = PromptSource(input=pipe, output=DummyOutput())
        assert resume.run_resume(name=name, save_dir=tmp_path, source=source) == 0
    # ESC[31m reaches prompt_toolkit's mouse parser, which raises: asked again, one line.
    assert "Not read: the keys typed could not be read" in capsys.readouterr().out
    save = saves.read(saves.save_path(tmp_path, name))
    assert saves.restore(save).game.digest() == save.digest


def test_a_closed_stdin_is_the_end_of_input(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stdin", None)       # `rftg new <&-`
    code = new.run_new(ai=None, seed=1, name="closed", save_dir=tmp_path, player="You",
                        expansions=[], extra=[])
    assert code == 0
    assert saves.read(saves.save_path(tmp_path, "closed")).status == saves.IN_PROGRESS
