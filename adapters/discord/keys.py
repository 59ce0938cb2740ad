"""/memory-settings-keys: provider API keys, write-only, for admins (Manage Server).

Without options the command opens a form with one field per provider key (the
embedder's and the chat model's), each saying only whether a key is set; a field left
empty keeps the stored key. `remove:` removes one key instead. Both go through
`core.commands.keys.set_keys` (the same answers as Slack's key form; encrypted at rest,
see `core.providers.keys`); every reply says only "set" / "not set". The gates are
those of /memory-settings: Discord shows the command to Manage Server members, the bot
checks the permission on the command and again on the submission (a form has no
command checks), and the core refuses non-admins.

A key is never echoed: not in a reply, not in an error, not in a log. discord.py logs
every gateway event at DEBUG, a submitted form included, so `HideSubmittedKeys`
blanks this form's values in those records before any handler sees them.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import Collection
from typing import Any, Optional, TypeGuard

import discord
from discord import app_commands

from adapters.discord.context import BotContext, interaction_is_admin
from adapters.discord.forms import PREFILL_BUDGET, field_values
from adapters.discord.respond import deferred_reply
from core import texts
from core.commands.keys import key_statuses, set_keys
from core.models import KEY_FIELDS
from core.responses import Response

log = logging.getLogger(__name__)

NAME = "memory-settings-keys"
DESCRIPTION = "Set or remove this server's provider API keys (Manage Server only)"
FORM_ID = "mb-keys"
KEY_LIMIT = 1000
HIDDEN = "[hidden]"


class KeysForm(discord.ui.Modal):
    """One empty field per provider key; the placeholder says whether one is set."""

    def __init__(self, status: dict[str, str]) -> None:
        super().__init__(title=texts.KEYS_FORM_TITLE, custom_id=FORM_ID)
        for which in KEY_FIELDS:
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                custom_id=which,
                required=False,
                max_length=KEY_LIMIT,
                placeholder=texts.KEY_PLACEHOLDERS.get(status.get(which, "")),
            )
            label = texts.KEY_LABELS.get(which, which)
            self.add_item(
                discord.ui.Label(text=label, description=texts.KEYS_FORM_HINT, component=field)
            )
        self.stop()  # sent as a description only: `submitted` handles the submission


def keys_command(ctx: BotContext) -> app_commands.Command[Any, ..., None]:
    """A fresh /memory-settings-keys command (one per tree)."""

    @app_commands.command(name=NAME, description=DESCRIPTION)
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(remove="Remove this stored key instead of setting keys")
    @app_commands.choices(
        remove=[app_commands.Choice(name=texts.KEY_LABELS[w], value=w) for w in KEY_FIELDS]
    )
    async def memory_settings_keys(
        interaction: discord.Interaction,
        remove: Optional[str] = None,  # noqa: UP045 (discord.py reads this hint)
    ) -> None:
        if remove:

            async def work() -> Response:
                return await set_keys(ctx.service, ctx.request(interaction), {remove: ""})

            await deferred_reply(interaction, work, ctx.stash)
            return
        try:
            async with asyncio.timeout(PREFILL_BUDGET):
                shown = await key_statuses(ctx.service, ctx.request(interaction))
        except TimeoutError:
            shown = []
        status = {key.provider: key.status for key in shown}
        await interaction.response.send_modal(KeysForm(status))

    return memory_settings_keys


async def submitted(ctx: BotContext, interaction: discord.Interaction[Any]) -> bool:
    """Handle a submitted keys form; False if the form is not this one."""
    data: Any = interaction.data or {}
    if data.get("custom_id") != FORM_ID:
        return False
    given = field_values(data.get("components", []))
    keys = {w: given[w].strip() for w in KEY_FIELDS if given.get(w, "").strip()}

    async def work() -> Response:
        if not interaction_is_admin(interaction):  # the command's permission check, again
            return Response(texts.SETTINGS_ADMIN_ONLY, ok=False)
        return await set_keys(ctx.service, ctx.request(interaction), keys)

    await deferred_reply(interaction, work, ctx.stash)
    return True


def _is_keys_form(arg: object) -> TypeGuard[dict[str, Any]]:
    if not isinstance(arg, dict) or arg.get("t") != "INTERACTION_CREATE":
        return False
    data = (arg.get("d") or {}).get("data") or {}
    return isinstance(data, dict) and data.get("custom_id") == FORM_ID


def _hide_values(components: Collection[Any]) -> None:
    for component in components:
        if isinstance(component, dict):
            if "value" in component:
                component["value"] = HIDDEN
            _hide_values([component.get("component")])
            _hide_values(component.get("components") or [])


class HideSubmittedKeys(logging.Filter):
    """Blanks the values of a submitted keys form in discord.py's gateway DEBUG records."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and any(_is_keys_form(a) for a in record.args):
            args = []
            for arg in record.args:
                if _is_keys_form(arg):
                    arg = copy.deepcopy(arg)
                    _hide_values(arg["d"]["data"].get("components") or [])
                args.append(arg)
            record.args = tuple(args)
        return True


def hide_submitted_keys() -> None:
    """Install the filter on discord.py's gateway logger (once per process)."""
    logger = logging.getLogger("discord.gateway")
    if not any(isinstance(f, HideSubmittedKeys) for f in logger.filters):
        logger.addFilter(HideSubmittedKeys())
