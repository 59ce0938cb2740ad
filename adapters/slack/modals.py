"""The listeners behind the forms: opening the API key form, and the submissions of
the Edit form, the confirmation form and the key form.

A submission is acknowledged at once — Slack closes the form only on the ack, and
wants it within 3 s. The one thing checked before the ack is what can be judged
quickly from the text alone: an edit the guards refuse is answered inside the form
(`response_action: errors`, via `core.commands.governance.edit_refusal`) and changes
nothing. The real work (re-embedding, the store) runs after the ack in a guarded
task, and its answer goes where the form came from (`FormContext`). `SlackBot`
registers these listeners with the rest; they get only the shared `Answers`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond

from adapters.slack.answers import WENT_WRONG, Answers
from adapters.slack.blocks import render
from adapters.slack.context import Origin, origin
from adapters.slack.forms import KEY_BUTTON, KEY_INPUT, TEXT_INPUT, FormContext, key_form, submitted
from core import texts
from core.commands import run_action
from core.commands.governance import edit_refusal
from core.commands.keys import set_key
from core.responses import ActionKind, Response

log = logging.getLogger(__name__)
Body = dict[str, Any]


class FormListeners:
    """Registered on the bot's app by `SlackBot`; answers through `answers`."""

    def __init__(self, answers: Answers) -> None:
        self.answers = answers

    # -- Edit and confirmations ------------------------------------------------------

    async def on_edit_submitted(
        self, ack: Any, body: Body, view: Body, context: AsyncBoltContext
    ) -> None:
        form = FormContext.load(view.get("private_metadata", ""))
        text = submitted(view, TEXT_INPUT)
        refusal = edit_refusal(self.answers.service, text)
        if refusal is not None:
            await ack(response_action="errors", errors={TEXT_INPUT: refusal.text})
            return
        await ack()
        if form is not None:
            self._run(body, context, form, f"{form.value} {text}")

    async def on_confirm_submitted(
        self, ack: Any, body: Body, view: Body, context: AsyncBoltContext
    ) -> None:
        await ack()
        form = FormContext.load(view.get("private_metadata", ""))
        if form is not None:
            self._run(body, context, form, form.value)

    def _run(self, body: Body, context: AsyncBoltContext, form: FormContext, value: str) -> None:
        try:
            kind = ActionKind(form.kind)
        except ValueError:
            log.warning("slack: a form asked for an unknown action %r", form.kind)
            return
        where = replace(origin(body, context), channel=form.channel)

        async def work() -> None:
            request = await self.answers.request_for(where)
            response = await run_action(self.answers.service, request, kind, value)
            await self.answer(where, form, response)

        self.answers.tasks.spawn(work, lambda: self.answer(where, form, WENT_WRONG))

    async def answer(self, where: Origin, form: FormContext, response: Response) -> None:
        """Privately where the form was opened: through the message's response_url, or
        with chat.postEphemeral once that has expired (a form left open for more than
        30 minutes); on the Home tab for a form opened there."""
        if not form.channel:
            await self.answers.publish_home(where, notice=response)
            return
        respond = AsyncRespond(response_url=form.response_url)
        if form.response_url and await self.answers.respond(respond, response, False):
            return
        for message in render(response):
            await self.answers.client.chat_postEphemeral(
                channel=form.channel, user=where.user, text=message.text, blocks=message.blocks
            )

    # -- provider API keys (admins, Home tab) ----------------------------------------

    async def on_key_button(
        self, ack: Any, body: Body, action: Body, context: AsyncBoltContext
    ) -> None:
        await ack()
        provider = action.get("action_id", "").removeprefix(KEY_BUTTON)
        view = key_form(provider, texts.KEY_LABELS.get(provider, provider))
        trigger = body.get("trigger_id", "")
        client = self.answers.client
        self.answers.tasks.spawn(lambda: client.views_open(trigger_id=trigger, view=view), None)

    async def on_key_submitted(
        self, ack: Any, body: Body, view: Body, context: AsyncBoltContext
    ) -> None:
        """The key goes from the form to the core and nowhere else; the Home tab is
        rebuilt with "set" / "not set" (or the refusal, for a non-admin)."""
        await ack()
        form = FormContext.load(view.get("private_metadata", ""))
        api_key = submitted(view, KEY_INPUT)
        where = replace(origin(body, context), channel="", in_message=False)
        if form is None:
            return

        async def work() -> None:
            request = await self.answers.request_for(where)
            response = await set_key(self.answers.service, request, form.kind, api_key)
            await self.answers.publish_home(where, notice=response)

        self.answers.tasks.spawn(work, lambda: self.answers.publish_home(where, notice=WENT_WRONG))
