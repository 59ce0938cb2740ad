"""Vectors of two embedder models are never ranked together (issue 14): the embedding
column records which model made its vectors, and a start with another model of the
same dimension (the local embedder's fp32 -> int8 switch) drops them and queues the
re-embedding, as a change of dimension does (connected mode, real PostgreSQL)."""

from __future__ import annotations

from bots.connected import align_dimensions
from core.jobs.embedding import embed_backfill  # noqa: F401  (registers the job)
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from tests.fakes.embedder import HashingEmbedder

DIMS = 16


class NamedEmbedder(HashingEmbedder):
    """A HashingEmbedder that says which model makes its vectors, as the local one does."""

    def __init__(self, model_id: str, unrecorded_model_id: str | None = None) -> None:
        super().__init__(DIMS)
        self.model_id = model_id
        if unrecorded_model_id is not None:
            self.unrecorded_model_id = unrecorded_model_id


async def save_two(service: MemoryService) -> None:
    await service.remember("acme", "alice", "the VPN is Tunnelblick")
    await service.remember("acme", "bob", "bob deploys on Fridays")


async def test_another_model_of_the_same_dimension_drops_the_vectors_and_re_embeds(pg_store):
    old = MemoryService(pg_store, embedder=NamedEmbedder("minilm/fp32"))
    assert await align_dimensions(old) == []  # a new column: shaped, nothing to re-embed
    assert await pg_store.embedding_model() == "minilm/fp32"
    await save_two(old)
    assert (await old.stats("acme", "alice")).without_embedding == 0

    new = MemoryService(pg_store, embedder=NamedEmbedder("minilm/int8"))
    assert sorted(await align_dimensions(new)) == [("acme", "alice"), ("acme", "bob")]

    assert await pg_store.embedding_model() == "minilm/int8"
    assert await pg_store.dimensions() == DIMS
    alice = await new.stats("acme", "alice")
    assert (alice.memories, alice.without_embedding) == (1, 1)  # memory kept, vector gone
    queue = PostgresJobs(pg_store)
    assert await queue.run_once(new.ports) == 2
    assert (await new.stats("acme", "bob")).without_embedding == 0
    hits = await new.recall("acme", "alice", "which VPN do we use?")
    assert hits[0].content == "the VPN is Tunnelblick"
    assert await align_dimensions(new) == []  # same model: nothing to do


async def test_vectors_stored_before_models_were_recorded_count_as_the_unrecorded_model(
    pg_store,
):
    await pg_store.set_dimensions(DIMS)  # as before issue 14: a dimension, no model
    await save_two(MemoryService(pg_store, embedder=HashingEmbedder(DIMS)))
    assert await pg_store.embedding_model() is None

    same = MemoryService(pg_store, embedder=NamedEmbedder("minilm/fp32", "minilm/fp32"))
    assert await align_dimensions(same) == []  # the model that made them: kept, recorded
    assert await pg_store.embedding_model() == "minilm/fp32"
    assert (await same.stats("acme", "alice")).without_embedding == 0

    await pg_store.set_dimensions(DIMS, None)  # an unnamed embedder keeps the record
    assert await pg_store.embedding_model() == "minilm/fp32"


async def test_the_int8_switch_re_embeds_unrecorded_vectors(pg_store):
    await pg_store.set_dimensions(DIMS)
    await save_two(MemoryService(pg_store, embedder=HashingEmbedder(DIMS)))

    switched = MemoryService(pg_store, embedder=NamedEmbedder("minilm/int8", "minilm/fp32"))
    assert len(await align_dimensions(switched)) == 2
    assert (await switched.stats("acme", "alice")).without_embedding == 1
    assert await pg_store.embedding_model() == "minilm/int8"


async def test_an_embedder_without_a_model_id_is_told_apart_by_its_dimension_only(pg_store):
    service = MemoryService(pg_store, embedder=HashingEmbedder(DIMS))
    assert await align_dimensions(service) == []
    await save_two(service)
    assert await align_dimensions(service) == []
    assert await pg_store.embedding_model() is None
    assert (await service.stats("acme", "alice")).without_embedding == 0
