"""Saving one candidate memory: reconcile with what is known, then write and audit.

Runs inside one store session (one transaction), so the check (hash, near-duplicate,
revision) and the write cannot interleave with another save of the same text. A
unique index backs the exact-duplicate case even across processes.

A model's proposal (`core.llm.reconcile_model`) is computed before the session opens,
from a snapshot; here it is only applied if the memory it names is still there,
still active and unchanged — otherwise the rules decide on the current state.

The rules' own decision can be planned on a snapshot too (`plan`, in a read-only
session, beside other saves): the write transaction then looks the similar memories
up again and reuses the planned decision only if it finds exactly the texts the plan
saw — the rules read nothing else — so the outcome is the one deciding inside would
give, while the writer's turn (SQLite has one writer) skips the rules' string work.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace

from core.governance import audit
from core.governance.authority import may_change, vouch_admin
from core.models import (
    Memory,
    MemoryPatch,
    NewMemory,
    RememberResult,
    SaveStatus,
    Scope,
    Status,
)
from core.ports import DuplicateMemory, StoreSession
from core.recall.textsearch import query_terms
from core.remember.canonical import content_hash
from core.remember.classify import find_entities
from core.remember.distinctions import distinguishing, same_polarity
from core.remember.reconcile import Decision, Op, decide

# Candidates the rules compare a new text with, from each of keyword and vector search.
# A near-duplicate or revision shares the text's rarest words, so it ranks near the top;
# each candidate costs the rules about a millisecond of string work (measured with
# bench/scale.py), so a short list keeps saves fast without missing one.
RECONCILE_POOL = 10
REINFORCE_STEP = 0.05

#: A vector on its way (the embedder's task): a Future, so it may be awaited twice.
Pending = asyncio.Future[list[float] | None]


@dataclass(frozen=True)
class Planned:
    """The rules' decision on a snapshot, and the (id, text) of each memory it weighed."""

    seen: tuple[tuple[str, str], ...]
    decision: Decision


def _seen(similar: list[Memory]) -> tuple[tuple[str, str], ...]:
    return tuple((m.id, m.content) for m in similar)


@dataclass(frozen=True)
class Policy:
    contradiction: str = "supersede"  # supersede | keep_history
    reconcile: bool = True  # False: only exact duplicates are recognised (file imports)


async def similar_memories(
    session: StoreSession, candidate: NewMemory, vector: Pending | None = None
) -> list[Memory]:
    """Active memories of the candidate's scope (and owner, if private) that share words
    or, when the candidate has a vector, meaning; keyword matches first. `vector`: the
    candidate's vector still being computed, awaited after the keyword look-up."""
    hits = await session.search_text(query_terms(candidate.content), RECONCILE_POOL)
    embedding = candidate.embedding if vector is None else await vector
    if embedding is not None:
        hits += await session.search_vector(embedding, RECONCILE_POOL)
    found: dict[str, Memory] = {}
    for h in hits:
        same_owner = candidate.scope == Scope.GLOBAL or h.memory.owner == candidate.owner
        if h.memory.scope == candidate.scope and same_owner and h.memory.status == Status.ACTIVE:
            found.setdefault(h.memory.id, h.memory)
    return list(found.values())


async def plan(session: StoreSession, candidate: NewMemory) -> Planned | None:
    """The rules' decision for `candidate` on this session's snapshot (None when the
    exact text is already known: `save` finds it by its hash, cheaply)."""
    if await session.find_by_hash(candidate.content_hash, candidate.scope) is not None:
        return None
    similar = await similar_memories(session, candidate)
    return Planned(_seen(similar), decide(candidate.content, candidate.content_hash, similar))


async def _rules(
    session: StoreSession,
    candidate: NewMemory,
    planned: Planned | None,
    vector: Pending | None = None,
) -> Decision:
    """The rules' decision on the current state: the plan's, if it weighed exactly the
    memories found now (its target then taken as it is now), else decided here."""
    similar = await similar_memories(session, candidate, vector)
    if planned is None or planned.seen != _seen(similar):
        return decide(candidate.content, candidate.content_hash, similar)
    decision, current = planned.decision, {m.id: m for m in similar}
    if decision.target is not None:
        decision = replace(decision, target=current[decision.target.id])
    if decision.near_miss is not None:
        decision = replace(decision, near_miss=current.get(decision.near_miss.id))
    return decision


async def save(
    session: StoreSession,
    candidate: NewMemory,
    policy: Policy,
    now: float,
    proposal: Decision | None = None,
    is_admin: bool = False,
    planned: Planned | None = None,
    vector: Pending | None = None,
) -> RememberResult:
    """Reconcile `candidate` (saved by its owner, an admin if `is_admin`) and write it.

    `vector`: the candidate's vector, still being computed while the look-ups that need
    none run (the hash, the keyword search); it becomes the candidate's embedding. The
    caller cancels it when the text was already known.

    Reconciliation obeys authority (`core.governance.authority.may_change`): a memory
    the saver may not change is never reinforced, merged into or overwritten; a save
    that would UPDATE or MERGE it is stored beside it instead and the pair is marked
    as conflicting, for its author or an admin to resolve. Authorship never moves.
    """
    known = await session.find_by_hash(candidate.content_hash, candidate.scope)
    if known is not None:
        may = may_change(known, candidate.owner, is_admin)
        if may and known.owner != candidate.owner:
            await vouch_admin(session, is_admin)
        return await _reinforce(session, known, now, may=may)
    rules = (
        await _rules(session, candidate, planned, vector)
        if policy.reconcile
        else Decision(Op.ADD, None, candidate.content)
    )
    if vector is not None:
        candidate = replace(candidate, embedding=await vector)
    decision = await _confirm(session, proposal) if proposal is not None else None
    if decision is None or (decision.op == Op.ADD and rules.op in (Op.NOOP, Op.MERGE)):
        decision = rules  # no usable proposal, or the model missed a plain restatement
    if (
        decision.op == Op.MERGE
        and decision.target is not None
        and not restates(decision.target.content, candidate.content)
    ):
        # never fold two distinct facts; the one it was taken for is a near miss
        decision = Decision(Op.ADD, None, candidate.content, near_miss=decision.target)
    if candidate.status == Status.PENDING_REVIEW and decision.op != Op.NOOP:
        decision = Decision(Op.ADD, None, candidate.content)
    target = decision.target
    if target is not None and not may_change(target, candidate.owner, is_admin):
        if decision.op == Op.NOOP or decision.content == target.content:
            return await _reinforce(session, target, now, may=False)
        return await _beside(session, candidate, target, now)
    if target is not None and target.owner != candidate.owner:
        await vouch_admin(session, is_admin)  # an admin changing someone's global
    if decision.op in (Op.UPDATE, Op.MERGE) and decision.content not in ("", candidate.content):
        candidate = _retext(candidate, decision.content)
    try:
        if decision.op == Op.NOOP and decision.target is not None:
            return await _reinforce(session, decision.target, now)
        if decision.op == Op.UPDATE and decision.target is not None:
            if policy.contradiction == "keep_history":
                return await _supersede(session, decision.target, candidate, now)
            return await _rewrite(session, decision.target, candidate, now, SaveStatus.UPDATED)
        if decision.op == Op.MERGE and decision.target is not None:
            if decision.content == decision.target.content:
                return await _reinforce(session, decision.target, now, SaveStatus.MERGED)
            return await _rewrite(session, decision.target, candidate, now, SaveStatus.MERGED)
        near = decision.near_miss or (rules.near_miss if rules.op == Op.ADD else None)
        return await _add(session, candidate, now, near if may_see(candidate, near) else None)
    except DuplicateMemory:
        known = await session.find_by_hash(candidate.content_hash, candidate.scope)
        if known is None:
            raise
        may = may_change(known, candidate.owner, is_admin)
        return await _reinforce(session, known, now, may=may)


def restates(old: str, new: str) -> bool:
    """A model's MERGE stands only if the rules see no number, name or negation that
    tells the two apart (`reconcile.distinguishing`, `same_polarity`)."""
    return not distinguishing(old, new) and same_polarity(old, new)


async def _confirm(session: StoreSession, proposal: Decision) -> Decision | None:
    """The proposal, if the memory it names is still active and unchanged; else None."""
    if proposal.target is None:
        return proposal if proposal.op == Op.ADD else None
    current = await session.get_memory(proposal.target.id)
    if (
        current is None
        or current.status != Status.ACTIVE
        or current.content_hash != proposal.target.content_hash
    ):
        return None
    return replace(proposal, target=current)


def _retext(candidate: NewMemory, content: str) -> NewMemory:
    """The candidate carrying the text the model chose (its vector no longer fits)."""
    return replace(
        candidate,
        content=content,
        content_hash=content_hash(content),
        entities=find_entities(content),
        embedding=None,
    )


def may_see(candidate: NewMemory, other: Memory | None) -> bool:
    """Whether a save may be told it looks like `other` (and the pair recorded): an
    active memory of the same workspace and scope that its saver can see — a shared
    one, or their own private one. Never another user's private memory, and never a
    private one against a shared one (a merge must not move a fact between scopes)."""
    return (
        other is not None
        and other.status == Status.ACTIVE
        and candidate.status == Status.ACTIVE
        and other.workspace == candidate.workspace
        and other.scope == candidate.scope
        and (other.scope == Scope.GLOBAL or other.owner == candidate.owner)
    )


async def _add(
    session: StoreSession, candidate: NewMemory, now: float, near_miss: Memory | None = None
) -> RememberResult:
    """Insert a new memory; with `near_miss` (one `may_see` allows), record the pair
    for the saver to merge or keep (`core.governance.near_misses`)."""
    memory = await session.insert_memory(candidate)
    if memory.entities:
        await session.bump_entities(memory.entities, now)
    entry = await audit.record(session, "add", [memory.id], [None], now)
    status = (
        SaveStatus.PENDING_REVIEW if memory.status == Status.PENDING_REVIEW else SaveStatus.SAVED
    )
    if near_miss is not None:
        await session.add_near_miss(memory.id, near_miss.id, now)
    return RememberResult(status, memory=memory, audit_id=entry.id, near_miss=near_miss)


async def _reinforce(
    session: StoreSession,
    memory: Memory,
    now: float,
    status: SaveStatus = SaveStatus.DUPLICATE,
    *,
    may: bool = True,
) -> RememberResult:
    """Already known: a little more importance, if the saver may change the memory
    (someone else's is left exactly as its author keeps it)."""
    if not may:
        return RememberResult(SaveStatus.DUPLICATE, memory=memory)
    patch = MemoryPatch(importance=min(1.0, memory.importance + REINFORCE_STEP), updated_at=now)
    updated = await session.update_memory(memory.id, patch)
    await audit.record(session, "noop", [memory.id], [memory], now)
    return RememberResult(status, memory=updated or memory)


async def _beside(
    session: StoreSession, candidate: NewMemory, other: Memory, now: float
) -> RememberResult:
    """Stored as a new memory next to one its saver may not change; both marked."""
    result = await _add(session, candidate, now)
    assert result.memory is not None
    await session.add_conflict(result.memory.id, other.id, now)
    return replace(result, status=SaveStatus.CONFLICT, replaced=other)


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
        await session.set_embedding(updated.id, new.embedding, content_hash=updated.content_hash)
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
