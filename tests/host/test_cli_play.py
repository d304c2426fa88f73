"""`rftg new` / `resume` / `saves` / `show` end to end, with piped input (CliRunner)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.commands import new
from rftg_cli.errors import UsageError
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import Expansion, Registry

ENOUGH = "\n" * 4000   # empty answers: every default, more than a game needs


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch, tmp_path):
    """Random computer seats keep whole games to milliseconds (the AI is tested elsewhere)."""
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def load(tmp_path, name: str) -> saves.Save:
    return saves.read(tmp_path / f"{name}.toml")


def test_piped_defaults_play_a_whole_game(tmp_path):
    result = rftg("new", "--seed", "3", "--name", "g", input=ENOUGH)
    assert result.exit_code == 0, result.output
    assert "Final score" in result.output and "saved as finished" in result.output
    save = load(tmp_path, "g")
    assert save.status == saves.FINISHED and save.answers
    shown = json.loads(rftg("show", "g", "--json").output)
    assert shown["status"] == "finished" and shown["name"] == "g"
    # With no flags the game is solo against the official robot.
    assert [p["kind"] for p in shown["players"]] == ["human", "robot"]
    assert all(isinstance(p["score"], int) and isinstance(p["tableau"], list)
               for p in shown["players"])
    assert shown["round"] >= 1 and shown["winners"]


def test_quit_half_way_then_resume_gives_the_same_game(tmp_path):
    assert rftg("new", "--seed", "5", "--name", "straight", input=ENOUGH).exit_code == 0
    half = rftg("new", "--seed", "5", "--name", "broken", input="\n" * 25)
    assert half.exit_code == 0
    assert "Saved game 'broken'" in half.output and "rftg resume broken" in half.output
    assert load(tmp_path, "broken").status == saves.IN_PROGRESS
    again = rftg("resume", input=ENOUGH)   # the most recent unfinished game
    assert again.exit_code == 0, again.output
    straight, broken = load(tmp_path, "straight"), load(tmp_path, "broken")
    assert broken.status == saves.FINISHED
    assert broken.answers == straight.answers
    assert broken.digest == straight.digest
    assert broken.summary["players"] == straight.summary["players"]


def test_commands_at_the_prompt(tmp_path):
    script = "help\nhand\ntableau\ntableau AI\ncard old earth\nlog\nscore\nsave\nquit\n"
    result = rftg("new", "--seed", "2", "--name", "c", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "undo" in out and "Your hand" in out and "Old Earth" in out
    assert "Final score" not in out and "Chips" in out
    assert out.count("Saved game 'c'") == 2
    assert load(tmp_path, "c").status == saves.IN_PROGRESS


def test_illegal_answers_reprompt_with_the_reason(tmp_path):
    result = rftg("new", "--seed", "2", "--name", "i", input="99\nno such card\n1,1\n\n")
    assert result.exit_code == 0
    assert result.output.count("Not legal:") == 3
    assert "choose numbers from 1 to" in result.output


def test_answers_by_name_and_number(tmp_path):
    result = rftg("new", "--ai", "1", "--seed", "2", "--name", "n", input="1, 2\ndevelop\n")
    assert result.exit_code == 0, result.output
    save = load(tmp_path, "n")
    assert len(save.answers) >= 2 and save.answers[1 if save.seats[0] == "human" else 0]


def test_undo_goes_back_to_your_previous_decision(tmp_path):
    rftg("new", "--seed", "4", "--name", "u", input="\n\n\n")
    before = load(tmp_path, "u")
    result = rftg("resume", "u", input="undo\nquit\n")
    assert result.exit_code == 0 and "Undone" in result.output
    after = load(tmp_path, "u")
    assert len(after.answers) < len(before.answers)
    assert after.answers == before.answers[: len(after.answers)]


def test_saves_lists_games(tmp_path):
    rftg("new", "--seed", "1", "--name", "a", input="\n" * 5)
    rftg("new", "--seed", "1", "--name", "b", input=ENOUGH)
    (tmp_path / "junk.toml").write_text("not = [toml")
    rows = json.loads(rftg("saves", "--json").output)
    status = {r["name"]: r["status"] for r in rows}
    assert status == {"a": "in_progress", "b": "finished", "junk": "unreadable"}
    table = rftg("saves")
    assert table.exit_code == 0 and "in progress" in table.output


def test_resume_refuses_a_finished_game(tmp_path):
    rftg("new", "--seed", "1", "--name", "f", input=ENOUGH)
    result = rftg("resume", "f")
    assert result.exit_code == 2 and "finished" in result.stderr


# ---------------------------------------------------------------------- bad input

def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("args, words", [
    (("--ai", "5"), "players"),
    (("--ai", "0"), "players"),
    (("--expansion", "nope"), "unknown expansion"),
    (("--bogus",), "unknown option '--bogus'"),
])
def test_bad_new_configurations(tmp_path, args, words):
    line = one_line_error(rftg("new", *args))
    assert words in line
    assert not list(tmp_path.iterdir())


def test_an_existing_name_is_not_overwritten(tmp_path):
    rftg("new", "--seed", "1", "--name", "x", input="\n")
    before = (tmp_path / "x.toml").read_bytes()
    assert "already exists" in one_line_error(rftg("new", "--name", "x"))
    assert (tmp_path / "x.toml").read_bytes() == before


def resealed(text: str) -> str:
    """The save text with its seal recomputed for what it now says."""
    import re
    import tomllib

    data = tomllib.loads(text)
    save = saves.Save(name=data["name"], config=data["config"], seats=data["seats"],
                      seed=data["seed"], answers=data["answers"], digest=data["digest"])
    return re.sub(r'seal = "[0-9a-f]+"', f'seal = "{saves.seal_of(save)}"', text)


def tamper_cases():
    def truncate(text: str) -> str:
        return text[: len(text) // 2]

    def edit_choice(text: str) -> str:   # the first answer becomes an illegal pick
        head, _, tail = text.partition("answers = [\n")
        _, _, rest = tail.partition("\n")
        edited = f'{head}answers = [\n    "discard \\"Old Earth\\", \\"Old Earth\\"",\n{rest}'
        return resealed(edited)   # as a careful editor would: only the replay can tell

    def edit_digest(text: str) -> str:
        import re
        return re.sub(r'digest = "[0-9a-f]+"', 'digest = "0123456789abcdef"', text)

    def newer_format(text: str) -> str:
        return text.replace(f"format = {saves.FORMAT}", "format = 99")

    def garbage(text: str) -> str:
        return "\x00\xff garbage"

    return [(truncate, "truncated"), (edit_choice, "do not replay"),
            (edit_digest, "digest"), (newer_format, "newer"), (garbage, "not a readable")]


@pytest.mark.parametrize("command", ["resume", "show"])
@pytest.mark.parametrize("damage, words", tamper_cases())
def test_damaged_saves_are_refused_and_left_alone(tmp_path, command, damage, words):
    rftg("new", "--seed", "6", "--name", "d", input="\n" * 12)
    path = tmp_path / "d.toml"
    path.write_bytes(damage(path.read_text()).encode("utf-8", "surrogateescape"))
    before = path.read_bytes()
    line = one_line_error(rftg(command, "d"))
    assert str(path) in line and words in line
    assert path.read_bytes() == before


def test_missing_save(tmp_path):
    assert "no such save" in one_line_error(rftg("resume", "ghost"))
    assert "no unfinished game" in one_line_error(rftg("resume"))
    assert "no such save" in one_line_error(rftg("show", "ghost"))


def test_expansion_flags_map_through_the_registry():
    def registry():
        return Registry(None, {"expert": Expansion("expert", "--expert", ""),
                               "robot": Expansion("robot", "--robot", "")})

    assert new.expansion_names_from_flags(["--expert"], registry()) == ["expert"]
    with pytest.raises(UsageError, match="--expert, --robot"):
        new.expansion_names_from_flags(["--nope"], registry())


def test_solo_game_shows_the_robot_and_scores_it(tmp_path):
    """Issue 5: the screen shows the robot's dice, tracks and tableau each round, and the
    final table has a Robot row; --difficulty reaches the robot."""
    result = rftg("new", "--seed", "5", "--name", "s", "--difficulty", "hard", input=ENOUGH)
    assert result.exit_code == 0, result.output
    assert "Robot (hard)" in result.output and "Dice:" in result.output
    assert "Credits" in result.output and "Economy" in result.output
    final = result.output[result.output.index("Final score"):]
    assert "Robot" in final
    shown = json.loads(rftg("show", "s", "--json").output)
    assert shown["players"][1]["kind"] == "robot"


def test_difficulty_without_the_robot_is_a_usage_error(tmp_path):
    result = rftg("new", "--ai", "1", "--difficulty", "hard")
    assert result.exit_code == 2
