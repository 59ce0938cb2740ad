"""Undo the ways people disguise a key before the provider formats are matched again.

"ghp_ EDQ…", an AWS key id grouped in fours, a token split in two so a chat app
does not link it, the same token reversed, or base64/hex of it: each is a known
format once the disguise is undone. `views` yields those undone forms; the
privacy guard matches only the provider formats on them (no phrases, no
identifiers), so prose that happens to decode or join into letters is not judged
as if it were a password.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator

import regex

from core.guards.budget import Budget

_CHUNKS = regex.compile(r"[^\s]+")
# A chunk that is part of a key: has a digit, inner capitals, is upper case, a single
# character, or starts/ends with the "_"/"-" that joins a prefix to its body.
_KEYISH = regex.compile(
    r"^(?:[A-Za-z0-9_\-]*\d[A-Za-z0-9_\-]*|[A-Za-z0-9_\-]*[a-z][A-Z][A-Za-z0-9_\-]*"
    r"|[A-Z0-9_\-]{3,}|[A-Za-z0-9_\-]|[_\-][A-Za-z0-9_\-]*|[A-Za-z0-9_\-]*[_\-])$"
)
_PREFIX = regex.compile(r"^[A-Za-z0-9]{2,8}$")
# Key groups joined by dashes or dots: "AKIA-ABCD-EFGH-…", "AKIAD.WT3P3.…".
_GROUPED = regex.compile(
    r"(?<![\w.\-])[A-Za-z0-9]{3,8}(?:[\-.][A-Za-z0-9]{3,8}){3,}(?![\w\-]|\.\w)"
)
_GROUP_SEP = regex.compile(r"[\-.]")
_BLOB = regex.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{24,2000}={0,2}")
_HEX = regex.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,1000}(?![0-9A-Fa-f])")
_MAX_BLOBS = 8
_PRINTABLE = regex.compile(r"^[\x20-\x7e\n\t]+$")


def joined(text: str) -> str | None:
    """Key fragments separated by spaces joined back: "AKIA ABCD EFGH …" -> "AKIAABCDEFGH…".

    Returns None when nothing was joined (no run of two or more key-like chunks).
    """
    out: list[str] = []
    run: list[str] = []
    changed = False

    def flush() -> None:
        nonlocal changed
        if len(run) >= 2:
            changed = True
            out.append("".join(run))
        else:
            out.extend(run)
        run.clear()

    for chunk in text.split():
        core = chunk.strip(",;:()[]\"'`")
        if core and _KEYISH.match(core) and core == chunk:
            if not run and core[0] in "_-" and out and _PREFIX.match(out[-1]):
                run.append(out.pop())  # "ghp _abc…": the prefix was split from its body
            run.append(core)
        else:
            flush()
            out.append(chunk)
    flush()
    return " ".join(out) if changed else None


def _decoded(blob: str) -> str | None:
    try:
        raw = base64.b64decode(blob + "=" * (-len(blob) % 4), altchars=b"-_")
        text = raw.decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return text if _PRINTABLE.match(text) else None


def views(text: str, budget: Budget) -> Iterator[str]:
    """The text with spacing undone, reversed, and each base64 or hex blob decoded."""
    together = joined(text)
    if together:
        yield together
    if budget.search(_GROUPED, text):
        yield budget.sub(_GROUPED, lambda m: _GROUP_SEP.sub("", m.group(0)), text)
    reversed_tokens = " ".join(tok[::-1] for tok in text.split() if len(tok) >= 16)
    if reversed_tokens:
        yield reversed_tokens
    for count, m in enumerate(budget.finditer(_BLOB, text)):
        if count >= _MAX_BLOBS:
            break
        decoded = _decoded(m.group(0))
        if decoded:
            yield decoded
    for count, m in enumerate(budget.finditer(_HEX, text)):
        if count >= _MAX_BLOBS:
            break
        try:
            decoded = bytes.fromhex(m.group(0)).decode("ascii")
        except (ValueError, UnicodeDecodeError):
            continue
        if _PRINTABLE.match(decoded):
            yield decoded
