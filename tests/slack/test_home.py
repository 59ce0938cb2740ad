"""App Home: everyone's own page; settings for workspace admins and owners only."""

from __future__ import annotations

import json

from core import texts
from core.workspace_settings import EDITABLE
from tests.slack.conftest import ADMIN, ALICE, OWNER, block_text, buttons, labelled


def home_opened(user: str) -> dict:
    return {
        "type": "app_home_opened",
        "user": user,
        "channel": "D0HOME",
        "tab": "home",
        "event_ts": "1700000400.000100",
    }


def last_view(slack, user: str) -> dict:
    call = [c for c in slack.calls_to("views.publish") if c.args["user_id"] == user][-1]
    view = call.args["view"]
    return json.loads(view) if isinstance(view, str) else view


def menus(view: dict) -> dict[str, dict]:
    return {b["action_id"]: b for b in buttons(view["blocks"]) if b["type"] == "static_select"}


async def test_a_member_sees_usage_profile_and_incognito_channels_but_no_settings(
    driver, service, slack
):
    await service.remember("T1", ALICE, "the staging DB is on port 6543")
    await service.set_profile("T1", ALICE, {"name": "Alice", "role": "SRE"})
    await service.incognito("T1", ALICE, "C9", True)
    await driver.event(home_opened(ALICE))
    view = last_view(slack, ALICE)
    assert view["type"] == "home"
    text = block_text(view["blocks"])
    assert "1 memory ·" in text
    assert "name: Alice" in text and "role: SRE" in text
    assert "<#C9>" in text
    assert texts.SETTINGS_HEADER not in text
    assert menus(view) == {}


async def test_an_admin_sees_every_setting_with_its_current_value(driver, service, slack):
    await service.update_settings("T1", ADMIN, is_admin=True, retention_days=90)
    await driver.event(home_opened(ADMIN))
    view = last_view(slack, ADMIN)
    found = menus(view)
    assert set(found) == {f"mb.setting.{name}" for name in EDITABLE} | {"mb.chanpolicy.policy"}
    assert found["mb.setting.retention_days"]["initial_option"]["value"] == "90"
    assert found["mb.setting.memory_enabled"]["initial_option"]["value"] == "on"
    presets = {o["value"] for o in found["mb.setting.embed_preset"]["options"]}
    assert {"openai-3-small", "ollama-nomic-embed-text", "default"} <= presets
    assert all(len(menu["options"]) <= 100 for menu in found.values())
    assert len(view["blocks"]) <= 100


async def test_an_admin_changes_a_setting_from_the_home_tab(driver, service, slack):
    await driver.select("mb.setting.memory_enabled", "off", user=ADMIN)
    assert (await service.settings("T1")).memory_enabled is False
    view = last_view(slack, ADMIN)
    assert "✅ Saved: Memory is now Off." in block_text(view["blocks"])
    assert menus(view)["mb.setting.memory_enabled"]["initial_option"]["value"] == "off"
    refused = await driver.command("remember", "anything", user=ALICE)
    assert refused.reply["text"].startswith("⏸️ Not saved")


async def test_a_workspace_owner_may_change_settings_too(driver, service):
    await driver.select("mb.setting.contradiction_policy", "keep_history", user=OWNER)
    assert (await service.settings("T1")).contradiction_policy == "keep_history"


async def test_a_non_admins_attempt_changes_nothing(driver, service, slack):
    before = await service.settings("T1")
    for name, value in (("memory_enabled", "off"), ("global_policy", "admins")):
        await driver.select(f"mb.setting.{name}", value, user=ALICE)
    assert await service.settings("T1") == before
    view = last_view(slack, ALICE)
    assert texts.ADMIN_ONLY in block_text(view["blocks"])
    assert menus(view) == {}


async def test_a_value_outside_the_choices_is_refused(driver, service, slack):
    await driver.select("mb.setting.retention_days", "45", user=ADMIN)
    assert (await service.settings("T1")).retention_days == 0
    assert "“Retention” can be one of" in block_text(last_view(slack, ADMIN)["blocks"])


async def test_incognito_can_be_turned_off_from_the_home_tab(driver, service, slack):
    await service.incognito("T1", ALICE, "C9", True)
    await driver.event(home_opened(ALICE))
    turn_off = next(b for b in buttons(last_view(slack, ALICE)["blocks"]) if b.get("value") == "C9")
    await driver.click(turn_off, channel=None)
    assert await service.incognito_channels("T1", ALICE) == []
    view = last_view(slack, ALICE)
    assert texts.INCOGNITO_OFF in block_text(view["blocks"])
    assert texts.HOME_INCOGNITO_NONE in block_text(view["blocks"])


async def test_the_profile_can_be_cleared_from_the_home_tab(driver, service, slack):
    await service.set_profile("T1", ALICE, {"name": "Alice"})
    await driver.event(home_opened(ALICE))
    [clear] = labelled(last_view(slack, ALICE)["blocks"], "Clear profile")
    await driver.click(clear, channel=None)
    assert await service.profile("T1", ALICE) == {}
    assert texts.HOME_PROFILE_NONE in block_text(last_view(slack, ALICE)["blocks"])
