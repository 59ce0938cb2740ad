"""Connected mode's wiring: two database URLs, the default embedder, the job queue.

MEMORYBOT_DATABASE_URL        the bot's own login role (e.g. memorybot_app): owns no
                              table, no BYPASSRLS, so row-level security applies.
MEMORYBOT_DATABASE_ADMIN_URL  the schema owner: runs migrations (at start and with
                              `memorybot db migrate`), creates and grants the app
                              role, reshapes the embedding column. Optional once the
                              schema is up to date.

With no embedder chosen and no provider key set, connected mode uses the bundled
local MiniLM model (384 dimensions); if its extra is not installed the bot runs on
keyword recall and says so. When the embedder's dimension differs from the
embedding column's, the column is reshaped at start and re-embedding is queued.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from bots.config import AppConfig, ConfigError
from core.ports import Embedder
from core.providers.presets import EmbedConfig, ProviderConfigError, build_embedder
from core.service import MemoryService, ServiceConfig
from core.stores import open_job_queue, open_store

log = logging.getLogger(__name__)

ADMIN_URL = "MEMORYBOT_DATABASE_ADMIN_URL"
CONNECTED_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


def is_connected(config: AppConfig) -> bool:
    return config.database_url.startswith(CONNECTED_SCHEMES)


def admin_url(config: AppConfig) -> str | None:
    url = config.get(ADMIN_URL).strip()
    if url and not url.startswith(CONNECTED_SCHEMES):
        raise ConfigError(f"{ADMIN_URL} must be a postgresql:// URL, got {url.split('://')[0]}://…")
    return url or None


def embed_config(env: Mapping[str, str]) -> tuple[EmbedConfig, bool]:
    """The embedder settings, and whether they are connected mode's implicit default.

    No preset, base URL, model or key set: the local model. A key alone: OpenAI's
    text-embedding-3-small (SPEC §6)."""
    preset = env.get("MEMORYBOT_EMBED_PRESET", "").strip()
    base_url = env.get("MEMORYBOT_EMBED_BASE_URL", "").strip()
    model = env.get("MEMORYBOT_EMBED_MODEL", "").strip()
    api_key = env.get("MEMORYBOT_EMBED_API_KEY", "").strip() or None
    implicit = not (preset or base_url or model or api_key)
    if not preset:
        preset = (
            "openai-compatible" if base_url or model else "openai-3-small" if api_key else "local"
        )
    raw_dims = env.get("MEMORYBOT_EMBED_DIMENSIONS", "").strip()
    if raw_dims and not raw_dims.isdigit():
        raise ConfigError(f"MEMORYBOT_EMBED_DIMENSIONS must be a whole number, got {raw_dims!r}")
    cfg = EmbedConfig(
        preset=preset,
        base_url=base_url,
        model=model,
        dimensions=int(raw_dims or 0),
        api_key=api_key,
    )
    return cfg, implicit


def connected_embedder(config: AppConfig) -> Embedder | None:
    cfg, implicit = embed_config(config.env)
    try:
        return build_embedder(cfg)
    except ProviderConfigError as exc:
        if implicit:  # the default, not the admin's choice: degrade rather than refuse
            log.warning("local embedder unavailable, recalling by keywords only: %s", exc)
            return None
        raise ConfigError(str(exc)) from None


async def align_dimensions(service: MemoryService) -> list[tuple[str, str]]:
    """Reshape the embedding column to the embedder's dimension if they differ
    (as the owner), queueing re-embedding; returns the principals queued."""
    store: Any = service.store
    if service.embedder is None or not hasattr(store, "set_dimensions"):
        return []
    wanted = service.embedder.dimensions
    if await store.dimensions() == wanted:
        return []
    if store.admin_url is None:
        log.warning(
            "the embedder makes %d-dimensional vectors but the embedding column differs; "
            "vector recall is off until the column is reshaped: set %s and restart",
            wanted,
            ADMIN_URL,
        )
        return []
    queued = await store.set_dimensions(wanted)
    log.warning(
        "embedding column reshaped to %d dimensions; re-embedding queued for %d users "
        "(run `memorybot worker`)",
        wanted,
        len(queued),
    )
    return queued


@asynccontextmanager
async def open_connected_service(
    config: AppConfig, service_config: ServiceConfig
) -> AsyncIterator[MemoryService]:
    """The memory service on PostgreSQL, with the durable job queue."""
    embedder = connected_embedder(config)
    store = open_store(config.database_url, admin_url=admin_url(config))
    service = MemoryService(
        store, embedder=embedder, config=service_config, jobs=open_job_queue(store)
    )
    try:
        await service.open()
        await align_dimensions(service)
        yield service
    finally:
        await service.close()
        close = getattr(embedder, "close", None)
        if close is not None:
            await close()
