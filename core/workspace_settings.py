"""Which workspace settings an admin may change, to what, and how typed input is read.

Settings pages (Slack's App Home, Discord's settings command, the console) are built
from `EDITABLE`, and every change goes through `validate_changes` inside
`MemoryService.update_settings`, so an adapter can pass the raw string a menu sent
and never needs to know the allowed values itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core import guards, texts
from core.models import ChannelPolicy
from core.providers.presets import CHAT_PRESETS, EMBED_PRESETS


class InvalidSetting(ValueError):
    """A change names an unknown setting or a value it does not allow; the message is
    user-facing (from core/texts.py)."""


@dataclass(frozen=True)
class Choice:
    value: str  # as a menu sends it (never empty: Slack refuses empty option values)
    label: str
    stored: Any  # what WorkspaceSettings holds


@dataclass(frozen=True)
class SettingSpec:
    name: str  # the WorkspaceSettings field
    label: str
    help: str
    choices: tuple[Choice, ...]

    def parse(self, raw: Any) -> Any:
        """The stored value for `raw`: a menu's string ("on", "30") or a typed value."""
        for choice in self.choices:
            if _same(raw, choice):
                return choice.stored
        raise InvalidSetting(
            texts.SETTING_INVALID.format(
                label=self.label, choices=", ".join(c.label for c in self.choices)
            )
        )

    def current(self, stored: Any) -> Choice | None:
        """The choice a stored value shows as (None if it is not one of the choices)."""
        return next(
            (c for c in self.choices if type(c.stored) is type(stored) and c.stored == stored),
            None,
        )


def _same(raw: Any, choice: Choice) -> bool:
    if isinstance(raw, str):
        return raw.strip().lower() == choice.value
    return type(raw) is type(choice.stored) and raw == choice.stored


ON_OFF = (Choice("on", "On", True), Choice("off", "Off", False))
DEFAULT = Choice("default", "Deployment default", "")
RETENTION_DAYS = (0, 30, 90, 180, 365, 730)
RECALL_LIMITS = (1, 3, 5, 8, 10)
RECALL_THRESHOLDS = ((0.0, "Any match"), (0.05, "Loose"), (0.15, "Balanced"), (0.3, "Strict"))

EDITABLE: dict[str, SettingSpec] = {
    spec.name: spec
    for spec in (
        SettingSpec("memory_enabled", "Memory", texts.SETTING_HELP["memory_enabled"], ON_OFF),
        SettingSpec("auto_extract", "Auto-extraction", texts.SETTING_HELP["auto_extract"], ON_OFF),
        SettingSpec(
            "global_policy",
            "Who may use /global",
            texts.SETTING_HELP["global_policy"],
            (Choice("everyone", "Everyone", "everyone"), Choice("admins", "Admins only", "admins")),
        ),
        SettingSpec(
            "shared_channel_recall",
            "Replies in shared channels",
            texts.SETTING_HELP["shared_channel_recall"],
            (
                Choice("globals", "Shared memories only", "globals"),
                Choice("all", "Also the asker's private ones", "all"),
            ),
        ),
        SettingSpec(
            "contradiction_policy",
            "Contradictions",
            texts.SETTING_HELP["contradiction_policy"],
            (
                Choice("supersede", "Supersede", "supersede"),
                Choice("keep_history", "Keep history", "keep_history"),
            ),
        ),
        SettingSpec(
            "embed_preset",
            "Embedder",
            texts.SETTING_HELP["embed_preset"],
            (DEFAULT, *(Choice(n, n, n) for n in EMBED_PRESETS)),
        ),
        SettingSpec(
            "chat_preset",
            "Chat model",
            texts.SETTING_HELP["chat_preset"],
            (DEFAULT, *(Choice(n, n, n) for n in CHAT_PRESETS)),
        ),
        SettingSpec(
            "recall_limit",
            "Memories per reply",
            texts.SETTING_HELP["recall_limit"],
            tuple(Choice(str(n), str(n), n) for n in RECALL_LIMITS),
        ),
        SettingSpec(
            "recall_min_score",
            "Recall threshold",
            texts.SETTING_HELP["recall_min_score"],
            tuple(Choice(f"{x:g}", label, x) for x, label in RECALL_THRESHOLDS),
        ),
        SettingSpec(
            "retention_days",
            "Retention",
            texts.SETTING_HELP["retention_days"],
            tuple(Choice(str(d), texts.retention_label(d), d) for d in RETENTION_DAYS),
        ),
    )
}


def validate_changes(
    changes: Mapping[str, Any], *, embed_dimensions: int = 0, embed_preset: str = ""
) -> dict[str, Any]:
    """Typed values for a set of changes; raises InvalidSetting for anything not allowed.

    `embed_dimensions` / `embed_preset` describe the deployment's embedder: all of a
    deployment's vectors share one column, so a workspace may pick only an embedder
    making vectors of that size (or "none": no vectors for that workspace)."""
    if not changes:
        raise InvalidSetting(texts.SETTINGS_NOTHING)
    typed = {}
    for name, raw in changes.items():
        spec = EDITABLE.get(name)
        if spec is None:
            raise InvalidSetting(texts.SETTING_UNKNOWN.format(name=guards.masked(name)))
        typed[name] = spec.parse(raw)
    if typed.get("embed_preset"):
        check_embedder(typed["embed_preset"], embed_dimensions, embed_preset)
    return typed


def check_embedder(preset: str, dimensions: int, deployment_preset: str) -> None:
    """Refuse an embedder preset whose vectors would not fit the deployment's column."""
    if preset in ("none", deployment_preset.strip().lower()):
        return
    made = EMBED_PRESETS[preset].dimensions
    if not dimensions:
        raise InvalidSetting(texts.EMBEDDER_NO_VECTORS)
    if made != dimensions:
        text = texts.EMBEDDER_WRONG_SIZE if made else texts.EMBEDDER_UNSIZED
        raise InvalidSetting(text.format(made=made, stored=dimensions))


# A channel's policy, as menus offer it (Slack's App Home, Discord's /memory-settings,
# the console and CLI); stored per channel in WorkspaceSettings.channel_policies.
CHANNEL_POLICY = SettingSpec(
    "channel_policy",
    "Memory in this channel",
    texts.SETTING_HELP["channel_policy"],
    (
        Choice("on", "On", ChannelPolicy.ON),
        Choice("recall_only", "Recall only", ChannelPolicy.RECALL_ONLY),
        Choice("off", "Off", ChannelPolicy.OFF),
    ),
)


def parse_channel_policy(raw: str) -> ChannelPolicy:
    """The policy a menu's value or a typed word names ("recall-only" works too)."""
    cleaned = raw.strip().lower().replace("-", "_").replace(" ", "_")
    return ChannelPolicy(CHANNEL_POLICY.parse(cleaned))


def policy_label(stored: str) -> str:
    """ "Recall only" for a stored "recall_only"."""
    choice = CHANNEL_POLICY.current(ChannelPolicy(stored))
    return choice.label if choice else stored
