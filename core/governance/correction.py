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
from typing import TYPE_CHECKING

from core import guards
from core.governance import audit, feedback
from core.models import (
    AuditEntry,
    Memory,
    MemoryPatch,
    Principal,
    RefusalReason,
    RememberResult,
    SaveStatus,
)
from core.ports import DuplicateMemory, StoreSession
from core.remember.canonical import clean_text, content_hash
from core.remember.classify import find_entities
from core.remember.forgetting import may_forget
from core.validation import broken_text

if TYPE_CHECKING:
    from core.service import MemoryService


def may_edit(memory: Memory, user: str, is_admin: bool) -> bool:
    """The same people who may forget it: its owner, or for a global its author or an admin."""
    return may_forget(memory, user, is_admin)


def _refused(reason: RefusalReason, detail: str = "") -> RememberResult:
    return RememberResult(SaveStatus.REFUSED, reason=reason, detail=detail)


def _size_refusal(content: str, max_chars: int) -> RememberResult | None:
    if not content:
        return _refused(RefusalReason.EMPTY)
    if len(content) > max_chars:
        return _refused(RefusalReason.TOO_LONG, str(len(content)))
    return None


def _guard_refusal(content: str) -> RememberResult | None:
    finding = guards.check(content)
    return None if finding is None else _refused(RefusalReason(finding.category), finding.label)


def text_refusal(text: str, max_chars: int) -> RememberResult | None:
    """Why `text` cannot become a memory's new text, judged on the text alone (length
    and the guards: no I/O, within the guards' time budget), else None. A form runs
    this before it closes, so a refusal shows in the form; `correct` checks it again."""
    if broken_text(text or ""):
        return _refused(RefusalReason.BROKEN)
    content = clean_text(text or "")
    return _size_refusal(content, max_chars) or _guard_refusal(content)


async def correct(
    service: MemoryService,
    workspace: str,
    user: str,
    memory_id: str,
    text: str,
    *,
    is_admin: bool = False,
) -> RememberResult | None:
    """Replace a memory's text. None when the memory is gone or not visible; UPDATED
    with `replaced` (the old memory) and an undoable `audit_id`; DUPLICATE with the
    other memory when that text is already known; REFUSED with a reason otherwise."""
    if broken_text(text or ""):
        return _refused(RefusalReason.BROKEN)
    content = clean_text(text or "")
    refused = _size_refusal(content, service.config.max_chars)
    if refused is not None:
        return refused
    principal = Principal(workspace, user)
    async with service.store.session(principal) as session:
        memory = await session.get_memory(memory_id)
    if memory is None:
        return None
    if not may_edit(memory, user, is_admin):
        return _refused(RefusalReason.FORBIDDEN)
    refused = _guard_refusal(content)
    if refused is not None:
        return refused
    if content == memory.content:
        return RememberResult(SaveStatus.DUPLICATE, memory=memory)
    vector = await service.embed_document(content, memory.workspace)
    async with service.store.session(principal) as session:
        return await _apply(session, memory_id, content, vector, service.clock())


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
        clear_embedding=True,
    )
    try:
        updated = await session.update_memory(memory_id, patch)
    except DuplicateMemory:
        return RememberResult(SaveStatus.DUPLICATE, memory=memory)
    assert updated is not None
    if vector is not None:
        await session.set_embedding(memory_id, vector)
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
