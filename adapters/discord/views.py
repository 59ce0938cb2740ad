"""Buttons: every core `Action` becomes a button whose custom_id names the action.

The custom_id is `mb:<kind>:<value>` (e.g. `mb:forget:01hx…`), and one
`discord.ui.DynamicItem` class matches them all, so a click is understood without
remembering which message it came from: buttons keep working after a restart and in
whichever process runs the guild's shard.

Discord caps a custom_id at 100 characters. A value that does not fit (Show used
memories carries a comma-separated id list: four 20-character ids fit, five do not)
is kept in a bounded in-process `ValueStash` and the custom_id carries its short key
(`mb:show_used:~<key>`). Clicks reach the process running the guild's shard, the one
that stashed it; after a restart or eviction the click says the button has expired.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from core.responses import Action, ActionKind

if TYPE_CHECKING:
    from adapters.discord.bot import MemoryBot

PREFIX = "mb"
CUSTOM_ID_LIMIT = 100
STASHED = "~"
MAX_BUTTONS = 25  # 5 rows of 5
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "danger": discord.ButtonStyle.danger,
    "": discord.ButtonStyle.secondary,
}


class ValueStash:
    """Action values too long for a custom_id, by short key; least recently used go first."""

    def __init__(self, capacity: int = 10_000) -> None:
        self.capacity = capacity
        self._values: OrderedDict[str, str] = OrderedDict()

    def put(self, value: str) -> str:
        key = hashlib.blake2b(value.encode("utf-8"), digest_size=8).hexdigest()
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.capacity:
            self._values.popitem(last=False)
        return key

    def get(self, key: str) -> str | None:
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value


def custom_id(kind: ActionKind, value: str, stash: ValueStash) -> str:
    inline = f"{PREFIX}:{kind.value}:{value}"
    if len(inline) <= CUSTOM_ID_LIMIT and not value.startswith(STASHED):
        return inline
    return f"{PREFIX}:{kind.value}:{STASHED}{stash.put(value)}"


TEMPLATE = re.compile(
    rf"{PREFIX}:(?P<kind>{'|'.join(k.value for k in ActionKind)}):(?P<value>[^\n]*)"
)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any memorybot button; a click is handed to the bot (`MemoryBot.on_button`), which
    defers at once, runs the core action and answers privately to whoever clicked."""

    def __init__(self, kind: ActionKind, value: str, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)
        self.kind = kind
        self.value = value

    @classmethod
    def make(cls, action: Action, label: str, stash: ValueStash) -> ActionButton:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80],
            style=STYLES.get(action.style, discord.ButtonStyle.secondary),
            custom_id=custom_id(action.kind, action.value, stash),
        )
        return cls(action.kind, action.value, button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionButton:
        assert isinstance(item, discord.ui.Button)
        return cls(ActionKind(match["kind"]), match["value"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: MemoryBot = interaction.client
        await bot.on_button(interaction, self.kind, self.value)


def unstash(value: str, stash: ValueStash) -> str | None:
    """The action value a custom_id carried: itself, or what its stash key stands for
    (None when the key has been forgotten)."""
    return stash.get(value[len(STASHED) :]) if value.startswith(STASHED) else value


def build_view(buttons: Iterable[tuple[Action, str]], stash: ValueStash) -> discord.ui.View | None:
    """A view with one button per (action, label), at most 25, no duplicate custom_ids."""
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for action, label in buttons:
        button = ActionButton.make(action, label, stash)
        if button.custom_id in seen or len(seen) >= MAX_BUTTONS:
            continue
        seen.add(button.custom_id)
        view.add_item(button)
    return view if seen else None
