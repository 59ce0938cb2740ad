"""The App Home tab: a person's own memory page, and the settings page for admins.

Everyone sees their usage, the `/memories` answer (recent memories with Edit / Pin /
Forget, the review queue, the profile, and its buttons: Clear profile, Erase all my
data, and Tidy up for admins) and the channels where they are incognito. A
workspace admin or owner also sees one menu per setting in `core.workspace_settings.EDITABLE`
a channel picker with a policy menu (on / recall only / off per channel), and a
write-only "Set API key" button per provider. The answer to the last click
(`notice`, with its own buttons: Undo, Erase everything) is shown on top, since a
click on a view has no message to answer in. The page is rebuilt from the store
after every change, so it never shows a value that was not saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from adapters.slack.blocks import Block, button, context, escape, plain, section, view_blocks
from adapters.slack.forms import KEY_BUTTON
from core import texts
from core.commands.keys import KeyStatus
from core.models import ChannelPolicy, StoreStats, WorkspaceSettings
from core.responses import Action, ActionKind, Response
from core.workspace_settings import CHANNEL_POLICY, EDITABLE, SettingSpec

SETTING_PREFIX = "mb.setting."
# Channel policy: a channel picker and a policy menu side by side (the choice reads the
# pick from the view's state), and one menu per channel that already has a policy.
POLICY_PREFIX = "mb.chanpolicy."
POLICY_PICKER = POLICY_PREFIX + "channel"
POLICY_MENU = POLICY_PREFIX + "policy"
POLICY_FOR = POLICY_PREFIX + "for."
MAX_HOME_BLOCKS = 100
MAX_NOTICE_BLOCKS = 20
MAX_MEMORY_BLOCKS = 45


@dataclass(frozen=True)
class HomePage:
    """What the Home tab shows, gathered from the core by the app."""

    stats: StoreStats
    profile: dict[str, str] = field(default_factory=dict)
    incognito: list[str] = field(default_factory=list)
    settings: WorkspaceSettings | None = None  # only for admins
    notice: Response | None = None  # the answer to the last click, shown on top
    memories: Response | None = None  # the /memories answer
    keys: list[KeyStatus] = field(default_factory=list)  # only for admins


def channel_name(channel: str) -> str:
    return texts.A_DIRECT_MESSAGE if channel.startswith("D") else f"<#{channel}>"


def usage_line(stats: StoreStats) -> str:
    return texts.USAGE.format(
        memories=stats.memories,
        mem_noun=texts.plural(stats.memories, "memory", "memories"),
        entities=stats.entities,
        ent_noun=texts.plural(stats.entities, "entity", "entities"),
        size=texts.human_size(stats.size_bytes),
    )


def option(value: str, label: str) -> Block:
    return {"text": {"type": "plain_text", "text": label[:75]}, "value": value}


def choice_menu(action_id: str, spec: SettingSpec, current: Any) -> Block:
    menu: Block = {
        "type": "static_select",
        "action_id": action_id,
        "options": [option(c.value, c.label) for c in spec.choices],
    }
    chosen = spec.current(current) if current is not None else None
    if chosen is not None:
        menu["initial_option"] = option(chosen.value, chosen.label)
    return menu


def setting_block(spec: SettingSpec, settings: WorkspaceSettings) -> Block:
    menu = choice_menu(SETTING_PREFIX + spec.name, spec, getattr(settings, spec.name))
    text = f"*{escape(spec.label)}*\n{escape(spec.help)}"
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}, "accessory": menu}


def channel_policy_blocks(settings: WorkspaceSettings) -> list[Block]:
    """The channels with their own policy (each with a menu to change it), then a
    channel picker and a policy menu for any other channel."""
    text = f"*{escape(texts.CHANNEL_POLICIES_HEADER)}*\n{escape(CHANNEL_POLICY.help)}"
    blocks: list[Block] = [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]
    for channel, stored in list(settings.channel_policies.items())[:20]:
        block = section(f"<#{channel}>")[0]
        block["accessory"] = choice_menu(
            POLICY_FOR + channel, CHANNEL_POLICY, ChannelPolicy(stored)
        )
        blocks.append(block)
    picker: Block = {
        "type": "conversations_select",
        "action_id": POLICY_PICKER,
        "placeholder": plain(texts.CHANNEL_PICK),
        "filter": {"include": ["public", "private"], "exclude_bot_users": True},
    }
    menu = choice_menu(POLICY_MENU, CHANNEL_POLICY, None)
    menu["placeholder"] = plain(texts.CHANNEL_POLICY_PICK)
    blocks.append({"type": "actions", "block_id": "mb.chanpolicy", "elements": [picker, menu]})
    return blocks


def picked_channel(view: Block) -> str:
    """The channel chosen in the Home tab's picker (from the view's state), or ""."""
    for block in (view.get("state") or {}).get("values", {}).values():
        picked = block.get(POLICY_PICKER)
        if picked:
            return str(picked.get("selected_conversation") or "")
    return ""


def key_blocks(keys: list[KeyStatus]) -> list[Block]:
    """Write-only key fields: the status, and a button opening an empty form."""
    blocks: list[Block] = []
    if keys:
        blocks += [
            {"type": "header", "text": plain(texts.KEYS_HEADER, 150)},
            context(texts.KEYS_NOTE),
        ]
    for key in keys:
        block = section(escape(key.line))[0]
        block["accessory"] = {
            "type": "button",
            "action_id": KEY_BUTTON + key.provider,
            "text": plain(texts.KEY_SET_BUTTON),
        }
        blocks.append(block)
    return blocks


def personal_blocks(page: HomePage) -> list[Block]:
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": texts.HOME_USAGE_HEADER}},
        *section(usage_line(page.stats)),
    ]
    if page.memories is not None:  # its header and usage footer are already above
        listing = replace(page.memories, text="", footer="")
        blocks += view_blocks(listing, MAX_MEMORY_BLOCKS)
    if not page.profile:
        blocks.append(context(texts.HOME_PROFILE_NONE))
    blocks.append(
        {"type": "header", "text": {"type": "plain_text", "text": texts.HOME_INCOGNITO_HEADER}}
    )
    if not page.incognito:
        blocks.append(context(texts.HOME_INCOGNITO_NONE))
    for n, channel in enumerate(page.incognito[:20]):
        off = Action(ActionKind.INCOGNITO_OFF, "Turn off", channel)
        block = section(channel_name(channel))[0]
        block["accessory"] = button(off, n)
        blocks.append(block)
    return blocks


def home_view(page: HomePage) -> Block:
    """The `views.publish` view for one user."""
    blocks: list[Block] = [
        {"type": "header", "text": {"type": "plain_text", "text": texts.HOME_TITLE}},
        *section(texts.HOME_INTRO),
    ]
    if page.notice is not None:
        blocks += view_blocks(page.notice, MAX_NOTICE_BLOCKS)
    blocks.append({"type": "divider"})
    blocks += personal_blocks(page)
    if page.settings is not None:
        blocks += [
            {"type": "divider"},
            {"type": "header", "text": {"type": "plain_text", "text": texts.SETTINGS_HEADER}},
            context(texts.SETTINGS_ADMIN_NOTE),
            *(setting_block(spec, page.settings) for spec in EDITABLE.values()),
            *channel_policy_blocks(page.settings),
        ]
    blocks += key_blocks(page.keys)
    return {"type": "home", "blocks": blocks[:MAX_HOME_BLOCKS]}


__all__ = ["POLICY_PREFIX", "SETTING_PREFIX", "HomePage", "home_view", "picked_channel"]
