"""What a save and a recall cost (issue 14): a text already kept is reinforced without a
model run; where writers run side by side a save reconciles once, inside its
transaction, and a recall touches what it found inside its search's transaction."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from core.models import Principal, SaveStatus, Status
from core.ports import Embedder, Store, StoreSession
from core.service import MemoryService

WS, ALICE = "acme", "alice"


class CountingEmbedder:
    """Passes texts to a real embedder and keeps every text it was asked for."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dimensions = inner, inner.name, inner.dimensions
        self.texts: list[str] = []

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.texts += texts
        return await self.inner.embed(texts)


class SessionCounter:
    """A store that counts its sessions (read-only and writing)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.opened: list[bool] = []

    def session(
        self, principal: Principal, *, read_only: bool = False
    ) -> AbstractAsyncContextManager[StoreSession]:
        self.opened.append(read_only)
        return self.inner.session(principal, read_only=read_only)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


async def test_saving_a_text_already_kept_reinforces_it_without_embedding_it_again(
    store, hashing_embedder, clock
):
    embedder = CountingEmbedder(hashing_embedder)
    service = MemoryService(store, embedder=embedder, clock=clock)
    first = await service.remember(WS, ALICE, "the staging DB is on port 6543")
    again = await service.remember(WS, ALICE, "  The staging DB is on port 6543. ")
    assert again.status == SaveStatus.DUPLICATE and again.memory.id == first.memory.id
    assert embedder.texts == ["the staging DB is on port 6543"]
    hits = await service.recall(WS, ALICE, "staging port")
    assert hits and hits[0].id == first.memory.id and hits[0].similarity is not None


async def test_a_text_forgotten_between_the_check_and_the_save_is_kept_with_its_vector(
    store, hashing_embedder, clock
):
    service = MemoryService(store, embedder=hashing_embedder, clock=clock)
    first = await service.remember(WS, ALICE, "the staging DB is on port 6543")

    class ForgetsOnWrite(SessionCounter):
        """Forgets the memory just before the save's write transaction opens."""

        def session(self, principal: Principal, *, read_only: bool = False) -> Any:
            if not read_only and not any(not r for r in self.opened):
                self.opened.append(read_only)
                return self._forget_then(principal)
            return super().session(principal, read_only=read_only)

        @asynccontextmanager
        async def _forget_then(self, principal: Principal) -> Any:
            async with self.inner.session(principal) as s:
                await s.delete_memory(first.memory.id)
            async with self.inner.session(principal) as s:
                yield s

    racing = MemoryService(ForgetsOnWrite(store), embedder=hashing_embedder, clock=clock)  # type: ignore[arg-type]
    again = await racing.remember(WS, ALICE, "the staging DB is on port 6543")
    assert again.status == SaveStatus.SAVED and again.memory.id != first.memory.id
    async with store.session(Principal(WS, ALICE), read_only=True) as s:
        [kept] = await s.list_memories([Status.ACTIVE], 10)
        assert kept.id == again.memory.id and kept.has_embedding
        assert await s.memories_without_embedding(10) == []


async def test_a_save_plans_on_a_snapshot_only_while_another_holds_the_writers_turn(
    store, hashing_embedder, clock
):
    counting = SessionCounter(store)
    service = MemoryService(counting, embedder=hashing_embedder, clock=clock)  # type: ignore[arg-type]
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    writes = [r for r in counting.opened if not r]
    reads = [r for r in counting.opened if r]
    # the context (and the known-text check), then the write, which decides inside: the
    # writer was free, so planning outside its turn would only have cost a second search
    assert len(writes) == 1 and len(reads) == 1
    assert store.one_writer == store.url.startswith("sqlite")

    counting.opened.clear()
    holding, release = asyncio.Event(), asyncio.Event()

    async def hold_the_writer() -> None:
        async with store.session(Principal(WS, "bob")):
            holding.set()
            await release.wait()

    holder = asyncio.create_task(hold_the_writer())
    await holding.wait()
    saving = asyncio.create_task(service.remember(WS, ALICE, "we deploy on Tuesdays"))
    while len(counting.opened) < (3 if store.one_writer else 2):
        await asyncio.sleep(0.01)  # the save reaches its write session (and waits there)
    release.set()
    assert (await saving).status == SaveStatus.SAVED
    await holder
    # SQLite's one writer was busy: the save planned on a snapshot meanwhile
    assert counting.opened == ([True, True, False] if store.one_writer else [True, False])


async def test_a_recall_counts_its_use_inside_the_search_where_writers_run_side_by_side(
    store, hashing_embedder, clock
):
    counting = SessionCounter(store)
    service = MemoryService(counting, embedder=hashing_embedder, clock=clock)  # type: ignore[arg-type]
    saved = await service.remember(WS, ALICE, "the staging DB is on port 6543")
    counting.opened.clear()
    hits = await service.recall(WS, ALICE, "staging port")
    assert [h.id for h in hits] == [saved.memory.id]
    # one session: the context, then the search while the question is embedded (SQLite's
    # touch goes to its writer apart, through `Store.touch`)
    assert counting.opened == [store.one_writer]  # read-only: True
    assert (await service.get_memory(WS, ALICE, saved.memory.id)).use_count == 1
