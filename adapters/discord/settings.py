"""/memory-settings: workspace settings for admins (Manage Server).

Two gates, on purpose. `default_permissions(manage_guild=True)` asks Discord to show
the command to Manage Server members only, but a server owner can override that in
Integrations settings, so the bot checks too (`checks.has_permissions`, read from the
permissions Discord computed for this member in this channel), and the core checks a
third time (`update_settings` refuses non-admins). Without options the command shows
the current settings; each option given is changed. The options and their choices
come from `core.workspace_settings.EDITABLE`, the same table Slack's App Home is built from.

API keys are not settings options (a slash command option would show the key in the
command line): `/memory-settings-keys` (`keys.py`) asks for them in a form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands

from adapters.discord.context import command_request
from adapters.discord.respond import deferred_reply
from core import texts
from core.commands.replies import settings_reply
from core.responses import Response
from core.workspace_settings import EDITABLE, InvalidSetting

if TYPE_CHECKING:
    from adapters.discord.bot import MemoryBot

NAME = "memory-settings"
DESCRIPTION = "Memory settings for this server (Manage Server only)"
SWITCHES = ("memory_enabled", "auto_extract")  # shown as Discord booleans


def _choices() -> dict[str, list[app_commands.Choice[str]]]:
    return {
        name: [app_commands.Choice(name=c.label, value=c.value) for c in spec.choices]
        for name, spec in EDITABLE.items()
        if name not in SWITCHES
    }


def settings_command() -> app_commands.Command[Any, ..., None]:
    """A fresh /memory-settings command (one per tree)."""

    @app_commands.command(name=NAME, description=DESCRIPTION)
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(**{name: spec.help for name, spec in EDITABLE.items()})
    @app_commands.choices(**_choices())
    async def memory_settings(
        interaction: discord.Interaction,
        memory_enabled: Optional[bool] = None,  # noqa: UP045 (discord.py reads these hints)
        auto_extract: Optional[bool] = None,  # noqa: UP045
        global_policy: Optional[str] = None,  # noqa: UP045
        contradiction_policy: Optional[str] = None,  # noqa: UP045
        embed_preset: Optional[str] = None,  # noqa: UP045
        chat_preset: Optional[str] = None,  # noqa: UP045
        retention_days: Optional[str] = None,  # noqa: UP045
        recall_limit: Optional[str] = None,  # noqa: UP045
        recall_min_score: Optional[str] = None,  # noqa: UP045
        shared_channel_recall: Optional[str] = None,  # noqa: UP045
    ) -> None:
        bot: MemoryBot = interaction.client  # type: ignore[assignment]
        given = {
            "memory_enabled": memory_enabled,
            "auto_extract": auto_extract,
            "global_policy": global_policy,
            "contradiction_policy": contradiction_policy,
            "embed_preset": embed_preset,
            "chat_preset": chat_preset,
            "retention_days": retention_days,
            "recall_limit": recall_limit,
            "recall_min_score": recall_min_score,
            "shared_channel_recall": shared_channel_recall,
        }
        changes = {name: value for name, value in given.items() if value is not None}

        async def work() -> Response:
            request = command_request(interaction, bot.options.dm_workspace)
            if not changes:
                return settings_reply(await bot.memory.settings(request.workspace))
            try:
                updated = await bot.memory.update_settings(
                    request.workspace, request.user, is_admin=request.is_admin, **changes
                )
            except PermissionError:
                return Response(texts.SETTINGS_ADMIN_ONLY, ok=False)
            except InvalidSetting as exc:
                return Response(str(exc), ok=False)
            return settings_reply(updated, changed=changes)

        await deferred_reply(interaction, work, bot.stash)

    return memory_settings
