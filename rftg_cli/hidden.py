"""The player's key, and what a running game keeps out of the player's sight: the deal's seed
and the answers (the computer seats' name cards in their hands) of a game whose deal rftg
chose. The same key seals every save (`saves.seal_of`, an HMAC), so that an edit made
without it is refused.

While such a game runs, its save holds that part only sealed with a key of the player's
own: `deal.key` in rftg's per-user data folder (`userdirs.data_dir`, 32 random bytes made on
first use, readable by the player alone). The save cannot be replayed, or its answers read,
without the key; a finished save is written in clear, for anyone to replay and check.

This keeps the deal out of sight, not out of reach: the key sits in the player's own folder,
because a game resumed on the same machine must work. The sealing is SHAKE-256 as a
keystream from (key, a fresh random nonce per write) and HMAC-SHA256 over the nonce and the
ciphertext (encrypt-then-MAC), all in hashlib/hmac: an edited sealed part is refused, never
replayed as garbage.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE = "deal.key"
KEY_BYTES = 32
KEY_FILE_BYTES = 1024     # the key in hex is 65 bytes: far more is not a key
NONCE_BYTES = 16
TAG_BYTES = 16


class HiddenError(Exception):
    """The key is missing, unusable or not the one a save was sealed with; one line."""


def key_path() -> Path | None:
    from .userdirs import data_dir

    folder = data_dir()
    return folder / KEY_FILE if folder else None


def fingerprint(key: bytes) -> str:
    """A short name of the key, stored beside what it sealed: it tells a lost key from an
    edit, and says nothing of the key."""
    return hashlib.sha256(b"rftg key name\0" + key).hexdigest()[:16]


def read_key() -> bytes | None:
    """The player's key, or None when there is none yet; HiddenError if it cannot be read."""
    path = key_path()
    if path is None:
        raise HiddenError("this system gives rftg no home folder to keep its key in; set "
                          "RFTG_DATA_DIR")
    from .plainfile import NotPlain, read_plain

    try:
        text = read_plain(path, KEY_FILE_BYTES).decode("ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, NotPlain) as exc:
        raise HiddenError(f"cannot read the key {path} "
                          f"({getattr(exc, 'strerror', None) or exc})") from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise HiddenError(f"the key {path} is damaged (not {KEY_BYTES} bytes in hex)")
    return key


def player_key() -> bytes:
    """The player's key, made on first use (HiddenError, one line, if it cannot be). Two
    processes making it at once agree: the file appears whole, by a link, or not at all."""
    key = read_key()
    if key is not None:
        return key
    from .plainfile import TEMP_SUFFIX, clean_temp, temp_pattern

    path = key_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        clean_temp(path.parent, temp_pattern(KEY_FILE), stale_only=True)
        tmp = path.with_name(f".{KEY_FILE}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(KEY_BYTES) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.link(tmp, path)
        except FileExistsError:
            pass                      # another process made it first: theirs is the key
        finally:
            tmp.unlink(missing_ok=True)    # a failed write leaves no litter (issue 41)
    except OSError as exc:
        raise HiddenError(f"cannot make the key {path} ({exc.strerror or exc})") from None
    key = read_key()
    if key is None:     # a link to nowhere sits where the key goes
        raise HiddenError(f"cannot make the key {path} (a link to a missing file is there)")
    return key


def _stream(key: bytes, nonce: bytes, size: int) -> int:
    return int.from_bytes(hashlib.shake_256(b"rftg deal\0" + key + nonce).digest(size), "big")


def _tag(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, "sha256").digest()[:TAG_BYTES]


def hide(plain: bytes, key: bytes) -> str:
    """`plain`, sealed with `key`, as ASCII text (base64 of nonce, ciphertext and tag)."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    body = (int.from_bytes(plain, "big") ^ _stream(key, nonce, len(plain))).to_bytes(
        len(plain), "big")
    return base64.b64encode(nonce + body + _tag(key, nonce + body)).decode("ascii")


def reveal(text: str, key: bytes) -> bytes:
    """What `hide` sealed; HiddenError if the text was changed or sealed with another key."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raw = b""
    if len(raw) < NONCE_BYTES + TAG_BYTES:
        raise HiddenError("its hidden part is not sealed text (the file was edited)")
    nonce, body, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
    if not hmac.compare_digest(tag, _tag(key, nonce + body)):
        raise HiddenError("its hidden part was changed after rftg wrote it (the file was "
                          "edited)")
    return (int.from_bytes(body, "big") ^ _stream(key, nonce, len(body))).to_bytes(
        len(body), "big")
