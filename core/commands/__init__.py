"""Slash commands: the registry, and `run_command` / `run_action` to dispatch them.

Importing this package registers every command (one module each).
"""

from __future__ import annotations

from core import guards
from core.commands import (  # noqa: F401  (each import registers its command or actions)
    forget,
    global_,
    governance,
    help,
    incognito,
    memories,
    remember,
)
from core.commands.actions import run_action
from core.commands.registry import (
    COMMANDS,
    SUGGESTERS,
    Argument,
    CommandRequest,
    CommandSpec,
    Suggestion,
)
from core.commands.replies import without_echo
from core.faults import FAULTS, explain
from core.responses import Response
from core.service import MemoryService
from core.texts import UNKNOWN_COMMAND


async def run_command(service: MemoryService, name: str, request: CommandRequest) -> Response:
    """Run the command `name` (with or without its slash) for this request."""
    spec = COMMANDS.get(name.lstrip("/").lower())
    if spec is None:
        return Response(UNKNOWN_COMMAND.format(name=guards.masked(name.lstrip("/"))), ok=False)
    try:
        return without_echo(await spec.handler(service, request), request.text)
    except FAULTS as exc:  # bad input, a database down, full or damaged: say so, don't crash
        return Response(explain(exc), ok=False)


async def suggest(
    service: MemoryService, name: str, request: CommandRequest, limit: int = 25
) -> list[Suggestion]:
    """Values to offer while the autocompleted argument of `name` is being typed
    (`request.text` is what was typed so far); [] for commands without suggestions."""
    fn = SUGGESTERS.get(name.lstrip("/").lower())
    return await fn(service, request, limit) if fn else []


__all__ = [
    "COMMANDS",
    "Argument",
    "CommandRequest",
    "CommandSpec",
    "Suggestion",
    "run_action",
    "run_command",
    "suggest",
]
