"""The cipher of a hidden deal (issue 36: the `cryptography` package where it does the job).

A running game whose deal rftg chose keeps seed, answers and digest sealed with AES-256-GCM
(`rftg_cli.hidden`), and its save names that cipher (`cipher = 2`). A save an rftg before it
sealed with its own SHAKE-256 + HMAC cipher (no `cipher` field) still opens, replays to its
digest, and is sealed with AES-256-GCM at its next write. `saves_shake256/` holds such a save,
written by rftg at commit aa659f7, with the test key that sealed it."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

from rftg_cli import hidden, saves
from rftg_cli.commands import new

from tests.cli_helpers import one_line_error, rftg

BEFORE = Path(__file__).parent / "saves_shake256"
BEFORE_DIGEST = "22f382485f5e536f"      # what its 10 answers make (read by the rftg that wrote it)


@pytest.fixture(autouse=True)
def folders(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(new, "choose_seed", lambda: 4_611_686_018_427_388_039)


@pytest.fixture
def before(tmp_path) -> Path:
    """The save sealed by the cipher before, and its key, copied where rftg looks."""
    for name in ("shake256.toml", hidden.KEY_FILE):
        shutil.copyfile(BEFORE / name, tmp_path / name)
    return tmp_path / "shake256.toml"


def running(tmp_path, name: str = "g") -> Path:
    """A running game whose deal rftg chose, a few answers in."""
    assert rftg("new", "--ai", "1", "--name", name, input="\n\n\nquit\n").exit_code == 0
    return tmp_path / f"{name}.toml"


def test_a_save_sealed_before_resumes_replays_to_its_digest_and_is_sealed_anew(before):
    data = tomllib.loads(before.read_text())
    assert "cipher" not in data and data["hidden"]
    old = saves.read(before)
    assert old.cipher == hidden.SHAKE256_HMAC
    assert rftg("show", "shake256").exit_code == 0       # read as it is: showing writes nothing
    assert before.read_text() == BEFORE.joinpath("shake256.toml").read_text()
    restored = saves.restore(old)
    assert restored.game.digest() == BEFORE_DIGEST and len(old.answers) == 10
    assert old.undos == [6] and not old.unkeyed

    played = rftg("resume", "shake256", input="\n\nquit\n")
    assert played.exit_code == 0, played.output
    assert "10 answers replayed" in played.output
    data = tomllib.loads(before.read_text())
    assert data["cipher"] == hidden.AES256_GCM and "seed" not in data
    new_save = saves.read(before)
    saves.restore(new_save)
    assert new_save.answers[:10] == old.answers and len(new_save.answers) > 10
    assert new_save.undos == [6] and new_save.game_id == old.game_id
    assert not new_save.unkeyed


def test_the_hidden_part_is_aes_gcm_under_a_key_derived_from_the_players(tmp_path):
    """Opened here with the `cryptography` package alone: a 96-bit nonce, then ciphertext
    and tag; the AES key is derived (the player's key itself, which signs the seals, does
    not open it) and the associated data names the purpose and the cipher."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand

    data = tomllib.loads(running(tmp_path).read_text())
    assert data["cipher"] == 2
    raw = base64.b64decode(data["hidden"])
    nonce, sealed = raw[:12], raw[12:]
    key = hidden.player_key()
    aes_key = HKDFExpand(hashes.SHA256(), 32, b"rftg deal, AES-256-GCM").derive(key)
    part = json.loads(AESGCM(aes_key).decrypt(nonce, sealed, b"rftg deal, AES-256-GCM"))
    assert set(part) == {"seed", "answers", "digest"} and len(part["answers"]) >= 3
    with pytest.raises(InvalidTag):
        AESGCM(key).decrypt(nonce, sealed, b"rftg deal, AES-256-GCM")
    with pytest.raises(InvalidTag):
        AESGCM(aes_key).decrypt(nonce, sealed, b"rftg deal")


def flip(text: str, where: str, nonce_bytes: int) -> str:
    """The sealed text with one bit changed in its nonce, its ciphertext or its tag."""
    raw = bytearray(base64.b64decode(text))
    at = {"nonce": 0, "ciphertext": nonce_bytes + 1, "tag": len(raw) - 1}[where]
    raw[at] ^= 0x01
    return base64.b64encode(bytes(raw)).decode()


@pytest.mark.parametrize("where", ["nonce", "ciphertext", "tag"])
@pytest.mark.parametrize("sealed_by", ["AES-256-GCM", "SHAKE-256 + HMAC"])
def test_an_edited_nonce_ciphertext_or_tag_is_refused_in_one_line(tmp_path, where,
                                                                  sealed_by, request):
    if sealed_by == "AES-256-GCM":
        path, nonce_bytes = running(tmp_path), 12
    else:
        path, nonce_bytes = request.getfixturevalue("before"), 16
    data = tomllib.loads(path.read_text())
    data["hidden"] = flip(data["hidden"], where, nonce_bytes)
    path.write_text(tomli_w.dumps(data))
    before = path.read_bytes()
    for command in ("resume", "show"):
        line = one_line_error(rftg(command, path.stem))
        assert line.endswith(f"{path}: its hidden part was changed after rftg wrote it (the "
                             "file was edited)"), line
    assert path.read_bytes() == before


@pytest.mark.parametrize("cipher", [3, 0, -1, "2", 2.0, True, [2]])
def test_an_unknown_cipher_is_refused_in_one_line(tmp_path, cipher):
    path = running(tmp_path)
    data = tomllib.loads(path.read_text())
    data["cipher"] = cipher
    path.write_text(tomli_w.dumps(data))
    before = path.read_bytes()
    for command in ("resume", "show"):
        line = one_line_error(rftg(command, "g"))
        assert (f"{path}: its hidden part is sealed with cipher {cipher!r}, and this rftg "
                "knows ciphers 1 and 2 only") in line
        assert "upgrade rftg" in line
    assert path.read_bytes() == before
    listed = json.loads(rftg("saves", "--json").output)
    assert "cipher" in json.dumps(listed)      # listed, with its problem, not dropped


def test_rftg_help_and_a_game_in_clear_never_load_cryptography(tmp_path):
    """The cipher's package is imported when a deal is sealed or opened, not at start-up."""
    script = ("import sys; from rftg_cli.cli import app; from typer.testing import CliRunner;"
              "helped = CliRunner().invoke(app, ['--help']);"
              "print(helped.exit_code, 'cryptography' in sys.modules);"
              "played = CliRunner().invoke(app, ['new', '--seed', '1', '--ai', '1', '--name',"
              "                                  'c'], input='\\n\\nquit\\n');"
              "print(played.exit_code, 'cryptography' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["0", "False", "0", "False"]
    assert (tmp_path / "c.toml").exists()
