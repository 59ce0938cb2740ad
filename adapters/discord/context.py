"""Who, where and with which rights: from a Discord event to the core's identifiers.

A workspace is a guild. A DM has no guild: by default (`dm_workspace` "dm") it is
the person's own space (`core.audience.personal_workspace`), so no two people ever
share memories through DMs; set `dm_workspace` to a guild id to use that guild's
memories in DMs instead. Channels are Discord channel ids, so incognito is
kept per (workspace, channel, user): threads and DM channels have their own ids.
An admin is a member with Manage Server in that guild; nobody is an admin in a DM.

`BotContext` is what every handler needs from the bot (the service, the DM workspace,
the stash of long button values). The bot builds one and hands it to the commands,
buttons and forms it creates, so no handler reaches back into the client.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from adapters.discord.views import ValueStash
from core.audience import Audience, personal_workspace
from core.chat.turn import ChatTurn, ThreadMessage
from core.commands import CommandRequest
from core.service import MemoryService

PLATFORM = "discord"


DEFAULT_DM_WORKSPACE = "dm"


def workspace_for(guild_id: int | None, dm_workspace: str, user: str = "") -> str:
    if guild_id:
        return str(guild_id)
    if dm_workspace == DEFAULT_DM_WORKSPACE and user:
        return personal_workspace(user)
    return dm_workspace


def interaction_is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server, as Discord resolved it for this member in this channel."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def command_request(
    interaction: discord.Interaction, dm_workspace: str, text: str = ""
) -> CommandRequest:
    return CommandRequest(
        workspace=workspace_for(interaction.guild_id, dm_workspace, str(interaction.user.id)),
        user=str(interaction.user.id),
        channel=str(interaction.channel_id),
        text=text,
        is_admin=interaction_is_admin(interaction),
        platform=PLATFORM,
    )


def chat_turn(
    message: discord.Message,
    text: str,
    dm_workspace: str,
    thread: Sequence[ThreadMessage] = (),
) -> ChatTurn:
    author = message.author
    is_admin = (
        isinstance(author, discord.Member)
        and message.guild is not None
        and author.guild_permissions.manage_guild
    )
    guild_id = message.guild.id if message.guild else None
    return ChatTurn(
        workspace=workspace_for(guild_id, dm_workspace, str(author.id)),
        user=str(author.id),
        channel=str(message.channel.id),
        text=text,
        thread=thread,
        is_admin=is_admin,
        # A server channel's members read the reply; a DM is the author's alone.
        audience=Audience.SHARED if guild_id else Audience.PRIVATE,
        platform=PLATFORM,
        message_id=str(message.id),
        permalink=message.jump_url,
    )


class BotContext:
    """The service and settings the bot's handlers share. Built without a service, it
    describes the commands (for `sync` and the manifest) but cannot run them."""

    def __init__(
        self,
        service: MemoryService | None = None,
        dm_workspace: str = "dm",
        stash: ValueStash | None = None,
    ) -> None:
        self._service = service
        self.dm_workspace = dm_workspace
        self.stash = stash or ValueStash()

    @property
    def service(self) -> MemoryService:
        if self._service is None:
            raise RuntimeError("these commands were built to be described, not run")
        return self._service

    def request(self, interaction: discord.Interaction, text: str = "") -> CommandRequest:
        return command_request(interaction, self.dm_workspace, text)
