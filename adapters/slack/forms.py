"""Modals: the Edit form, the confirmation of a dangerous menu choice, and the
write-only API key form, with what each carries in its `private_metadata`.

A modal's submission arrives with no channel and no response_url, so the form
carries what the click had (`FormContext`): the action to run and its value (a
memory id, a provider), the channel and the message's response_url (30 minutes, 5
uses). The answer goes back there, privately; a form opened from the Home tab has
neither, and its answer is shown on the Home tab.

The key form's input is the only place a provider key passes through Slack, and
nothing echoes it: the form has no initial value, answers say only "set" / "not
set", and `RedactKeyForms` rewrites any log record that contains a key form's
field — the Socket Mode client logs each raw envelope at DEBUG, the submitted
value included.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from adapters.slack.blocks import Block, confirm_text, escape, plain, section
from core import texts
from core.responses import ActionKind

EDIT_FORM = "mb.form.edit"
CONFIRM_FORM = "mb.form.confirm"
KEY_FORM = "mb.form.apikey"
TEXT_INPUT = "mb.text"
KEY_INPUT = "mb.apikey"  # block and action id of the key field (and the log marker)
KEY_BUTTON = "mb.apikey."  # + provider: the admin's "Set API key" buttons
MAX_TITLE = 24  # modal title, submit and close
MAX_INPUT = 3000  # plain_text_input max_length
REDACTED = "[a Slack payload with a provider API key form was not logged]"


@dataclass(frozen=True)
class FormContext:
    """Where a form came from and what its submission runs."""

    kind: str  # an ActionKind value, or the provider for a key form
    value: str  # the action's value (a memory id), or "" for a key form
    channel: str = ""
    response_url: str = ""

    def dump(self) -> str:
        data = {"k": self.kind, "v": self.value, "c": self.channel, "u": self.response_url}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def load(cls, text: str) -> FormContext | None:
        try:
            data = json.loads(text)
            return cls(str(data["k"]), str(data["v"]), str(data["c"]), str(data["u"]))
        except (ValueError, KeyError, TypeError):
            return None


def _modal(callback_id: str, context: FormContext, title: str, submit: str) -> Block:
    return {
        "type": "modal",
        "callback_id": callback_id,
        "private_metadata": context.dump(),
        "title": plain(title, MAX_TITLE),
        "submit": plain(submit, MAX_TITLE),
        "close": plain(texts.CONFIRM_CANCEL, MAX_TITLE),
    }


def _input(block_id: str, label: str, hint: str, **element: Any) -> Block:
    return {
        "type": "input",
        "block_id": block_id,
        "label": plain(label, 2000),
        "hint": plain(hint, 2000),
        "element": {"type": "plain_text_input", "action_id": block_id, **element},
    }


def edit_form(context: FormContext, content: str, max_chars: int) -> Block:
    """The Edit modal, prefilled with the memory's current text."""
    limit = min(max_chars, MAX_INPUT)
    view = _modal(EDIT_FORM, context, texts.EDIT_FORM_TITLE, texts.FORM_SAVE)
    field = _input(
        TEXT_INPUT,
        texts.EDIT_FORM_LABEL,
        texts.EDIT_FORM_HINT,
        multiline=True,
        initial_value=content[:limit],
        min_length=1,
        max_length=limit,
    )
    return {**view, "blocks": [field]}


def confirm_form(context: FormContext, label: str) -> Block:
    """'Are you sure?' for a dangerous choice from a menu; submitting runs it."""
    view = _modal(CONFIRM_FORM, context, texts.CONFIRM_TITLE, label)
    ask = confirm_text(ActionKind(context.kind), label)
    return {**view, "blocks": section(escape(ask))}


def key_form(provider: str, label: str) -> Block:
    """The write-only key field: never prefilled, never read back."""
    view = _modal(KEY_FORM, FormContext(provider, ""), texts.KEY_FORM_TITLE, texts.FORM_SAVE)
    field = _input(KEY_INPUT, label, texts.KEY_FORM_HINT, min_length=1, max_length=MAX_INPUT)
    return {**view, "blocks": [field]}


def submitted(view: Block, block_id: str) -> str:
    """The text typed into a form's field ("" if absent)."""
    state = ((view.get("state") or {}).get("values") or {}).get(block_id) or {}
    return str((state.get(block_id) or {}).get("value") or "")


class RedactKeyForms(logging.Filter):
    """Rewrites a log record that mentions a key form's field, whatever logs it."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed record: let logging report it
            return True
        if KEY_INPUT in message:
            record.msg, record.args = REDACTED, ()
        return True


def redact_key_forms(logger: logging.Logger) -> None:
    if not any(isinstance(f, RedactKeyForms) for f in logger.filters):
        logger.addFilter(RedactKeyForms())
