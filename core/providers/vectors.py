"""Vectors for memories and queries that degrade to None instead of failing.

An embedder that is down must never stop a save or a recall (SPEC §5): a memory is
stored without a vector (the backfill job embeds it later) and a query falls back to
keywords alone. Both paths go through `embed_text`, so the rule is written once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from core.logsafe import loggable
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
    return (await embed_texts(ports, workspace, [text], settings, purpose=purpose))[0]


async def embed_texts(
    ports: Ports,
    workspace: str | None,
    texts: Sequence[str],
    settings: WorkspaceSettings | None = None,
    *,
    purpose: str = "memory",
) -> list[list[float] | None]:
    """`embed_text` for many texts in one embedder call (imports): the embedder batches
    them; an empty text gets None, and so does every text if the provider fails."""
    wanted = [i for i, text in enumerate(texts) if text.strip()]
    out: list[list[float] | None] = [None] * len(texts)
    if not wanted:
        return out
    embedder = await ports.providers.embedder_for(workspace, settings)
    if embedder is None:
        return out
    try:
        vectors = await embedder.embed([texts[i] for i in wanted])
    except ProviderError as exc:
        log.warning("%s embedding failed, going on without a vector: %s", purpose, loggable(exc))
        return out
    for i, vector in zip(wanted, vectors, strict=True):
        out[i] = vector
    return out
