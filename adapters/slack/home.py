"""The App Home tab: a person's own memory page, and the settings page for admins.

Everyone sees their usage, profile and the channels where they are incognito. A
workspace admin or owner also sees one menu per setting in `core.settings.EDITABLE`;
choosing an option sends `mb.setting.<name>` with the menu's value, which the core
validates (and refuses for non-admins). The page is rebuilt from the store after
every change, so it never shows a value that was not saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adapters.slack.blocks import Block, action_id, button, context, escape, section
from core import texts
from core.models import StoreStats, WorkspaceSettings
from core.responses import Action, ActionKind
from core.settings import EDITABLE, SettingSpec

SETTING_PREFIX = "mb.setting."
MAX_HOME_BLOCKS = 100


@dataclass(frozen=True)
class HomePage:
    """What the Home tab shows, gathered from the core by the app."""

    stats: StoreStats
    profile: dict[str, str] = field(default_factory=dict)
    incognito: list[str] = field(default_factory=list)
    settings: WorkspaceSettings | None = None  # only for admins
    notice: str = ""  # the answer to the last click, shown on top


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


def setting_block(spec: SettingSpec, settings: WorkspaceSettings) -> Block:
    def option(value: str, label: str) -> Block:
        return {"text": {"type": "plain_text", "text": label[:75]}, "value": value}

    menu: Block = {
        "type": "static_select",
        "action_id": SETTING_PREFIX + spec.name,
        "options": [option(c.value, c.label) for c in spec.choices],
    }
    current = spec.current(getattr(settings, spec.name))
    if current is not None:
        menu["initial_option"] = option(current.value, current.label)
    text = f"*{escape(spec.label)}*\n{escape(spec.help)}"
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}, "accessory": menu}


def personal_blocks(page: HomePage) -> list[Block]:
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": texts.HOME_USAGE_HEADER}},
        *section(usage_line(page.stats)),
        {"type": "header", "text": {"type": "plain_text", "text": texts.PROFILE_HEADER}},
    ]
    if page.profile:
        lines = "\n".join(f"• {escape(k)}: {escape(v)}" for k, v in page.profile.items())
        blocks += section(lines)
        clear = Action(ActionKind.CLEAR_PROFILE, "Clear profile", "", "danger")
        blocks.append({"type": "actions", "elements": [button(clear, 0)]})
    else:
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
    if page.notice:
        blocks += section(escape(page.notice))
    blocks.append({"type": "divider"})
    blocks += personal_blocks(page)
    if page.settings is not None:
        blocks += [
            {"type": "divider"},
            {"type": "header", "text": {"type": "plain_text", "text": texts.SETTINGS_HEADER}},
            context(texts.SETTINGS_ADMIN_NOTE),
            *(setting_block(spec, page.settings) for spec in EDITABLE.values()),
        ]
    return {"type": "home", "blocks": blocks[:MAX_HOME_BLOCKS]}


__all__ = ["SETTING_PREFIX", "HomePage", "action_id", "home_view"]
