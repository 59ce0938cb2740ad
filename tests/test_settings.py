"""Workspace settings: only admins change them, and only to values that exist."""

from __future__ import annotations

import pytest

from core import texts
from core.commands import CommandRequest
from core.commands.settings import change_setting, change_settings
from core.providers.presets import EMBED_PRESETS
from core.workspace_settings import EDITABLE, InvalidSetting

WS, ADMIN, BOB = "acme", "ada", "bob"


async def test_an_admin_changes_settings_with_the_strings_a_menu_sends(service):
    updated = await service.update_settings(
        WS, ADMIN, is_admin=True, memory_enabled="off", retention_days="90"
    )
    assert updated.memory_enabled is False
    assert updated.retention_days == 90
    assert (await service.settings(WS)).retention_days == 90


@pytest.mark.parametrize(
    "changes",
    [
        {"global_policy": "nobody"},
        {"retention_days": "45"},
        {"embed_preset": "no-such-preset"},
        {"recall_limit": "500"},
        {"no_such_setting": "on"},
        {},
    ],
)
async def test_a_value_the_setting_does_not_allow_is_refused_and_nothing_changes(service, changes):
    before = await service.settings(WS)
    with pytest.raises(InvalidSetting):
        await service.update_settings(WS, ADMIN, is_admin=True, **changes)
    assert await service.settings(WS) == before


async def test_embedder_choices_come_from_the_presets(service):
    values = {c.value for c in EDITABLE["embed_preset"].choices}
    assert set(EMBED_PRESETS) <= values
    updated = await service.update_settings(WS, ADMIN, is_admin=True, embed_preset="none")
    assert updated.embed_preset == "none"
    back = await service.update_settings(WS, ADMIN, is_admin=True, embed_preset="default")
    assert back.embed_preset == ""


def test_current_values_round_trip_through_the_menu_form():
    for spec in EDITABLE.values():
        for choice in spec.choices:
            assert spec.current(spec.parse(choice.value)) == choice
    assert EDITABLE["retention_days"].current(45) is None


async def test_incognito_channels_lists_where_the_user_is_incognito(service):
    await service.incognito(WS, BOB, "C2", True)
    await service.incognito(WS, BOB, "D1", True)
    await service.incognito(WS, ADMIN, "C3", True)
    assert sorted(await service.incognito_channels(WS, BOB)) == ["C2", "D1"]


async def test_changing_a_setting_answers_saved_or_says_why_not(service):
    admin = CommandRequest(WS, ADMIN, "C1", is_admin=True)
    saved = await change_setting(service, admin, "global_policy", "admins")
    assert saved.ok and saved.text == "✅ Saved: Who may use /global is now Admins only."
    bad = await change_setting(service, admin, "global_policy", "nobody")
    assert not bad.ok and "Everyone, Admins only" in bad.text
    refused = await change_setting(
        service, CommandRequest(WS, BOB, "C1"), "global_policy", "everyone"
    )
    assert refused.text == texts.ADMIN_ONLY
    assert (await service.settings(WS)).global_policy == "admins"


async def test_several_settings_change_together_or_not_at_all(service):
    """Discord's /memory-settings sends several at once (`change_settings`): one value
    not allowed refuses them all, with the same reason Slack's menu would get."""
    admin = CommandRequest(WS, ADMIN, "C1", is_admin=True)
    bad = await change_settings(service, admin, {"memory_enabled": False, "retention_days": "45"})
    assert (
        not bad.ok
        and bad.text == (await change_setting(service, admin, "retention_days", "45")).text
    )
    assert (await service.settings(WS)).memory_enabled is True
    saved = await change_settings(service, admin, {"memory_enabled": False, "retention_days": "90"})
    assert saved.text == texts.SETTINGS_UPDATED
    assert saved.data["changed"] == ["memory_enabled", "retention_days"]
    assert (await service.settings(WS)).retention_days == 90
    member = CommandRequest(WS, BOB, "C1")
    assert (
        await change_settings(service, member, {"memory_enabled": True})
    ).text == texts.ADMIN_ONLY
    assert (await change_settings(service, member, {})).text == texts.ADMIN_ONLY
    shown = await change_settings(service, admin, {})
    assert shown.text == texts.SETTINGS_HEADER and shown.data["changed"] == []
    assert (await service.settings(WS)).memory_enabled is False
