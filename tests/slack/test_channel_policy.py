"""Channel policy (issue 16): an admin sets a channel to off or recall only from the
App Home's channel picker, and every path obeys it: mentions, /remember, extraction."""

from __future__ import annotations

import json

from core import texts
from core.models import ChannelPolicy
from tests.fakes.slack_server import action_payload
from tests.slack.conftest import ADMIN, ALICE, block_text, buttons
from tests.slack.test_chat import blocks_of, mention

HR = "C07HR0001"


async def pick_policy(driver, channel: str, policy: str, user: str = ADMIN):
    """On the Home tab: pick `channel` in the picker, then `policy` in the menu next to it
    (Slack sends the picker's choice in the view's state with the menu's action)."""
    picked = {"type": "conversations_select", "action_id": "mb.chanpolicy.channel"}
    await driver._send(
        "action",
        action_payload({**picked, "selected_conversation": channel}, user, None, None),
        None,
    )
    action = {
        "action_id": "mb.chanpolicy.policy",
        "type": "static_select",
        "selected_option": {"text": {"type": "plain_text", "text": policy}, "value": policy},
    }
    payload = action_payload(action, user, None, None)
    payload["view"]["state"] = {
        "values": {
            "mb.chanpolicy": {"mb.chanpolicy.channel": {**picked, "selected_conversation": channel}}
        }
    }
    return await driver._send("action", payload, None)


def last_home(slack, user: str) -> dict:
    call = [c for c in slack.calls_to("views.publish") if c.args["user_id"] == user][-1]
    view = call.args["view"]
    return json.loads(view) if isinstance(view, str) else view


async def test_an_admin_turns_memory_off_in_hr_and_every_path_obeys(driver, service, slack):
    await service.remember("T1", ALICE, "the payroll export runs on Fridays", scope="global")
    await pick_policy(driver, HR, "off")
    assert (await service.settings("T1")).channel_policy(HR) == ChannelPolicy.OFF
    home = last_home(slack, ADMIN)
    assert f"✅ Saved: memory in <#{HR}> is now Off." in block_text(home["blocks"])  # a link
    listed = [b for b in buttons(home["blocks"]) if b["action_id"] == "mb.chanpolicy.for.C07HR0001"]
    assert listed[0]["initial_option"]["value"] == "off"

    await driver.event(mention("when does the payroll export run?", channel=HR))
    answer = block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))
    assert "Fridays" not in answer and answer == texts.CHANNEL_OFF_ANSWER

    refused = await driver.command("remember", "the HR drive is at hr.example", channel=HR)
    assert refused.reply["text"].startswith(texts.REFUSALS["channel_off"][:30])
    assert "turned memory off in this channel" in block_text(refused.reply["blocks"])
    elsewhere = await driver.event(mention("when does the payroll export run?"))
    assert elsewhere.status == 200
    assert "Fridays" in block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))
    assert [m.content for m in (await service.memories("T1", ALICE)).items] == [
        "the payroll export runs on Fridays"
    ]


async def test_recall_only_uses_memories_but_saves_and_learns_nothing(driver, service, slack):
    await service.remember("T1", ALICE, "the payroll export runs on Fridays", scope="global")
    await pick_policy(driver, HR, "recall_only")
    await driver.event(mention("when does the payroll export run?", channel=HR))
    assert "Fridays" in block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))

    refused = await driver.command("remember", "the HR drive is at hr.example", channel=HR)
    assert "recall only" in block_text(refused.reply["blocks"])
    await driver.event(mention("we use Buildkite for CI", channel=HR, ts="1700000500.000100"))
    await service.jobs.drain()
    assert [m.content for m in (await service.memories("T1", ALICE)).items] == [
        "the payroll export runs on Fridays"
    ]
    # the same statement in a channel that is on is learnt (so the check above can fail)
    await driver.event(mention("we use Buildkite for CI", ts="1700000600.000100"))
    await service.jobs.drain()
    assert "we use Buildkite for CI" in [
        m.content for m in (await service.memories("T1", ALICE)).items
    ]


async def test_a_member_cannot_change_a_channels_policy(driver, service, slack):
    await pick_policy(driver, HR, "off", user=ALICE)
    assert (await service.settings("T1")).channel_policy(HR) == ChannelPolicy.ON
    assert texts.ADMIN_ONLY in block_text(last_home(slack, ALICE)["blocks"])


async def test_turning_a_channel_back_on_removes_its_entry(driver, service, slack):
    await pick_policy(driver, HR, "off")
    await driver.select("mb.chanpolicy.for.C07HR0001", "on")
    assert (await service.settings("T1")).channel_policies == {}
