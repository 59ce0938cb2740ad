"""Answering interactions: acknowledge inside Discord's 3 seconds, then follow up.

Every command, button, menu pick and form answers the same way: a first response that
takes milliseconds, then the core work (which may wait on an embedder or a database),
then one private followup through the interaction token, which stays valid for 15
minutes. Nothing slow ever runs before the first response. The first response is
`defer(ephemeral=True, thinking=True)`, except for a pick in a menu (or a form opened
from one): that updates its message unchanged, which puts the menu back to its
placeholder — Discord sends nothing when the entry already shown is picked again, so
without it "Edit 3" could not be picked twice in a row.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.context import BotContext
from adapters.discord.render import render
from adapters.discord.views import ValueStash, unstash
from core import guards, texts
from core.commands import run_action
from core.logsafe import log_failure
from core.responses import ActionKind, Response

log = logging.getLogger(__name__)


def from_menu(interaction: discord.Interaction[Any]) -> bool:
    """A pick in a select menu, or a form submitted from a message's component."""
    if interaction.message is None:
        return False
    if interaction.type is discord.InteractionType.modal_submit:
        return True
    data: Any = interaction.data or {}
    return (
        interaction.type is discord.InteractionType.component
        and data.get("component_type") == discord.ComponentType.string_select.value
    )


async def acknowledge(interaction: discord.Interaction[Any]) -> bool:
    """The first response (False: Discord gave up on the interaction already)."""
    try:
        if from_menu(interaction):
            await interaction.response.edit_message()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.NotFound:
        log.warning("interaction %s expired before it could be answered", interaction.id)
        return False
    return True


async def deferred_reply(
    interaction: discord.Interaction[Any],
    work: Callable[[], Awaitable[Response]],
    stash: ValueStash,
) -> None:
    """Acknowledge, run `work`, send its response as the (private) followup."""
    if not await acknowledge(interaction):
        return
    response = await work()
    await interaction.followup.send(**render(response, stash), ephemeral=True)


async def run_and_reply(
    ctx: BotContext, interaction: discord.Interaction[Any], kind: ActionKind, value: str | None
) -> None:
    """The core action `kind` with `value` (None: its button has expired), for whoever
    clicked, picked or submitted."""

    async def work() -> Response:
        if value is None:
            return Response(texts.BUTTON_EXPIRED, ok=False)
        request = ctx.request(interaction)
        return await run_action(ctx.service, request, kind, value)

    await deferred_reply(interaction, work, ctx.stash)


async def click(
    ctx: BotContext, interaction: discord.Interaction[Any], kind: ActionKind, value: str
) -> None:
    """A button press or menu pick: the core action it names, for whoever made it."""
    await run_and_reply(ctx, interaction, kind, unstash(value, ctx.stash))


async def on_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The tree's error handler: a refused check says why; anything else is logged and
    the user gets an apology instead of an endless "thinking…"."""
    if isinstance(error, app_commands.MissingPermissions):
        message = texts.SETTINGS_ADMIN_ONLY
    elif isinstance(error, app_commands.CommandNotFound):
        log.warning("unknown command /%s: run `memorybot discord sync`", guards.masked(error.name))
        message = texts.UNKNOWN_COMMAND.format(name=guards.masked(error.name))
    else:
        name = interaction.command and interaction.command.name
        log_failure(log, error, "command %s failed", name)
        message = texts.SOMETHING_WENT_WRONG
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
