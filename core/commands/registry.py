"""The one command registry: every slash command, declared once.

Each command module registers a small handler with `@command(...)`. Slack's
manifest, Discord's command tree, the console and `/help` are all built from
`COMMANDS`, so what a platform shows and what runs cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from core.responses import Response
from core.service import MemoryService


@dataclass(frozen=True)
class Argument:
    name: str
    description: str
    required: bool = False
    autocomplete: bool = False  # platforms that can, suggest values (Discord /forget)
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class CommandRequest:
    """A command as typed by someone, somewhere: the only input a handler gets."""

    workspace: str
    user: str
    channel: str
    text: str = ""
    is_admin: bool = False
    platform: str = "console"


Handler = Callable[[MemoryService, CommandRequest], Awaitable[Response]]


@dataclass(frozen=True)
class CommandSpec:
    name: str
    description: str
    usage: str
    arguments: tuple[Argument, ...]
    handler: Handler

    @property
    def usage_hint(self) -> str:
        """The part after the command name (Slack's usage_hint)."""
        return self.usage.partition(" ")[2]


COMMANDS: dict[str, CommandSpec] = {}
# What may go before every command's name when another app owns the plain names
# (`mb-` → /mb-remember): lowercase letters, digits, - and _, short enough that every
# name stays within Slack's 32 characters.
COMMAND_PREFIX = re.compile(r"[a-z0-9_-]{0,12}")
# How commands are listed everywhere (help, manifests); unlisted ones come last.
DISPLAY_ORDER = ("remember", "global", "forget", "memories", "incognito", "help")


def ordered() -> list[CommandSpec]:
    rank = {name: i for i, name in enumerate(DISPLAY_ORDER)}
    return sorted(COMMANDS.values(), key=lambda spec: (rank.get(spec.name, 99), spec.name))


def command(
    name: str, description: str, usage: str, arguments: tuple[Argument, ...] = ()
) -> Callable[[Handler], Handler]:
    """Register a handler as a slash command."""

    def register(handler: Handler) -> Handler:
        if name in COMMANDS:
            raise ValueError(f"/{name} is registered twice")
        COMMANDS[name] = CommandSpec(name, description, usage, arguments, handler)
        return handler

    return register


@dataclass(frozen=True)
class Suggestion:
    """A value a platform may offer while an argument is being typed (autocomplete)."""

    label: str  # what the user sees
    value: str  # what the command then receives as its text


Suggester = Callable[[MemoryService, CommandRequest, int], Awaitable[list[Suggestion]]]
# command name -> what to suggest for its `autocomplete=True` argument
SUGGESTERS: dict[str, Suggester] = {}


def suggester(name: str) -> Callable[[Suggester], Suggester]:
    """Register the suggestions for a command's autocompleted argument."""

    def register(fn: Suggester) -> Suggester:
        SUGGESTERS[name] = fn
        return fn

    return register
