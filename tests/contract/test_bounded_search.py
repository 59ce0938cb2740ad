"""Keyword search on a real team's vocabulary: common words never crowd out the answer.

Both stores gather candidates term by term with a quota (SQLite
`core.stores.sqlite.candidates.TERM_QUOTA`, PostgreSQL `CANDIDATES_PER_TERM`), so
these workspaces hold more memories with the common words than any quota.
"""

from __future__ import annotations

from core.models import Principal, Scope
from core.stores.postgres.search import CANDIDATES_PER_TERM
from core.stores.sqlite.candidates import TERM_QUOTA
from tests.contract.test_store_contract import memory

ALICE = Principal("acme", "alice")
MANY = max(TERM_QUOTA, CANDIDATES_PER_TERM) + 60


async def fill(store, texts):
    async with store.session(ALICE) as s:
        return await s.insert_memories([memory(ALICE, t) for t in texts])


async def test_insert_memories_writes_a_batch_and_skips_active_duplicates(store):
    written = await fill(store, ["alpha one", "beta two"])
    assert len(written) == 2
    again = [memory(ALICE, "alpha one"), memory(ALICE, "gamma three")]
    async with store.session(ALICE) as s:
        written_again = await s.insert_memories(again)
        listed = await s.list_memories(["active"], 10)
    assert written_again == [again[1].id]
    assert sorted(m.content for m in listed) == ["alpha one", "beta two", "gamma three"]


async def test_insert_memories_refuses_rows_of_another_scope(store):
    other = memory(Principal("acme", "bob"), "bob's note")
    async with store.session(ALICE) as s:
        try:
            await s.insert_memories([other])
        except PermissionError:
            pass
        else:
            raise AssertionError("a batch wrote into another user's scope")


async def test_a_rare_word_finds_its_memory_among_many_with_the_common_words(store):
    await fill(store, ["Zanzibar owns the deploy of the billing team"])
    await fill(store, [f"the team will deploy release {n} on time" for n in range(MANY)])
    async with store.session(ALICE) as s:
        hits = await s.search_text(["team", "deploy", "zanzibar"], 10)
    assert hits[0].memory.content == "Zanzibar owns the deploy of the billing team"
    assert len(hits) == 10  # the common words still fill the rest of the page


async def test_common_words_alone_find_the_memories_holding_all_of_them(store):
    both = ["deploy the search service at noon", "the service deploy failed twice"]
    await fill(store, both)
    await fill(store, [f"deploy number {n}" for n in range(MANY)])
    await fill(store, [f"service number {n}" for n in range(MANY)])
    async with store.session(ALICE) as s:
        hits = await s.search_text(["deploy", "service"], 2)
        again = await s.search_text(["deploy", "service"], 2)
    assert sorted(h.memory.content for h in hits) == sorted(both)
    assert sorted(h.memory.content for h in again) == sorted(both)


async def test_common_word_quotas_count_only_rows_the_principal_may_see(store):
    bob = Principal("acme", "bob")
    async with store.session(bob) as s:
        await s.insert_memories([memory(bob, f"team deploy {n}") for n in range(MANY)])
    await fill(store, ["the team deploy for Alice"])
    async with store.session(ALICE) as s:
        hits = await s.search_text(["team", "deploy"], 10)
    assert [h.memory.content for h in hits] == ["the team deploy for Alice"]
    assert all(h.memory.scope == Scope.PRIVATE for h in hits)
