"""Configuration, read once at start from the environment (and an optional .env).

This is the only place that reads `os.environ`; everything else receives an
`AppConfig`. Errors name the variable and say what a valid value looks like.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import platformdirs
from dotenv import dotenv_values

from core.providers.encryption import SecretBox, SecretKeyError
from core.providers.presets import ChatConfig, EmbedConfig, ProviderConfigError
from core.stores.urls import url_problem
from core.texts import UNSUPPORTED_URL

# Standalone mode needs no embedder: keyword recall (FTS5). Connected mode uses the
# bundled local model unless an embedder or a provider key is set.
DEFAULT_EMBED_PRESET = {"standalone": "none", "connected": "local"}
KEYED_EMBED_PRESET = "openai-3-small"  # connected mode with only MEMORYBOT_EMBED_API_KEY


class ConfigError(ValueError):
    """A setting is missing or invalid; the message says which and how to fix it."""


@dataclass(frozen=True)
class AppConfig:
    database_url: str = field(repr=False)  # may carry a password: never in a repr
    data_dir: Path
    workspace: str = "local"
    user: str = "me"
    log_level: str = "WARNING"
    log_payloads: bool = False  # DEBUG logs of the platform/HTTP libraries carry message bodies
    max_memory_chars: int = 2000
    database_pool: int = 0  # connections per process (0: the store's default)
    embed: EmbedConfig = field(default_factory=EmbedConfig)
    chat: ChatConfig = field(default_factory=ChatConfig)
    secret_keys: tuple[str, ...] = field(default=(), repr=False)  # newest first
    env: Mapping[str, str] = field(default_factory=dict, repr=False)  # for platform settings

    @property
    def mode(self) -> str:
        return "standalone" if self.database_url.startswith("sqlite:") else "connected"

    def get(self, name: str, default: str = "") -> str:
        return self.env.get(name, default)


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high}, got {value}")
    return value


def _float(env: Mapping[str, str], name: str, default: float, low: float, high: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, got {raw!r}") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, got {value:g}")
    return value


def embed_config(env: Mapping[str, str], mode: str) -> EmbedConfig:
    """MEMORYBOT_EMBED_*: a preset, optionally overridden field by field.

    A base URL or model without a preset means "any OpenAI-compatible server".
    """
    base_url = env.get("MEMORYBOT_EMBED_BASE_URL", "").strip()
    model = env.get("MEMORYBOT_EMBED_MODEL", "").strip()
    preset = env.get("MEMORYBOT_EMBED_PRESET", "").strip()
    api_key = env.get("MEMORYBOT_EMBED_API_KEY", "").strip() or None
    if not preset:
        if base_url or model:
            preset = "openai-compatible"
        elif api_key and mode == "connected":
            preset = KEYED_EMBED_PRESET
        else:
            preset = DEFAULT_EMBED_PRESET[mode]
    cfg = EmbedConfig(
        preset=preset,
        base_url=base_url,
        model=model,
        dimensions=_int(env, "MEMORYBOT_EMBED_DIMENSIONS", 0, 1, 16000),
        api_key=api_key,
    )
    try:
        return cfg.resolve()
    except ProviderConfigError as exc:
        raise ConfigError(str(exc)) from None


def chat_config(env: Mapping[str, str]) -> ChatConfig:
    """MEMORYBOT_LLM_*: any OpenAI-compatible chat endpoint; none set means no model."""
    cfg = ChatConfig(
        preset=env.get("MEMORYBOT_LLM_PRESET", "").strip(),
        base_url=env.get("MEMORYBOT_LLM_BASE_URL", "").strip(),
        model=env.get("MEMORYBOT_LLM_MODEL", "").strip(),
        api_key=env.get("MEMORYBOT_LLM_API_KEY", "").strip() or None,
        timeout=_float(env, "MEMORYBOT_LLM_TIMEOUT", 30.0, 1.0, 600.0),
        reply_max_tokens=_int(env, "MEMORYBOT_LLM_REPLY_MAX_TOKENS", 400, 16, 8000),
        frequency_penalty=_float(env, "MEMORYBOT_LLM_FREQUENCY_PENALTY", 0.3, 0.0, 2.0),
        redact=env.get("MEMORYBOT_LLM_REDACT", "mask").strip().lower() or "mask",
    )
    if "MEMORYBOT_LLM_STOP" in env:
        cfg = replace(cfg, stop=stop_sequences(env["MEMORYBOT_LLM_STOP"]))
    try:
        return cfg.resolve()
    except ProviderConfigError as exc:
        raise ConfigError(str(exc)) from None


def stop_sequences(raw: str) -> tuple[str, ...]:
    """MEMORYBOT_LLM_STOP: comma-separated, with \\n for a new line; at most 4 (OpenAI's cap)."""
    stops = tuple(s.replace("\\n", "\n") for s in raw.split(",") if s.strip())
    if len(stops) > 4:
        raise ConfigError("MEMORYBOT_LLM_STOP: at most 4 stop sequences")
    return stops


def secret_keys(env: Mapping[str, str]) -> tuple[str, ...]:
    """MEMORYBOT_SECRET_KEY: comma-separated Fernet keys, newest first; optional until
    an admin stores a provider key. Checked here so a typo fails at start."""
    raw = env.get("MEMORYBOT_SECRET_KEY", "").strip()
    if not raw:
        return ()
    keys = tuple(k.strip() for k in raw.split(",") if k.strip())
    try:
        SecretBox(keys)
    except SecretKeyError as exc:
        raise ConfigError(f"MEMORYBOT_SECRET_KEY: {exc}") from None
    return keys


def check_database_url(url: str, name: str = "MEMORYBOT_DATABASE_URL") -> str:
    """A URL the stores can open, or ConfigError naming where the bad one came from."""
    known = ("sqlite:", "postgresql://", "postgres://", "postgresql+psycopg://")
    if "://" in url and not url.startswith(known):  # a bare path is a SQLite file
        scheme = url.split("://")[0] + "://"
        raise ConfigError(UNSUPPORTED_URL.format(name=name, scheme=scheme))
    problem = url_problem(url, name)
    if problem:
        raise ConfigError(problem)
    if url.startswith(known[1:]):
        try:
            from core.stores.postgres.store import parse_url
        except ImportError:  # no driver: open_store says which extra to install
            return url
        try:
            parse_url(url, name)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    return url


def load_config(
    environ: Mapping[str, str] | None = None, dotenv: str | Path | None = ".env"
) -> AppConfig:
    """Merge `.env` (if present) under the real environment and validate."""
    env: dict[str, str] = {}
    if dotenv and Path(dotenv).is_file():
        env.update({k: v for k, v in dotenv_values(dotenv).items() if v is not None})
    env.update(os.environ if environ is None else environ)
    data_dir = Path(
        env.get("MEMORYBOT_DATA_DIR") or platformdirs.user_data_dir("memorybot", appauthor=False)
    ).expanduser()
    url = env.get("MEMORYBOT_DATABASE_URL", "").strip() or f"sqlite:///{data_dir / 'memorybot.db'}"
    check_database_url(url)
    level = env.get("MEMORYBOT_LOG_LEVEL", "WARNING").upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ConfigError(f"MEMORYBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {level}")
    mode = "standalone" if url.startswith("sqlite:") else "connected"
    return AppConfig(
        database_url=url,
        data_dir=data_dir,
        workspace=env.get("MEMORYBOT_WORKSPACE", "local") or "local",
        user=env.get("MEMORYBOT_USER") or env.get("USER") or "me",
        log_level=level,
        log_payloads=env.get("MEMORYBOT_LOG_PAYLOADS", "").strip().lower() in {"1", "true", "yes"},
        max_memory_chars=_int(env, "MEMORYBOT_MAX_MEMORY_CHARS", 2000, 100, 16000),
        database_pool=_int(env, "MEMORYBOT_DATABASE_POOL_SIZE", 0, 1, 200),
        embed=embed_config(env, mode),
        chat=chat_config(env),
        secret_keys=secret_keys(env),
        env=env,
    )
