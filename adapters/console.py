"""The console adapter: slash commands and chat in a terminal, on the same core.

A line starting with "/" is a command from the core's registry; any other line is a
chat message. A few console-only lines stand in for buttons and platform context
(`/undo`, `/used`, `/good`, `/bad`, `/edit N text`, `/pin N`, `/unpin N`, `/forget N`,
`/accept N`, `/reject N`, `/merge N`, `/keep N` on the numbered items last shown — a bare
`/merge` or `/keep` answers the last save's look-alike — `/erase`, `/consolidate`,
`/as USER`, `/channel NAME`), so everything Slack and Discord can do can be tried
here with no tokens.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from core import guards, texts
from core.audience import Audience
from core.chat.turn import ChatTurn
from core.commands import CommandRequest, run_action, run_command
from core.commands.settings import settings_line
from core.faults import FAULTS, explain
from core.logsafe import log_failure
from core.responses import ActionKind, Response
from core.service import MemoryService

log = logging.getLogger(__name__)

# Console lines that stand in for a button: name → (action, needs a value)
BUTTONS: dict[str, ActionKind] = {
    "undo": ActionKind.UNDO,
    "accept": ActionKind.ACCEPT,
    "reject": ActionKind.REJECT,
    "used": ActionKind.SHOW_USED,
    "good": ActionKind.FEEDBACK_UP,
    "bad": ActionKind.FEEDBACK_DOWN,
    "edit": ActionKind.EDIT,
    "pin": ActionKind.PIN,
    "unpin": ActionKind.UNPIN,
    "consolidate": ActionKind.CONSOLIDATE,
    "merge": ActionKind.NEAR_MISS_MERGE,
    "keep": ActionKind.NEAR_MISS_KEEP,
}
# Buttons about the last save's look-alike, when not given a numbered pair of /memories.
ABOUT_LAST_SAVE = ("merge", "keep")
# Buttons about the last answer: their value is the memories it used.
ABOUT_LAST_ANSWER = ("used", "good", "bad")
CONSOLE_HELP = (
    "Console extras: /undo (your last change) · /used (memories behind the last answer) · "
    "/good or /bad (rate the last answer) · on the numbered items of /memories: "
    "/edit N new text · /pin N · /unpin N · /forget N · /accept N · /reject N · "
    "/merge N or /keep N (a possible duplicate; bare: the last save's) · "
    "/erase (then /erase confirm) · /consolidate (admins) · /as USER · /channel NAME · "
    "/settings (show; set NAME VALUE, channel NAME on|recall_only|off: admins) · "
    "/admin on|off · /quit"
)


@dataclass
class ConsoleContext:
    workspace: str
    user: str
    channel: str
    is_admin: bool = False

    def request(self, text: str = "") -> CommandRequest:
        return CommandRequest(
            self.workspace, self.user, self.channel, text, self.is_admin, platform="console"
        )


# Item buttons, as the console lines that press them ("N" is the item's number).
ITEM_LINES = {
    ActionKind.EDIT: "/edit N new text",
    ActionKind.PIN: "/pin N",
    ActionKind.UNPIN: "/unpin N",
    ActionKind.FORGET: "/forget N",
    ActionKind.ACCEPT: "/accept N",
    ActionKind.REJECT: "/reject N",
    ActionKind.NEAR_MISS_MERGE: "/merge N",
    ActionKind.NEAR_MISS_KEEP: "/keep N",
}
# A response's own buttons, as the console lines that press them.
RESPONSE_LINES = {
    ActionKind.UNDO: "/undo",
    ActionKind.SHOW_USED: "/used",
    ActionKind.FEEDBACK_UP: "/good or /bad",
    ActionKind.NEAR_MISS_MERGE: "/merge",
    ActionKind.NEAR_MISS_KEEP: "/keep",
}


def render(response: Response, refs: list[str] | None = None) -> str:
    """Plain text, with each button shown as the console line that presses it.

    Items that have buttons are numbered [1], [2]…; their memory ids replace `refs`
    (kept as they were when the response lists none), so "/pin 2" names the second
    item of the last list shown.
    """
    numbered: list[str] = []
    lines = [response.text]
    item_lines: set[str] = set()
    for section in response.sections:
        lines.append("")
        if section.title:
            lines.append(section.title)
        if section.text:
            lines.append(section.text)
        for item in section.items:
            meta = f"  ({item.meta})" if item.meta else ""
            number = ""
            if item.actions:
                numbered.append(item.actions[0].value)
                number = f"[{len(numbered)}] "
                item_lines.update(ITEM_LINES[a.kind] for a in item.actions if a.kind in ITEM_LINES)
            lines.append(f"  • {number}{item.text}{meta}")
            if item.source is not None:
                lines.append(f"      {item.source.plain()}")
    if response.footer:
        lines.append(response.footer)
    if numbered and refs is not None:
        refs[:] = numbered
    hints = [line for kind, line in ITEM_LINES.items() if line in item_lines]
    for action in response.actions:
        if action.kind in RESPONSE_LINES:
            hints.append(RESPONSE_LINES[action.kind])
        elif action.kind in (ActionKind.MEMORY_OFF, ActionKind.MEMORY_ON):
            hints.append("/memories " + ("off" if action.kind == ActionKind.MEMORY_OFF else "on"))
        elif action.kind == ActionKind.MEMORIES_PAGE:
            hints.append(f"/memories {action.value}")
        elif action.kind == ActionKind.ERASE_CONFIRM:
            hints.append("/erase confirm" + (" " + action.value if action.value else ""))
    if hints:
        lines.append("  ↳ " + " · ".join(hints))
    return "\n".join(lines)


class ConsoleSession:
    """One person at a terminal. `handle(line)` returns what to print (None = quit)."""

    def __init__(self, service: MemoryService, context: ConsoleContext) -> None:
        self.service = service
        self.context = context
        self.last_used: str = ""
        self.refs: list[str] = []  # memory ids of the numbered items last shown
        self.last_pair: str = ""  # the last save's near miss ("NEWER_ID EARLIER_ID")

    @property
    def prompt(self) -> str:
        return f"{self.context.user}@{self.context.workspace} #{self.context.channel} › "

    async def handle(self, line: str) -> str | None:
        """What to print for one line; a fault or a bug is one line, never the end of
        the session (the remaining piped lines still run)."""
        try:
            return await self._handle(line)
        except FAULTS as exc:
            return explain(exc)
        except Exception as exc:  # the console's outermost edge: log the summary, carry on
            log_failure(log, exc, "console line failed")
            return texts.SOMETHING_WENT_WRONG

    async def _handle(self, line: str) -> str | None:
        line = line.strip()
        if not line:
            return ""
        if not line.startswith("/"):
            return await self.chat(line)
        name, _, rest = line[1:].partition(" ")
        name, rest = name.lower(), rest.strip()
        if name in ("quit", "exit"):
            return None
        if name == "erase":
            return await self.erase(rest)
        if name == "edit" and len(rest.split()) == 1:
            return texts.EDIT_CONSOLE_USAGE  # the next line would be read as chat
        if name in BUTTONS:
            value = self.last_used if name in ABOUT_LAST_ANSWER else self.resolve(rest)
            if name in ABOUT_LAST_SAVE and not rest:
                if not self.last_pair:
                    return texts.NEAR_MISS_NONE_LAST
                value = self.last_pair
            response = await run_action(self.service, self.context.request(), BUTTONS[name], value)
            return render(response, self.refs)
        if name in ("as", "channel", "admin"):
            return self.switch(name, rest)
        if name == "settings":
            response = await settings_line(self.service, self.context.request(rest))
            return render(response, self.refs)
        if name == "forget":
            rest = self.resolve(rest)
        response = await run_command(self.service, name, self.context.request(rest))
        if name in ("remember", "global"):  # a bare /merge or /keep answers this save
            pairs = [a.value for a in response.actions if a.kind == ActionKind.NEAR_MISS_KEEP]
            self.last_pair = pairs[0] if pairs else ""
        text = render(response, self.refs)
        return text + "\n" + CONSOLE_HELP if name == "help" else text

    def resolve(self, rest: str) -> str:
        """ "2 new text" → "<id of item 2> new text" when 2 numbers an item last shown."""
        first, _, tail = rest.partition(" ")
        if first.isdigit() and 1 <= int(first) <= len(self.refs):
            return f"{self.refs[int(first) - 1]} {tail}".strip()
        return rest

    async def erase(self, rest: str) -> str:
        """`/erase [globals]` asks; `/erase confirm [globals]` erases."""
        words = rest.lower().split()
        kind = ActionKind.ERASE_CONFIRM if "confirm" in words else ActionKind.ERASE_REQUEST
        value = "globals" if "globals" in words else ""
        return render(
            await run_action(self.service, self.context.request(), kind, value), self.refs
        )

    def switch(self, what: str, value: str) -> str:
        if not value:
            return f"Usage: /{what} NAME"
        if what == "as":
            self.context = replace(self.context, user=value)
            self.refs, self.last_used = [], ""  # numbers name the last person's list
            return f"You are now {guards.masked(value)}."
        if what == "channel":
            self.context = replace(self.context, channel=value.lstrip("#"))
            return f"You are now in #{guards.masked(self.context.channel)}."
        self.context = replace(self.context, is_admin=value.lower() in ("on", "yes", "true"))
        return f"Admin rights {'on' if self.context.is_admin else 'off'}."

    async def chat(self, text: str) -> str:
        c = self.context
        turn = ChatTurn(c.workspace, c.user, c.channel, text, audience=Audience.PRIVATE)
        reply = await self.service.chat(turn)  # a terminal: only its user reads it
        self.last_used = ",".join(h.id for h in reply.used)
        return render(reply.response())
