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
from core.secrets import SecretBox
from core.service import MemoryService, ServiceConfig
from core.stores import open_store


@asynccontextmanager
async def open_memory(
    url: str,
    *,
    embedder: Embedder | None = None,
    chat_model: ChatModel | None = None,
    config: ServiceConfig | None = None,
    clock: Callable[[], float] | None = None,
    secrets: SecretBox | None = None,
) -> AsyncIterator[MemoryService]:
    """Open the store at `url` (migrating it if needed) and yield a MemoryService.

    `chat_model` answers chat turns and extracts memories (without one the bot answers
    with the memories it recalls); `secrets` encrypts workspaces' provider API keys."""
    kwargs = {"clock": clock} if clock else {}
    service = MemoryService(
        open_store(url),
        embedder=embedder,
        chat_model=chat_model,
        config=config,
        secrets=secrets,
        **kwargs,
    )
    await service.open()
    try:
        yield service
    finally:
        await service.close()
