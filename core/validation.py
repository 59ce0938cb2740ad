"""Input no store should ever see, refused the same way on both stores.

SQLite happily stores a NUL byte or a 5,000-character user id; PostgreSQL rejects
the first with a DataError and the second with an index-size error, and Python
cannot even encode a lone surrogate (what invalid UTF-8 becomes on the way in). So
ids and texts are checked here, before any store is touched, and a bad one raises
`InvalidInput` whose `code` the edges turn into one sentence (`core.faults`). NUL
bytes in a text are dropped, like every control character a memory loses.
"""

from __future__ import annotations

import regex

MAX_ID_CHARS = 128  # Slack and Discord ids are ~11-20; this leaves room for console names
# Control, format, separator (spaces) and surrogate characters never belong in an id.
_BAD_ID_CHAR = regex.compile(r"[\p{Cc}\p{Cf}\p{Cs}\p{Z}\s]")
_SURROGATE = regex.compile(r"\p{Cs}")


class InvalidInput(ValueError):
    """An id or text that cannot be stored or looked up; `code` names what was wrong:
    "bad_text" (invalid UTF-8) or "bad_id" (`what`: which id)."""

    def __init__(self, code: str, what: str = "") -> None:
        super().__init__(f"{code}: {what}" if what else code)
        self.code = code
        self.what = what


def broken_text(text: str) -> bool:
    """True for text holding a lone surrogate: what invalid UTF-8 becomes on the way in,
    and what no encoder (nor any store) accepts."""
    return bool(_SURROGATE.search(text))


def check_text(text: str, what: str = "text") -> str:
    """`text` without NUL bytes (dropped like every control character, which PostgreSQL
    would refuse), or InvalidInput("bad_text") when it holds invalid UTF-8."""
    if broken_text(text):
        raise InvalidInput("bad_text", what)
    return text.replace("\x00", "")


def valid_id(value: str, *, allow_empty: bool = False) -> bool:
    if not value:
        return allow_empty
    return len(value) <= MAX_ID_CHARS and not _BAD_ID_CHAR.search(value)


def check_id(value: str, what: str, *, allow_empty: bool = False) -> str:
    """`value` unchanged, or InvalidInput("bad_id", what): too long, empty, or holding
    spaces, control characters, NUL bytes or invalid UTF-8."""
    if not isinstance(value, str) or not valid_id(value, allow_empty=allow_empty):
        raise InvalidInput("bad_id", what)
    return value
