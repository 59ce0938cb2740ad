"""/memory-settings: workspace settings for admins (Manage Server).

Two gates, on purpose. `default_permissions(manage_guild=True)` asks Discord to show
the command to Manage Server members only, but a server owner can override that in
Integrations settings, so the bot checks too (`checks.has_permissions`, read from the
permissions Discord computed for this member in this channel), and the core checks a
third time (`core.commands.settings.change_settings`, the same answers as Slack's App
Home). Without options the command shows the current settings; each option given is
changed. One option per entry of `core.workspace_settings.EDITABLE`, in its order: an
on/off setting is a Discord boolean, any other a string with the table's choices. Then
`channel:` and `channel_memory:` set one channel's policy (on / recall only / off),
alone, through `core.commands.settings.change_channel_policy`.

API keys are not settings options (a slash command option would show the key in the
command line): `/memory-settings-keys` (`keys.py`) asks for them in a form.
"""

from __future__ import annotations

import inspect
from typing import Any, Optional

import discord
from discord import app_commands

from adapters.discord.context import BotContext
from adapters.discord.respond import deferred_reply
from core import texts
from core.commands.settings import change_channel_policy, change_settings
from core.responses import Response
from core.workspace_settings import CHANNEL_POLICY, EDITABLE, SettingSpec

NAME = "memory-settings"
# A channel's own policy: `channel:` (default: where the command is typed) with
# `channel_memory:` on / recall only / off.
CHANNEL = "channel"
CHANNEL_MEMORY = "channel_memory"
DESCRIPTION = "Memory settings for this server (Manage Server only)"


def is_switch(spec: SettingSpec) -> bool:
    """An on/off setting, shown as a Discord boolean."""
    return all(isinstance(choice.stored, bool) for choice in spec.choices)


def _signature() -> inspect.Signature:
    """(interaction, <one optional option per editable setting>)."""
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    annotations: dict[str, Any] = {
        name: bool if is_switch(spec) else str for name, spec in EDITABLE.items()
    }
    annotations |= {CHANNEL: app_commands.AppCommandChannel, CHANNEL_MEMORY: str}
    for name, kind in annotations.items():
        params.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=Optional[kind],  # noqa: UP045 (discord.py reads it)
                default=None,
            )
        )
    return inspect.Signature(params)


def _choices() -> dict[str, list[app_commands.Choice[str]]]:
    specs = {**EDITABLE, CHANNEL_MEMORY: CHANNEL_POLICY}
    return {
        name: [app_commands.Choice(name=c.label, value=c.value) for c in spec.choices]
        for name, spec in specs.items()
        if not is_switch(spec)
    }


def settings_command(ctx: BotContext) -> app_commands.Command[Any, ..., None]:
    """A fresh /memory-settings command (one per tree)."""

    async def memory_settings(interaction: discord.Interaction, **given: Any) -> None:
        channel = given.pop(CHANNEL, None)
        policy = given.pop(CHANNEL_MEMORY, None)
        changes = {name: value for name, value in given.items() if value is not None}

        async def work() -> Response:
            request = ctx.request(interaction)
            if channel is None and policy is None:
                return await change_settings(ctx.service, request, changes)
            if changes:
                return Response(texts.CHANNEL_POLICY_ALONE, ok=False)
            where = str(channel.id) if channel is not None else request.channel
            if policy is None:
                return Response(texts.CHANNEL_POLICY_MISSING, ok=False)
            return await change_channel_policy(ctx.service, request, where, policy)

        await deferred_reply(interaction, work, ctx.stash)

    memory_settings.__signature__ = _signature()  # type: ignore[attr-defined]  # discord.py reads it
    # The decorators a hand-written command would carry, applied in the same order.
    callback: Any = app_commands.choices(**_choices())(memory_settings)
    described = {name: spec.help for name, spec in EDITABLE.items()}
    described |= {CHANNEL: texts.CHANNEL_OPTION_HELP, CHANNEL_MEMORY: CHANNEL_POLICY.help}
    callback = app_commands.describe(**described)(callback)
    callback = app_commands.checks.has_permissions(manage_guild=True)(callback)
    callback = app_commands.default_permissions(manage_guild=True)(callback)
    callback = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)(
        callback
    )
    callback = app_commands.guild_only()(callback)
    return app_commands.command(name=NAME, description=DESCRIPTION)(callback)
