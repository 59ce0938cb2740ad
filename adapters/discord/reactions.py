"""👍 / 👎 reactions on the bot's replies, from Discord's raw reaction events
(`on_raw_reaction_add` / `on_raw_reaction_remove`; the non-privileged reactions
intents, `guild_reactions` and `dm_reactions`).

Only translation here: who reacted, on which message, with which emoji. Whether it
is a vote, on which memories, and what it does to their trust is the core's
(`core.governance.reactions`, reached through `MemoryService.reaction`). The raw
events arrive for messages the client has not cached too, so old replies count.
"""

from __future__ import annotations

import logging

import discord

from adapters.discord.context import BotContext, workspace_for
from core.faults import FAULTS
from core.responses import Response

log = logging.getLogger(__name__)


async def on_reaction(
    ctx: BotContext,
    me: discord.ClientUser | None,
    event: discord.RawReactionActionEvent,
    *,
    added: bool,
) -> None:
    """Pass a reaction on to the core, unless the bot left it itself."""
    if me is None or event.user_id == me.id or not event.emoji.name:
        return
    user = str(event.user_id)
    workspace = workspace_for(event.guild_id, ctx.dm_workspace, user)
    channel, message = str(event.channel_id), str(event.message_id)
    try:
        await ctx.service.reaction(workspace, user, channel, message, event.emoji.name, added)
    except FAULTS as exc:  # a reaction gets no answer: the vote is simply not counted
        log.info("a reaction was not counted: %s", type(exc).__name__)


async def note_reply(
    ctx: BotContext, asked: discord.Message, sent: discord.Message, reply: Response
) -> None:
    """Note the posted reply with the memories it used, so a reaction on it finds them."""
    used = reply.data.get("used")
    if not isinstance(used, list) or not used:
        return
    guild_id = asked.guild.id if asked.guild else None
    user = str(asked.author.id)
    workspace = workspace_for(guild_id, ctx.dm_workspace, user)
    ids = [str(i) for i in used]
    try:
        await ctx.service.note_reply(workspace, user, str(sent.channel.id), str(sent.id), ids)
    except FAULTS as exc:  # the reply is out; only reactions on it will not count
        log.warning("a reply was not noted for reactions: %s", type(exc).__name__)
