"""One mapping from a fault to the sentence a user sees, shared by every edge.

The console, the CLI, Slack and Discord each catch `FAULTS` at their edge and show
`explain(exc)`: bad input, a database that is down, full, read-only or damaged. Any
other exception is a bug: the edge logs its type (never the user's text) and shows
`texts.SOMETHING_WENT_WRONG`, and keeps running.
"""

from __future__ import annotations

from core import texts
from core.ports import StoreFault, StoreUnavailable
from core.validation import MAX_ID_CHARS, InvalidInput

FAULTS: tuple[type[Exception], ...] = (InvalidInput, StoreUnavailable, StoreFault)


def _where(where: str) -> str:
    return f" ({where})" if where else ""


def explain(exc: BaseException) -> str:
    """The user-facing sentence for a fault (SOMETHING_WENT_WRONG for anything else)."""
    if isinstance(exc, InvalidInput):
        if exc.code == "bad_id":
            return texts.BAD_ID.format(what=exc.what or "an", limit=MAX_ID_CHARS)
        return texts.BAD_TEXT.format(what=exc.what or "text")
    if isinstance(exc, StoreUnavailable):
        return texts.DATABASE_UNAVAILABLE
    if isinstance(exc, StoreFault):
        where = _where(exc.where)
        if exc.code == "full":
            return texts.DISK_FULL.format(where=where)
        if exc.code == "read_only":
            return texts.READ_ONLY.format(where=where)
        if exc.code == "damaged":
            return texts.DAMAGED.format(where=where, detail=exc.detail or "integrity check failed")
        if exc.code == "migration":
            return texts.MIGRATION_BLOCKED.format(detail=exc.detail)
        return texts.NO_DATABASE.format(where=where, detail=exc.detail or exc.code)
    return texts.SOMETHING_WENT_WRONG
