"""👍 / 👎 reactions on the bot's replies, from Slack's `reaction_added` and
`reaction_removed` events (scope `reactions:read`).

Only translation here: who reacted, on which message, with which name. Whether it is
a vote, on which memories, and what it does to their trust is the core's
(`core.governance.reactions`, reached through `MemoryService.reaction`). Reactions
the bot itself leaves, and reactions on anything but a message, are not passed on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from slack_bolt.context.async_context import AsyncBoltContext

from adapters.slack.context import Tasks, origin
from core.service import MemoryService

Listener = Callable[[dict[str, Any], dict[str, Any], AsyncBoltContext], Awaitable[None]]


def reaction_listener(service: MemoryService, tasks: Tasks, *, added: bool) -> Listener:
    """The listener for `reaction_added` (added) or `reaction_removed`."""

    async def listener(
        event: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext
    ) -> None:
        item = event.get("item") or {}
        user, ts = str(event.get("user") or ""), str(item.get("ts") or "")
        if item.get("type") != "message" or not user or not ts or user == context.bot_user_id:
            return
        where = origin(body, context)
        channel, name = str(item.get("channel") or ""), str(event.get("reaction") or "")

        async def work() -> None:
            await service.reaction(where.workspace, user, channel, ts, name, added)

        tasks.spawn(work, None)  # a reaction gets no answer, so nothing to report

    return listener


async def note_posted(
    service: MemoryService,
    workspace: str,
    user: str,
    channel: str,
    posted: Sequence[str],
    data: dict[str, object],
) -> None:
    """Note each message a reply was posted as with the memories it used, so a reaction
    on any of them finds them."""
    used = data.get("used")
    if not isinstance(used, list) or not used:
        return
    for ts in posted:
        await service.note_reply(workspace, user, channel, ts, [str(i) for i in used])
