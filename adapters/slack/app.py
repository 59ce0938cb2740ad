"""The Slack app: one Bolt `AsyncApp`, every listener registered in one place.

Listener map (all built in `SlackBot._register`):
- one slash command per entry of `core.commands.COMMANDS` → `run_command`;
- `mb.<kind>.<n>` buttons (Forget, Undo, Accept, Reject, Show used, …) → `run_action`;
- `mb.setting.<name>` menus on the Home tab → `core.commands.settings.change_setting`;
- `app_mention` (answered in thread) and `message` in a DM → `core.chat.answer`;
- `app_home_opened` → `views.publish` of the Home page.

Every listener acknowledges first and hands the work to a guarded background task
(`Tasks`): Slack wants an answer within 3 s, and Bolt turns a listener that raises
right after `ack()` into a timeout, so a slow model or an exception after the ack
must end as a friendly message to the user, never as an error in the listener.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack.blocks import action_kind, render
from adapters.slack.context import AdminCheck, Origin, Tasks, origin
from adapters.slack.home import SETTING_PREFIX, HomePage, home_view
from core import texts
from core.chat import ChatTurn, answer
from core.commands import CommandRequest, run_action, run_command
from core.commands.registry import ordered
from core.commands.settings import change_setting
from core.responses import Response
from core.service import MemoryService

log = logging.getLogger(__name__)

DEFAULT_API_URL = "https://slack.com/api/"
# What the code subscribes to and calls, with the bot scope each needs; the
# manifests are generated from these (adapters/slack/manifest.py).
BOT_EVENTS: dict[str, str] = {
    "app_home_opened": "",
    "app_mention": "app_mentions:read",
    "message.im": "im:history",
}
WEB_API_SCOPES: dict[str, str] = {
    "auth.test": "",
    "apps.connections.open": "",  # app-level token (connections:write), Socket Mode only
    "users.info": "users:read",
    "chat.postMessage": "chat:write",
    "chat.postEphemeral": "chat:write",
    "views.publish": "",
}
COMMAND_SCOPE = "commands"
Body = dict[str, Any]


def bot_scopes() -> list[str]:
    needed = {*BOT_EVENTS.values(), *WEB_API_SCOPES.values(), COMMAND_SCOPE}
    return sorted(scope for scope in needed if scope)


async def is_dm(event: Body) -> bool:
    return event.get("channel_type") == "im"


def is_from_a_person(event: Body, bot_user_id: str | None) -> bool:
    """Edits, joins and other subtypes, and anything a bot wrote, get no answer."""
    return not (
        event.get("subtype") or event.get("bot_id") or event.get("user") in (None, bot_user_id)
    )


class SlackBot:
    """memorybot on Slack: `app` serves HTTP (`app.web_app()`) or Socket Mode alike."""

    def __init__(
        self,
        service: MemoryService,
        *,
        token: str,
        signing_secret: str = "",
        api_url: str = DEFAULT_API_URL,
        admin_ttl: float = 60.0,
    ) -> None:
        self.service = service
        self.client = AsyncWebClient(token=token, base_url=api_url)
        # Listeners only ack and spawn, so Bolt may run them inline and answer at once
        # (otherwise it polls for the ack every 10 ms, adding ~10 ms to every ack).
        self.app = AsyncApp(
            name="memorybot",
            client=self.client,
            signing_secret=signing_secret,
            process_before_response=True,
        )
        self.tasks = Tasks()
        self.admins = AdminCheck(admin_ttl)
        self._register()

    async def drain(self) -> None:
        """Wait for all work started by past requests (tests, shutdown)."""
        await self.tasks.drain()

    def _register(self) -> None:
        for spec in ordered():
            self.app.command(f"/{spec.name}")(self._command_listener(spec.name))
        self.app.action(re.compile(r"^mb\.(?!setting\.)"))(self.on_action)
        self.app.action(re.compile(r"^mb\.setting\."))(self.on_setting)
        self.app.event("app_mention")(self.on_mention)
        self.app.event("message", matchers=[is_dm])(self.on_direct_message)
        self.app.event("app_home_opened")(self.on_home_opened)

    # -- slash commands -------------------------------------------------------------

    def _command_listener(self, name: str) -> Callable[..., Awaitable[None]]:
        async def listener(
            ack: Any, body: Body, respond: AsyncRespond, context: AsyncBoltContext
        ) -> None:
            await ack()
            where = origin(body, context)

            async def work() -> None:
                request = await self._request(where, body.get("text", ""))
                await self._respond(respond, await run_command(self.service, name, request))

            self.tasks.spawn(work, lambda: self._respond_error(respond))

        listener.__name__ = f"command_{name}"
        return listener

    # -- buttons and menus ------------------------------------------------------------

    async def on_action(
        self,
        ack: Any,
        body: Body,
        action: Body,
        respond: AsyncRespond | None,
        context: AsyncBoltContext,
    ) -> None:
        await ack()
        kind = action_kind(action.get("action_id", ""))
        where = origin(body, context)
        if kind is None:
            return

        async def work() -> None:
            request = await self._request(where)
            response = await run_action(self.service, request, kind, action.get("value", ""))
            await self._answer_click(where, respond, response)

        self.tasks.spawn(work, lambda: self._click_error(where, respond))

    async def on_setting(
        self, ack: Any, body: Body, action: Body, context: AsyncBoltContext
    ) -> None:
        await ack()
        where = origin(body, context)
        name = action.get("action_id", "").removeprefix(SETTING_PREFIX)
        value = (action.get("selected_option") or {}).get("value", "")

        async def work() -> None:
            request = await self._request(where)
            response = await change_setting(self.service, request, name, value)
            await self.publish_home(where, notice=response.text)

        self.tasks.spawn(work, lambda: self.publish_home(where, notice=texts.SOMETHING_WENT_WRONG))

    async def _answer_click(
        self, where: Origin, respond: AsyncRespond | None, response: Response
    ) -> None:
        """Clicks in a message are answered privately there; clicks on the Home tab
        rebuild the page with the answer on top (there is no response_url)."""
        if respond is not None and where.in_message:
            await self._respond(respond, response, replace_original=False)
        else:
            await self.publish_home(where, notice=response.text)

    async def _click_error(self, where: Origin, respond: AsyncRespond | None) -> None:
        if respond is not None and where.in_message:
            await self._respond_error(respond)
        else:
            await self.publish_home(where, notice=texts.SOMETHING_WENT_WRONG)

    # -- chat ----------------------------------------------------------------------------

    async def on_mention(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        """Mentions are answered in the thread they start (or are part of)."""
        if is_from_a_person(event, context.bot_user_id):
            self._chat(origin(body, context), event, event.get("thread_ts") or event.get("ts"))

    async def on_direct_message(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        """DMs are answered in the DM (in a thread only if the person wrote in one)."""
        if is_from_a_person(event, context.bot_user_id):
            self._chat(origin(body, context), event, event.get("thread_ts"))

    def _chat(self, where: Origin, event: Body, thread_ts: str | None) -> None:
        text = strip_mention(event.get("text", ""), where.bot_user)

        async def work() -> None:
            is_admin = await self.admins.check(self.client, where)
            turn = ChatTurn(where.workspace, where.user, where.channel, text, is_admin=is_admin)
            reply = (await answer(self.service, turn)).response()
            for message in render(reply):
                await self.client.chat_postMessage(
                    channel=where.channel,
                    thread_ts=thread_ts,
                    text=message.text,
                    blocks=message.blocks,
                )

        async def report() -> None:
            await self.client.chat_postEphemeral(
                channel=where.channel,
                user=where.user,
                thread_ts=thread_ts,
                text=texts.SOMETHING_WENT_WRONG,
            )

        self.tasks.spawn(work, report)

    # -- App Home ---------------------------------------------------------------------

    async def on_home_opened(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        if event.get("tab", "home") == "home":
            where = origin(body, context)
            self.tasks.spawn(lambda: self.publish_home(where), None)

    async def publish_home(self, where: Origin, notice: str = "") -> None:
        is_admin = await self.admins.check(self.client, where)
        ws, user = where.workspace, where.user
        page = HomePage(
            stats=await self.service.stats(ws, user),
            profile=await self.service.profile(ws, user),
            incognito=await self.service.incognito_channels(ws, user),
            settings=await self.service.settings(ws) if is_admin else None,
            notice=notice,
        )
        await self.client.views_publish(user_id=user, view=home_view(page))

    # -- helpers ------------------------------------------------------------------------

    async def _request(self, where: Origin, text: str = "") -> CommandRequest:
        is_admin = await self.admins.check(self.client, where)
        return CommandRequest(where.workspace, where.user, where.channel, text, is_admin, "slack")

    async def _respond(
        self, respond: AsyncRespond, response: Response, replace_original: bool | None = None
    ) -> None:
        kind = "ephemeral" if response.ephemeral else "in_channel"
        for message in render(response):
            sent = await respond(
                text=message.text,
                blocks=message.blocks,
                response_type=kind,
                replace_original=replace_original,
            )
            if sent.status_code != 200:  # expired or used up: nothing more will get through
                log.warning("response_url refused a reply: %s %s", sent.status_code, sent.body)
                return

    async def _respond_error(self, respond: AsyncRespond) -> None:
        await respond(text=texts.SOMETHING_WENT_WRONG, response_type="ephemeral")


def strip_mention(text: str, bot_user: str | None) -> str:
    """The message without the bot's own @-mention."""
    if bot_user:
        text = re.sub(rf"<@{re.escape(bot_user)}(\|[^>]*)?>", " ", text)
    return " ".join(text.split())
