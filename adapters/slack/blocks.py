"""Rendering a core `Response` as Block Kit messages, within Slack's limits.

Slack refuses a message with more than 50 blocks or a section text over 3,000
characters, so a long list is split into several messages (sent one after the
other) and long text into several sections, rather than failing or truncating
silently. Every button's action_id is `mb.<kind>.<n>`: one listener routes them all
to `core.commands.run_action`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core import texts
from core.responses import Action, ActionKind, Item, Response

MAX_BLOCKS = 50
MAX_SECTION_TEXT = 3000
MAX_CONTEXT_TEXT = 2000
MAX_BUTTON_TEXT = 75
MAX_BUTTON_VALUE = 2000
MAX_ELEMENTS = 25  # per actions block
MAX_MESSAGES = 4  # a response_url takes 5 posts; keep one for the answer to a click
MAX_FALLBACK_TEXT = 3000

ACTION_PREFIX = "mb."
Block = dict[str, Any]


@dataclass
class Message:
    """One Slack message: notification text and its blocks."""

    text: str
    blocks: list[Block] = field(default_factory=list)


def escape(text: str) -> str:
    """Slack's mrkdwn escaping: a memory must never become a mention or a link."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def action_id(kind: ActionKind, n: int) -> str:
    return f"{ACTION_PREFIX}{kind.value}.{n}"


def action_kind(action_id_: str) -> ActionKind | None:
    """The action kind an `mb.<kind>.<n>` id stands for (None for anything else)."""
    if not action_id_.startswith(ACTION_PREFIX):
        return None
    kind = action_id_[len(ACTION_PREFIX) :].rsplit(".", 1)[0]
    try:
        return ActionKind(kind)
    except ValueError:
        return None


def split_text(text: str, limit: int = MAX_SECTION_TEXT) -> list[str]:
    """Pieces of at most `limit` characters, cut at a line break or space when possible."""
    pieces = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit)
        if cut < limit // 2:
            cut = text.rfind(" ", 0, limit)
        if cut < limit // 2:
            cut = limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n ")
    if text or not pieces:
        pieces.append(text)
    return pieces


def section(text: str) -> list[Block]:
    return [
        {"type": "section", "text": {"type": "mrkdwn", "text": piece}} for piece in split_text(text)
    ]


def context(text: str) -> Block:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text[:MAX_CONTEXT_TEXT]}]}


def button(action: Action, n: int) -> Block:
    element: Block = {
        "type": "button",
        "action_id": action_id(action.kind, n),
        "text": {"type": "plain_text", "text": action.label[:MAX_BUTTON_TEXT], "emoji": True},
    }
    value = _fit_value(action.value)
    if value:
        element["value"] = value
    if action.style in ("primary", "danger"):
        element["style"] = action.style
    return element


def _fit_value(value: str) -> str:
    """A button value within 2,000 characters (a long id list keeps its first ids)."""
    if len(value) <= MAX_BUTTON_VALUE:
        return value
    return value[:MAX_BUTTON_VALUE].rsplit(",", 1)[0]


def actions_blocks(actions: tuple[Action, ...], start: int) -> list[Block]:
    blocks = []
    for offset in range(0, len(actions), MAX_ELEMENTS):
        chunk = actions[offset : offset + MAX_ELEMENTS]
        elements = [button(a, start + offset + i) for i, a in enumerate(chunk)]
        blocks.append({"type": "actions", "elements": elements})
    return blocks


def item_line(item: Item) -> str:
    meta = f"  _{escape(item.meta)}_" if item.meta else ""
    return f"• {escape(item.text)}{meta}"


def _units(response: Response) -> Iterator[list[Block]]:
    """The response as groups of blocks that must stay in one message."""
    counter = 0
    yield section(escape(response.text))
    for sec in response.sections:
        if sec.title and sec.title != response.text:  # no header twice in a row
            yield section(f"*{escape(sec.title)}*")
        if sec.text:
            yield section(escape(sec.text))
        plain: list[str] = []
        for item in sec.items:
            if not item.actions:
                plain.append(item_line(item))
                continue
            if plain:
                yield section("\n".join(plain))
                plain = []
            block = section(item_line(item))
            if len(item.actions) == 1 and len(block) == 1:
                block[0]["accessory"] = button(item.actions[0], counter)
                yield block
            else:
                yield block + actions_blocks(item.actions, counter)
            counter += len(item.actions)
        if plain:
            yield section("\n".join(plain))
    if response.actions:
        yield actions_blocks(response.actions, counter)
    if response.footer:
        yield [context(escape(response.footer))]


def render(response: Response) -> list[Message]:
    """The response as one or more messages of at most 50 blocks each."""
    fallback = response.text[:MAX_FALLBACK_TEXT]
    messages = [Message(fallback)]
    for unit in _units(response):
        if len(messages[-1].blocks) + len(unit) > MAX_BLOCKS:
            messages.append(Message(fallback))
        messages[-1].blocks.extend(unit[:MAX_BLOCKS])
    if len(messages) > MAX_MESSAGES:
        dropped = sum(len(m.blocks) for m in messages[MAX_MESSAGES:])
        messages = messages[:MAX_MESSAGES]
        last = messages[-1].blocks
        if len(last) == MAX_BLOCKS:
            dropped += 1
            last.pop()
        last.append(context(texts.MORE_NOT_SHOWN.format(count=dropped)))
    return messages
