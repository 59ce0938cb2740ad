"""Both stores claim a delivery once: the first claim wins, retries lose, workspaces
are separate, and old claims are forgotten (issue 13: Slack retries)."""

from __future__ import annotations

import asyncio

from core.models import Principal

ACME = Principal("acme", "")
OTHER = Principal("other", "")


async def claim(store, principal: Principal, key: str, now: float, keep: float = 3600.0) -> bool:
    async with store.session(principal) as session:
        return await session.claim_delivery(key, now, keep)


async def test_the_first_claim_of_a_key_wins_and_every_later_one_loses(store):
    assert await claim(store, ACME, "slack-event:Ev1", 100.0) is True
    assert await claim(store, ACME, "slack-event:Ev1", 101.0) is False
    assert await claim(store, ACME, "slack-event:Ev1", 160.0) is False
    assert await claim(store, ACME, "slack-event:Ev2", 101.0) is True
    assert await claim(store, OTHER, "slack-event:Ev1", 101.0) is True  # its own workspace


async def test_concurrent_claims_of_one_key_let_exactly_one_through(store):
    results = await asyncio.gather(
        *(claim(store, ACME, "slack-event:Ev9", 100.0) for _ in range(5))
    )
    assert sorted(results) == [False, False, False, False, True]


async def test_claims_older_than_keep_are_forgotten(store):
    assert await claim(store, ACME, "slack-event:Ev1", 100.0, keep=60.0) is True
    assert await claim(store, ACME, "slack-event:Ev1", 150.0, keep=60.0) is False
    assert await claim(store, ACME, "slack-event:Ev1", 1000.0, keep=60.0) is True
