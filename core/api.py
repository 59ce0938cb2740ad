"""The public Python API: `open_memory(url)` gives a ready memory service.

import asyncio, core

async def main():
    async with core.open_memory("sqlite:///memories.db") as memory:
        await memory.remember("acme", "alice", "the staging DB is on port 6543")
        for hit in await memory.recall("acme", "alice", "which port is staging on?"):
            print(hit.score, hit.content)

asyncio.run(main())
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from core.ports import ChatModel, Embedder
from core.providers.encryption import SecretBox
from core.providers.presets import ChatConfig, EmbedConfig
from core.service import MemoryService, ServiceConfig
from core.stores import open_job_queue, open_store


@asynccontextmanager
async def open_memory(
    url: str,
    *,
    embedder: Embedder | None = None,
    chat_model: ChatModel | None = None,
    config: ServiceConfig | None = None,
    clock: Callable[[], float] | None = None,
    secrets: SecretBox | None = None,
    admin_url: str | None = None,
    pool_size: int | None = None,
    chat_config: ChatConfig | None = None,
    embed_config: EmbedConfig | None = None,
) -> AsyncIterator[MemoryService]:
    """Open the store at `url` (migrating it if needed) and yield a MemoryService.

    `chat_model` answers chat turns and extracts memories (without one the bot answers
    with the memories it recalls); `secrets` encrypts workspaces' provider API keys.
    Connected mode: `url` is the application role's, `admin_url` the schema owner's
    (migrations); background jobs then go to the PostgreSQL queue for workers.
    `pool_size`: database connections (`core.stores.open_store`)."""
    kwargs = {"clock": clock} if clock else {}
    store = open_store(url, admin_url=admin_url, pool_size=pool_size)
    service = MemoryService(
        store,
        jobs=open_job_queue(store),
        embedder=embedder,
        chat_model=chat_model,
        config=config,
        secrets=secrets,
        chat_config=chat_config,
        embed_config=embed_config,
        **kwargs,
    )
    await service.open()
    try:
        yield service
    finally:
        await service.close()
