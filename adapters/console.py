"""The console adapter: slash commands and chat in a terminal, on the same core.

A line starting with "/" is a command from the core's registry; any other line is a
chat message. A few console-only lines stand in for buttons and platform context
(`/undo`, `/accept ID`, `/reject ID`, `/used`, `/good`, `/bad`, `/edit ID text`,
`/pin ID`, `/unpin ID`, `/erase`, `/consolidate`, `/as USER`, `/channel NAME`), so
everything Slack and Discord can do can be tried here with no tokens.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.chat import ChatTurn, answer
from core.commands import COMMANDS, CommandRequest, run_action, run_command
from core.responses import ActionKind, Response
from core.service import MemoryService

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
}
# Buttons about the last answer: their value is the memories it used.
ABOUT_LAST_ANSWER = ("used", "good", "bad")
CONSOLE_HELP = (
    "Console extras: /undo (your last change) · /accept ID · /reject ID · "
    "/used (memories behind the last answer) · /good or /bad (rate the last answer) · "
    "/edit ID new text · /pin ID · /unpin ID · /erase (then /erase confirm) · "
    "/consolidate (admins) · /as USER · /channel NAME · /admin on|off · /quit"
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


def render(response: Response) -> str:
    """Plain text, with each button shown as the console line that presses it."""
    lines = [response.plain()]
    hints = []
    for action in response.actions:
        if action.kind == ActionKind.UNDO:
            hints.append("/undo")
        elif action.kind == ActionKind.SHOW_USED:
            hints.append("/used")
        elif action.kind == ActionKind.FEEDBACK_UP:
            hints.append("/good or /bad")
        elif action.kind == ActionKind.ERASE_CONFIRM:
            hints.append("/erase confirm" + (" " + action.value if action.value else ""))
    pending = [
        item
        for section in response.sections
        for item in section.items
        if any(a.kind == ActionKind.ACCEPT for a in item.actions)
    ]
    for item in pending:
        memory_id = item.actions[0].value
        hints.append(f"/accept {memory_id} or /reject {memory_id}")
    if hints:
        lines.append("  ↳ " + " · ".join(hints))
    return "\n".join(lines)


class ConsoleSession:
    """One person at a terminal. `handle(line)` returns what to print (None = quit)."""

    def __init__(self, service: MemoryService, context: ConsoleContext) -> None:
        self.service = service
        self.context = context
        self.last_used: str = ""

    @property
    def prompt(self) -> str:
        return f"{self.context.user}@{self.context.workspace} #{self.context.channel} › "

    async def handle(self, line: str) -> str | None:
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
        if name in BUTTONS:
            value = self.last_used if name in ABOUT_LAST_ANSWER else rest
            response = await run_action(self.service, self.context.request(), BUTTONS[name], value)
            return render(response)
        if name in ("as", "channel", "admin"):
            return self.switch(name, rest)
        response = await run_command(self.service, name, self.context.request(rest))
        text = render(response)
        return text + "\n" + CONSOLE_HELP if name == "help" else text

    async def erase(self, rest: str) -> str:
        """`/erase [globals]` asks; `/erase confirm [globals]` erases."""
        words = rest.lower().split()
        kind = ActionKind.ERASE_CONFIRM if "confirm" in words else ActionKind.ERASE_REQUEST
        value = "globals" if "globals" in words else ""
        return render(await run_action(self.service, self.context.request(), kind, value))

    def switch(self, what: str, value: str) -> str:
        if not value:
            return f"Usage: /{what} NAME"
        if what == "as":
            self.context = replace(self.context, user=value)
            return f"You are now {value}."
        if what == "channel":
            self.context = replace(self.context, channel=value.lstrip("#"))
            return f"You are now in #{self.context.channel}."
        self.context = replace(self.context, is_admin=value.lower() in ("on", "yes", "true"))
        return f"Admin rights {'on' if self.context.is_admin else 'off'}."

    async def chat(self, text: str) -> str:
        c = self.context
        reply = await answer(self.service, ChatTurn(c.workspace, c.user, c.channel, text))
        self.last_used = ",".join(h.id for h in reply.used)
        return render(reply.response())


def command_names() -> list[str]:
    return sorted(COMMANDS)
