"""Platform-neutral responses: what a command or chat turn shows, not how.

Adapters render a `Response` as Block Kit (Slack), an embed with buttons
(Discord) or plain lines (console). Actions carry a kind and a value; clicking one
comes back through `core.commands.run_action`.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    label: str
    value: str = ""
    style: str = ""  # "" | "primary" | "danger"


@dataclass(frozen=True)
class Item:
    """One line in a list (a memory, usually) with its own buttons."""

    text: str
    meta: str = ""
    actions: tuple[Action, ...] = ()


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
        if self.footer:
            lines.append(self.footer)
        return "\n".join(lines)
