"""Platform-neutral responses: what a command or chat turn shows, not how.

Adapters render a `Response` as Block Kit (Slack), an embed with buttons
(Discord) or plain lines (console). Actions carry a kind and a value; clicking one
comes back through `core.commands.run_action`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class ActionKind(StrEnum):
    FORGET = "forget"
    UNDO = "undo"
    ACCEPT = "accept"
    REJECT = "reject"
    SHOW_USED = "show_used"
    INCOGNITO_OFF = "incognito_off"
    CLEAR_PROFILE = "clear_profile"
    MEMORY_OFF = "memory_off"  # the personal switch (value unused)
    MEMORY_ON = "memory_on"
    # governance (value: comma-separated memory ids for feedback, like SHOW_USED; a memory
    # id for PIN/UNPIN; "ID" or "ID new text" for EDIT; "" or "globals" for ERASE_*)
    FEEDBACK_UP = "feedback_up"
    FEEDBACK_DOWN = "feedback_down"
    EDIT = "edit"
    PIN = "pin"
    UNPIN = "unpin"
    CONSOLIDATE = "consolidate"
    ERASE_REQUEST = "erase_request"
    ERASE_CONFIRM = "erase_confirm"
    MEMORIES_PAGE = "memories_page"  # value: "N" (page), "words" or "N words"
    # a save that looks like an earlier memory (value: "NEWER_ID EARLIER_ID")
    NEAR_MISS_MERGE = "near_miss_merge"
    NEAR_MISS_KEEP = "near_miss_keep"


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    label: str
    value: str = ""
    style: str = ""  # "" | "primary" | "danger"


def safe_link(url: str) -> bool:
    """A permalink a platform made: https, and no character that would end a Slack or
    Discord link early (so a stored link cannot smuggle markup into a reply)."""
    return url.startswith("https://") and not any(c in url for c in "<>|() \n")


@dataclass(frozen=True)
class SourceRef:
    """Where a listed memory came from ("from #deploys · 3 days ago · @author"): ids
    the platform renders as its own channel and user links, and the message's link."""

    channel: str = ""  # a platform channel id, or a console channel's name
    author: str = ""  # a platform user id, or a console user's name
    age: str = ""  # "3 days ago"
    link: str = ""  # the message's permalink (`safe_link`) or ""

    def __post_init__(self) -> None:
        if self.link and not safe_link(self.link):
            object.__setattr__(self, "link", "")

    def plain(self) -> str:
        parts = [f"from #{self.channel}" if self.channel else "", self.age]
        parts += [f"@{self.author}" if self.author else "", self.link]
        return " · ".join(p for p in parts if p)


@dataclass(frozen=True)
class Item:
    """One line in a list (a memory, usually) with its own buttons."""

    text: str
    meta: str = ""
    actions: tuple[Action, ...] = ()
    source: SourceRef | None = None


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Item, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Response:
    text: str
    sections: tuple[Section, ...] = ()
    actions: tuple[Action, ...] = ()
    footer: str = ""
    ephemeral: bool = True
    ok: bool = True  # False for refusals and errors (adapters may style them)
    data: dict[str, object] = field(default_factory=dict)  # machine-readable extras (--json)
    # Channel ids the text names as "#ID" (a policy notice, the policy list): Slack and
    # Discord render those as channel links after escaping everything else (`linked`).
    channels: tuple[str, ...] = ()

    def plain(self) -> str:
        """The response as plain text (console, logs, tests)."""
        lines = [self.text]
        for section in self.sections:
            lines.append("")
            if section.title:
                lines.append(section.title)
            if section.text:
                lines.append(section.text)
            for item in section.items:
                meta = f"  ({item.meta})" if item.meta else ""
                lines.append(f"  • {item.text}{meta}")
                if item.source is not None:
                    lines.append(f"    {item.source.plain()}")
        if self.footer:
            lines.append(self.footer)
        return "\n".join(lines)


def linked(text: str, channels: Iterable[str], link: Callable[[str], str]) -> str:
    """`text` (already escaped for the platform) with each "#ID" naming one of
    `channels` replaced by `link(ID)`. Only ids the core listed become links, so no
    user text can make one of its own; a markdown escape's backslash goes with it."""
    for channel in channels:
        if channel:
            pattern = rf"(?<![\w#])\\?#{re.escape(channel)}(?![\w-])"
            shown = link(channel).replace("\\", "\\\\")  # a literal replacement
            text = re.sub(pattern, shown, text)
    return text
