"""A mention inside a Slack thread reads the thread's earlier messages.

Follow-ups ("and the other one?") need what was said before. `conversations.replies`
(scopes `channels:history` / `groups:history` for public / private channels,
`im:history` for DMs) returns the thread; the messages before the mention become the
turn's `thread` (the bot's own as "assistant", everyone else's as "user"). The core
trims them to the prompt budget (`core.chat.prompting.recent_thread`) and the memory
context decides what may be learnt from them (nothing in an off or recall-only channel,
nothing while incognito).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from core.chat.turn import ThreadMessage, thread_message

log = logging.getLogger(__name__)
THREAD_LIMIT = 20  # messages asked for; the prompt budget trims further


def strip_mention(text: str, bot_user: str | None) -> str:
    """The message without the bot's own @-mention."""
    if bot_user:
        text = re.sub(rf"<@{re.escape(bot_user)}(\|[^>]*)?>", " ", text)
    return " ".join(text.split())


def as_message(message: dict[str, Any], bot_user: str | None) -> ThreadMessage | None:
    """A thread message as the model sees it (None: an edit, a join, an empty one)."""
    if message.get("subtype") not in (None, "bot_message", "thread_broadcast"):
        return None
    text = strip_mention(str(message.get("text") or ""), bot_user)
    if not text:
        return None
    return thread_message(text, by_bot=bool(bot_user) and message.get("user") == bot_user)


async def earlier_messages(
    client: AsyncWebClient, channel: str, event: dict[str, Any], bot_user: str | None
) -> list[ThreadMessage]:
    """The thread's messages before this one, oldest first ([] outside a thread, or
    when Slack refuses: the mention is still answered)."""
    thread_ts, ts = event.get("thread_ts"), event.get("ts")
    if not thread_ts or thread_ts == ts:
        return []
    try:
        found = await client.conversations_replies(
            channel=channel, ts=thread_ts, latest=ts, inclusive=False, limit=THREAD_LIMIT
        )
    except SlackApiError as exc:
        log.info("thread not read: %s", exc.response.get("error"))
        return []
    before = [m for m in found.get("messages") or [] if str(m.get("ts", "")) < str(ts)]
    return [m for m in (as_message(raw, bot_user) for raw in before) if m is not None]
