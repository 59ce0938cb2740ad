"""Standalone mode gives memories saved without a vector (an embedder down, or none
configured yet) one when a long-running process starts (`bots.wiring`
`queue_standalone_backfill`): a SQLite file has no worker to queue for, so the jobs
run in-process. One-off CLI commands scan nothing."""

from __future__ import annotations

from bots.config import load_config
from bots.wiring import open_service, queue_standalone_backfill
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore
from tests.fakes.embedder import HashingEmbedder

pytest_plugins = ["tests.fakes.fixtures"]


async def saved_without_vectors(path) -> None:
    store = SQLiteStore(f"sqlite:///{path}")
    await store.open()
    try:
        service = MemoryService(store)  # no embedder: nothing gets a vector
        await service.remember("acme", "alice", "the VPN client is Tunnelblick")
        await service.remember("acme", "bob", "bob deploys the billing service on Fridays")
        await service.remember("acme", "bob", "the office closes at 6pm", scope="global")
        assert (await service.stats("acme", "bob")).without_embedding == 2
    finally:
        await store.close()


async def test_each_owner_with_memories_without_a_vector_gets_a_backfill(tmp_path):
    path = tmp_path / "memorybot.db"
    await saved_without_vectors(path)
    store = SQLiteStore(f"sqlite:///{path}")
    await store.open()
    try:
        service = MemoryService(store, embedder=HashingEmbedder(16))
        assert await queue_standalone_backfill(service) == [("acme", "alice"), ("acme", "bob")]
        await service.jobs.drain()
        for user in ("alice", "bob"):
            assert (await service.stats("acme", user)).without_embedding == 0
        assert await queue_standalone_backfill(service) == []  # nothing left to embed
        assert await queue_standalone_backfill(MemoryService(store)) == []  # no embedder
    finally:
        await store.close()


def environment(tmp_path, provider_server) -> dict[str, str]:
    return {
        "MEMORYBOT_DATA_DIR": str(tmp_path),
        "MEMORYBOT_EMBED_PRESET": "openai-compatible",
        "MEMORYBOT_EMBED_BASE_URL": provider_server.openai_url,
        "MEMORYBOT_EMBED_MODEL": "fake-embed",
        "MEMORYBOT_EMBED_DIMENSIONS": str(provider_server.embed_dimensions),
        "MEMORYBOT_LLM_PRESET": "none",
    }


async def test_a_starting_process_embeds_what_was_saved_without_a_vector(
    tmp_path, provider_server
):
    await saved_without_vectors(tmp_path / "memorybot.db")
    config = load_config(environment(tmp_path, provider_server), dotenv=None)

    async with open_service(config) as service:  # a one-off command: no backfill
        await service.jobs.drain()
        # alice's own memory and bob's global one, which she sees
        assert (await service.stats("acme", "alice")).without_embedding == 2

    async with open_service(config, starting=True) as service:  # the console, a bot
        await service.jobs.drain()
        assert (await service.stats("acme", "alice")).without_embedding == 0
        assert (await service.stats("acme", "bob")).without_embedding == 0
