"""Background embedding: the `embed_backfill` job and the batch step it repeats.

Memories saved while the embedder was down (or before one was configured) and all
memories after a change of embedding dimension have no vector; keyword recall
still finds them, and this job gives them one. It runs as the memory's owner, so
it sees exactly what that principal may embed: their private memories and their
workspace's global ones.
"""

from __future__ import annotations

import logging
from typing import Any

from core.logsafe import SafeMessage, loggable
from core.models import Principal
from core.ports import Ports, ProviderError

log = logging.getLogger(__name__)

BATCH = 64


class BackfillIncomplete(SafeMessage, RuntimeError):
    """Some memories are still without a vector (no embedder, or it failed); the
    queue retries the job later with backoff."""


async def backfill(ports: Ports, principal: Principal, batch: int = 32) -> int:
    """Embed up to `batch` memories stored without a vector; returns how many."""
    embedder = await ports.providers.embedder_for(principal.workspace)
    if embedder is None:
        return 0
    async with ports.store.session(principal) as session:
        todo = await session.memories_without_embedding(batch)
    if not todo:
        return 0
    try:
        vectors = await embedder.embed([m.content for m in todo])
    except ProviderError as exc:
        log.warning("backfill embedding failed: %s", loggable(exc))
        return 0
    async with ports.store.session(principal) as session:
        for memory, vector in zip(todo, vectors, strict=True):
            # An edit during the embed call changed the hash: skipped, and the next
            # batch (or backfill) embeds the new text.
            await session.set_embedding(memory.id, vector, content_hash=memory.content_hash)
    return len(todo)


async def _without_embedding(ports: Ports, principal: Principal) -> int:
    async with ports.store.session(principal) as session:
        return (await session.stats()).without_embedding


async def embed_backfill(ports: Ports, payload: dict[str, Any]) -> None:
    """payload: {"workspace": …, "user": …}. Embeds until nothing is left."""
    principal = Principal(payload["workspace"], payload["user"])
    if await ports.providers.embedder_for(None) is None:
        raise BackfillIncomplete("no embedder is configured")
    todo = await _without_embedding(ports, principal)
    # Each batch embeds up to BATCH memories; the bound stops a batch that makes no
    # progress (a failing provider) from looping forever.
    for _ in range(todo // BATCH + 2):
        if await backfill(ports, principal, BATCH) == 0:
            break
    left = await _without_embedding(ports, principal)
    if left:
        raise BackfillIncomplete(f"{left} memories are still without a vector")
