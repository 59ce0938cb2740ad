"""Saving one candidate memory: reconcile with what is known, then write and audit.

Runs inside one store session (one transaction), so the check (hash, near-duplicate,
revision) and the write cannot interleave with another save of the same text. A
unique index backs the exact-duplicate case even across processes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core import audit
from core.classify import find_entities
from core.models import (
    Memory,
    MemoryPatch,
    NewMemory,
    RememberResult,
    SaveStatus,
    Scope,
    Status,
)
from core.normalize import content_hash
from core.ports import DuplicateMemory, StoreSession
from core.reconcile import Decision, Op, decide
from core.textsearch import query_terms

RECONCILE_POOL = 20
REINFORCE_STEP = 0.05


@dataclass(frozen=True)
class Policy:
    contradiction: str = "supersede"  # supersede | keep_history
    reconcile: bool = True  # False: only exact duplicates are recognised (file imports)


async def similar_memories(session: StoreSession, candidate: NewMemory) -> list[Memory]:
    """Active memories of the candidate's scope (and owner, if private) that share words."""
    hits = await session.search_text(query_terms(candidate.content), RECONCILE_POOL)
    return [
        h.memory
        for h in hits
        if h.memory.scope == candidate.scope
        and (candidate.scope == Scope.GLOBAL or h.memory.owner == candidate.owner)
    ]


async def save(
    session: StoreSession, candidate: NewMemory, policy: Policy, now: float
) -> RememberResult:
    known = await session.find_by_hash(candidate.content_hash, candidate.scope)
    if known is not None:
        return await _reinforce(session, known, now)
    decision = (
        decide(
            candidate.content, candidate.content_hash, await similar_memories(session, candidate)
        )
        if policy.reconcile
        else Decision(Op.ADD, None, candidate.content)
    )
    if candidate.status == Status.PENDING_REVIEW and decision.op != Op.NOOP:
        decision = Decision(Op.ADD, None, candidate.content)
    try:
        if decision.op == Op.NOOP and decision.target is not None:
            return await _reinforce(session, decision.target, now)
        if decision.op == Op.UPDATE and decision.target is not None:
            if policy.contradiction == "keep_history":
                return await _supersede(session, decision.target, candidate, now)
            return await _rewrite(session, decision.target, candidate, now, SaveStatus.UPDATED)
        if decision.op == Op.MERGE and decision.target is not None:
            merged = replace(candidate, content=decision.content)
            if decision.content == decision.target.content:
                return await _reinforce(session, decision.target, now, SaveStatus.MERGED)
            return await _rewrite(session, decision.target, merged, now, SaveStatus.MERGED)
        return await _add(session, candidate, now)
    except DuplicateMemory:
        known = await session.find_by_hash(candidate.content_hash, candidate.scope)
        if known is None:
            raise
        return await _reinforce(session, known, now)


async def _add(session: StoreSession, candidate: NewMemory, now: float) -> RememberResult:
    memory = await session.insert_memory(candidate)
    if memory.entities:
        await session.bump_entities(memory.entities, now)
    entry = await audit.record(session, "add", [memory.id], [None], now)
    status = (
        SaveStatus.PENDING_REVIEW if memory.status == Status.PENDING_REVIEW else SaveStatus.SAVED
    )
    return RememberResult(status, memory=memory, audit_id=entry.id)


async def _reinforce(
    session: StoreSession, memory: Memory, now: float, status: SaveStatus = SaveStatus.DUPLICATE
) -> RememberResult:
    patch = MemoryPatch(importance=min(1.0, memory.importance + REINFORCE_STEP), updated_at=now)
    updated = await session.update_memory(memory.id, patch)
    await audit.record(session, "noop", [memory.id], [memory], now)
    return RememberResult(status, memory=updated or memory)


async def _rewrite(
    session: StoreSession, target: Memory, new: NewMemory, now: float, status: SaveStatus
) -> RememberResult:
    """Overwrite in place: only the current truth is kept (the audit log has the old)."""
    entities = find_entities(new.content)
    patch = MemoryPatch(
        content=new.content,
        content_hash=content_hash(new.content),
        kind=new.kind,
        entities=entities,
        updated_at=now,
        importance=max(target.importance, new.importance),
        clear_embedding=True,
    )
    updated = await session.update_memory(target.id, patch)
    assert updated is not None
    if new.embedding is not None and new.content == updated.content:
        await session.set_embedding(updated.id, new.embedding)
    fresh = [e for e in entities if e not in target.entities]
    if fresh:
        await session.bump_entities(fresh, now)
    action = "merge" if status == SaveStatus.MERGED else "update"
    entry = await audit.record(session, action, [target.id], [target], now)
    return RememberResult(status, memory=updated, replaced=target, audit_id=entry.id)


async def _supersede(
    session: StoreSession, old: Memory, new: NewMemory, now: float
) -> RememberResult:
    """Keep history: the old version gets valid_to and status superseded, the new links it."""
    await session.update_memory(
        old.id, MemoryPatch(status=Status.SUPERSEDED, valid_to=now, updated_at=now)
    )
    memory = await session.insert_memory(replace(new, supersedes=old.id, valid_from=now))
    if memory.entities:
        await session.bump_entities(memory.entities, now)
    entry = await audit.record(session, "supersede", [old.id, memory.id], [old, None], now)
    return RememberResult(SaveStatus.UPDATED, memory=memory, replaced=old, audit_id=entry.id)
