"""The Slack app: one Bolt `AsyncApp`, every listener registered in one place.

Listener map (all built in `SlackBot._register`):
- one slash command per entry of `core.commands.COMMANDS` → `run_command`;
- `mb.<kind>.<n>` buttons (Forget, Undo, Accept, 👍, Erase everything, …) and
  `mb.menu.<n>` item menus (Edit / Pin / Forget) → `run_action`; Edit opens the Edit
  form, a dangerous menu choice opens a confirmation form (`adapters.slack.modals`);
- `mb.setting.<name>` menus on the Home tab → `core.commands.settings.change_setting`;
- `mb.chanpolicy.*` (channel picker + policy menu) → `change_channel_policy`;
- `mb.apikey.<provider>` buttons and the forms' submissions → `adapters.slack.modals`
  (its listeners are registered here too, so this is the one place to read);
- `app_mention` (answered in thread) and `message` in a DM → `core.chat.turn.answer`;
- `app_home_opened` → `views.publish` of the Home page;
- `reaction_added` / `reaction_removed` → `MemoryService.reaction` (a 👍 / 👎 on a
  reply votes like its buttons; `adapters.slack.reactions`).

Every listener acknowledges first and hands the work to a guarded background task
(`Tasks`): Slack wants an answer within 3 s, and Bolt turns a listener that raises
right after `ack()` into a timeout, so a slow model or an exception after the ack
must end as a friendly message to the user, never as an error in the listener. Who
asks and where answers go (`request_for`, `respond`, `publish_home`) is `Answers`
(`adapters.slack.answers`), shared with the form listeners.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack.answers import WENT_WRONG, Answers
from adapters.slack.blocks import chosen, escape, render
from adapters.slack.context import AdminCheck, Origin, Tasks, origin
from adapters.slack.forms import (
    CONFIRM_FORM,
    EDIT_FORM,
    KEY_BUTTON,
    KEY_FORM,
    MAX_INPUT,
    FormContext,
    confirm_form,
    edit_form,
    redact_key_forms,
)
from adapters.slack.home import POLICY_FOR, POLICY_PICKER, SETTING_PREFIX, picked_channel
from adapters.slack.modals import FormListeners
from adapters.slack.reactions import note_posted, reaction_listener
from adapters.slack.retries import once_per_event
from adapters.slack.threads import earlier_messages, strip_mention
from core import texts
from core.audience import Audience
from core.chat.turn import ChatTurn
from core.commands import run_action, run_command
from core.commands.registry import ordered
from core.commands.settings import change_channel_policy, change_setting
from core.faults import FAULTS, explain
from core.responses import ActionKind, Response
from core.service import MemoryService

log = logging.getLogger(__name__)
DEFAULT_API_URL = "https://slack.com/api/"
# What the code subscribes to and calls, with the bot scope each needs; the
# manifests are generated from these (adapters/slack/manifest.py).
BOT_EVENTS: dict[str, str] = {
    "app_home_opened": "",
    "app_mention": "app_mentions:read",
    "message.im": "im:history",
    # 👍 / 👎 on the bot's replies count like its buttons (adapters/slack/reactions.py)
    "reaction_added": "reactions:read",
    "reaction_removed": "reactions:read",
}
WEB_API_SCOPES: dict[str, str] = {
    "auth.test": "",
    "apps.connections.open": "",  # app-level token (connections:write), Socket Mode only
    "users.info": "users:read",
    "chat.postMessage": "chat:write",
    "chat.postEphemeral": "chat:write",
    "views.publish": "",
    "views.open": "",
    "chat.getPermalink": "",  # the link a memory learnt from a message keeps (provenance)
    # a mention in a thread reads the thread (public, private channels; DMs: im:history)
    "conversations.replies": "channels:history groups:history im:history",
}
COMMAND_SCOPE = "commands"
Body = dict[str, Any]


def bot_scopes() -> list[str]:
    needed = {*BOT_EVENTS.values(), COMMAND_SCOPE}
    needed |= {scope for scopes in WEB_API_SCOPES.values() for scope in scopes.split()}
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
        command_prefix: str = "",
    ) -> None:
        self.service = service
        self.command_prefix = command_prefix  # "mb-": /mb-remember (names taken by other apps)
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
        self.answers = Answers(service, self.client, self.tasks, self.admins)
        self.forms = FormListeners(self.answers)
        self.app.middleware(once_per_event(service))  # Slack's retries run once
        self._register()

    async def drain(self) -> None:
        """Wait for all work started by past requests (tests, shutdown)."""
        await self.tasks.drain()

    def _register(self) -> None:
        for spec in ordered():
            command = f"/{self.command_prefix}{spec.name}"
            self.app.command(command)(self._command_listener(spec.name))
        self.app.action(re.compile(r"^mb\.(?!setting\.|apikey\.|chanpolicy\.)"))(self.on_action)
        self.app.action(re.compile(r"^mb\.setting\."))(self.on_setting)
        self.app.action(re.compile(r"^mb\.chanpolicy\."))(self.on_channel_policy)
        self.app.action(re.compile("^" + re.escape(KEY_BUTTON)))(self.forms.on_key_button)
        self.app.view(EDIT_FORM)(self.forms.on_edit_submitted)
        self.app.view(CONFIRM_FORM)(self.forms.on_confirm_submitted)
        self.app.view(KEY_FORM)(self.forms.on_key_submitted)
        redact_key_forms(self.app.logger)  # the Socket Mode client logs through it
        self.app.event("app_mention")(self.on_mention)
        self.app.event("message", matchers=[is_dm])(self.on_direct_message)
        self.app.event("app_home_opened")(self.on_home_opened)
        self.app.event("reaction_added")(reaction_listener(self.service, self.tasks, added=True))
        self.app.event("reaction_removed")(reaction_listener(self.service, self.tasks, added=False))

    # -- slash commands -------------------------------------------------------------

    def _command_listener(self, name: str) -> Callable[..., Awaitable[None]]:
        async def listener(
            ack: Any, body: Body, respond: AsyncRespond, context: AsyncBoltContext
        ) -> None:
            await ack()
            where = origin(body, context)

            async def work() -> None:
                request = await self.answers.request_for(where, body.get("text", ""))
                await self.answers.respond(respond, await run_command(self.service, name, request))

            self.tasks.spawn(work, lambda: self.answers.respond_error(respond))

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
        choice = chosen(action)
        if choice is None:
            return
        where = origin(body, context)
        trigger = body.get("trigger_id", "")
        form = FormContext(
            choice.kind.value, choice.value, where.channel, body.get("response_url") or ""
        )
        if choice.confirm:  # a dangerous choice from a menu: ask in a form first
            view = confirm_form(form, choice.label)
            self.tasks.spawn(lambda: self.client.views_open(trigger_id=trigger, view=view), None)
            return

        async def work() -> None:
            request = await self.answers.request_for(where)
            response = await run_action(self.service, request, choice.kind, choice.value)
            if choice.kind == ActionKind.EDIT and "content" in response.data:
                # The core answers an Edit click with the current text: ask for the new one,
                # unless the form's field could not hold it (saving would cut it short).
                content = str(response.data["content"])
                if len(content) > MAX_INPUT:
                    too_long = texts.EDIT_FORM_TOO_LONG.format(length=len(content), limit=MAX_INPUT)
                    await self._answer_click(where, respond, Response(too_long, ok=False))
                    return
                view = edit_form(form, content, self.service.config.max_chars)
                await self.client.views_open(trigger_id=trigger, view=view)
            else:
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
            request = await self.answers.request_for(where)
            response = await change_setting(self.service, request, name, value)
            await self.answers.publish_home(where, notice=response)

        self.tasks.spawn(work, lambda: self.answers.publish_home(where, notice=WENT_WRONG))

    async def on_channel_policy(
        self, ack: Any, body: Body, action: Body, context: AsyncBoltContext
    ) -> None:
        """A channel's policy from the Home tab: a listed channel's own menu, or the
        policy menu next to the picker (the channel comes from the view's state; picking
        a channel alone changes nothing)."""
        await ack()
        action_id = action.get("action_id", "")
        if action_id == POLICY_PICKER:
            return
        where = origin(body, context)
        value = (action.get("selected_option") or {}).get("value", "")
        if action_id.startswith(POLICY_FOR):
            channel = action_id.removeprefix(POLICY_FOR)
        else:
            channel = picked_channel(body.get("view") or {})

        async def work() -> None:
            request = await self.answers.request_for(where)
            response = await change_channel_policy(self.service, request, channel, value)
            await self.answers.publish_home(where, notice=response)

        self.tasks.spawn(work, lambda: self.answers.publish_home(where, notice=WENT_WRONG))

    async def _answer_click(
        self, where: Origin, respond: AsyncRespond | None, response: Response
    ) -> None:
        """Clicks in a message are answered privately there; clicks on the Home tab
        rebuild the page with the answer on top (there is no response_url)."""
        if respond is not None and where.in_message:
            await self.answers.respond(respond, response, replace_original=False)
        else:
            await self.answers.publish_home(where, notice=response)

    async def _click_error(self, where: Origin, respond: AsyncRespond | None) -> None:
        if respond is not None and where.in_message:
            await self.answers.respond_error(respond)
        else:
            await self.answers.publish_home(where, notice=WENT_WRONG)

    # -- chat ----------------------------------------------------------------------------

    async def on_mention(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        """Mentions are answered in the thread they start (or are part of)."""
        if is_from_a_person(event, context.bot_user_id):
            where, thread = origin(body, context), event.get("thread_ts") or event.get("ts")
            self._chat(where, event, thread, Audience.SHARED)  # the channel reads the reply

    async def on_direct_message(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        """DMs are answered in the DM (in a thread only if the person wrote in one)."""
        if is_from_a_person(event, context.bot_user_id):
            self._chat(origin(body, context), event, event.get("thread_ts"), Audience.PRIVATE)

    def _chat(self, where: Origin, event: Body, thread_ts: str | None, audience: Audience) -> None:
        text = strip_mention(event.get("text", ""), where.bot_user)

        async def work() -> None:
            is_admin = await self.admins.check(self.client, where)
            ts = str(event.get("ts") or "")
            turn = ChatTurn(
                where.workspace,
                where.user,
                where.channel,
                text,
                is_admin=is_admin,
                audience=audience,
                thread=await earlier_messages(self.client, where.channel, event, where.bot_user),
                platform="slack",
                message_id=ts,
                permalink=await self._permalink(where.channel, ts),
            )
            try:
                reply = (await self.service.chat(turn)).response()
            except FAULTS as exc:  # bad input or a database fault: say which, to them only
                await report(explain(exc))
                return
            posted = []
            for message in render(reply):
                sent = await self.client.chat_postMessage(
                    channel=where.channel,
                    thread_ts=thread_ts,
                    text=message.text,
                    blocks=message.blocks,
                )
                posted.append(str(sent.get("ts") or ""))
            ids = [ts for ts in posted if ts]
            await note_posted(
                self.service, where.workspace, where.user, where.channel, ids, reply.data
            )

        async def report(sentence: str = texts.SOMETHING_WENT_WRONG) -> None:
            await self.client.chat_postEphemeral(
                channel=where.channel, user=where.user, thread_ts=thread_ts, text=escape(sentence)
            )

        self.tasks.spawn(work, report)

    async def _permalink(self, channel: str, ts: str) -> str:
        """The message's link, kept with what is learnt from it; "" if Slack says no."""
        if not ts:
            return ""
        try:
            found = await self.client.chat_getPermalink(channel=channel, message_ts=ts)
        except SlackApiError as exc:
            log.info("no permalink for a message: %s", exc.response.get("error"))
            return ""
        return str(found.get("permalink") or "")

    # -- App Home ---------------------------------------------------------------------

    async def on_home_opened(self, event: Body, body: Body, context: AsyncBoltContext) -> None:
        if event.get("tab", "home") == "home":
            where = origin(body, context)
            self.tasks.spawn(lambda: self.answers.publish_home(where), None)
