"""Slack's retries, handled once: one Events API delivery → one reply, one extraction.

Slack delivers an event again (with `X-Slack-Retry-Num`) when it thinks the first
delivery failed: after 3 s without an answer, or after an error. Every delivery of
an event carries the same `event_id`, so a global Bolt middleware claims the id in
the store before any listener runs: the first claim proceeds, every later one (in
this process or any other bot process sharing the database) is acknowledged and
dropped. Slash commands and clicks are never retried by Slack, so only events pass
through here.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.response import BoltResponse

from core.service import MemoryService

log = logging.getLogger(__name__)


def event_key(body: dict[str, Any]) -> tuple[str, str] | None:
    """(workspace, key) naming this event delivery, or None for anything not an event."""
    event_id = body.get("event_id")
    if body.get("type") != "event_callback" or not isinstance(event_id, str) or not event_id:
        return None
    workspace = body.get("team_id") or body.get("enterprise_id") or ""
    return str(workspace), f"slack-event:{event_id}"


def once_per_event(service: MemoryService) -> Callable[..., Awaitable[BoltResponse | None]]:
    """The middleware: a repeated event is answered 200 and goes no further."""

    async def handle_once(
        body: dict[str, Any], next: Callable[[], Awaitable[None]]
    ) -> BoltResponse | None:
        key = event_key(body)
        if key is not None and not await service.first_delivery(*key):
            log.info("slack: event delivered again, already handled: %s", key[1])
            return BoltResponse(status=200, body="")
        await next()
        return None

    return handle_once
