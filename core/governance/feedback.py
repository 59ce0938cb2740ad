"""Feedback: 👍 / 👎 on a reply moves the trust of the memories that reply used.

Votes are kept per memory and user as a running net (+1 per 👍, -1 per 👎, bounded at
±MAX_NET), and a memory's trust (-1..1) is recomputed from all of them on every vote,
never nudged in place, so it cannot drift:

- a private memory has one voter, its owner: trust = STEP × net. Three 👎 bring it
  to -0.75, past `ranking.BURIED_TRUST` (-0.6): recall stops using it. It stays in
  /memories, where the user can correct it (which withdraws their votes), forget it,
  or undo the feedback.
- a global memory belongs to the workspace, so each user counts once however often
  they vote (their net clipped to ±1): trust = STEP × Σ sign(net). One user can
  nudge it (-0.25) but never bury it alone; that takes three more people against it
  than for it (or its author or an admin forgetting it).

Trust also feeds importance in ranking (`trust_weight`), so one vote re-orders close
calls at once. Each feedback is audited with the voter's previous nets and no memory
text; undo puts those votes back and recomputes trust, leaving other users' votes on
a shared memory alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from core.governance import audit
from core.models import AuditEntry, Memory, MemoryPatch, Scope
from core.ports import StoreSession
from core.recall import ranking

STEP = 0.25
MAX_NET = 4


@dataclass(frozen=True)
class FeedbackResult:
    memories: list[Memory] = field(default_factory=list)  # as they are after the vote
    audit_id: str | None = None
    moved: tuple[str, ...] = ()  # the memories whose vote actually changed

    @property
    def buried(self) -> int:
        """How many of them recall now leaves out."""
        return sum(ranking.buried(m) for m in self.memories)


def trust_from_votes(scope: Scope, votes: Mapping[str, int]) -> float:
    """A memory's trust from every user's net vote (see the module docstring)."""
    if scope == Scope.GLOBAL:
        total = sum(max(-1, min(1, net)) for net in votes.values())
    else:
        total = sum(max(-MAX_NET, min(MAX_NET, net)) for net in votes.values())
    return max(-1.0, min(1.0, STEP * total))


async def recompute_trust(session: StoreSession, memory_id: str) -> Memory | None:
    memory = await session.get_memory(memory_id)
    if memory is None:
        return None
    trust = trust_from_votes(memory.scope, await session.votes(memory_id))
    if trust == memory.trust:
        return memory
    return await session.update_memory(memory_id, MemoryPatch(trust=trust))


async def give(
    session: StoreSession, memory_ids: Sequence[str], up: bool, now: float
) -> FeedbackResult:
    """Record the principal's 👍 (up) or 👎 on each memory they can see."""
    return await _step(session, memory_ids, 1 if up else -1, now)


async def _step(
    session: StoreSession, memory_ids: Sequence[str], step: int, now: float
) -> FeedbackResult:
    """Move the principal's net vote on each memory they can see by `step`; audited
    (undoable) when any vote moved."""
    user = session.principal.user
    previous: dict[str, int] = {}
    after: list[Memory] = []
    for memory_id in dict.fromkeys(memory_ids):
        memory = await session.get_memory(memory_id)
        if memory is None:
            continue
        mine = (await session.votes(memory_id)).get(user, 0)
        net = max(-MAX_NET, min(MAX_NET, mine + step))
        if net != mine:
            previous[memory_id] = mine
            await session.set_vote(memory_id, net, now)
        after.append(await recompute_trust(session, memory_id) or memory)
    if not previous:
        return FeedbackResult(after)
    detail = json.dumps({"up": step > 0, "previous": previous})
    entry = await audit.record(session, "feedback", list(previous), [], now, detail=detail)
    return FeedbackResult(after, entry.id, tuple(previous))


async def step_back(
    session: StoreSession, memory_ids: Sequence[str], up: bool, now: float
) -> FeedbackResult:
    """Take back one 👍 (up) or 👎 the principal gave these memories (a removed reaction)."""
    return await _step(session, memory_ids, -1 if up else 1, now)


async def withdraw(session: StoreSession, memory_id: str, now: float) -> int:
    """Remove the principal's vote on a memory (returns what it was) and recompute."""
    mine = (await session.votes(memory_id)).get(session.principal.user, 0)
    if mine:
        await session.set_vote(memory_id, 0, now)
        await recompute_trust(session, memory_id)
    return mine


async def _revert(session: StoreSession, entry: AuditEntry, now: float) -> None:
    for memory_id, net in json.loads(entry.detail)["previous"].items():
        await session.set_vote(memory_id, int(net), now)
        await recompute_trust(session, memory_id)


audit.REVERTERS["feedback"] = _revert
