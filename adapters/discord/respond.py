"""Answering interactions: defer inside Discord's 3 seconds, then follow up.

Every command and button answers the same way: `defer(ephemeral=True, thinking=True)`
first (an HTTP call that takes milliseconds), then the core work (which may wait on
an embedder or a database), then one followup through the interaction token, which
stays valid for 15 minutes. Nothing slow ever runs before the deferral.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from adapters.discord.context import command_request
from adapters.discord.render import render
from adapters.discord.views import ValueStash, unstash
from core import texts
from core.commands import run_action
from core.responses import ActionKind, Response

if TYPE_CHECKING:
    from adapters.discord.bot import MemoryBot

log = logging.getLogger(__name__)


async def deferred_reply(
    interaction: discord.Interaction[Any],
    work: Callable[[], Awaitable[Response]],
    stash: ValueStash,
) -> None:
    """Defer, run `work`, send its response as the (private) followup."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.NotFound:
        log.warning("interaction %s expired before it could be deferred", interaction.id)
        return
    response = await work()
    await interaction.followup.send(**render(response, stash), ephemeral=True)


async def click(
    bot: MemoryBot, interaction: discord.Interaction[Any], kind: ActionKind, value: str
) -> None:
    """A button press: the core action named by the button, for whoever pressed it."""

    async def work() -> Response:
        resolved = unstash(value, bot.stash)
        if resolved is None:
            return Response(texts.BUTTON_EXPIRED, ok=False)
        request = command_request(interaction, bot.options.dm_workspace)
        return await run_action(bot.memory, request, kind, resolved)

    await deferred_reply(interaction, work, bot.stash)


async def on_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The tree's error handler: a refused check says why; anything else is logged and
    the user gets an apology instead of an endless "thinking…"."""
    if isinstance(error, app_commands.MissingPermissions):
        message = texts.SETTINGS_ADMIN_ONLY
    elif isinstance(error, app_commands.CommandNotFound):
        log.warning("unknown command /%s: run `memorybot discord sync`", error.name)
        message = texts.UNKNOWN_COMMAND.format(name=error.name)
    else:
        log.error(
            "command %s failed", interaction.command and interaction.command.name, exc_info=error
        )
        message = texts.SOMETHING_WENT_WRONG
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
