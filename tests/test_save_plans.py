"""A save's reconciliation planned on a snapshot (outside the writer's turn) decides
exactly as one made inside the write transaction: a plan that another save made stale
is decided again on the current state (SPEC §4.4; issue 14's concurrency)."""

from __future__ import annotations

from core.models import Principal, SaveStatus, Status
from core.remember import saving
from core.remember.intake import SaveRequest, new_memory
from core.remember.reconcile import Op

ALICE = Principal("acme", "alice")


def candidate(text: str, now: float):
    return new_memory(ALICE, SaveRequest(text), text, now)


async def contents(store) -> list[str]:
    async with store.session(ALICE, read_only=True) as s:
        return sorted(m.content for m in await s.list_memories([Status.ACTIVE], 10))


async def test_a_plan_made_stale_by_another_save_is_decided_again(store, clock):
    new = candidate("the staging DB is on port 5432", clock.now)
    async with store.session(ALICE, read_only=True) as s:
        planned = await saving.plan(s, new)
    assert planned is not None and planned.decision.op == Op.ADD  # nothing similar yet
    other = candidate("the staging DB is on port 6543", clock.now)
    async with store.session(ALICE) as s:  # another save lands before this one's turn
        assert (await saving.save(s, other, saving.Policy(), clock.now)).status == SaveStatus.SAVED
    async with store.session(ALICE) as s:
        result = await saving.save(s, new, saving.Policy(), clock.now, planned=planned)
    assert result.status == SaveStatus.UPDATED  # the plan's ADD would have kept both
    assert await contents(store) == ["the staging DB is on port 5432"]


async def test_a_plan_still_current_is_applied_to_the_memory_as_it_is_now(store, clock):
    old = candidate("the staging DB is on port 6543", clock.now)
    async with store.session(ALICE) as s:
        await saving.save(s, old, saving.Policy(), clock.now)
    new = candidate("the staging DB is on port 5432", clock.now)
    async with store.session(ALICE, read_only=True) as s:
        planned = await saving.plan(s, new)
    assert planned is not None and planned.decision.op == Op.UPDATE
    async with store.session(ALICE) as s:
        result = await saving.save(s, new, saving.Policy(), clock.now, planned=planned)
    assert result.status == SaveStatus.UPDATED
    assert result.replaced is not None and result.replaced.content == old.content
    assert await contents(store) == ["the staging DB is on port 5432"]
