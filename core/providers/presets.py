"""Presets and the provider registry: from an admin's choice to a working provider.

An admin picks "ollama-nomic-embed-text" or "openai-3-small", not four fields that
must agree (provider, model, base URL, dimensions); a preset fills them together
and any field set explicitly wins. Providers are found through one registry, so a
test's deterministic fake embedder is built exactly like the real ones. Heavy
optional providers (the local ONNX model) are registered by import path and only
imported when chosen.

Configuration arrives as these dataclasses; nothing here reads the environment.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlsplit

from core.ports import ChatModel, Embedder
from core.providers.encryption import mask
from core.texts import install_hint

OPENAI_URL = "https://api.openai.com/v1"
OLLAMA_URL = "http://localhost:11434/v1"
COHERE_URL = "https://api.cohere.com"
# Hosted APIs refuse anonymous calls; local servers (Ollama, vLLM, …) need no key.
KEYED_HOSTS = frozenset({"api.openai.com", "api.cohere.com", "api.cohere.ai"})

# How the edge (bots/) names each setting; used only to make errors actionable.
SETTING_NAMES = {
    "embed_preset": "MEMORYBOT_EMBED_PRESET",
    "embed_api_key": "MEMORYBOT_EMBED_API_KEY",
    "embed_base_url": "MEMORYBOT_EMBED_BASE_URL",
    "embed_model": "MEMORYBOT_EMBED_MODEL",
    "embed_dimensions": "MEMORYBOT_EMBED_DIMENSIONS",
    "chat_preset": "MEMORYBOT_LLM_PRESET",
    "chat_api_key": "MEMORYBOT_LLM_API_KEY",
    "chat_base_url": "MEMORYBOT_LLM_BASE_URL",
    "chat_model": "MEMORYBOT_LLM_MODEL",
    "chat_timeout": "MEMORYBOT_LLM_TIMEOUT",
    "chat_reply_max_tokens": "MEMORYBOT_LLM_REPLY_MAX_TOKENS",
    "chat_redact": "MEMORYBOT_LLM_REDACT",
}
# What a chat turn does with a secret or identifier before a model sees it.
REDACT_POLICIES = ("mask", "send", "refuse")


class ProviderConfigError(ValueError):
    """A provider setting is missing or wrong. The message names the setting to fix
    and never contains a key."""


@dataclass(frozen=True)
class EmbedPreset:
    provider: str
    model: str
    base_url: str
    dimensions: int
    needs_key: bool


EMBED_PRESETS: dict[str, EmbedPreset] = {
    "openai-3-small": EmbedPreset("openai", "text-embedding-3-small", OPENAI_URL, 1536, True),
    "openai-3-large": EmbedPreset("openai", "text-embedding-3-large", OPENAI_URL, 3072, True),
    "ollama-nomic-embed-text": EmbedPreset("openai", "nomic-embed-text", OLLAMA_URL, 768, False),
    "ollama-mxbai-embed-large": EmbedPreset("openai", "mxbai-embed-large", OLLAMA_URL, 1024, False),
    "ollama-bge-m3": EmbedPreset("openai", "bge-m3", OLLAMA_URL, 1024, False),
    "ollama-embeddinggemma": EmbedPreset("openai", "embeddinggemma", OLLAMA_URL, 768, False),
    "cohere-embed-v4": EmbedPreset("cohere", "embed-v4.0", COHERE_URL, 1536, True),
    # Any OpenAI-compatible server: base URL, model and dimensions must be set.
    "openai-compatible": EmbedPreset("openai", "", "", 0, False),
    "local": EmbedPreset("local", "local-minilm", "", 384, False),
    "none": EmbedPreset("none", "", "", 0, False),
}

# name -> factory(resolved config) -> Embedder, or "module:Class" for a class that
# configures itself (constructed with no arguments, imported on first use).
EmbedderFactory = Callable[["EmbedConfig"], Embedder]
EMBEDDER_PROVIDERS: dict[str, EmbedderFactory | str] = {}
# Providers that talk HTTP and therefore need a model, a base URL and dimensions.
_HTTP_PROVIDERS = frozenset({"openai", "cohere"})
_INSTALL_HINTS = {"local": install_hint("local")}


@dataclass(frozen=True)
class EmbedConfig:
    """What the edge knows about the embedder. Empty fields come from the preset."""

    preset: str = ""
    provider: str = ""
    model: str = ""
    base_url: str = ""
    dimensions: int = 0
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    batch_size: int = 32
    max_retries: int = 2

    def resolve(self) -> EmbedConfig:
        """The preset's fields, overridden by every field set here; validated."""
        name = self.preset.strip().lower()
        if not name and not self.provider:
            name = "none"
        if name and name not in EMBED_PRESETS:
            raise ProviderConfigError(
                f"unknown embedder preset '{self.preset}' "
                f"({SETTING_NAMES['embed_preset']}); choose one of: {', '.join(EMBED_PRESETS)}"
            )
        preset = EMBED_PRESETS.get(name, EmbedPreset("", "", "", 0, False))
        cfg = replace(
            self,
            preset=name,
            provider=(self.provider or preset.provider).strip().lower(),
            model=self.model or preset.model,
            base_url=(self.base_url or preset.base_url).rstrip("/"),
            dimensions=self.dimensions or preset.dimensions,
        )
        cfg._validate()
        return cfg

    def _validate(self) -> None:
        label = f"the embedder preset '{self.preset}'" if self.preset else "the embedder"
        if self.provider == "none":
            return
        if self.provider not in EMBEDDER_PROVIDERS:
            raise ProviderConfigError(
                f"unknown embedder provider '{self.provider}'; "
                f"choose one of: {', '.join(sorted(EMBEDDER_PROVIDERS))}"
            )
        if self.timeout <= 0 or self.batch_size <= 0:
            raise ProviderConfigError(f"{label} needs a positive timeout and batch size")
        if self.provider not in _HTTP_PROVIDERS:
            return
        for value, setting, example in (
            (self.base_url, "embed_base_url", "a base URL, e.g. http://localhost:11434/v1"),
            (self.model, "embed_model", "a model name, e.g. nomic-embed-text"),
            (self.dimensions, "embed_dimensions", "the vector dimensions, e.g. 768"),
        ):
            if not value:
                raise ProviderConfigError(f"{label} needs {example}: set {SETTING_NAMES[setting]}")
        _require_key(label, self.base_url, self.api_key, "embed_api_key")


def register_embedder_provider(name: str, factory: EmbedderFactory | str) -> None:
    """Make `name` a valid embedder provider (tests register deterministic fakes)."""
    EMBEDDER_PROVIDERS[name.strip().lower()] = factory


def unregister_embedder_provider(name: str) -> None:
    EMBEDDER_PROVIDERS.pop(name.strip().lower(), None)


def build_embedder(cfg: EmbedConfig) -> Embedder | None:
    """The configured Embedder, or None when the preset is "none" (keyword recall only)."""
    cfg = cfg.resolve()
    if cfg.provider == "none":
        return None
    factory = EMBEDDER_PROVIDERS[cfg.provider]
    embedder = _load(cfg.provider, factory)() if isinstance(factory, str) else factory(cfg)
    if cfg.dimensions and embedder.dimensions != cfg.dimensions:
        raise ProviderConfigError(
            f"the '{cfg.provider}' embedder makes {embedder.dimensions}-dimensional vectors, "
            f"but {SETTING_NAMES['embed_dimensions']} is {cfg.dimensions}"
        )
    return embedder


def for_queries(embedder: Embedder) -> Embedder:
    """The view of `embedder` to use for search queries (Cohere embeds queries and
    documents differently); other embedders are their own query view."""
    view = getattr(embedder, "for_queries", None)
    return view() if callable(view) else embedder


def _load(provider: str, path: str) -> Callable[[], Embedder]:
    module_name, _, attr = path.partition(":")
    try:
        factory: Callable[[], Embedder] = getattr(importlib.import_module(module_name), attr)
        return factory
    except ImportError as exc:
        hint = _INSTALL_HINTS.get(provider, "check that it is installed")
        missing = f" ({exc.name} is missing)" if exc.name else ""
        raise ProviderConfigError(
            f"the '{provider}' embedder could not be loaded{missing}; {hint}"
        ) from None
    except AttributeError:
        raise ProviderConfigError(
            f"the '{provider}' embedder has no {attr} in {module_name}"
        ) from None


def _http_embedder(module: str, name: str) -> Callable[[EmbedConfig], Embedder]:
    """A factory for an HTTP embedder class, imported only when that provider is chosen."""

    def make(cfg: EmbedConfig) -> Embedder:
        embedder_class = getattr(importlib.import_module(module), name)
        embedder: Embedder = embedder_class(
            cfg.base_url,
            cfg.model,
            cfg.dimensions,
            cfg.api_key,
            timeout=cfg.timeout,
            max_retries=cfg.max_retries,
            batch_size=cfg.batch_size,
        )
        return embedder

    return make


register_embedder_provider(
    "openai", _http_embedder("core.providers.embedders.openai_compat", "OpenAICompatEmbedder")
)
register_embedder_provider(
    "cohere", _http_embedder("core.providers.embedders.cohere", "CohereEmbedder")
)
register_embedder_provider("local", "core.providers.embedders.local:LocalMiniLMEmbedder")


# ---- chat models -------------------------------------------------------------

CHAT_PRESETS: dict[str, str] = {  # name -> base URL; the model is always chosen
    "openai": OPENAI_URL,
    "ollama": OLLAMA_URL,
    "lm-studio": "http://localhost:1234/v1",
    "llama-cpp": "http://localhost:8080/v1",
    "vllm": "http://localhost:8000/v1",
    "none": "",
}
ChatModelFactory = Callable[["ChatConfig"], ChatModel]
CHAT_PROVIDERS: dict[str, ChatModelFactory] = {}


@dataclass(frozen=True)
class ChatConfig:
    """Any OpenAI-compatible chat endpoint. No base URL and no model: no chat model."""

    base_url: str = ""
    model: str = ""
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    preset: str = ""
    provider: str = "openai"
    max_retries: int = 2
    reply_max_tokens: int = 400
    stop: tuple[str, ...] = ("\nUser:", "\nuser:")
    frequency_penalty: float = 0.3
    repeat_penalty: float = 1.1
    redact: str = "mask"  # mask | send | refuse: secrets in a turn bound for the model

    def resolve(self) -> ChatConfig:
        name = self.preset.strip().lower()
        if name and name not in CHAT_PRESETS:
            raise ProviderConfigError(
                f"unknown chat model preset '{self.preset}' "
                f"({SETTING_NAMES['chat_preset']}); "
                f"choose one of: {', '.join(CHAT_PRESETS)}"
            )
        if self.redact not in REDACT_POLICIES:
            raise ProviderConfigError(
                f"unknown redaction policy '{self.redact}' ({SETTING_NAMES['chat_redact']}); "
                f"choose one of: {', '.join(REDACT_POLICIES)}"
            )
        if name == "none":
            return replace(self, preset=name, base_url="", model="")
        cfg = replace(
            self, preset=name, base_url=(self.base_url or CHAT_PRESETS.get(name, "")).rstrip("/")
        )
        if not cfg.base_url and not cfg.model:
            return cfg
        if cfg.provider not in CHAT_PROVIDERS:
            raise ProviderConfigError(
                f"unknown chat model provider '{cfg.provider}'; "
                f"choose one of: {', '.join(sorted(CHAT_PROVIDERS))}"
            )
        if not cfg.base_url:
            raise ProviderConfigError(
                "the chat model needs a base URL, e.g. http://localhost:11434/v1: "
                f"set {SETTING_NAMES['chat_base_url']}"
            )
        if not cfg.model:
            raise ProviderConfigError(
                f"the chat model needs a model name: set {SETTING_NAMES['chat_model']}"
            )
        if cfg.timeout <= 0:
            raise ProviderConfigError(
                f"the chat model needs a positive timeout: set {SETTING_NAMES['chat_timeout']}"
            )
        if cfg.reply_max_tokens <= 0:
            raise ProviderConfigError(
                "the chat model needs a positive reply length: "
                f"set {SETTING_NAMES['chat_reply_max_tokens']}"
            )
        _require_key("the chat model", cfg.base_url, cfg.api_key, "chat_api_key")
        return cfg


def register_chat_provider(name: str, factory: ChatModelFactory) -> None:
    CHAT_PROVIDERS[name.strip().lower()] = factory


def build_chat_model(cfg: ChatConfig) -> ChatModel | None:
    """The configured ChatModel, or None (the bot then answers with recalled memories)."""
    cfg = cfg.resolve()
    if not cfg.base_url:
        return None
    return CHAT_PROVIDERS[cfg.provider](cfg)


def _make_openai_chat(cfg: ChatConfig) -> ChatModel:
    from core.providers.chat.openai_compat import OpenAICompatChatModel, ReplyLimits

    limits = ReplyLimits(cfg.reply_max_tokens, cfg.stop, cfg.frequency_penalty, cfg.repeat_penalty)
    return OpenAICompatChatModel(
        cfg.base_url,
        cfg.model,
        cfg.api_key,
        cfg.timeout,
        cfg.max_retries,
        preset=cfg.preset,
        limits=limits,
    )


register_chat_provider("openai", _make_openai_chat)


def _require_key(label: str, base_url: str, api_key: str | None, setting: str) -> None:
    host = (urlsplit(base_url).hostname or "").lower()
    if host in KEYED_HOSTS and not (api_key or "").strip():
        raise ProviderConfigError(
            f"{label} calls {host}, which needs an API key: set {SETTING_NAMES[setting]}"
        )


def describe(cfg: EmbedConfig | ChatConfig) -> dict[str, Any]:
    """Settings as an admin may see them: the key only as "set" / "not set"."""
    shown = {k: v for k, v in vars(cfg).items() if k != "api_key"}
    return {**shown, "api_key": mask(cfg.api_key)}
