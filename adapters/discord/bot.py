"""The Discord client: one `AutoShardedClient`, one `CommandTree`, the click handlers.

`AutoShardedClient` asks Discord how many shards to run (one for small bots) unless
`shard_count` is given; `shard_ids` lets several processes split the shards of one
large bot. REST and gateway URLs can be pointed at proxies (or a local fake in
tests) with `discord_endpoints`.

While connected, the client runs the daily consolidation schedule
(`core.governance.schedule`) for the workspaces it serves: the guilds of its shards,
and the DM workspace on the process that runs shard 0 (where Discord sends DMs), so
each workspace is tidied by exactly one process. The first run comes an hour after
start, then daily, so a bot redeployed more often than daily still tidies up.

The client is where the adapter is assembled and every event is routed: it builds one
`BotContext` (service, DM workspace, stash) and hands it to the commands, buttons,
forms and chat it sets up. Its siblings never import it back.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import discord
import yarl
from discord import app_commands

from adapters.discord import chat, forms, keys, reactions, respond
from adapters.discord.commands import registry_commands
from adapters.discord.context import BotContext, workspace_for
from adapters.discord.settings_command import settings_command
from adapters.discord.views import ActionButton, ActionMenu
from core.governance.schedule import DAY, Periodic, consolidation_schedule
from core.logsafe import log_failure
from core.responses import ActionKind
from core.service import MemoryService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BotOptions:
    dm_workspace: str = "dm"
    shard_count: int | None = None
    shard_ids: Sequence[int] | None = None
    gateway_url: str = ""  # set: connect there even when Discord picks the shard count
    guild_ready_timeout: float = 2.0
    identify_interval: float = 5.0  # Discord allows one shard IDENTIFY per 5 s
    consolidate_every: float = DAY
    consolidate_after: float = 3600.0  # the first run, after start


def intents() -> discord.Intents:
    """Servers, server messages, DMs and reactions (👍 / 👎 on replies vote); no
    privileged intent (content still arrives for DMs and messages that mention the bot)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.dm_messages = True
    wanted.guild_reactions = True
    wanted.dm_reactions = True
    return wanted


def build_tree(client: discord.Client, bot: BotContext) -> app_commands.CommandTree[Any]:
    """The one command tree: every registry command plus /memory-settings and
    /memory-settings-keys, answering with `bot`. Commands work in servers and in DMs
    with the bot; the bot is installed to servers."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        client,
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
    )
    for command in (*registry_commands(bot), settings_command(bot), keys.keys_command(bot)):
        tree.add_command(command)
    tree.error(respond.on_command_error)
    return tree


def command_payloads(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """Exactly what `tree.sync()` uploads (PUT /applications/{id}/commands)."""
    return [command.to_dict(tree) for command in tree.get_commands()]


class MemoryBot(discord.AutoShardedClient):
    """memorybot on Discord; `context` is what every handler is given."""

    def __init__(self, service: MemoryService, options: BotOptions | None = None) -> None:
        self.options = options or BotOptions()
        shards: dict[str, Any] = {}  # discord.py takes shard_ids only when some are given
        if self.options.shard_ids:
            shards["shard_ids"] = list(self.options.shard_ids)
        super().__init__(
            intents=intents(),
            shard_count=self.options.shard_count,
            **shards,
            guild_ready_timeout=self.options.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.context = BotContext(service, self.options.dm_workspace)
        self.tree = build_tree(self, self.context)
        self.schedule: Periodic | None = None
        keys.hide_submitted_keys()

    def served_workspaces(self) -> list[str]:
        """The workspaces this process answers for: its shards' guilds, and DMs if it
        runs shard 0."""
        dm = self.options.dm_workspace
        served = [workspace_for(guild.id, dm) for guild in self.guilds]
        if self.shard_ids is None or 0 in self.shard_ids:
            served.append(dm)
        return list(dict.fromkeys(served))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ActionButton, ActionMenu)
        self.schedule = consolidation_schedule(
            self.context.service.jobs,
            self.served_workspaces,
            self.options.consolidate_every,
            self.options.consolidate_after,
        ).start()

    async def close(self) -> None:
        if self.schedule is not None:
            await self.schedule.stop()
        await super().close()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:
            await asyncio.sleep(self.options.identify_interval)

    async def launch_shards(self) -> None:
        # discord.py connects to the URL Discord returns with the shard count; with a
        # gateway proxy configured, take only the count so the proxy is used.
        if self.shard_count is None and self.options.gateway_url:
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        await super().launch_shards()

    async def on_message(self, message: discord.Message) -> None:
        await chat.on_message(self.context, self.user, message)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An event handler failed. discord.py's default logs the traceback with the
        exception's message, which can quote the message being answered (issue 12):
        log its summary and a message-free stack instead (`core.logsafe`)."""
        exc = sys.exc_info()[1]
        if exc is None:
            log.error("discord: %s failed", event_method)
            return
        log_failure(log, exc, "discord: %s failed", event_method)

    async def on_raw_reaction_add(self, event: discord.RawReactionActionEvent) -> None:
        await reactions.on_reaction(self.context, self.user, event, added=True)

    async def on_raw_reaction_remove(self, event: discord.RawReactionActionEvent) -> None:
        await reactions.on_reaction(self.context, self.user, event, added=False)

    async def on_memory_action(
        self, interaction: discord.Interaction[Any], kind: ActionKind, value: str
    ) -> None:
        """A button or a menu pick (`views.PICKED`): Edit opens a form; everything else
        runs at once."""
        if kind == ActionKind.EDIT:
            await forms.edit_clicked(self.context, interaction, value)
        else:
            await respond.click(self.context, interaction, kind, value)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Submitted forms, routed by their custom_id (see `forms.py`, `keys.py`)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        if not (
            await forms.submitted(self.context, interaction)
            or await keys.submitted(self.context, interaction)
        ):
            data: Mapping[str, object] = interaction.data or {}
            log.warning("a submitted form nobody handles: %s", data.get("custom_id"))


async def sync_commands(token: str, guild_id: int | None = None) -> list[str]:
    """Register the commands with Discord (globally, or in one guild for testing, where
    changes show at once). Uses REST only; returns the registered names."""
    client = discord.Client(intents=discord.Intents.none())
    tree = build_tree(client, BotContext())
    async with client:
        await client.login(token)
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
    return [command.name for command in synced]


@contextmanager
def discord_endpoints(api_url: str = "", gateway_url: str = "") -> Iterator[None]:
    """Send REST calls to `api_url` (ending in /api/v10) and connect the gateway to
    `gateway_url` for the duration; discord.py keeps both process-wide."""
    route, gateway = discord.http.Route, discord.gateway.DiscordWebSocket
    saved = (route.BASE, gateway.DEFAULT_GATEWAY)
    if api_url:
        route.BASE = api_url.rstrip("/")
    if gateway_url:
        gateway.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        route.BASE, gateway.DEFAULT_GATEWAY = saved
