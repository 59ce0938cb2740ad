"""Connected mode's wiring: the owner's URL and the embedding column's shape.

MEMORYBOT_DATABASE_URL        the bot's own login role (e.g. memorybot_app): owns no
                              table, no BYPASSRLS, so row-level security applies.
MEMORYBOT_DATABASE_ADMIN_URL  the schema owner: runs migrations (at start and with
                              `memorybot db migrate`), creates and grants the app
                              role, reshapes the embedding column. Optional once the
                              schema is up to date.

When the embedder's dimension differs from the embedding column's, the column is
reshaped at start (old vectors cleared) and re-embedding is queued for the workers.
Memories left without a vector (a crash between the save and the vector write, an
embedder that was down) get a backfill queued at start too (`queue_backfill`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bots.config import AppConfig, ConfigError, check_database_url
from core.logsafe import loggable
from core.ports import StoreFault, StoreUnavailable

if TYPE_CHECKING:
    from core.service import MemoryService

log = logging.getLogger(__name__)

ADMIN_URL = "MEMORYBOT_DATABASE_ADMIN_URL"
CONNECTED_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


def is_connected(config: AppConfig) -> bool:
    return config.database_url.startswith(CONNECTED_SCHEMES)


def admin_url(config: AppConfig) -> str | None:
    """The owner's URL (connected mode only), validated like the main URL."""
    url = config.get(ADMIN_URL).strip()
    if not url or not is_connected(config):
        return None
    if not url.startswith(CONNECTED_SCHEMES):
        # only the scheme is repeated: a key=value string would carry its password whole
        got = f"{url.split('://')[0]}://…" if "://" in url else "something that is not a URL"
        raise ConfigError(f"{ADMIN_URL} must be a postgresql:// URL, got {got}")
    return check_database_url(url, ADMIN_URL)


async def align_dimensions(service: MemoryService) -> list[tuple[str, str]]:
    """Reshape the embedding column to the embedder's dimension and model if they
    differ (as the owner), queueing re-embedding; returns the principals queued.

    The model is the embedder's `model_id` when it has one (the local embedder: its
    fp32 and int8 paths make slightly different vectors, never ranked together);
    vectors stored before models were recorded count as its `unrecorded_model_id`."""
    store: Any = service.store
    embedder: Any = service.embedder
    if embedder is None or not hasattr(store, "set_dimensions"):
        return []
    wanted = embedder.dimensions
    model = getattr(embedder, "model_id", None)
    unrecorded = getattr(embedder, "unrecorded_model_id", None)
    recorded = await store.embedding_model()
    stale = model is not None and (recorded or unrecorded or model) != model
    if await store.dimensions() == wanted and not stale and model in (None, recorded):
        return []
    if store.admin_url is None:
        if await store.dimensions() != wanted or stale:
            log.warning(
                "the embedding column holds vectors of another dimension or model than "
                "the embedder's (%d dimensions, %s); vector recall is off or mixed until "
                "the column is reshaped: set %s and restart",
                wanted,
                model or "unnamed",
                ADMIN_URL,
            )
        return []
    queued: list[tuple[str, str]] = await store.set_dimensions(wanted, model, unrecorded)
    if queued:
        log.warning(
            "embedding column reshaped to %d dimensions for %s; re-embedding queued for "
            "%d users (run `memorybot worker`)",
            wanted,
            model or "the embedder",
            len(queued),
        )
    return queued


async def queue_backfill(service: MemoryService) -> list[tuple[str, str]]:
    """Queue `embed_backfill` for every principal with memories still without a vector,
    so they do not wait for an admin to run `memorybot embed backfill`. Idempotent and
    one indexed probe when nothing is missing; returns the principals queued."""
    store: Any = service.store
    if service.embedder is None or not hasattr(store, "queue_backfills"):
        return []
    if store.admin_url is None:
        log.info("memories without a vector are not queued at start without %s", ADMIN_URL)
        return []
    try:
        queued: list[tuple[str, str]] = await store.queue_backfills()
    except (StoreUnavailable, StoreFault) as exc:  # the owner's server is down: start anyway
        log.warning("could not queue the embedding backfill at start: %s", loggable(exc))
        return []
    if queued:
        log.warning("embedding backfill queued for %d users (run `memorybot worker`)", len(queued))
    return queued
