"""A reply on Discord reads the chain it replies to, as far as the bot can see it.

Follow-ups ("and the other one?") need what was said before. A message that replies
to another carries a reference; Discord delivers the replied-to message with it, and
each earlier link is fetched by id (`GET /channels/{id}/messages/{id}`, the *Read
Message History* permission the bot already asks for). Without the privileged
message-content intent the bot sees the content of its own messages, of messages
that mention it and of DMs, and only those join the turn's `thread` (its own as
"assistant", the others as "user"), like Slack's thread context (`adapters.slack.threads`). The
core trims them to the prompt budget (`core.chat.prompting.recent_thread`) and the
memory context decides what may be learnt from them (nothing in an off or
recall-only channel, nothing while incognito).
"""

from __future__ import annotations

import logging
import re

import discord

from core.chat.turn import ThreadMessage, thread_message

log = logging.getLogger(__name__)
CHAIN_LIMIT = 20  # links followed at most; the prompt budget trims further
_SUBTEXT = re.compile(r"^-# .*$", re.MULTILINE)  # the bot's "🧠 used N memories" line


def without_mention(content: str, bot_id: int) -> str:
    return re.sub(rf"<@!?{bot_id}>", " ", content).strip()


def as_message(message: discord.Message, me: discord.ClientUser) -> ThreadMessage | None:
    """A link of the chain as the model sees it (None: one the bot cannot read)."""
    by_bot = message.author.id == me.id
    readable = message.guild is None or any(user.id == me.id for user in message.mentions)
    if not (by_bot or readable):
        return None  # no content without the privileged intent, and not about the bot
    text = _SUBTEXT.sub("", message.content) if by_bot else message.content
    text = without_mention(text, me.id)
    return thread_message(text, by_bot=by_bot) if text else None


async def _earlier(
    channel: discord.abc.Messageable, reference: discord.MessageReference
) -> discord.Message | None:
    """The message a reference points at: delivered with it, cached, or fetched."""
    if isinstance(reference.resolved, discord.Message):
        return reference.resolved
    if reference.cached_message is not None:
        return reference.cached_message
    if reference.message_id is None:
        return None
    try:
        return await channel.fetch_message(reference.message_id)
    except discord.HTTPException as exc:  # deleted, or no permission: the chain ends
        log.info("reply chain ends at a message the bot cannot read: %s", exc.status)
        return None


async def reply_chain(message: discord.Message, me: discord.ClientUser) -> list[ThreadMessage]:
    """The messages `message` replies to, oldest first, that the bot can see ([] when
    it replies to nothing)."""
    chain: list[ThreadMessage] = []
    reference = message.reference
    for _ in range(CHAIN_LIMIT):
        if reference is None or reference.channel_id != message.channel.id:
            break  # not a reply, or one to another channel (a forward): not this chat
        earlier = await _earlier(message.channel, reference)
        if earlier is None:
            break
        shown = as_message(earlier, me)
        if shown is not None:
            chain.append(shown)
        reference = earlier.reference
    return chain[::-1]
