"""Who is asking and where the answer goes, shared by every Slack listener.

The slash-command, button, chat and Home listeners (`app.py`) and the form listeners
(`modals.py`) all turn a Slack origin into a `CommandRequest` (with the admin check)
and send core responses back the same ways: through a response_url, or by publishing
the Home tab with the answer on top. Both take an `Answers`, so neither needs the
other.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack.blocks import render
from adapters.slack.context import AdminCheck, Origin, Tasks
from adapters.slack.home import HomePage, home_view
from core import texts
from core.commands import CommandRequest, run_command
from core.commands.keys import key_statuses
from core.responses import Response
from core.service import MemoryService

log = logging.getLogger(__name__)

WENT_WRONG = Response(texts.SOMETHING_WENT_WRONG, ok=False)


class Answers:
    """The service, the Web API client, the background tasks and the admin check."""

    def __init__(
        self, service: MemoryService, client: AsyncWebClient, tasks: Tasks, admins: AdminCheck
    ) -> None:
        self.service = service
        self.client = client
        self.tasks = tasks
        self.admins = admins

    async def request_for(self, where: Origin, text: str = "") -> CommandRequest:
        is_admin = await self.admins.check(self.client, where)
        return CommandRequest(where.workspace, where.user, where.channel, text, is_admin, "slack")

    async def respond(
        self, respond: AsyncRespond, response: Response, replace_original: bool | None = None
    ) -> bool:
        """Answer through a response_url; False when it refused (expired or used up)."""
        kind = "ephemeral" if response.ephemeral else "in_channel"
        for message in render(response):
            sent = await respond(
                text=message.text,
                blocks=message.blocks,
                response_type=kind,
                replace_original=replace_original,
            )
            if sent.status_code != 200:  # nothing more will get through
                log.warning("response_url refused a reply: %s %s", sent.status_code, sent.body)
                return False
        return True

    async def respond_error(self, respond: AsyncRespond) -> None:
        await respond(text=texts.SOMETHING_WENT_WRONG, response_type="ephemeral")

    async def publish_home(self, where: Origin, notice: Response | None = None) -> None:
        """The Home tab for this person, with `notice` (the answer to a click) on top."""
        request = await self.request_for(replace(where, channel=""))
        ws, user = where.workspace, where.user
        page = HomePage(
            stats=await self.service.stats(ws, user),
            profile=await self.service.profile(ws, user),
            incognito=await self.service.incognito_channels(ws, user),
            settings=await self.service.settings(ws) if request.is_admin else None,
            notice=notice,
            memories=await run_command(self.service, "memories", request),
            keys=await key_statuses(self.service, request),
        )
        await self.client.views_publish(user_id=user, view=home_view(page))
