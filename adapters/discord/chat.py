"""Chat: answer mentions in servers and every message in DMs.

The bot does not ask for the privileged message-content intent: Discord still
delivers the content of DMs and of messages that mention the bot, which is all
the bot answers. A reply reads the chain it replies to (`adapters.discord.threads`).
The reply quotes the message, carries the "🧠 used N memories" line and a button to
see which ones; it never pings anyone.
"""

from __future__ import annotations

import discord

from adapters.discord import reactions
from adapters.discord.context import BotContext, chat_turn
from adapters.discord.render import render
from adapters.discord.threads import reply_chain, without_mention
from core.faults import FAULTS, explain
from core.responses import Response


def addressed_to(bot_user: discord.ClientUser, message: discord.Message) -> bool:
    """A DM, or a server message that mentions the bot (not @everyone, not a bot)."""
    if message.author.bot or message.author.id == bot_user.id:
        return False
    if message.guild is None:
        return True
    return any(user.id == bot_user.id for user in message.mentions)


async def on_message(
    ctx: BotContext, me: discord.ClientUser | None, message: discord.Message
) -> None:
    """Answer `message` if it is addressed to `me` (the bot's user, once logged in)."""
    if me is None or not addressed_to(me, message):
        return
    thread = await reply_chain(message, me)
    turn = chat_turn(message, without_mention(message.content, me.id), ctx.dm_workspace, thread)
    try:
        async with message.channel.typing():
            reply = (await ctx.service.chat(turn)).response()
    except FAULTS as exc:  # bad input or a database fault: one sentence, never silence
        reply = Response(explain(exc), ok=False)
    sent = await message.reply(**render(reply, ctx.stash), mention_author=False)
    await reactions.note_reply(ctx, message, sent, reply)
