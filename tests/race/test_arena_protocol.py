"""The arena's pure-Python parts (bench/arena/protocol.py): reading the bridge's lines,
matching Keldon's card indexes to our card numbers by name, the records a replay reads, and
the command's usage errors. No Keldon code is needed."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "arena"))

from protocol import (
    Answer,
    CardMap,
    ProtocolError,
    Question,
    Record,
    action_code,
    action_name,
    parse_line,
    read_records,
)


def test_a_question_for_our_seat_reads_its_cards_and_specials():
    tag, q = parse_line("ASK 2 2 0 0 6 71 32 84 93 103 24 0\n")
    assert tag == "ASK"
    assert q == Question(True, 2, (2, 0, 0), (71, 32, 84, 93, 103, 24), ())
    assert q.kind == "discard"


def test_a_question_for_keldons_ai_names_its_seat():
    tag, q = parse_line("KASK keldon3 2 2 0 0 2 71 32 0")
    assert (tag, q) == ("KASK", Question(False, 2, (2, 0, 0), (71, 32), (), seat=3))


def test_keldon_answer_and_the_line_we_send_back_are_the_same_format():
    tag, (seat, a) = parse_line("KANS keldon1 2 0 2 83 56 0")
    assert (tag, seat, a) == ("KANS", 1, Answer(2, 0, (83, 56), ()))
    assert a.line() == "0 2 83 56 0"


def test_card_names_with_spaces_and_start_worlds():
    assert parse_line("C 7 Old Earth") == ("C", (7, "Old Earth"))
    assert parse_line("START keldon 1") == ("START", ("keldon", 1))
    assert parse_line("END ours 41 1") == ("END", ("ours", 41, 1))


@pytest.mark.parametrize("line", ["ASK 2 2 0 0 6 71 32", "KANS x", "KASK keldonX 2 0 0 0 0 0",
                                  "HELLO 1"])
def test_a_broken_line_is_a_clear_protocol_error(line):
    with pytest.raises(ProtocolError):
        parse_line(line)


def test_copies_are_matched_one_for_one_by_name():
    cards = CardMap({0: "Old Earth", 1: "Gem World", 2: "Gem World"},
                    ["Gem World", "Old Earth", "Gem World", "Spare Card"])
    assert [cards.ours(i) for i in range(3)] == [1, 0, 2]
    assert cards.theirs(2) == 2
    assert cards.unmatched == [3]


def test_a_card_we_do_not_have_stops_the_mapping():
    with pytest.raises(ProtocolError, match="Alien Card"):
        CardMap({0: "Alien Card"}, ["Old Earth"])



def test_draws_name_the_seat_and_whether_to_hand_or_on_which_world():
    assert parse_line("DRAW 73 keldon good 12") == ("DRAW", (73, "keldon", "good", 12))
    assert parse_line("DRAW 5 ours hand") == ("DRAW", (5, "ours", "hand", -1))
    assert parse_line("HAND ours 4 7") == ("HAND", ("ours", 4, 7))
    assert parse_line("MOVED 5 1") == ("MOVED", (5, 1))
    assert parse_line("WAIT") == ("WAIT", None)


# ---------------------------------------------------------------- records (--record, --replay)

RECORD = Record("discrepancy", seed=5, our_seat=1, level="fast", players=2, expansion=0,
                decision=41, round=8, message="round 8, settle for seat 1: the referee offers "
                "['Mining World', 'Rebel Warrior Race'], our engine ['Mining World']",
                referee=("Mining World", "Rebel Warrior Race"), ours=("Mining World (place)",
                                                                       "pass"))


def test_a_record_reads_back_as_written():
    line = RECORD.line()
    assert "\n" not in line
    assert Record.read(line) == RECORD
    assert read_records(f"{line}\n\n{line}\n") == [RECORD, RECORD]


@pytest.mark.parametrize("line, error", [
    ("not json", "not an arena record"),
    ('{"kind": "stop"}', "without seed, our_seat"),
    (RECORD.line().replace('"decision": 41', '"decision": "41"'), "decision must be a whole"),
    (RECORD.line().replace('"kind": "discrepancy"', '"kind": "halt"'), "unknown kind 'halt'"),
    (RECORD.line().replace('["Mining World", "Rebel', '["Mining World", 3, "Rebel'),
     "referee must be a list of names"),
])
def test_a_broken_record_is_a_clear_error(line, error):
    with pytest.raises(ProtocolError, match=error):
        Record.read(line)


def run_main(*argv):
    import run  # bench/arena/run.py (its Keldon parts start only with a bridge)
    return run.main(list(argv))


@pytest.mark.parametrize("content, error", [
    (None, "cannot read the records file"),
    ("{}\n", "arena record without kind"),
    (RECORD.line() + "\n", "--which 2: .* holds 1 record$"),
])
def test_replay_of_a_missing_or_broken_records_file_is_a_usage_error(
        tmp_path, capsys, content, error):
    bridge = tmp_path / "bridge"
    bridge.write_text("")
    bridge.chmod(0o755)
    records = tmp_path / "records.jsonl"
    if content is not None:
        records.write_text(content)
    with pytest.raises(SystemExit) as stop:
        run_main("--keldon", str(bridge), "--replay", str(records), "--which", "2")
    assert stop.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert " error: " in last and re.search(error, last)


def test_actions_by_name_with_search_and_prestige_twins():
    """Keldon's action numbers (0 Search, 1-9 the base game's, 0x80 the Prestige flag) and
    our engine's action names, both ways."""
    assert [action_name(c) for c in (0, 1, 2, 3, 5, 7, 8, 9)] == [
        "search", "explore5", "explore11", "develop", "settle", "trade", "consume2", "produce"]
    assert action_name(0x80 | 5) == "prestige_settle"
    assert all(action_code(action_name(c)) == c for c in (0, 1, 3, 0x80 | 9))
    with pytest.raises(ProtocolError, match="action 4"):
        action_name(4)          # Keldon's second Develop (advanced 2-player game)
    with pytest.raises(ProtocolError, match="'upgrade'"):
        action_code("upgrade")


def test_a_bridge_that_cannot_run_is_a_usage_error(tmp_path, capsys):
    bridge = tmp_path / "bridge"
    bridge.write_text("not a program\n")
    bridge.chmod(0o755)
    with pytest.raises(SystemExit) as stop:
        run_main("--keldon", str(bridge), "--games", "1")
    assert stop.value.code == 2
    assert "cannot run the bridge" in capsys.readouterr().err.strip().splitlines()[-1]
