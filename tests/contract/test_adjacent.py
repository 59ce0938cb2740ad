"""Conversation neighbours (`StoreSession.adjacent`), on both stores: the memory its
owner saved right before and right after, in the same scope and channel, close in time,
and never a memory the asker may not see."""

from __future__ import annotations

from core.models import MemoryPatch, Principal, Scope, Status
from tests.contract.test_store_contract import add

ALICE = Principal("acme", "alice")
BOB = Principal("acme", "bob")


def sides(pairs, anchor: str) -> dict[int, str]:
    return {side: m.content for a, side, m in pairs if a == anchor}


async def test_a_memory_has_the_ones_saved_just_before_and_after_it(store):
    first = await add(store, ALICE, "how long have you been married?", created_at=100.0)
    reply = await add(store, ALICE, "5 years already!", created_at=101.0)
    last = await add(store, ALICE, "time flies", created_at=102.0)
    async with store.session(ALICE) as s:
        pairs = await s.adjacent([reply.id, first.id, last.id], 60.0)
    assert sides(pairs, reply.id) == {-1: "how long have you been married?", 1: "time flies"}
    assert sides(pairs, first.id) == {1: "5 years already!"}
    assert sides(pairs, last.id) == {-1: "5 years already!"}


async def test_memories_saved_apart_are_not_neighbours(store):
    """Another channel, too long after, another scope, or no longer active: each is
    a different conversation (or none), so nothing crosses it."""
    base = await add(store, ALICE, "the staging port is 8080", created_at=1_000.0, channel="C1")
    later = await add(store, ALICE, "lunch is at noon", created_at=5_000.0, channel="C1")
    other = await add(store, ALICE, "deploys are on Thursday", created_at=5_001.0, channel="C2")
    shared = await add(store, ALICE, "the office opens at 9", Scope.GLOBAL, created_at=5_002.0)
    gone = await add(store, ALICE, "old note", created_at=5_003.0, channel="C2")
    async with store.session(ALICE) as s:
        await s.update_memory(gone.id, MemoryPatch(status=Status.SUPERSEDED))
        pairs = await s.adjacent([base.id, later.id, other.id, shared.id], 600.0)
    assert sides(pairs, base.id) == {}  # the next one came an hour later
    assert sides(pairs, later.id) == {}  # its neighbours are another channel's
    assert sides(pairs, shared.id) == {}  # the only global one
    assert sides(pairs, other.id) == {}  # the one after it was superseded


async def test_no_one_sees_anothers_private_neighbours(store):
    mine = await add(store, ALICE, "my private note", created_at=100.0)
    await add(store, ALICE, "my next private note", created_at=101.0)
    announced = await add(store, ALICE, "the offsite is in May", Scope.GLOBAL, created_at=102.0)
    await add(store, ALICE, "bring a jacket to the offsite", Scope.GLOBAL, created_at=103.0)
    async with store.session(BOB) as s:
        assert await s.adjacent([mine.id], 60.0) == []  # not his to see, nor its neighbour
        pairs = await s.adjacent([announced.id], 60.0)
    assert sides(pairs, announced.id) == {1: "bring a jacket to the offsite"}


async def test_reach_two_adds_the_lines_two_away_on_each_side(store):
    """A question, its answer's lead-in, then the answer: the same speaker's next line
    is two away in a two-person chat."""
    texts = ["Ana: what did the kids like?", "Ben: oh, a lot", "Ben: the dinosaurs!", "Ana: ha"]
    saved = [await add(store, ALICE, t, created_at=100.0 + i) for i, t in enumerate(texts)]
    async with store.session(ALICE) as s:
        near = await s.adjacent([saved[0].id], 60.0)
        far = await s.adjacent([saved[0].id, saved[3].id], 60.0, reach=2)
    assert sides(near, saved[0].id) == {1: "Ben: oh, a lot"}
    assert sides(far, saved[0].id) == {1: "Ben: oh, a lot", 2: "Ben: the dinosaurs!"}
    assert sides(far, saved[3].id) == {-1: "Ben: the dinosaurs!", -2: "Ben: oh, a lot"}
