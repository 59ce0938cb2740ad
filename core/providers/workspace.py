"""The chat model and embedder a workspace uses: its admin's preset, else the deployment's.

Admins pick presets per workspace (`WorkspaceSettings.chat_preset` / `embed_preset`)
and may store their own API keys (`core.providers.keys`). This module turns that choice
into a provider, so the choice does something:

- "" (the default) is the deployment's provider, unchanged.
- Otherwise the deployment's configuration with the workspace's preset: the preset's
  base URL (the deployment's own URL when the workspace picks the deployment's
  preset, so an operator's proxy or local server is kept), the deployment's model
  name (chat presets name no model), and the workspace's key. The deployment's key
  is only sent to the deployment's own endpoint, never to another host.
- Providers are cached per (preset, base URL, key fingerprint): a turn does not
  build clients, a rotated key builds a new one, and `close()` closes them all.
- A preset that cannot be built (no key where one is needed, an undecryptable key)
  falls back to the deployment's provider with a warning that names no key: a turn
  never fails because of a setting.

Embedders must also make vectors of the deployment's dimension (one column per
deployment); `core.workspace_settings.validate_changes` refuses other presets.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

from core.models import Principal, WorkspaceSettings
from core.ports import ChatModel, Embedder, Store
from core.providers.encryption import SecretDecryptError, SecretKeyError
from core.providers.keys import ProviderKeys
from core.providers.presets import (
    ChatConfig,
    EmbedConfig,
    ProviderConfigError,
    build_chat_model,
    build_embedder,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
_FAILED = object()  # cached: this (preset, URL, key) cannot be built


def fingerprint(api_key: str | None) -> str:
    """A short, one-way tag for a key: tells cached clients apart, reveals nothing."""
    return hashlib.sha256(api_key.encode()).hexdigest()[:16] if api_key else ""


class WorkspaceProviders:
    """`service.providers`: resolves and caches each workspace's chosen providers."""

    def __init__(
        self,
        store: Store,
        keys: ProviderKeys,
        *,
        chat_model: ChatModel | None,
        embedder: Embedder | None,
        chat_config: ChatConfig | None = None,
        embed_config: EmbedConfig | None = None,
    ) -> None:
        self.store = store
        self.keys = keys
        self.chat_model = chat_model
        self.embedder = embedder
        self.chat_config = chat_config or ChatConfig()
        self.embed_config = embed_config or EmbedConfig()
        self._cache: dict[tuple[str, str, str, str], object] = {}

    @property
    def redaction(self) -> str:
        """The deployment's policy for secrets in a chat turn: mask, send or refuse."""
        return self.chat_config.redact

    async def settings(self, workspace: str) -> WorkspaceSettings:
        async with self.store.session(Principal(workspace, ""), read_only=True) as session:
            return await session.get_settings()

    async def chat_for(
        self, workspace: str, settings: WorkspaceSettings | None = None
    ) -> ChatModel | None:
        """The chat model for this workspace's turns, extraction and rewrites."""
        settings = settings or await self.settings(workspace)
        preset = settings.chat_preset.strip().lower()
        if not preset:
            return self.chat_model
        base = self.chat_config
        try:
            deployment_url = base.resolve().base_url
            url = replace(base, preset=preset, base_url="").resolve().base_url
            if preset == base.preset.strip().lower():
                url = deployment_url
            key = self._key(settings, "chat") or (base.api_key if url == deployment_url else None)
            cfg = replace(base, preset=preset, base_url=url, api_key=key)
        except (ProviderConfigError, SecretKeyError, SecretDecryptError) as exc:
            return self._fallback("chat", workspace, preset, exc, self.chat_model)
        return self._cached(
            ("chat", preset, url, fingerprint(key)),
            lambda: build_chat_model(cfg),
            workspace,
            self.chat_model,
        )

    async def embedder_for(
        self, workspace: str | None, settings: WorkspaceSettings | None = None
    ) -> Embedder | None:
        """The embedder for this workspace's memories and queries (same dimension)."""
        if workspace is None or self.embedder is None:
            return self.embedder
        settings = settings or await self.settings(workspace)
        preset = settings.embed_preset.strip().lower()
        if not preset:
            return self.embedder
        base = self.embed_config
        same = preset == base.preset.strip().lower()
        try:
            deployment_url = base.resolve().base_url if same else ""
            key = self._key(settings, "embed") or (base.api_key if same else None)
            cfg = (
                replace(base, api_key=key)
                if same
                else EmbedConfig(
                    preset=preset, api_key=key, timeout=base.timeout, batch_size=base.batch_size
                )
            )
        except (ProviderConfigError, SecretKeyError, SecretDecryptError) as exc:
            return self._fallback("embed", workspace, preset, exc, self.embedder)
        return self._cached(
            ("embed", preset, deployment_url, fingerprint(key)),
            lambda: self._same_dimensions(build_embedder(cfg)),
            workspace,
            self.embedder,
        )

    def _same_dimensions(self, embedder: Embedder | None) -> Embedder | None:
        """A setting stored before the deployment's embedder changed must not mix sizes."""
        wanted = self.embedder.dimensions if self.embedder else 0
        if embedder is not None and embedder.dimensions != wanted:
            raise ProviderConfigError(
                f"it makes {embedder.dimensions}-number vectors, the deployment stores {wanted}"
            )
        return embedder

    def _key(self, settings: WorkspaceSettings, which: str) -> str | None:
        token = getattr(settings, f"{which}_api_key_enc")
        return self.keys.box.decrypt(token) if token else None

    def _cached(
        self,
        tag: tuple[str, str, str, str],
        build: Callable[[], T | None],
        workspace: str,
        default: T | None,
    ) -> T | None:
        found = self._cache.get(tag, _FAILED)
        if tag not in self._cache:
            try:
                found = build()
            except ProviderConfigError as exc:
                found = _FAILED
                self._fallback(tag[0], workspace, tag[1], exc, default)
            self._cache[tag] = found
        return default if found is _FAILED else cast(T | None, found)  # what `build` made for `tag`

    @staticmethod
    def _fallback(which: str, workspace: str, preset: str, exc: Exception, default: T) -> T:
        # ProviderConfigError and the secret errors never carry key material.
        log.warning(
            "workspace %s: %s preset %r cannot be used (%s); using the deployment's",
            workspace,
            which,
            preset,
            exc,
        )
        return default

    async def close(self) -> None:
        """Close every client built for a workspace (the deployment's are the edge's)."""
        built, self._cache = list(self._cache.values()), {}
        for provider in built:
            close = getattr(provider, "close", None)
            if close is not None and inspect.isawaitable(result := close()):
                await result  # the local embedder's close() is plain, the HTTP ones async
