"""Slash commands generated from the core registry, one per `CommandSpec`.

A spec's arguments become string options (required or not, with fixed choices or
autocomplete) through a callback whose signature is built from the spec, so
discord.py derives the schema exactly as for a hand-written command and what Discord
shows (`to_dict`, what `tree.sync()` uploads) cannot drift from what runs.
Every command defers within milliseconds, runs `core.commands.run_command` and
answers with a private followup. Each callback closes over the bot's `BotContext`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from adapters.discord.context import BotContext
from adapters.discord.respond import deferred_reply
from core.commands import CommandSpec, run_command, suggest
from core.commands.registry import ordered
from core.responses import Response

DESCRIPTION_LIMIT = 100
CHOICE_LIMIT = 25
CHOICE_NAME_LIMIT = 100

Callback = Callable[..., Coroutine[Any, Any, None]]


def _checked(text: str, what: str) -> str:
    if not 1 <= len(text) <= DESCRIPTION_LIMIT:
        raise ValueError(f"{what} must be 1-{DESCRIPTION_LIMIT} characters for Discord: {text!r}")
    return text


def _signature(spec: CommandSpec) -> inspect.Signature:
    """(interaction, <one str option per argument>) — required ones without a default."""
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for arg in sorted(spec.arguments, key=lambda a: not a.required):
        params.append(
            inspect.Parameter(
                arg.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=str if arg.required else Optional[str],  # noqa: UP045 (discord.py reads it)
                default=inspect.Parameter.empty if arg.required else None,
            )
        )
    return inspect.Signature(params)


def _autocomplete(
    spec: CommandSpec, ctx: BotContext
) -> Callable[..., Coroutine[Any, Any, list[Any]]]:
    async def choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        request = ctx.request(interaction, current)
        found = await suggest(ctx.service, spec.name, request, CHOICE_LIMIT)
        return [
            app_commands.Choice(name=s.label[:CHOICE_NAME_LIMIT], value=s.value)
            for s in found[:CHOICE_LIMIT]
        ]

    return choices


def slash_command(spec: CommandSpec, ctx: BotContext) -> app_commands.Command[Any, ..., None]:
    """The application command for one registry entry."""

    async def callback(interaction: discord.Interaction, **values: str | None) -> None:
        text = " ".join(values[a.name] or "" for a in spec.arguments if values.get(a.name))

        async def work() -> Response:
            return await run_command(ctx.service, spec.name, ctx.request(interaction, text))

        await deferred_reply(interaction, work, ctx.stash)

    callback.__signature__ = _signature(spec)  # type: ignore[attr-defined]  # discord.py reads it
    callback.__name__ = callback.__qualname__ = spec.name.replace("-", "_")
    decorated: Callback = app_commands.describe(
        **{a.name: _checked(a.description, f"/{spec.name} {a.name}") for a in spec.arguments}
    )(callback)
    fixed = {
        a.name: [app_commands.Choice(name=c, value=c) for c in a.choices]
        for a in spec.arguments
        if a.choices
    }
    if fixed:
        decorated = app_commands.choices(**fixed)(decorated)
    completed = {a.name: _autocomplete(spec, ctx) for a in spec.arguments if a.autocomplete}
    if completed:
        decorated = app_commands.autocomplete(**completed)(decorated)
    return app_commands.Command(
        name=spec.name,
        description=_checked(spec.description, f"/{spec.name}"),
        callback=decorated,
    )


def registry_commands(ctx: BotContext) -> list[app_commands.Command[Any, ..., None]]:
    """Every core command, in the registry's display order."""
    return [slash_command(spec, ctx) for spec in ordered()]
