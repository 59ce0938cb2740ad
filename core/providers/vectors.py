"""Vectors for memories and queries that degrade to None instead of failing.

An embedder that is down must never stop a save or a recall (SPEC §5): a memory is
stored without a vector (the backfill job embeds it later) and a query falls back to
keywords alone. Both paths go through `embed_text`, so the rule is written once.
"""

from __future__ import annotations

import logging

from core.models import WorkspaceSettings
from core.ports import Ports, ProviderError

log = logging.getLogger(__name__)


async def embed_text(
    ports: Ports,
    workspace: str | None,
    text: str,
    settings: WorkspaceSettings | None = None,
    *,
    purpose: str = "memory",
) -> list[float] | None:
    """The text's vector from the workspace's embedder, or None (none configured, an
    empty text, or the provider failed: logged without the text)."""
    if not text.strip():
        return None
    embedder = await ports.providers.embedder_for(workspace, settings)
    if embedder is None:
        return None
    try:
        return (await embedder.embed([text]))[0]
    except ProviderError as exc:
        log.warning("%s embedding failed, going on without a vector: %s", purpose, exc)
        return None
