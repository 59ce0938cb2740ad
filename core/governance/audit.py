"""The audit trail: every change is logged with the prior state, so it can be undone.

Most changes are undone by putting each touched memory back as it was. An action
whose state lives elsewhere (feedback votes) registers its own reverter in
REVERTERS instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from core.ids import new_id
from core.models import AuditEntry, Memory
from core.ports import StoreSession
from core.stores.codec import memory_from_dict

Reverter = Callable[[StoreSession, AuditEntry, float], Awaitable[None]]
REVERTERS: dict[str, Reverter] = {}


@dataclass(frozen=True)
class UndoResult:
    ok: bool
    action: str = ""
    memories: tuple[str, ...] = ()
    conflict: bool = False  # undoing would bring back a text that is a memory again


async def record(
    session: StoreSession,
    action: str,
    memory_ids: Sequence[str],
    before: Sequence[Memory | None],
    now: float,
    detail: str = "",
    undoes: str | None = None,
) -> AuditEntry:
    p = session.principal
    entry = AuditEntry(
        id=new_id(),
        workspace=p.workspace,
        actor=p.user,
        action=action,
        memory_ids=tuple(memory_ids),
        before=tuple(None if m is None else m.as_dict() for m in before),
        detail=detail,
        created_at=now,
        undoes=undoes,
    )
    await session.append_audit(entry)
    return entry


async def revert(session: StoreSession, entry: AuditEntry, now: float) -> AuditEntry:
    """Put every memory the entry touched back as it was, and log the undo."""
    custom = REVERTERS.get(entry.action)
    if custom is not None:
        await custom(session, entry, now)
    else:
        await restore_before(session, entry)
    return await record(
        session, "undo", entry.memory_ids, [], now, detail=entry.action, undoes=entry.id
    )


async def restore_before(session: StoreSession, entry: AuditEntry) -> None:
    for memory_id, before in zip(entry.memory_ids, entry.before, strict=False):
        if before is None:
            await session.delete_memory(memory_id)
        else:
            await session.restore_memory(memory_from_dict(before))


async def undo(session: StoreSession, audit_id: str | None, now: float) -> UndoResult:
    """Undo the session's user's last undoable change (or the named one)."""
    entry = await session.get_audit(audit_id) if audit_id else await session.last_undoable_audit()
    if entry is None or not entry.undoable:
        return UndoResult(False)
    await revert(session, entry, now)
    return UndoResult(True, entry.action, entry.memory_ids)
