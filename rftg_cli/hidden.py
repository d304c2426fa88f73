"""The player's key, and what a running game keeps out of the player's sight: the deal's seed
and the answers (the computer seats' name cards in their hands) of a game whose deal rftg
chose. The same key seals every save (`saves.seal_of`, an HMAC), so that an edit made
without it is refused.

While such a game runs, its save holds that part only sealed with a key of the player's
own: `deal.key` in rftg's per-user data folder (`userdirs.data_dir`, 32 random bytes made on
first use, readable by the player alone). The save cannot be replayed, or its answers read,
without the key; a finished save is written in clear, for anyone to replay and check.

This keeps the deal out of sight, not out of reach: the key sits in the player's own folder,
because a game resumed on the same machine must work. The save's `cipher` field names what
sealed its hidden part (`CIPHERS`):

* 2 (`CIPHER`, what rftg writes): AES-256-GCM from the `cryptography` package, a random
  96-bit nonce per write, under a key derived from the player's (HKDF-Expand, so the AES key
  is never the key of the seals' HMAC), with the associated data naming the purpose and the
  cipher; nonce, ciphertext and tag together in base64.
* 1 (a save with no `cipher` field, written by rftg before): SHAKE-256 as a keystream from
  (key, a 128-bit nonce) and HMAC-SHA256 over nonce and ciphertext (encrypt-then-MAC). Such a
  save is still read, and sealed with cipher 2 at its next write: one cipher is written, and
  the old one is kept only to read what it sealed.

Either way an edited sealed part is refused in one line, never replayed as garbage. What
binds the part to the rest of its save (config, seats, undos) is the save's seal, which
covers what the part holds, as it did before AES-GCM. `cryptography` is imported only when a
deal is sealed or opened: `rftg --help` and a game in clear never load it.
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
TAG_BYTES = 16            # both ciphers' tags: 128 bits
SHAKE256_HMAC, AES256_GCM = 1, 2
CIPHER = AES256_GCM      # what `hide` seals with
CIPHERS = (SHAKE256_HMAC, AES256_GCM)     # what `reveal` opens
GCM_NONCE_BYTES = 12     # 96 bits, random per write
SHAKE_NONCE_BYTES = 16
GCM_CONTEXT = b"rftg deal, AES-256-GCM"   # the derived key's name and the associated data
NOT_SEALED = "its hidden part is not sealed text (the file was edited)"
EDITED = "its hidden part was changed after rftg wrote it (the file was edited)"


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


def hide(plain: bytes, key: bytes) -> str:
    """`plain`, sealed with `key` by `CIPHER`, as ASCII text (base64 of nonce, ciphertext
    and tag)."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = secrets.token_bytes(GCM_NONCE_BYTES)
    sealed = AESGCM(_gcm_key(key)).encrypt(nonce, plain, GCM_CONTEXT)
    return base64.b64encode(nonce + sealed).decode("ascii")


def reveal(text: str, key: bytes, cipher: int = CIPHER) -> bytes:
    """What `hide` sealed, or the rftg before it when `cipher` is 1 (`saves` refuses a cipher
    not in `CIPHERS` first); HiddenError if the text was changed or sealed with another key."""
    raw = _sealed_bytes(text)
    return _reveal_shake256(raw, key) if cipher == SHAKE256_HMAC else _reveal_gcm(raw, key)


def _reveal_gcm(raw: bytes, key: bytes) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if len(raw) < GCM_NONCE_BYTES + TAG_BYTES:
        raise HiddenError(NOT_SEALED)
    try:
        return AESGCM(_gcm_key(key)).decrypt(raw[:GCM_NONCE_BYTES], raw[GCM_NONCE_BYTES:],
                                             GCM_CONTEXT)
    except InvalidTag:
        raise HiddenError(EDITED) from None


def _gcm_key(key: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand

    return HKDFExpand(hashes.SHA256(), KEY_BYTES, GCM_CONTEXT).derive(key)


def _sealed_bytes(text: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raise HiddenError(NOT_SEALED) from None


def _reveal_shake256(raw: bytes, key: bytes) -> bytes:
    """Cipher 1, read only: a truncated HMAC-SHA256 over nonce and ciphertext, checked
    first, then the XOR of a SHAKE-256 keystream."""
    if len(raw) < SHAKE_NONCE_BYTES + TAG_BYTES:
        raise HiddenError(NOT_SEALED)
    nonce, body, tag = (raw[:SHAKE_NONCE_BYTES], raw[SHAKE_NONCE_BYTES:-TAG_BYTES],
                        raw[-TAG_BYTES:])
    if not hmac.compare_digest(tag, hmac.digest(key, nonce + body, "sha256")[:TAG_BYTES]):
        raise HiddenError(EDITED)
    stream = hashlib.shake_256(b"rftg deal\0" + key + nonce).digest(len(body))
    return bytes(a ^ b for a, b in zip(body, stream))
