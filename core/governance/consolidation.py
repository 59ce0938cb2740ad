"""Consolidation: keep the store useful as it grows (SPEC §9). A background job.

A run visits each owner's private memories (in a session as that owner, so the owner
can undo the result like any change of theirs) and the workspace's global memories
(as the admin who asked, or SYSTEM_ACTOR for scheduled runs). In each scope it:

1. merges near-duplicates that slipped past reconciliation (`merging`): the survivor
   keeps its id and takes the group's highest importance and confidence, summed use
   count and latest use; the others become `superseded` (valid_to = now) — kept, not
   deleted, so no text is ever lost;
2. retires intents idle for RETIRE_AFTER_HALF_LIVES half-lives (4 × 7 days), and any
   memory unused for longer than the workspace's retention setting: status
   `archived`, out of recall and lists;
3. marks memories idle for STALE_AFTER_HALF_LIVES half-life of their kind as stale
   (`stale_since`). A flag, not a status: a stale memory is still listed and recalled,
   only ranked lower (`ranking.stale_penalty`); using or changing it lifts the mark.

Pinned memories are left entirely alone. Planning reads a snapshot and calls the chat
model outside any transaction; the plan is iterated to a fixed point first, so a
second run finds nothing to do. The writes then run in one session per scope,
skipping anything that changed meanwhile, audited as one "consolidate" entry holding
every prior state, so undo restores the lot.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from core.governance import audit
from core.governance.authority import vouch_admin
from core.governance.listing import visible_memories
from core.governance.merging import (
    Group,
    acceptable,
    may_rewrite,
    near_duplicate_groups,
    rewrite_pair,
    scope_key,
)
from core.models import HALF_LIFE_DAYS, Kind, Memory, MemoryPatch, Principal, Scope, Status
from core.ports import ChatModel, Ports, StoreSession
from core.providers.vectors import embed_text
from core.recall.ranking import DAY
from core.remember.canonical import content_hash, normalize_content
from core.remember.classify import find_entities

log = logging.getLogger(__name__)

SYSTEM_ACTOR = "memorybot:consolidation"
RETIRE_AFTER_HALF_LIVES = 4
STALE_AFTER_HALF_LIVES = 1
MAX_PASSES = 4


@dataclass
class ConsolidationReport:
    merged: int = 0  # memories absorbed into a near-duplicate
    rewritten: int = 0  # merged groups whose text the chat model rewrote
    retired: int = 0  # intents past their life and memories past retention, archived
    stale: int = 0  # memories marked stale
    scopes: int = 0  # private sets and global sets visited
    audit: list[tuple[str, str]] = field(default_factory=list)  # (actor, audit id)

    @property
    def changed(self) -> int:
        return self.merged + self.retired + self.stale

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "changed": self.changed}


@dataclass
class Plan:
    groups: list[Group] = field(default_factory=list)
    retire: list[Memory] = field(default_factory=list)
    stale: set[str] = field(default_factory=set)
    originals: dict[str, Memory] = field(default_factory=dict)  # as read, to detect changes
    merged_views: dict[str, Memory] = field(default_factory=dict)  # survivor id → result


def idle_for(memory: Memory, now: float, half_lives: float) -> bool:
    last = max(memory.updated_at, memory.last_used_at or 0.0)
    return now - last >= half_lives * HALF_LIFE_DAYS[memory.kind] * DAY


def retired_intent(memory: Memory, now: float) -> bool:
    return memory.kind == Kind.INTENT and idle_for(memory, now, RETIRE_AFTER_HALF_LIVES)


def past_retention(memory: Memory, now: float, retention_days: int) -> bool:
    """The workspace keeps unused memories `retention_days` at most (0 = forever)."""
    last = max(memory.updated_at, memory.last_used_at or 0.0)
    return retention_days > 0 and now - last >= retention_days * DAY


def merged_view(group: Group) -> Memory:
    """The survivor as it will be after absorbing the group."""
    members = group.members
    used = [m.last_used_at for m in members if m.last_used_at is not None]
    return replace(
        group.survivor,
        content=group.content,
        importance=max(m.importance for m in members),
        confidence=max(m.confidence for m in members),
        use_count=sum(m.use_count for m in members),
        last_used_at=max(used) if used else None,
        updated_at=max(m.updated_at for m in members),
    )


async def _settle_text(
    max_chars: int, model: ChatModel | None, group: Group, taken: set[str]
) -> None:
    """Keep the survivor's text, or with a chat model fold a learned group into one."""
    group.content = group.survivor.content
    if model is None or not may_rewrite(group):
        return
    text = group.content
    for other in group.absorbed:
        candidate = await rewrite_pair(model, text, other.content)
        if candidate and acceptable(candidate, max_chars, taken):
            text = candidate
        elif len(normalize_content(other.content)) > len(normalize_content(text)):
            text = other.content
    group.rewritten = text != group.survivor.content
    group.content = text


async def plan_scope(
    ports: Ports, memories: Sequence[Memory], now: float, retention_days: int = 0
) -> Plan:
    """What consolidation would change among these active memories of one scope."""
    movable = [m for m in memories if m.status == Status.ACTIVE and not m.pinned]
    model = await ports.providers.chat_for(memories[0].workspace) if movable else None
    plan = Plan(
        retire=[
            m for m in movable if retired_intent(m, now) or past_retention(m, now, retention_days)
        ]
    )
    retired = {m.id for m in plan.retire}
    originals = {m.id: m for m in movable if m.id not in retired}
    plan.originals = originals
    working = dict(originals)  # id → memory as the plan has it (text may be rewritten)
    absorbed_by: dict[str, list[str]] = {}
    texts: dict[str, tuple[str, bool]] = {}
    fixed = {m.content_hash for m in memories if m.status == Status.ACTIVE and m.id not in working}
    for _ in range(MAX_PASSES):
        groups = near_duplicate_groups(list(working.values()))
        if not groups:
            break
        for group in groups:
            taken: set[str] = set()
            if model is not None and may_rewrite(group):
                ids = {m.id for m in group.members}
                taken = fixed | {
                    content_hash(m.content) for i, m in working.items() if i not in ids
                }
            await _settle_text(ports.max_chars, model, group, taken)
            head = group.survivor.id
            for other in group.absorbed:
                absorbed_by.setdefault(head, []).extend([other.id, *absorbed_by.pop(other.id, [])])
                texts.pop(other.id, None)
                del working[other.id]
            rewritten = group.rewritten or texts.get(head, ("", False))[1]
            texts[head] = (group.content, rewritten)
            working[head] = replace(working[head], content=group.content)
        if all(g.content == g.survivor.content for g in groups):
            break  # texts unchanged: every remaining pair was compared already
    for head, absorbed in absorbed_by.items():
        content, rewritten = texts[head]
        group = Group(originals[head], [originals[i] for i in absorbed], content, rewritten)
        plan.groups.append(group)
        plan.merged_views[head] = merged_view(group)
    gone = {i for ids in absorbed_by.values() for i in ids}
    for memory_id in originals.keys() - gone:
        view = plan.merged_views.get(memory_id, originals[memory_id])
        if not view.stale and idle_for(view, now, STALE_AFTER_HALF_LIVES):
            plan.stale.add(memory_id)
    return plan


def _unchanged(current: Memory | None, seen: Memory) -> bool:
    def state(m: Memory) -> tuple[object, ...]:
        return (m.content_hash, m.status, m.pinned, m.updated_at, m.last_used_at, m.stale_since)

    return current is not None and state(current) == state(seen)


async def apply_plan(
    session: StoreSession,
    plan: Plan,
    vectors: dict[str, list[float] | None],
    now: float,
    report: ConsolidationReport,
) -> None:
    """Write the plan in this session, skipping whatever changed since it was read."""
    before: dict[str, Memory] = {}

    async def current(memories: Sequence[Memory]) -> list[Memory] | None:
        found = [await session.get_memory(m.id) for m in memories]
        if not all(_unchanged(now_, seen) for now_, seen in zip(found, memories, strict=True)):
            return None
        for memory in found:
            assert memory is not None
            before.setdefault(memory.id, memory)
        return [m for m in found if m is not None]

    counts = {"merged": 0, "rewritten": 0, "retired": 0, "stale": 0}
    for group in plan.groups:
        if await current(group.members) is None:
            continue
        for other in group.absorbed:  # merged: no longer a near miss to ask about
            patch = MemoryPatch(status=Status.SUPERSEDED, valid_to=now)
            await session.update_memory(other.id, patch)
            await session.clear_near_misses(other.id)
        await _absorb(session, group, plan, vectors.get(group.survivor.id), now)
        counts["merged"] += len(group.absorbed)
        counts["rewritten"] += int(group.rewritten)
        counts["stale"] += int(group.survivor.id in plan.stale)
    for memory in plan.retire:
        if await current([memory]) is not None:
            patch = MemoryPatch(status=Status.ARCHIVED, valid_to=now)
            await session.update_memory(memory.id, patch)
            counts["retired"] += 1
    for memory_id in sorted(plan.stale - set(plan.merged_views)):
        if await current([plan.originals[memory_id]]) is not None:
            await session.update_memory(memory_id, MemoryPatch(stale_since=now))
            counts["stale"] += 1
    if before:
        detail = json.dumps(counts)
        entry = await audit.record(
            session, "consolidate", list(before), list(before.values()), now, detail=detail
        )
        report.audit.append((session.principal.user, entry.id))
    for name, value in counts.items():
        setattr(report, name, getattr(report, name) + value)


async def _absorb(
    session: StoreSession, group: Group, plan: Plan, vector: list[float] | None, now: float
) -> None:
    view = plan.merged_views[group.survivor.id]
    patch = MemoryPatch(
        importance=view.importance,
        confidence=view.confidence,
        use_count=view.use_count,
        last_used_at=view.last_used_at,
        updated_at=view.updated_at,
        stale_since=now if group.survivor.id in plan.stale else None,
    )
    if group.content != group.survivor.content:
        patch.content = group.content
        patch.content_hash = content_hash(group.content)
        patch.entities = find_entities(group.content)
        patch.clear_embedding = True
    await session.update_memory(group.survivor.id, patch)
    if patch.content is not None:
        if vector is not None:
            assert patch.content_hash is not None
            await session.set_embedding(group.survivor.id, vector, content_hash=patch.content_hash)
        fresh = [e for e in patch.entities or [] if e not in group.survivor.entities]
        if fresh:
            await session.bump_entities(fresh, now)


async def consolidate_scope(
    ports: Ports, principal: Principal, scope: Scope, report: ConsolidationReport
) -> None:
    """Plan and apply for one scope: the principal's private set, or the global set."""
    now = ports.clock()
    async with ports.store.session(principal) as session:
        visible = await visible_memories(session)
        retention_days = (await session.get_settings()).retention_days
    key = (scope.value, principal.user if scope == Scope.PRIVATE else "")
    memories = [m for m in visible if scope_key(m) == key]
    report.scopes += 1
    plan = await plan_scope(ports, memories, now, retention_days)
    if not (plan.groups or plan.retire or plan.stale):
        return
    vectors = {
        g.survivor.id: await embed_text(ports, principal.workspace, g.content)
        for g in plan.groups
        if g.content != g.survivor.content
    }
    async with ports.store.session(principal) as session:
        # The global set is the workspace's: consolidating it is an admin's act (the
        # admin who asked, or the schedule the admins set up).
        await vouch_admin(session, scope == Scope.GLOBAL)
        await apply_plan(session, plan, vectors, now, report)


async def consolidate(
    ports: Ports,
    workspace: str,
    *,
    actor: str = SYSTEM_ACTOR,
    users: Sequence[str] | None = None,
    include_global: bool = True,
) -> ConsolidationReport:
    """Consolidate a workspace: every owner's private memories (or just `users`'),
    then the global set as `actor`. Returns what changed, with the audit ids."""
    report = ConsolidationReport()
    if users is None:
        async with ports.store.session(Principal(workspace, actor)) as session:
            users = await session.memory_owners()
    for user in users:
        await consolidate_scope(ports, Principal(workspace, user), Scope.PRIVATE, report)
    if include_global:
        await consolidate_scope(ports, Principal(workspace, actor), Scope.GLOBAL, report)
    return report


async def undo_run(ports: Ports, workspace: str, report: ConsolidationReport) -> int:
    """Undo every change a run made, scope by scope; returns how many entries reverted."""
    undone = 0
    for actor, audit_id in reversed(report.audit):
        async with ports.store.session(Principal(workspace, actor)) as session:
            undo = audit.undo(session, audit_id, ports.clock(), actor == SYSTEM_ACTOR)
            undone += (await undo).ok
    return undone


async def consolidate_job(ports: Ports, payload: dict[str, Any]) -> None:
    """The scheduled (or queued) run: payload {"workspace": ..., "actor": optional}."""
    report = await consolidate(
        ports, payload["workspace"], actor=payload.get("actor") or SYSTEM_ACTOR
    )
    log.info("consolidated %s: %s", payload["workspace"], json.dumps(report.as_dict()))
