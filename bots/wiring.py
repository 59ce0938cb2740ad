"""Build the memory service from configuration: the one place parts are chosen.

The service (and with it the guards, recall and extraction) is imported when a
command opens one, not when the CLI starts: `open_store_only` serves the commands
that only read the store (`memorybot stats`), so they start without it.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from bots.config import AppConfig, ConfigError
from bots.connected import admin_url, align_dimensions, is_connected, queue_backfill
from core.ports import ChatModel, Embedder, Store
from core.providers.presets import ProviderConfigError, build_chat_model, build_embedder

if TYPE_CHECKING:
    from core.service import MemoryService, ServiceConfig

log = logging.getLogger(__name__)


def service_config(config: AppConfig) -> ServiceConfig:
    from core.service import ServiceConfig

    return ServiceConfig(max_chars=config.max_memory_chars)


def build_providers(config: AppConfig) -> tuple[Embedder | None, ChatModel | None]:
    """The embedder and chat model the configuration names (None: not configured)."""
    try:
        return build_embedder(config.embed), build_chat_model(config.chat)
    except ProviderConfigError as exc:
        raise ConfigError(str(exc)) from None


async def _close(*providers: Any) -> None:
    for provider in providers:
        close = getattr(provider, "close", None)
        if close is not None and inspect.isawaitable(result := close()):
            await result  # the local embedder's close() is plain, the HTTP ones async


@asynccontextmanager
async def open_service(
    config: AppConfig, *, starting: bool = False
) -> AsyncIterator[MemoryService]:
    """`async with open_service(config) as service:` — store opened and migrated,
    providers built from MEMORYBOT_EMBED_* / MEMORYBOT_LLM_* and closed at the end.

    `starting` is for the long-running processes (bots, worker, the console chat):
    they also queue the embedding backfill, which a one-off CLI command should not pay
    an owner connection (or a scan of the file) for."""
    from core.api import open_memory
    from core.providers.encryption import SecretBox

    embedder, chat_model = build_providers(config)
    secrets = SecretBox(config.secret_keys) if config.secret_keys else None
    try:
        async with open_memory(
            config.database_url,
            embedder=embedder,
            chat_model=chat_model,
            secrets=secrets,
            config=service_config(config),
            admin_url=admin_url(config),
            pool_size=config.database_pool or None,
            chat_config=config.chat,
            embed_config=config.embed,
        ) as service:
            if is_connected(config):
                await align_dimensions(service)
                if starting:
                    await queue_backfill(service)
            else:
                realigned = await align_standalone_model(service)
                if starting and not realigned:  # a re-embed covers the backfill too
                    await queue_standalone_backfill(service)
            yield service
    finally:
        await _close(chat_model, embedder)


async def embed_in_background(service: MemoryService, principals: list[tuple[str, str]]) -> None:
    """One in-process `embed_backfill` job per (workspace, owner): standalone mode has
    no worker, so the process that finds vectors missing makes them."""
    for workspace, owner in principals:
        payload = {"workspace": workspace, "user": owner}
        await service.jobs.enqueue("embed_backfill", payload, workspace=workspace)


async def queue_standalone_backfill(service: MemoryService) -> list[tuple[str, str]]:
    """Standalone mode's `queue_backfill`: a background backfill for every principal
    with memories still without a vector (saved while the embedder was down, or before
    one was configured), as the bot starts; returns the principals queued. Nothing
    happens without an embedder."""
    store: Any = service.store
    if service.embedder is None or not hasattr(store, "unembedded_principals"):
        return []
    principals: list[tuple[str, str]] = await store.unembedded_principals()
    await embed_in_background(service, principals)
    return principals


async def align_standalone_model(service: MemoryService) -> list[tuple[str, str]]:
    """Standalone mode's `align_dimensions`: when the stored vectors are another model's
    than the embedder's `model_id` (the local embedder's fp32 -> int8 switch), they are
    dropped and re-embedded in this process's background jobs; returns who was queued."""
    store: Any = service.store
    model = getattr(service.embedder, "model_id", None)
    if model is None or not hasattr(store, "set_embedding_model"):
        return []
    unrecorded = getattr(service.embedder, "unrecorded_model_id", None)
    queued: list[tuple[str, str]] = await store.set_embedding_model(model, unrecorded)
    await embed_in_background(service, queued)
    if queued:
        log.warning(
            "stored vectors were made by another model than %s: re-embedding %d users' "
            "memories in the background (keyword recall meanwhile)",
            model,
            len(queued),
        )
    return queued


@asynccontextmanager
async def open_store_only(config: AppConfig) -> AsyncIterator[Store]:
    """`async with open_store_only(config) as store:` — the store alone, opened and
    migrated as `open_service` opens it, for a command that reads nothing but the
    store: no providers built, no embedding column reshaped (the next command that
    opens the service does that)."""
    from core.stores import open_store

    store = open_store(
        config.database_url, admin_url=admin_url(config), pool_size=config.database_pool or None
    )
    await store.open()
    try:
        yield store
    finally:
        await store.close()
