"""Who and where a Slack request comes from, whether they are an admin, and the
guarded background tasks the work runs in.

Workspace = the team the bot is installed in (from the authorization, so a DM
belongs to that team); incognito and every other per-channel state is keyed by
(team, channel, user), where DM channels are their own `D…` ids.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from core.logsafe import log_failure

log = logging.getLogger(__name__)

# What can go wrong talking to Slack while reporting an error: logged, never raised.
SLACK_ERRORS = (SlackApiError, aiohttp.ClientError, asyncio.TimeoutError)


@dataclass(frozen=True)
class Origin:
    workspace: str
    user: str
    channel: str  # "" on the Home tab
    in_message: bool = True  # False for clicks on a view (the Home tab)
    bot_user: str | None = None


def origin(body: dict[str, Any], context: AsyncBoltContext) -> Origin:
    """Translate a command, event or interaction payload into an Origin."""
    auth = context.authorize_result
    workspace = (
        (auth and (auth.team_id or auth.enterprise_id)) or context.team_id or context.enterprise_id
    )
    event = body.get("event") or {}
    channel = (
        body.get("channel_id")
        or (body.get("channel") or {}).get("id")
        or event.get("channel")
        or ""
    )
    user = context.user_id or event.get("user") or ""
    in_message = (body.get("container") or {}).get("type", "message") != "view"
    return Origin(str(workspace or ""), user, channel, in_message, context.bot_user_id)


@dataclass
class AdminCheck:
    """Slack's verdict on "is this person a workspace admin or owner" (`users.info`),
    remembered for `ttl` seconds so a busy channel does not call it per message. The
    verdict is passed to the core as `is_admin`; the core decides what it allows."""

    ttl: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _cache: dict[tuple[str, str], tuple[float, bool]] = field(default_factory=dict)

    async def check(self, client: AsyncWebClient, where: Origin) -> bool:
        key = (where.workspace, where.user)
        cached = self._cache.get(key)
        if cached and self.clock() - cached[0] < self.ttl:
            return cached[1]
        try:
            info = (await client.users_info(user=where.user)).get("user") or {}
        except SLACK_ERRORS as exc:
            log.warning("users.info failed, treating %s as a non-admin: %s", where.user, exc)
            return False
        verdict = bool(info.get("is_admin") or info.get("is_owner"))
        self._cache[key] = (self.clock(), verdict)
        return verdict


Work = Callable[[], Awaitable[Any]]


@dataclass
class Tasks:
    """Work after the ack, as asyncio tasks that can never fail silently or loudly:
    an exception is logged and `report` tells the user something went wrong."""

    running: set[asyncio.Task[None]] = field(default_factory=set)
    failures: int = 0

    def spawn(self, work: Work, report: Work | None) -> None:
        task = asyncio.get_running_loop().create_task(self._guard(work, report))
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def _guard(self, work: Work, report: Work | None) -> None:
        try:
            await work()
        except Exception as exc:  # the top of a background task: anything must end here
            self.failures += 1
            log_failure(log, exc, "slack: work after the ack failed")
            if report is not None:
                try:
                    await report()
                except SLACK_ERRORS as exc:
                    log.warning("slack: could not tell the user about the failure: %s", exc)

    async def drain(self) -> None:
        while self.running:
            await asyncio.gather(*list(self.running), return_exceptions=True)
