"""A chat turn reads its context once: at most three transactions per turn.

Read the context (settings, incognito, profile), recall and touch what the reply
uses, queue extraction (a PostgreSQL queue writes one row). Settings used to be read
five times and the turn opened up to eight transactions; this counts them, on both
stores, with a real embedder in the path and (connected) the real job queue.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any

from core.audience import Audience
from core.chat.turn import ChatTurn
from core.models import Principal
from core.ports import Store, StoreSession
from core.service import MemoryService

WS, ALICE, CHANNEL = "acme", "alice", "C1"


class CountingStore:
    """A store that counts the transactions opened through it."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.opened: list[str] = []

    def session(
        self, principal: Principal, *, read_only: bool = False
    ) -> AbstractAsyncContextManager[StoreSession]:
        self.opened.append("session")
        return self.inner.session(principal, read_only=read_only)

    def transaction(self, **kwargs: Any) -> Any:  # the PostgreSQL job queue's writes
        self.opened.append("transaction")
        return self.inner.transaction(**kwargs)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def counting_service(store: Store, embedder, clock) -> tuple[MemoryService, CountingStore]:
    counting = CountingStore(store)
    jobs = None
    if store.url.startswith("postgresql"):
        from core.stores.postgres.jobs import PostgresJobs

        jobs = PostgresJobs(counting)  # type: ignore[arg-type]
    service = MemoryService(counting, embedder=embedder, clock=clock, jobs=jobs)  # type: ignore[arg-type]
    return service, counting


async def test_a_chat_turn_with_memories_opens_at_most_three_transactions(
    store, hashing_embedder, clock
):
    service, counting = counting_service(store, hashing_embedder, clock)
    await service.set_profile(WS, ALICE, {"name": "Alice"})
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.remember(WS, ALICE, "we deploy on Tuesdays", "global")
    counting.opened.clear()

    turn = ChatTurn(WS, ALICE, CHANNEL, "which port is staging on?", audience=Audience.PRIVATE)
    answer = await service.chat(turn)  # a DM: the private memory may be used
    opened = list(counting.opened)
    await service.jobs.drain()

    print(f"chat turn transactions: {len(opened)} ({', '.join(opened)})")
    assert [h.content for h in answer.used][:1] == ["the staging DB is on port 6543"]
    assert 2 <= len(opened) <= 3
    used = await service.get_memory(WS, ALICE, answer.used[0].id)
    assert used is not None and used.use_count == 1  # touched inside the recall transaction


async def test_an_incognito_turn_reads_its_context_and_nothing_else(store, hashing_embedder, clock):
    service, counting = counting_service(store, hashing_embedder, clock)
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.incognito(WS, ALICE, CHANNEL, on=True)
    counting.opened.clear()

    answer = await service.chat(ChatTurn(WS, ALICE, CHANNEL, "which port is staging on?"))

    assert answer.incognito and answer.used == []
    assert counting.opened == ["session"]
