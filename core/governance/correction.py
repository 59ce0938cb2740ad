"""Correction: fix a memory's text in place (`/memories` → Edit, console `/edit`).

A correction is a new statement by the user, so it passes the same checks as a save
(length, the privacy and injection guards) and refuses to collide with another
memory of the same scope. The memory keeps its id, kind, scope and pin; its text,
hash and entities change, its vector is replaced (or cleared for the backfill when
no embedder answers), and its confidence becomes 1.0 — the user vouched for it. The
editor's own feedback votes are withdrawn: they judged the old text, and a memory
someone buried and then fixed should be recalled again. The audit entry keeps the
full old memory and the withdrawn vote, so undo restores both.
"""

from __future__ import annotations

import json

from core.governance import audit, feedback
from core.governance.authority import vouch_admin
from core.models import (
    AuditEntry,
    HowSaved,
    Memory,
    MemoryPatch,
    Principal,
    RefusalReason,
    RememberResult,
    SaveStatus,
)
from core.ports import DuplicateMemory, Ports, StoreSession
from core.providers.vectors import embed_text
from core.remember.canonical import clean_text, content_hash
from core.remember.classify import find_entities
from core.remember.forgetting import may_forget
from core.remember.intake import guard_refusal, refused, size_refusal
from core.validation import broken_text


def may_edit(memory: Memory, user: str, is_admin: bool) -> bool:
    """The same people who may forget it: its owner, or for a global its author or an admin."""
    return may_forget(memory, user, is_admin)


def text_refusal(text: str, max_chars: int) -> RememberResult | None:
    """Why `text` cannot become a memory's new text, judged on the text alone (length
    and the guards: no I/O, within the guards' time budget), else None. A form runs
    this before it closes, so a refusal shows in the form; `correct` checks it again."""
    if broken_text(text or ""):
        return refused(RefusalReason.BROKEN)
    content = clean_text(text or "")
    return size_refusal(content, max_chars) or guard_refusal(content)


async def correct(
    ports: Ports, principal: Principal, memory_id: str, text: str, *, is_admin: bool = False
) -> RememberResult | None:
    """Replace a memory's text. None when the memory is gone or not visible; UPDATED
    with `replaced` (the old memory) and an undoable `audit_id`; DUPLICATE with the
    other memory when that text is already known; REFUSED with a reason otherwise."""
    if broken_text(text or ""):
        return refused(RefusalReason.BROKEN)
    content = clean_text(text or "")
    too_big = size_refusal(content, ports.max_chars)
    if too_big is not None:
        return too_big
    async with ports.store.session(principal) as session:
        memory = await session.get_memory(memory_id)
    if memory is None:
        return None
    if not may_edit(memory, principal.user, is_admin):
        return refused(RefusalReason.FORBIDDEN)
    blocked = guard_refusal(content)
    if blocked is not None:
        return blocked
    if content == memory.content:
        return RememberResult(SaveStatus.DUPLICATE, memory=memory)
    vector = await embed_text(ports, memory.workspace, content)
    async with ports.store.session(principal) as session:
        if memory.owner != principal.user:
            await vouch_admin(session, is_admin)
        return await _apply(session, memory_id, content, vector, ports.clock())


async def _apply(
    session: StoreSession, memory_id: str, content: str, vector: list[float] | None, now: float
) -> RememberResult | None:
    memory = await session.get_memory(memory_id)
    if memory is None:
        return None
    digest = content_hash(content)
    other = await session.find_by_hash(digest, memory.scope)
    if other is not None and other.id != memory.id:
        return RememberResult(SaveStatus.DUPLICATE, memory=other)
    entities = find_entities(content)
    patch = MemoryPatch(
        content=content,
        content_hash=digest,
        entities=entities,
        confidence=1.0,
        updated_at=now,
        origin=HowSaved.EDIT.value,
        clear_embedding=True,
    )
    try:
        updated = await session.update_memory(memory_id, patch)
    except DuplicateMemory:
        return RememberResult(SaveStatus.DUPLICATE, memory=memory)
    assert updated is not None
    if vector is not None:
        await session.set_embedding(memory_id, vector, content_hash=digest)
    fresh = [e for e in entities if e not in memory.entities]
    if fresh:
        await session.bump_entities(fresh, now)
    withdrawn = await feedback.withdraw(session, memory_id, now)
    entry = await audit.record(
        session, "edit", [memory_id], [memory], now, detail=json.dumps({"vote": withdrawn})
    )
    updated = await session.get_memory(memory_id) or updated
    return RememberResult(SaveStatus.UPDATED, memory=updated, replaced=memory, audit_id=entry.id)


async def _revert(session: StoreSession, entry: AuditEntry, now: float) -> None:
    await audit.restore_before(session, entry)
    vote = int(json.loads(entry.detail or "{}").get("vote", 0))
    if vote:
        await session.set_vote(entry.memory_ids[0], vote, now)


audit.REVERTERS["edit"] = _revert
