"""`memorybot discord`: run the Discord bot; `memorybot discord sync`: register commands.

    export DISCORD_TOKEN=...              # Developer Portal → your app → Bot → Reset Token
    memorybot discord sync --guild 1234   # commands show in that server at once
    memorybot discord sync                # globally (Discord may take a while to show them)
    memorybot discord                     # run; Discord picks the shard count
    memorybot discord --shards 4 --shard-ids 0,1   # this process runs shards 0 and 1 of 4

Settings (environment or .env):
  DISCORD_TOKEN                    the bot token (required)
  MEMORYBOT_DISCORD_DM_WORKSPACE   workspace for DMs, which have no server (default "dm":
                                   each person's own space; a server id uses that server's)
  MEMORYBOT_DISCORD_API_URL        REST base, e.g. a proxy: http://proxy:8080/api/v10
  MEMORYBOT_DISCORD_GATEWAY_URL    gateway, e.g. a proxy: ws://proxy:7878

discord.py is an optional dependency (the `discord` extra: `make install`), so it is
imported only when one of these commands runs.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

import click

from bots.config import AppConfig, ConfigError
from bots.redact import redact
from bots.wiring import open_service
from core.faults import FAULTS, explain
from core.texts import install_hint

T = TypeVar("T")

PORTAL = "https://discord.com/developers/applications"
TOKEN_MISSING = (
    f"DISCORD_TOKEN is not set. Create a bot at {PORTAL} → your app → Bot → Reset Token, "
    "then set DISCORD_TOKEN in the environment or in .env."
)
TOKEN_MALFORMED = (
    "DISCORD_TOKEN does not look like a bot token (three parts separated by dots, no "
    "spaces). Copy it again from Bot → Reset Token; the client secret and the public key "
    "are not the token."
)
TOKEN_PREFIXED = "DISCORD_TOKEN must be the bare token, without the 'Bot ' prefix."
TOKEN_REJECTED = (
    f"Discord rejected DISCORD_TOKEN (401 Unauthorized): it was reset or mistyped. "
    f"Copy a fresh one from {PORTAL} → your app → Bot → Reset Token."
)
NOT_INSTALLED = "Discord support is not installed: " + install_hint("discord")
_API_VERSION = re.compile(r"/api/v\d+$")


@dataclass(frozen=True)
class DiscordConfig:
    token: str
    dm_workspace: str = "dm"
    api_url: str = ""
    gateway_url: str = ""


def _token(raw: str) -> str:
    token = raw.strip()
    if not token:
        raise ConfigError(TOKEN_MISSING)
    if token.lower().startswith("bot "):
        raise ConfigError(TOKEN_PREFIXED)
    parts = token.split(".")
    if len(parts) != 3 or not all(parts) or any(c.isspace() for c in token):
        raise ConfigError(TOKEN_MALFORMED)
    return token


def _api_url(raw: str) -> str:
    url = raw.strip().rstrip("/")
    if not url:
        return ""
    if urlsplit(url).scheme not in ("http", "https"):
        raise ConfigError(
            f"MEMORYBOT_DISCORD_API_URL must be an http(s) URL, e.g. http://proxy:8080/api/v10, "
            f"got {url!r}"
        )
    return url if _API_VERSION.search(url) else url + "/api/v10"


def _gateway_url(raw: str) -> str:
    url = raw.strip()
    if url and urlsplit(url).scheme not in ("ws", "wss"):
        raise ConfigError(
            f"MEMORYBOT_DISCORD_GATEWAY_URL must be a ws:// or wss:// URL, got {url!r}"
        )
    return url


def discord_config(config: AppConfig) -> DiscordConfig:
    """The Discord settings, validated; errors name the variable and the fix."""
    return DiscordConfig(
        token=_token(config.get("DISCORD_TOKEN")),
        dm_workspace=config.get("MEMORYBOT_DISCORD_DM_WORKSPACE").strip() or "dm",
        api_url=_api_url(config.get("MEMORYBOT_DISCORD_API_URL")),
        gateway_url=_gateway_url(config.get("MEMORYBOT_DISCORD_GATEWAY_URL")),
    )


def _shard_ids(raw: str | None, shards: int | None) -> list[int] | None:
    if not raw:
        return None
    if shards is None:
        raise click.BadParameter("needs --shards (the total)", param_hint="--shard-ids")
    try:
        ids = sorted({int(part) for part in raw.split(",") if part.strip()})
    except ValueError:
        raise click.BadParameter(
            "a comma-separated list, e.g. 0,1", param_hint="--shard-ids"
        ) from None
    if not ids or ids[0] < 0 or ids[-1] >= shards:
        raise click.BadParameter(f"each id must be 0 … {shards - 1}", param_hint="--shard-ids")
    return ids


async def _run(
    config: AppConfig, settings: DiscordConfig, shards: int | None, shard_ids: list[int] | None
) -> None:
    from adapters.discord.bot import BotOptions, MemoryBot, discord_endpoints
    options = BotOptions(
        dm_workspace=settings.dm_workspace,
        shard_count=shards,
        shard_ids=shard_ids,
        gateway_url=settings.gateway_url,
    )
    async with open_service(config, starting=True) as service:
        with discord_endpoints(settings.api_url, settings.gateway_url):
            async with MemoryBot(service, options) as bot:
                await bot.start(settings.token)


async def _sync(settings: DiscordConfig, guild: int | None) -> list[str]:
    from adapters.discord.bot import discord_endpoints, sync_commands

    with discord_endpoints(settings.api_url, settings.gateway_url):
        return await sync_commands(settings.token, guild)


def _settle(config: AppConfig, body: Callable[[DiscordConfig], Coroutine[Any, Any, T]]) -> T:
    """Run `body(settings)` and turn what can go wrong at start into one clear line."""
    try:
        import aiohttp
        import discord
    except ImportError:
        raise click.ClickException(NOT_INSTALLED) from None
    try:
        settings = discord_config(config)
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    where = settings.api_url or "discord.com"
    try:
        return asyncio.run(body(settings))
    except discord.LoginFailure:
        raise click.ClickException(TOKEN_REJECTED) from None
    except discord.PrivilegedIntentsRequired as exc:
        raise click.ClickException(str(exc)) from None
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        raise click.ClickException(f"Could not reach Discord at {where}: {exc}") from None
    except discord.HTTPException as exc:
        raise click.ClickException(
            f"Discord refused the request ({exc.status}): {exc.text}"
        ) from None
    except FAULTS as exc:  # e.g. the database is down: one line, not a traceback
        raise click.ClickException(redact(explain(exc))) from None


@click.group("discord", invoke_without_command=True)
@click.option("--shards", type=click.IntRange(1, 1024), help="Total shards (default: Discord's).")
@click.option("--shard-ids", help="Run only these shards in this process, e.g. 0,1.")
@click.pass_context
def discord_command(ctx: click.Context, shards: int | None, shard_ids: str | None) -> None:
    """Run the Discord bot (needs DISCORD_TOKEN)."""
    if ctx.invoked_subcommand is not None:
        return
    config: AppConfig = ctx.obj
    ids = _shard_ids(shard_ids, shards)
    _settle(config, lambda settings: _run(config, settings, shards, ids))


@discord_command.command("sync")
@click.option("--guild", type=int, help="Register in this server only (shows at once).")
@click.pass_obj
def sync(config: AppConfig, guild: int | None) -> None:
    """Register the slash commands with Discord."""
    names = _settle(config, lambda settings: _sync(settings, guild))
    where = f"in server {guild}" if guild else "globally"
    click.echo(f"Registered {len(names)} commands {where}: " + ", ".join(f"/{n}" for n in names))
