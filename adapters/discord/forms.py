"""Edit: a form (`discord.ui.Modal`) prefilled with the memory's current text.

Discord shows a form only as the *first* response to a click: it cannot follow a
deferral. So picking "Edit 3" reads the memory before answering (one store read,
bounded by `PREFILL_BUDGET`, well inside Discord's 3 seconds) and answers with the
form; if the memory is gone the answer is the core's reason instead. Submitting the
form is a new interaction: it is acknowledged at once and runs the core EDIT action
with "ID new text"; the guards run again there, and a refusal is answered privately
with its reason, changing nothing.

The form's custom_id is the action's own (`mb:edit:<id>`) and its submission is routed
by that id (`submitted`), like a button: no process keeps the open form, so a form
submitted after a restart, or to another process, still lands.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import discord

from adapters.discord.context import BotContext
from adapters.discord.render import render
from adapters.discord.respond import click, run_and_reply
from adapters.discord.views import TEMPLATE, ValueStash, custom_id, unstash
from core import texts
from core.commands import run_action
from core.responses import ActionKind, Response

log = logging.getLogger(__name__)

PREFILL_BUDGET = 2.0  # seconds to read the memory before the form must be shown
TEXT_LIMIT = 4000  # Discord's limit for a text input
TEXT_FIELD = "text"


class EditForm(discord.ui.Modal):
    """The memory's text, ready to correct."""

    def __init__(self, memory_id: str, content: str, stash: ValueStash) -> None:
        super().__init__(
            title=texts.EDIT_FORM_TITLE, custom_id=custom_id(ActionKind.EDIT, memory_id, stash)
        )
        field: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id=TEXT_FIELD,
            style=discord.TextStyle.paragraph,
            default=content[:TEXT_LIMIT],
            max_length=TEXT_LIMIT,
            required=True,
        )
        self.add_item(
            discord.ui.Label(
                text=texts.EDIT_FORM_LABEL, description=texts.EDIT_FORM_HINT, component=field
            )
        )
        self.stop()  # sent as a description only: `submitted` handles the submission


def field_values(components: Iterable[dict[str, Any]]) -> dict[str, str]:
    """{custom_id: value} of a submitted form's text inputs (in labels or in rows)."""
    values: dict[str, str] = {}
    for component in components:
        if "component" in component:
            values.update(field_values([component["component"]]))
        elif "components" in component:
            values.update(field_values(component["components"]))
        elif "custom_id" in component and "value" in component:
            values[component["custom_id"]] = component["value"] or ""
    return values


async def open_edit_form(
    ctx: BotContext, interaction: discord.Interaction[Any], memory_id: str
) -> None:
    """Answer the click with the form, prefilled; or with why there is nothing to edit."""
    request = ctx.request(interaction)
    try:
        async with asyncio.timeout(PREFILL_BUDGET):
            current = await run_action(ctx.service, request, ActionKind.EDIT, memory_id)
    except TimeoutError:
        current = Response(texts.EDIT_FORM_SLOW, ok=False)
    content = current.data.get("content")
    if isinstance(content, str) and len(content) > TEXT_LIMIT:  # the form would cut it short
        too_long = texts.EDIT_FORM_TOO_LONG.format(length=len(content), limit=TEXT_LIMIT)
        current, content = Response(too_long, ok=False), None
    try:
        if current.ok and isinstance(content, str):
            await interaction.response.send_modal(EditForm(memory_id, content, ctx.stash))
        else:
            await interaction.response.send_message(**render(current, ctx.stash), ephemeral=True)
    except discord.NotFound:
        log.warning("interaction %s expired before the edit form could open", interaction.id)


async def edit_clicked(ctx: BotContext, interaction: discord.Interaction[Any], value: str) -> None:
    """Edit with a memory id alone opens the form; with "ID new text" it applies."""
    resolved = unstash(value, ctx.stash)
    if resolved is None or " " in resolved.strip():
        await click(ctx, interaction, ActionKind.EDIT, value)
    else:
        await open_edit_form(ctx, interaction, resolved.strip())


async def submitted(ctx: BotContext, interaction: discord.Interaction[Any]) -> bool:
    """Handle a submitted edit form; False if the form is not one of these."""
    data: Any = interaction.data or {}
    match = TEMPLATE.fullmatch(data.get("custom_id", ""))
    if match is None or match["kind"] != ActionKind.EDIT.value:
        return False
    memory_id = unstash(match["value"], ctx.stash)
    text = field_values(data.get("components", [])).get(TEXT_FIELD, "").strip()
    value = None if memory_id is None else f"{memory_id} {text}"
    await run_and_reply(ctx, interaction, ActionKind.EDIT, value)
    return True
