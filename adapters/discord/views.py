"""Buttons and menus: every core `Action` becomes a button or a menu entry naming it.

A response's own actions (Undo, 👍 / 👎, Erase all my data…) are buttons whose
custom_id is `mb:<kind>:<value>` (e.g. `mb:undo:01hx…`). The actions of a list's
numbered lines (Edit, Pin / Unpin, Forget, Accept / Reject) are entries of select
menus, one menu per kind of action ("🗑️ Forget a memory…" offering "Forget 1" …
"Forget 10"): a page of ten memories with three actions each would need 30 buttons
where Discord allows 25, and a menu per action keeps the verb first and the numbers
matching the list. A menu's custom_id is `mb-menu:<group>`, an entry's value
`<kind>:<value>`. One `DynamicItem` class matches all buttons and one all menus, so
a click is understood without remembering which message it came from: they keep
working after a restart and in whichever process runs the guild's shard.

Discord caps custom_ids and option values at 100 characters. A value that does not fit
(Show used memories carries a comma-separated id list: four 20-character ids fit, five
do not) is kept in a bounded in-process `ValueStash` and the custom_id carries its
short key (`mb:show_used:~<key>`). Clicks reach the process running the guild's shard,
the one that stashed it; after a restart or eviction the click says it has expired.

What a click does is the bot's business: a button or menu hands it on as the client
event `memory_action` (`Client.dispatch`, answered by the bot's `on_memory_action`), so
this module needs nothing from the bot.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from core import texts
from core.commands.replies import shorten
from core.responses import Action, ActionKind

PREFIX = "mb"
MENU_PREFIX = "mb-menu"
CUSTOM_ID_LIMIT = 100
STASHED = "~"
ROWS, ROW_WIDTH = 5, 5  # a message holds 5 rows of 5 buttons, or of one menu each
MAX_BUTTONS = ROWS * ROW_WIDTH
OPTION_LIMIT = 25  # entries in one menu
OPTION_TEXT_LIMIT = 100  # an entry's label, value and description
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "danger": discord.ButtonStyle.danger,
    "": discord.ButtonStyle.secondary,
}
# Which menu a line's action goes in: opposite actions share one.
MENU_GROUPS = {
    ActionKind.PIN: "pin",
    ActionKind.UNPIN: "pin",
    ActionKind.ACCEPT: "review",
    ActionKind.REJECT: "review",
    ActionKind.NEAR_MISS_MERGE: "near_miss",
    ActionKind.NEAR_MISS_KEEP: "near_miss",
}
MENU_ORDER = ("near_miss", "edit", "pin", "forget", "review")
ANY = "any"  # every line action in one menu, when a menu per kind does not fit


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


def encode(kind: ActionKind, value: str, stash: ValueStash, prefix: str = PREFIX) -> str:
    """`<prefix>:<kind>:<value>` within 100 characters, stashing the value if needed."""
    head = f"{prefix}:{kind.value}:" if prefix else f"{kind.value}:"
    if len(head + value) <= CUSTOM_ID_LIMIT and not value.startswith(STASHED):
        return head + value
    return f"{head}{STASHED}{stash.put(value)}"


def custom_id(kind: ActionKind, value: str, stash: ValueStash) -> str:
    return encode(kind, value, stash)


def unstash(value: str, stash: ValueStash) -> str | None:
    """The action value a custom_id carried: itself, or what its stash key stands for
    (None when the key has been forgotten)."""
    return stash.get(value[len(STASHED) :]) if value.startswith(STASHED) else value


KINDS = "|".join(k.value for k in ActionKind)
TEMPLATE = re.compile(rf"{PREFIX}:(?P<kind>{KINDS}):(?P<value>[^\n]*)")
MENU_TEMPLATE = re.compile(rf"{MENU_PREFIX}:(?P<group>[a-z_]+)")
ENTRY = re.compile(rf"(?P<kind>{KINDS}):(?P<value>[^\n]*)")


PICKED = "memory_action"  # the client event a click becomes: on_memory_action(i, kind, value)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any memorybot button; a click goes to the client as a `memory_action` event."""

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
        interaction.client.dispatch(PICKED, interaction, self.kind, self.value)


@dataclass(frozen=True)
class Entry:
    """A numbered line's action, offered in a menu: "Forget 3" for line 3."""

    action: Action
    label: str
    description: str = ""


def group_of(kind: ActionKind) -> str:
    return MENU_GROUPS.get(kind, kind.value)


class ActionMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=MENU_TEMPLATE):
    """A menu of line actions; a pick goes to the client like a click."""

    def __init__(self, group: str, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.group = group

    @classmethod
    def make(cls, group: str, entries: Sequence[Entry], stash: ValueStash) -> ActionMenu:
        options: list[discord.SelectOption] = []
        seen: set[str] = set()
        for entry in entries:
            value = encode(entry.action.kind, entry.action.value, stash, prefix="")
            if value in seen or len(options) >= OPTION_LIMIT:
                continue
            seen.add(value)
            options.append(
                discord.SelectOption(
                    label=shorten(entry.label, OPTION_TEXT_LIMIT),
                    value=value,
                    description=shorten(entry.description, OPTION_TEXT_LIMIT) or None,
                )
            )
        placeholder = texts.ACTION_MENUS.get(group) or f"{entries[0].action.label}…"
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{MENU_PREFIX}:{group}", placeholder=placeholder[:150], options=options
        )
        return cls(group, select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionMenu:
        assert isinstance(item, discord.ui.Select)
        return cls(match["group"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        picked = ENTRY.fullmatch(self.item.values[0]) if self.item.values else None
        if picked is not None:
            kind = ActionKind(picked["kind"])
            interaction.client.dispatch(PICKED, interaction, kind, picked["value"])


def menus(entries: Sequence[Entry], rows: int) -> list[tuple[str, list[Entry]]]:
    """The entries grouped into one menu per kind of action (in a fixed order), or into
    one menu for everything when that needs more than `rows` rows."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(group_of(entry.action.kind), []).append(entry)
    ordered = sorted(
        groups.items(),
        key=lambda g: MENU_ORDER.index(g[0]) if g[0] in MENU_ORDER else len(MENU_ORDER),
    )
    if len(ordered) <= rows:
        return ordered
    return [(ANY, list(entries))] if entries and rows else []


def build_view(
    buttons: Iterable[tuple[Action, str]], entries: Sequence[Entry], stash: ValueStash
) -> discord.ui.View | None:
    """Menus for the line actions first (a row each), then one button per
    (action, label) in the rows left; no duplicate custom_ids."""
    made: list[ActionButton] = []
    seen: set[str] = set()
    for action, label in buttons:
        button = ActionButton.make(action, label, stash)
        if button.custom_id not in seen and len(made) < MAX_BUTTONS:
            seen.add(button.custom_id)
            made.append(button)
    grouped = menus(entries, ROWS - math.ceil(len(made) / ROW_WIDTH))
    view = discord.ui.View(timeout=None)
    for group, members in grouped:
        view.add_item(ActionMenu.make(group, members, stash))
    for button in made[: (ROWS - len(grouped)) * ROW_WIDTH]:
        view.add_item(button)
    return view if view.children else None
