"""Channel policy on Discord (issue 16): `/memory-settings channel: channel_memory:`,
obeyed by mentions and /remember there; refusals say why."""

from __future__ import annotations

from core import texts
from core.models import ChannelPolicy
from tests.discord.conftest import embed_text
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
GENERAL, HR = GUILD.channels
PAYROLL = "the payroll export runs on Fridays"
ADMIN = {"permissions": wire.ADMIN_PERMISSIONS}


async def run(fake, name, options=None, **kw):
    ex = await fake.slash(name, options, **kw)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).body


async def answer_in(fake, channel: int, text: str) -> str:
    message = await fake.say(text, mention_bot=True, channel=channel)
    call = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")
    return call.body["content"]


async def test_an_admin_turns_memory_off_in_hr_and_mentions_and_remember_obey(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, PAYROLL, scope="global")
    reply = await run(
        fake, "memory-settings", {"channel_memory": "off"}, channels={"channel": HR}, **ADMIN
    )
    assert reply["content"] == f"✅ Saved: memory in <#{HR}> is now Off."  # a channel link
    assert (await memory.settings(WORKSPACE)).channel_policy(str(HR)) == ChannelPolicy.OFF

    assert await answer_in(fake, HR, "when does the payroll export run?") == (
        texts.CHANNEL_OFF_ANSWER
    )
    refused = await run(fake, "remember", {"text": "the HR drive is hr.example"}, channel=HR)
    assert "turned memory off in this channel" in refused["content"] + embed_text(refused)
    assert PAYROLL in await answer_in(fake, GENERAL, "when does the payroll export run?")


async def test_recall_only_answers_from_memory_and_refuses_to_save(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, PAYROLL, scope="global")
    await run(fake, "memory-settings", {"channel_memory": "recall_only"}, channel=HR, **ADMIN)
    assert (await memory.settings(WORKSPACE)).channel_policy(str(HR)) == ChannelPolicy.RECALL_ONLY
    assert PAYROLL in await answer_in(fake, HR, "when does the payroll export run?")
    refused = await run(fake, "remember", {"text": "the HR drive is hr.example"}, channel=HR)
    assert "recall only" in refused["content"] + embed_text(refused)
    assert [m.content for m in (await memory.memories(WORKSPACE, USER)).items] == [PAYROLL]


async def test_a_member_cannot_set_a_channels_policy(fake, bot, memory):
    ex = await fake.slash("memory-settings", {"channel_memory": "off"}, channels={"channel": HR})
    await fake.callback_for(ex)
    assert (await memory.settings(WORKSPACE)).channel_policies == {}
