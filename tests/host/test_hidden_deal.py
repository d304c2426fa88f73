"""A deal nobody can read ahead, and an honest undo (issue 16).

A game whose deal rftg chose shows a game id, never its seed, until it ends; its save keeps
seed, answers and digest sealed with the player's key (`rftg_cli.hidden`) while it runs, and
in clear once it is finished. `undo` replays the same deal, so what you saw after that point
comes again: each undo is recorded in the save, under the seal, and shown by `rftg show`,
`rftg show --json` and `rftg saves --json`."""

from __future__ import annotations

import json
import tomllib

import pytest
import tomli_w

from rftg_cli import hidden, saves
from rftg_cli.commands import new
from tests.cli_helpers import one_line_error, rftg

SEED = 4_611_686_018_427_388_039      # what the program "chose", fixed for the test


@pytest.fixture(autouse=True)
def folders(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(new, "choose_seed", lambda: SEED)


def unseen_names(game, me: int = 0) -> set[str]:
    """Names of cards `me` cannot have seen: every copy of the design is in another hand or
    in the deck (early in a game, before any reshuffle, a card seen is in a hand, a tableau
    or the discard pile, or is a good), and the name is in no other card's name."""
    hidden_cards = set(game.deck) | {c for p, s in enumerate(game.players) if p != me
                                     for c in s.hand}
    elsewhere = {game.name(c) for c in range(len(game.design)) if c not in hidden_cards}
    names = {game.name(c) for c in hidden_cards} - elsewhere
    return {n for n in names if not any(n in other for other in elsewhere)}


# A few decisions, an undo, a few more, then quit: round 2 or 3, no reshuffle yet. (Seven
# more since the defaults place cards, issue 38 #21: by then an AI answer names a card it
# still holds.)
SCRIPT = "\n" * 5 + "undo\nlog\nhand\ntableau AI\nscore\n" + "\n" * 7 + "quit\n"


def test_neither_the_screen_nor_the_save_nor_undo_shows_a_card_you_could_not_see(tmp_path):
    result = rftg("new", "--ai", "1", "--name", "h", input=SCRIPT)
    assert result.exit_code == 0, result.output
    assert "Undone: back to your previous decision" in result.output
    path = tmp_path / "saves" / "h.toml"
    save = saves.read(path)
    restored = saves.restore(save)
    unseen = unseen_names(restored.game)
    assert len(unseen) > 20 and restored.game.deck and not restored.game.over
    # The hiding does work: the AI's own answers name cards only it holds.
    assert any(name in answer for answer in save.answers for name in unseen)
    shown = [result.output, rftg("show", "h").output, rftg("show", "h", "--json").output,
             rftg("saves", "--json").output]
    text = path.read_text()
    for where in [*shown, text]:
        assert not [name for name in unseen if name in where]
        assert str(SEED) not in where
    data = tomllib.loads(text)
    assert not {"seed", "answers", "digest"} & set(data) and data["hidden"]
    assert f"(game {save.game_id})" in result.output


def test_undos_are_recorded_sealed_and_shown(tmp_path):
    assert rftg("new", "--ai", "1", "--name", "u", input=SCRIPT).exit_code == 0
    path = tmp_path / "saves" / "u.toml"
    save = saves.read(path)
    assert len(save.undos) == 1
    assert "(with 1 undo)" in " ".join(rftg("show", "u").output.split())
    assert json.loads(rftg("show", "u", "--json").output)["undos"] == 1
    assert json.loads(rftg("saves", "--json").output)[0]["undos"] == 1
    data = tomllib.loads(path.read_text())
    data["undos"] = []                     # hiding the undo is an edit the seal refuses
    path.write_text(tomli_w.dumps(data))
    before = path.read_bytes()
    assert "seal" in one_line_error(rftg("resume", "u"))
    assert path.read_bytes() == before


def test_a_finished_save_holds_the_deal_in_clear(tmp_path):
    assert rftg("new", "--ai", "1", "--name", "f", input="\n" * 3000).exit_code == 0
    path = tmp_path / "saves" / "f.toml"
    data = tomllib.loads(path.read_text())
    assert data["status"] == "finished" and data["seed"] == SEED and "hidden" not in data
    assert json.loads(rftg("show", "f", "--json").output)["seed"] == SEED
    (tmp_path / "data" / hidden.KEY_FILE).unlink()    # no key needed to check it
    assert rftg("show", "f").exit_code == 0


def test_a_chosen_deal_is_shown_and_saved_in_clear(tmp_path):
    result = rftg("new", "--ai", "1", "--seed", "42", "--name", "c", input="quit\n")
    assert "(seed 42)" in result.output
    data = tomllib.loads((tmp_path / "saves" / "c.toml").read_text())
    assert data["seed"] == 42 and "hidden" not in data


@pytest.mark.parametrize("loss", ["deleted", "replaced"])
def test_a_lost_key_is_one_line_and_the_save_is_left_alone(tmp_path, loss):
    assert rftg("new", "--ai", "1", "--name", "k", input="\n\nquit\n").exit_code == 0
    path = tmp_path / "saves" / "k.toml"
    before = path.read_bytes()
    key = tmp_path / "data" / hidden.KEY_FILE
    key.unlink()
    if loss == "replaced":
        hidden.player_key()
    for command in ("resume", "show"):
        line = one_line_error(rftg(command, "k"))
        assert str(path) in line and str(key) in line
        assert ("is missing" if loss == "deleted" else "is a different key") in line
    assert path.read_bytes() == before
    assert json.loads(rftg("saves", "--json").output)[0]["status"] == "in_progress"


def test_an_edited_hidden_part_is_refused(tmp_path):
    assert rftg("new", "--ai", "1", "--name", "e", input="\n\nquit\n").exit_code == 0
    path = tmp_path / "saves" / "e.toml"
    data = tomllib.loads(path.read_text())
    good = data["hidden"]
    for bad in (good[:-8] + ("A" * 8 if good[-8:] != "A" * 8 else "B" * 8), "not base64!",
                hidden.hide(b"{}", hidden.player_key()), hidden.hide(b"[1]", b"x" * 32)):
        data["hidden"] = bad
        path.write_text(tomli_w.dumps(data))
        before = path.read_bytes()
        line = one_line_error(rftg("resume", "e"))
        assert "hidden part" in line or "seed" in line, line
        assert path.read_bytes() == before


def test_the_key_is_the_players_alone(tmp_path):
    key = hidden.player_key()
    path = tmp_path / "data" / hidden.KEY_FILE
    assert path.stat().st_mode & 0o077 == 0
    assert hidden.player_key() == key
    assert hidden.reveal(hidden.hide(b"deal", key), key) == b"deal"
    assert hidden.hide(b"deal", key) != hidden.hide(b"deal", key)    # a fresh nonce each time


def test_no_key_folder_refuses_a_hidden_deal_in_one_line(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "file" / "data"))
    line = one_line_error(rftg("new", "--name", "n"))
    assert "cannot read the key" in line and "--seed N" in line
    assert not (tmp_path / "saves" / "n.toml").exists()


def format_2(text: str) -> str:
    """A save as rftg wrote it before format 3 (no game id, no undos; its seal over format,
    config, seats, seed, answers and digest, as that rftg computed it)."""
    import hashlib

    data = tomllib.loads(text)
    for key in ("game", "undos"):
        del data[key]
    data["format"] = 2
    part = {"format": 2, "config": data["config"], "seats": data["seats"],
            "seed": data["seed"], "answers": data["answers"], "digest": data["digest"]}
    blob = json.dumps(part, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data["seal"] = hashlib.sha256(blob.encode()).hexdigest()[:32]
    return tomli_w.dumps(data)


def test_a_format_2_save_still_resumes_and_is_rewritten_as_format_3(tmp_path):
    assert rftg("new", "--ai", "1", "--seed", "8", "--name", "old",
                input="\n\n\nquit\n").exit_code == 0
    path = tmp_path / "saves" / "old.toml"
    path.write_text(format_2(path.read_text()))
    old = saves.read(path)
    assert old.format == 2 and old.undos == [] and old.seed == 8
    assert rftg("show", "old").exit_code == 0
    assert old.game_id == saves.read(path).game_id          # derived, the same every read
    assert rftg("resume", "old", input="\nundo\nquit\n").exit_code == 0
    new = saves.read(path)
    assert new.format == saves.FORMAT and new.seed == 8 and len(new.undos) == 1
    assert new.game_id == old.game_id
    saves.restore(new)
    data = tomllib.loads(format_2(path.read_text()))
    data["seats"] = ["ai", "human"]        # format 2's seal covers the seats too
    path.write_text(tomli_w.dumps(data))
    assert "seal" in one_line_error(rftg("resume", "old"))
