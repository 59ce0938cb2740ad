"""The audit trail: every change is logged with the prior state, so it can be undone.

Most changes are undone by putting each touched memory back as it was. An action
whose state lives elsewhere (feedback votes) registers its own reverter in
REVERTERS instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from core.governance.authority import vouch_admin
from core.ids import new_id
from core.models import FORGET_UNDO_WINDOW, AuditEntry, Memory, Status
from core.ports import StoreSession
from core.stores.codec import memory_from_dict

Reverter = Callable[[StoreSession, AuditEntry, float], Awaitable[None]]
REVERTERS: dict[str, Reverter] = {}


@dataclass(frozen=True)
class UndoResult:
    ok: bool
    action: str = ""
    memories: tuple[str, ...] = ()
    conflict: Memory | None = None  # the memory now holding the text undo would bring back
    expired: bool = False  # a forget past FORGET_UNDO_WINDOW: its text is gone for good


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
    await session.expire_forgotten(now - FORGET_UNDO_WINDOW)
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


async def restore_clash(session: StoreSession, entry: AuditEntry) -> Memory | None:
    """The memory that now holds a text this undo would bring back as active, if any.

    Remember X, forget X, remember X again: undoing the forget would make two active
    copies of X (the store refuses). Undo then changes nothing and says which memory
    is in the way, instead of failing halfway (issue 11)."""
    for memory_id, before in zip(entry.memory_ids, entry.before, strict=False):
        if before is None or before.get("status") != Status.ACTIVE.value:
            continue
        holder = await session.find_by_hash(before["content_hash"], before["scope"])
        if holder is not None and holder.id != memory_id:
            return holder
    return None


async def restore_before(session: StoreSession, entry: AuditEntry) -> None:
    """Put each memory back as it was; entity counts follow memories that come and go
    (an undone save no longer counts its entities, an undone forget counts them again)."""
    for memory_id, before in zip(entry.memory_ids, entry.before, strict=False):
        current = await session.get_memory(memory_id)
        if before is None:  # an undone save: its near-miss pair goes with it
            await session.clear_near_misses(memory_id)
            if await session.delete_memory(memory_id) and current and current.entities:
                await session.forget_entities(list(dict.fromkeys(current.entities)))
            continue
        restored = memory_from_dict(before)
        await session.restore_memory(restored)
        if current is None and restored.entities:
            await session.bump_entities(list(dict.fromkeys(restored.entities)), entry.created_at)


async def undo(
    session: StoreSession, audit_id: str | None, now: float, is_admin: bool = False
) -> UndoResult:
    """Undo the session's user's last undoable change (or the named one); when the old
    state clashes with the present (its text is saved again as another memory), change
    nothing and name the memory in the way. Undoing an admin's change to someone's
    global memory needs the admin still to be one (`is_admin`). A forget older than
    FORGET_UNDO_WINDOW no longer holds its text, so it cannot be undone."""
    await session.expire_forgotten(now - FORGET_UNDO_WINDOW)
    entry = await session.get_audit(audit_id) if audit_id else await session.last_undoable_audit()
    if entry is not None and entry.action == "redacted" and entry.detail == "forget":
        return UndoResult(False, "forget", entry.memory_ids, expired=True)
    if entry is None or not entry.undoable:
        return UndoResult(False)
    clash = await restore_clash(session, entry)
    if clash is not None:
        return UndoResult(False, entry.action, entry.memory_ids, conflict=clash)
    await vouch_admin(session, is_admin)
    await revert(session, entry, now)
    return UndoResult(True, entry.action, entry.memory_ids)
