"""Recall (SPEC §5, standalone): OR keyword search re-scored by importance × recency."""

from __future__ import annotations

import pytest

from core.models import Scope

WS, ALICE, BOB = "acme", "alice", "bob"


async def test_a_natural_question_finds_the_memory_with_or_semantics(service):
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.remember(WS, ALICE, "lunch is at noon")
    hits = await service.recall(WS, ALICE, "which port is staging on?")
    assert [h.content for h in hits] == ["the staging DB is on port 6543"]
    hit = hits[0]
    assert hit.id and hit.score > 0 and hit.kind == "fact" and hit.scope == "private"


async def test_recalled_memories_are_touched(service, clock):
    saved = await service.remember(WS, ALICE, "the staging DB is on port 6543")
    clock.advance(seconds=30)
    await service.recall(WS, ALICE, "staging port")
    memory = await service.get_memory(WS, ALICE, saved.memory.id)
    assert memory.use_count == 1 and memory.last_used_at == clock.now
    await service.recall(WS, ALICE, "staging port", touch=False)
    assert (await service.get_memory(WS, ALICE, saved.memory.id)).use_count == 1


async def test_explicit_saves_rank_above_extracted_ones_of_equal_relevance(service):
    await service.remember(WS, ALICE, "the deploy bot is named Hermes", source="extracted")
    await service.remember(WS, ALICE, "the deploy pipeline is named Atlas")
    hits = await service.recall(WS, ALICE, "what is the deploy named")
    assert hits[0].content == "the deploy pipeline is named Atlas"
    assert hits[0].score > hits[1].score


async def test_an_old_intent_fades_below_a_fresh_fact(service, clock):
    await service.remember(WS, ALICE, "I'm working on the billing migration this week")
    clock.advance(days=60)
    await service.remember(WS, ALICE, "the billing migration runbook is in Notion")
    hits = await service.recall(WS, ALICE, "billing migration")
    assert hits[0].content == "the billing migration runbook is in Notion"
    assert hits[1].score < hits[0].score * 0.5


async def test_a_year_old_fact_still_ranks_with_half_its_recency(service, clock):
    """A fact's half-life is 365 days: a year on, its recency is 0.5, which the
    recency floor (0.25) maps to a score factor of 0.25 + 0.75 × 0.5 = 0.625."""
    await service.remember(WS, ALICE, "the VPN gateway is vpn.acme.dev")
    (fresh,) = await service.recall(WS, ALICE, "vpn gateway", touch=False)
    clock.advance(days=365)
    (old,) = await service.recall(WS, ALICE, "vpn gateway", touch=False)
    assert old.score / fresh.score == pytest.approx(0.625, rel=1e-3)


async def test_use_nudges_a_memory_up(service):
    a = await service.remember(WS, ALICE, "the red team meets on Mondays")
    await service.remember(WS, ALICE, "the blue team meets on Mondays")
    before = {h.id: h.score for h in await service.recall(WS, ALICE, "team meets", touch=False)}
    for _ in range(5):
        await service.recall(WS, ALICE, "red team")
    after = {h.id: h.score for h in await service.recall(WS, ALICE, "team meets", touch=False)}
    assert after[a.memory.id] > before[a.memory.id]


async def test_another_user_never_recalls_a_private_memory(service):
    await service.remember(WS, ALICE, "my manager is Dana")
    assert await service.recall(WS, BOB, "who is my manager Dana") == []
    assert await service.recall("other", ALICE, "who is my manager Dana") == []


async def test_global_memories_are_recalled_across_the_workspace_and_nowhere_else(service):
    await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)
    assert [h.content for h in await service.recall(WS, BOB, "when do we deploy")] == [
        "we deploy on Tuesdays"
    ]
    assert await service.recall("other-ws", BOB, "when do we deploy") == []


async def test_incognito_recalls_nothing_in_that_channel(service):
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.incognito(WS, ALICE, "C1", True)
    assert await service.recall(WS, ALICE, "staging port", channel="C1") == []
    assert len(await service.recall(WS, ALICE, "staging port", channel="C2")) == 1


@pytest.mark.parametrize(
    "query",
    [
        '"',
        '"unbalanced',
        "*",
        "NEAR(",
        "staging OR",
        "AND",
        "NOT staging",
        "a:b",
        "^",
        "()",
        "-port",
        "\x00",
        "\u202e",
        "🧠",
        "   ",
        "",
        "x" * 100_000,
        'staging" OR "port',
    ],
)
async def test_fts_syntax_and_odd_input_in_queries_never_error(service, query):
    """Odd input finds the memory when it names one of its words, and nothing else."""
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.remember(WS, BOB, "bob's staging notes are private")
    hits = await service.recall(WS, ALICE, query)
    assert {h.content for h in hits} <= {"the staging DB is on port 6543"}
    if {"staging", "port"} & set(query.lower().replace('"', " ").replace("-", " ").split()):
        assert [h.content for h in hits] == ["the staging DB is on port 6543"]


async def test_quoted_fts_operators_are_searched_as_words(service):
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    hits = await service.recall(WS, ALICE, 'staging" OR "nothing')
    assert [h.content for h in hits] == ["the staging DB is on port 6543"]


async def test_min_score_and_limit_are_respected(service):
    for name in ["billing", "search", "auth", "mailer", "gateway", "ledger", "images", "audit"]:
        await service.remember(WS, ALICE, f"the {name} service is deployed with kubernetes")
    assert len(await service.recall(WS, ALICE, "kubernetes", limit=3)) == 3
    assert await service.recall(WS, ALICE, "kubernetes", min_score=5.0) == []
