"""Memories left without a vector get one without an admin: start-up queues a backfill
(bots/connected.py `queue_backfill`), and a vector computed for text that was edited
meanwhile is never stored on the new text (connected mode, real PostgreSQL)."""

from __future__ import annotations

from collections.abc import Sequence

from bots.connected import queue_backfill
from core.jobs.embedding import backfill
from core.models import MemoryPatch, Principal
from core.ports import StoreUnavailable
from core.remember.canonical import content_hash
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from tests.fakes.embedder import HashingEmbedder, hash_embed

ALICE = Principal("acme", "alice")
DIMS = 16


async def test_a_memory_saved_without_a_vector_gets_one_after_start_up(pg_store):
    await pg_store.set_dimensions(DIMS)
    await MemoryService(pg_store).remember("acme", "alice", "the VPN is Tunnelblick")
    await MemoryService(pg_store).remember("acme", "bob", "bob deploys on Fridays")
    service = MemoryService(pg_store, embedder=HashingEmbedder(DIMS))
    assert (await service.stats("acme", "alice")).without_embedding == 1

    assert sorted(await queue_backfill(service)) == [("acme", "alice"), ("acme", "bob")]
    assert await queue_backfill(service) == []  # a second start queues nothing twice
    queue = PostgresJobs(pg_store)
    assert (await queue.counts())["pending"] == 2
    assert await queue.run_once(service.ports) == 2

    assert (await service.stats("acme", "alice")).without_embedding == 0
    assert (await service.stats("acme", "bob")).without_embedding == 0
    assert await queue_backfill(service) == []  # nothing missing: nothing queued
    assert (await queue.counts())["done"] == 2


async def test_no_embedder_queues_nothing(pg_store):
    await pg_store.set_dimensions(DIMS)
    await MemoryService(pg_store).remember("acme", "alice", "the VPN is Tunnelblick")
    assert await queue_backfill(MemoryService(pg_store)) == []
    assert (await PostgresJobs(pg_store).counts())["pending"] == 0


class EditsWhileEmbedding(HashingEmbedder):
    """Edits the memory being embedded on its first call, as a user's edit would."""

    def __init__(self, store, memory_id: str, new_text: str) -> None:
        super().__init__(DIMS)
        self.store, self.memory_id, self.new_text = store, memory_id, new_text

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not self.calls:
            patch = MemoryPatch(
                content=self.new_text,
                content_hash=content_hash(self.new_text),
                clear_embedding=True,
            )
            async with self.store.session(ALICE) as s:
                await s.update_memory(self.memory_id, patch)
        return await super().embed(texts)


async def test_a_backfill_never_stores_the_old_texts_vector_on_edited_text(pg_store):
    await pg_store.set_dimensions(DIMS)
    result = await MemoryService(pg_store).remember("acme", "alice", "standup is at 10am")
    assert result.memory is not None
    edited = "retro happens on thursday"
    service = MemoryService(
        pg_store, embedder=EditsWhileEmbedding(pg_store, result.memory.id, edited)
    )

    await backfill(service.ports, ALICE, 8)  # embeds the old text; the edit lands meanwhile
    async with pg_store.session(ALICE) as s:
        assert [m.content for m in await s.memories_without_embedding(8)] == [edited]
        assert await s.search_vector(hash_embed("standup is at 10am", DIMS), 5) == []

    await backfill(service.ports, ALICE, 8)  # the next batch embeds the new text
    async with pg_store.session(ALICE) as s:
        assert await s.memories_without_embedding(8) == []
        [hit] = await s.search_vector(hash_embed(edited, DIMS), 5)
    assert hit.memory.content == edited and hit.relevance > 0.99


async def test_an_unreachable_owner_server_does_not_stop_the_start(pg_store, monkeypatch):
    async def down() -> list[tuple[str, str]]:
        raise StoreUnavailable("owner's server is down")

    monkeypatch.setattr(pg_store, "queue_backfills", down)
    assert await queue_backfill(MemoryService(pg_store, embedder=HashingEmbedder(DIMS))) == []
