"""Identifiers: short, time-ordered, URL- and command-safe.

Ids sort by creation time (handy in logs and for "recent" listings) and are short
enough for a user to type into `memorybot forget --id`.
"""

from __future__ import annotations

import os
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower-case


def _b32(number: int, length: int) -> str:
    chars = []
    for _ in range(length):
        number, rem = divmod(number, 32)
        chars.append(_ALPHABET[rem])
    return "".join(reversed(chars))


def looks_like_id(text: str) -> bool:
    """Whether `text` has the shape of an id `new_id` makes (20 base32 characters)."""
    return len(text) == 20 and all(ch in _ALPHABET for ch in text)


def new_id() -> str:
    """A 20-character id: 10 characters of milliseconds, 10 of randomness."""
    millis = time.time_ns() // 1_000_000
    rand = int.from_bytes(os.urandom(7), "big")
    return _b32(millis, 10) + _b32(rand, 10)
