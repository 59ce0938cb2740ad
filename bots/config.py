"""Configuration, read once at start from the environment (and an optional .env).

This is the only place that reads `os.environ`; everything else receives an
`AppConfig`. Errors name the variable and say what a valid value looks like.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs
from dotenv import dotenv_values


class ConfigError(ValueError):
    """A setting is missing or invalid; the message says which and how to fix it."""


@dataclass(frozen=True)
class AppConfig:
    database_url: str
    data_dir: Path
    workspace: str = "local"
    user: str = "me"
    log_level: str = "WARNING"
    max_memory_chars: int = 2000
    env: Mapping[str, str] = field(default_factory=dict, repr=False)  # for platform settings

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
    if not url.startswith(("sqlite:", "postgresql://", "postgres://")):
        raise ConfigError(
            "MEMORYBOT_DATABASE_URL must start with sqlite:/// (standalone) or "
            f"postgresql:// (connected), got {url.split('://')[0]}://…"
        )
    level = env.get("MEMORYBOT_LOG_LEVEL", "WARNING").upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ConfigError(f"MEMORYBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {level}")
    return AppConfig(
        database_url=url,
        data_dir=data_dir,
        workspace=env.get("MEMORYBOT_WORKSPACE", "local") or "local",
        user=env.get("MEMORYBOT_USER") or env.get("USER") or "me",
        log_level=level,
        max_memory_chars=_int(env, "MEMORYBOT_MAX_MEMORY_CHARS", 2000, 100, 16000),
        env=env,
    )
