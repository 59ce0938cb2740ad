"""Build the memory service from configuration: the one place parts are chosen."""

from __future__ import annotations

from bots.config import AppConfig
from bots.connected import is_connected, open_connected_service
from core.api import open_memory
from core.service import ServiceConfig


def service_config(config: AppConfig) -> ServiceConfig:
    return ServiceConfig(max_chars=config.max_memory_chars)


def open_service(config: AppConfig):
    """`async with open_service(config) as service:` — store opened and migrated."""
    if is_connected(config):
        return open_connected_service(config, service_config(config))
    return open_memory(config.database_url, config=service_config(config))
