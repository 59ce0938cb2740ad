"""Standalone mode never ranks vectors of two embedder models together (issue 14): the
store records which model made its vectors (migration 0196), and a start with another
model of the same dimension (the local embedder's fp32 -> int8 switch) drops them and
re-embeds them in the background (bots/wiring.py `align_standalone_model`)."""

from __future__ import annotations

from bots.wiring import align_standalone_model
from core.api import open_memory
from tests.fakes.embedder import HashingEmbedder

DIMS = 16


class NamedEmbedder(HashingEmbedder):
    """A HashingEmbedder that says which model makes its vectors, as the local one does."""

    def __init__(self, model_id: str, unrecorded_model_id: str | None = None) -> None:
        super().__init__(DIMS)
        self.model_id = model_id
        self.unrecorded_model_id = unrecorded_model_id


async def test_another_model_drops_the_vectors_and_re_embeds_them(tmp_path):
    url = f"sqlite:///{tmp_path}/m.db"
    async with open_memory(url, embedder=HashingEmbedder(DIMS)) as before:  # no model record
        await before.remember("acme", "alice", "the VPN is Tunnelblick")
        await before.remember("acme", "bob", "bob deploys on Fridays")

    same = NamedEmbedder("minilm/fp32", "minilm/fp32")
    async with open_memory(url, embedder=same) as service:
        assert await align_standalone_model(service) == []  # the model that made them
        assert await service.store.embedding_model() == "minilm/fp32"
        assert (await service.stats("acme", "alice")).without_embedding == 0

    switched = NamedEmbedder("minilm/int8", "minilm/fp32")
    async with open_memory(url, embedder=switched) as service:
        assert await align_standalone_model(service) == [("acme", "alice"), ("acme", "bob")]
        assert await service.store.embedding_model() == "minilm/int8"
        await service.jobs.drain()  # the background re-embedding
        assert (await service.stats("acme", "alice")).without_embedding == 0
        assert (await service.stats("acme", "bob")).without_embedding == 0
        assert switched.calls  # made by the new model
        hits = await service.recall("acme", "alice", "which VPN do we use?")
        assert hits[0].content == "the VPN is Tunnelblick"
        assert await align_standalone_model(service) == []  # recorded: nothing to do


async def test_an_embedder_without_a_model_id_leaves_the_vectors_alone(tmp_path):
    async with open_memory(f"sqlite:///{tmp_path}/m.db", embedder=HashingEmbedder(DIMS)) as s:
        await s.remember("acme", "alice", "the VPN is Tunnelblick")
        assert await align_standalone_model(s) == []
        assert await s.store.embedding_model() is None
        assert (await s.stats("acme", "alice")).without_embedding == 0
