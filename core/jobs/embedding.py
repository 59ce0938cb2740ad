"""Background embedding: the `embed_backfill` job.

Memories saved while the embedder was down (or before one was configured) and all
memories after a change of embedding dimension have no vector; keyword recall
still finds them, and this job gives them one. It runs as the memory's owner, so
it sees exactly what `MemoryService.backfill_embeddings` may embed for that
principal: their private memories and their workspace's global ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.jobs.queue import job

if TYPE_CHECKING:
    from core.service import MemoryService

BATCH = 64


class BackfillIncomplete(RuntimeError):
    """Some memories are still without a vector (no embedder, or it failed); the
    queue retries the job later with backoff."""


@job("embed_backfill")
async def embed_backfill(service: MemoryService, payload: dict[str, Any]) -> None:
    """payload: {"workspace": …, "user": …}. Embeds until nothing is left."""
    workspace, user = payload["workspace"], payload["user"]
    if service.embedder is None:
        raise BackfillIncomplete("no embedder is configured")
    todo = (await service.stats(workspace, user)).without_embedding
    # Each batch embeds up to BATCH memories; the bound stops a batch that makes no
    # progress (a failing provider) from looping forever.
    for _ in range(todo // BATCH + 2):
        if await service.backfill_embeddings(workspace, user, BATCH) == 0:
            break
    left = (await service.stats(workspace, user)).without_embedding
    if left:
        raise BackfillIncomplete(f"{left} memories are still without a vector")
