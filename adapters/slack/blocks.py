"""Rendering a core `Response` as Block Kit messages, within Slack's limits.

Slack refuses a message with more than 50 blocks or a section text over 3,000
characters, so a long list is split into several messages (sent one after the
other) and long text into several sections, rather than failing or truncating
silently. Every button's action_id is `mb.<kind>.<n>`. An item with several choices
(Edit, Pin, Forget) gets one overflow menu, `mb.menu.<n>`, whose option values are
`<kind> <value>`, so each item stays one section; a decision (an item with a primary
choice, like Accept / Reject) keeps visible buttons. `chosen` reads both back, and one
listener routes them to `core.commands.run_action`.

Dangerous actions (style "danger") ask first: a button carries a Block Kit confirm
dialog with the core's text; a menu option cannot, so it is marked and `chosen`
says to confirm it in a form before running it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from core import texts
from core.responses import Action, ActionKind, Item, Response, SourceRef, linked

MAX_BLOCKS = 50
MAX_SECTION_TEXT = 3000
MAX_CONTEXT_TEXT = 2000
MAX_BUTTON_TEXT = 75
MAX_BUTTON_VALUE = 2000
MAX_ELEMENTS = 25  # per actions block
MAX_MESSAGES = 4  # a response_url takes 5 posts; keep one for the answer to a click
MAX_FALLBACK_TEXT = 3000
MAX_OPTIONS = 5  # per overflow menu
MAX_OPTION_VALUE = 150
MAX_CONFIRM_TEXT = 300
MAX_CONFIRM_BUTTON = 30
MENU = "menu"
DANGER_MARK = "!"  # on a menu option's value: confirm before running it

ACTION_PREFIX = "mb."
Block = dict[str, Any]


@dataclass
class Message:
    """One Slack message: notification text and its blocks."""

    text: str
    blocks: list[Block] = field(default_factory=list)


# Bare special mentions Slack's mrkdwn parser would turn live ("@channel" pings everyone)
_BARE_MENTION = re.compile(r"(?<![\w@])@(channel|here|everyone)\b", re.IGNORECASE)
WORD_JOINER = "\u2060"  # invisible: "@\u2060channel" reads the same and pings nobody


def escape(text: str) -> str:
    """Slack's mrkdwn escaping: a memory must never become a mention or a link, neither
    in blocks nor in a message's top-level `text` (`<!channel>`, `<@U1>`,
    `<!subteam^…>` lose their brackets; a bare @channel / @here / @everyone is broken)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BARE_MENTION.sub(lambda m: "@" + WORD_JOINER + m.group(1), text)


def fallback_text(text: str, limit: int = MAX_FALLBACK_TEXT) -> str:
    """A message's top-level `text` (notifications, and the body where blocks are not
    shown): escaped, and marked when shortened."""
    text = escape(text)
    if len(text) <= limit:
        return text
    marker = texts.SHORTENED_MARK
    return text[: limit - len(marker)].rstrip() + marker


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
    """Sections of escaped mrkdwn; `verbatim` keeps Slack from linking names itself."""
    return [
        {"type": "section", "text": {"type": "mrkdwn", "text": piece, "verbatim": True}}
        for piece in split_text(text)
    ]


def context(text: str) -> Block:
    if len(text) > MAX_CONTEXT_TEXT:
        text = text[: MAX_CONTEXT_TEXT - len(texts.SHORTENED_MARK)] + texts.SHORTENED_MARK
    return {
        "type": "context",
        "elements": [{"type": "mrkdwn", "text": text, "verbatim": True}],
    }


def plain(text: str, limit: int = MAX_BUTTON_TEXT) -> Block:
    return {"type": "plain_text", "text": text[:limit], "emoji": True}


def confirm_text(kind: ActionKind, label: str) -> str:
    """What a dangerous action asks before it runs (the core's words)."""
    return texts.CONFIRM_ASK.get(kind.value, texts.CONFIRM_DEFAULT.format(label=label))


def confirm_dialog(action: Action) -> Block:
    return {
        "title": plain(texts.CONFIRM_TITLE, 100),
        "text": plain(confirm_text(action.kind, action.label), MAX_CONFIRM_TEXT),
        "confirm": plain(action.label, MAX_CONFIRM_BUTTON),
        "deny": plain(texts.CONFIRM_CANCEL, MAX_CONFIRM_BUTTON),
        "style": "danger",
    }


def button(action: Action, n: int) -> Block:
    element: Block = {
        "type": "button",
        "action_id": action_id(action.kind, n),
        "text": plain(action.label),
    }
    value = _fit_value(action.value)
    if value:
        element["value"] = value
    if action.style in ("primary", "danger"):
        element["style"] = action.style
    if action.style == "danger":
        element["confirm"] = confirm_dialog(action)
    return element


def _option_value(action: Action) -> str:
    mark = DANGER_MARK if action.style == "danger" else ""
    return f"{mark}{action.kind.value} {action.value}"


def menu(actions: tuple[Action, ...], n: int) -> Block | None:
    """One overflow menu for an item's choices; None when they don't fit one."""
    values = [_option_value(a) for a in actions]
    if not 2 <= len(actions) <= MAX_OPTIONS or any(len(v) > MAX_OPTION_VALUE for v in values):
        return None
    options = [{"text": plain(a.label), "value": v} for a, v in zip(actions, values, strict=True)]
    return {"type": "overflow", "action_id": f"{ACTION_PREFIX}{MENU}.{n}", "options": options}


@dataclass(frozen=True)
class Click:
    """A click, read back: which action, its value, and whether to confirm it first."""

    kind: ActionKind
    value: str
    label: str = ""
    confirm: bool = False  # a dangerous option picked from a menu


def chosen(action: Block) -> Click | None:
    """A button's kind and value, or the option picked in a menu (None: not ours)."""
    option = action.get("selected_option") or {}
    label = (option.get("text") or action.get("text") or {}).get("text", "")
    if action.get("type") == "overflow":
        raw = option.get("value", "")
        name, _, value = raw.removeprefix(DANGER_MARK).partition(" ")
        try:
            return Click(ActionKind(name), value, label, raw.startswith(DANGER_MARK))
        except ValueError:
            return None
    kind = action_kind(action.get("action_id", ""))
    return None if kind is None else Click(kind, action.get("value", ""), label)


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
    source = f"\n   {source_line(item.source)}" if item.source is not None else ""
    return f"• {escape(item.text)}{meta}{source}"


SLACK_CHANNEL = re.compile(r"[CG][A-Z0-9]{2,}")
SLACK_USER = re.compile(r"[UW][A-Z0-9]{2,}")


def source_line(source: SourceRef) -> str:
    """ "from #deploys · 3 days ago · @author · message": Slack renders the channel and
    user ids as their names; only ids (never stored text) become links."""
    channel = source.channel
    if channel.startswith("D"):
        where = texts.A_DIRECT_MESSAGE
    elif SLACK_CHANNEL.fullmatch(channel):
        where = f"<#{channel}>"
    else:
        where = escape(f"#{channel}") if channel else ""
    author = source.author
    who = f"<@{author}>" if SLACK_USER.fullmatch(author) else escape(f"@{author}") if author else ""
    link = f"<{source.link}|{texts.SOURCE_LINK}>" if source.link else ""
    parts = [f"{texts.SOURCE_FROM} {where}" if where else "", source.age, who, link]
    return "_" + " · ".join(p for p in parts if p) + "_"


def _accessory(actions: tuple[Action, ...], n: int) -> Block | None:
    """An item's one button, or its choices as a menu (unless one is a decision)."""
    if len(actions) == 1:
        return button(actions[0], n)
    if any(a.style == "primary" for a in actions):
        return None
    return menu(actions, n)


def channel_links(response: Response) -> Callable[[str], str]:
    """Escaped text → the same with the channels the core named shown as Slack's own
    channel links (`<#C123>`); nothing else in it can become a link."""
    ids = [c for c in response.channels if SLACK_CHANNEL.fullmatch(c)]
    return lambda text: linked(text, ids, lambda channel: f"<#{channel}>")


def _units(response: Response) -> Iterator[list[Block]]:
    """The response as groups of blocks that must stay in one message."""
    counter = 0
    links = channel_links(response)
    if response.text:
        yield section(links(escape(response.text)))
    for sec in response.sections:
        if sec.title and sec.title != response.text:  # no header twice in a row
            yield section(f"*{escape(sec.title)}*")
        if sec.text:
            yield section(links(escape(sec.text)))
        plain: list[str] = []
        for item in sec.items:
            if not item.actions:
                plain.append(links(item_line(item)))
                continue
            if plain:
                yield section("\n".join(plain))
                plain = []
            block = section(links(item_line(item)))
            accessory = _accessory(item.actions, counter) if len(block) == 1 else None
            if accessory is not None:
                block[0]["accessory"] = accessory
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
    """The response as one or more messages of at most 50 blocks each: never an empty
    one, a unit bigger than a message split over several, and a line saying so when
    the response was cut short."""
    fallback = channel_links(response)(fallback_text(response.text))
    groups: list[list[Block]] = [[]]
    for unit in _units(response):
        if groups[-1] and len(groups[-1]) + len(unit) > MAX_BLOCKS:
            groups.append([])
        for start in range(0, len(unit), MAX_BLOCKS):
            if len(groups[-1]) == MAX_BLOCKS:
                groups.append([])
            groups[-1].extend(unit[start : start + MAX_BLOCKS])
    messages = [Message(fallback, blocks) for blocks in groups if blocks] or [Message(fallback)]
    if len(messages) > MAX_MESSAGES:
        dropped = sum(len(m.blocks) for m in messages[MAX_MESSAGES:])
        messages = messages[:MAX_MESSAGES]
        last = messages[-1].blocks
        if len(last) == MAX_BLOCKS:
            dropped += 1
            last.pop()
        last.append(context(texts.MORE_NOT_SHOWN.format(count=dropped)))
    return messages


def view_blocks(response: Response, limit: int) -> list[Block]:
    """The response as the blocks of a view (the Home tab), at most `limit` of them."""
    blocks: list[Block] = []
    for unit in _units(response):
        if len(blocks) + len(unit) > limit:
            break
        blocks += unit
    return blocks
