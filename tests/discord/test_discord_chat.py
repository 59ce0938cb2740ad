"""Chat: mentions and DMs are answered with the memories used (SPEC §1, §5)."""

from __future__ import annotations

import asyncio

from core import texts
from core.audience import personal_workspace
from core.models import Scope
from tests.discord.conftest import button
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, DM_CHANNEL, GUILD, FakeUser

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
STAGING = "the staging DB is on port 6543"
CHANNEL = GUILD.channels[0]


async def reply_to(fake, message):
    call = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")
    return call.body


async def test_a_mention_is_answered_with_the_memory_and_used_1_memory(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)
    message = await fake.say("which port is staging on?", mention_bot=True)
    reply = await reply_to(fake, message)
    assert STAGING in reply["content"]
    assert reply["content"].endswith("\n-# 🧠 used 1 memory")
    assert str(reply["message_reference"]["message_id"]) == message["id"]
    assert reply["allowed_mentions"] == {"parse": [], "replied_user": False}
    assert not reply.get("flags", 0) & wire.EPHEMERAL
    assert button(reply, "Show memories used")["custom_id"].startswith("mb:show_used:")
    assert fake.calls_to("POST", rf"/channels/{CHANNEL}/typing")


async def test_a_dm_is_answered_from_the_persons_own_dm_space(fake, bot, memory):
    await memory.remember(personal_workspace(USER), USER, STAGING)
    message = await fake.say("which port is staging on?", guild=None)
    reply = await reply_to(fake, message)
    assert message["channel_id"] == str(DM_CHANNEL)
    assert STAGING in reply["content"]
    assert "🧠 used 1 memory" in reply["content"]


async def test_a_dm_does_not_see_a_servers_private_memories(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING)
    reply = await reply_to(fake, await fake.say("which port is staging on?", guild=None))
    assert STAGING not in reply["content"]
    assert "🧠 used" not in reply["content"]


async def test_a_server_mention_answered_only_by_private_memories_posts_none_of_them(
    fake, bot, memory
):
    await memory.remember(WORKSPACE, USER, "my dentist appointment is on friday at 3pm")
    asked = await fake.say("when is my dentist appointment?", mention_bot=True)
    reply = await reply_to(fake, asked)
    assert "friday" not in reply["content"] and "3pm" not in reply["content"]
    assert texts.PRIVATE_HELD_BACK.format(count=1, noun="note") in reply["content"]
    assert not reply.get("components")  # no "Show memories used": nothing was used


async def test_one_persons_dm_memories_are_never_seen_in_another_persons_dm(fake, bot, memory):
    mine = await fake.slash("remember", {"text": STAGING}, guild=None)
    assert (await fake.followup_for(mine)).body["content"] == texts.SAVED
    shared = await fake.slash("global", {"text": "we deploy on Tuesdays"}, guild=None)
    assert (await fake.followup_for(shared)).body["content"] == texts.GLOBAL_IN_PERSONAL
    theirs = await reply_to(fake, await fake.say("which port is staging on?", guild=None, user=BOB))
    assert STAGING not in theirs["content"]
    listing = await fake.slash("memories", guild=None, user=BOB)
    assert STAGING not in str((await fake.followup_for(listing)).body)
    assert await memory.recall(personal_workspace(str(BOB.id)), str(BOB.id), "deploy") == []
    assert await memory.recall(personal_workspace(USER), USER, "deploy") == []


async def test_nothing_recalled_means_no_footer_and_no_button(fake, bot):
    reply = await reply_to(fake, await fake.say("which port is staging on?", mention_bot=True))
    assert "I don't have anything saved about that yet" in reply["content"]
    assert "🧠 used" not in reply["content"]
    assert not reply.get("components")


async def test_server_messages_without_a_mention_are_not_answered(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING)
    await fake.say("which port is staging on?")
    await fake.say("sure, thanks", user=BOB)
    probe = await fake.say("ping", mention_bot=True)
    await reply_to(fake, probe)  # handled in order: the earlier two were seen and ignored
    assert len(fake.calls_to("POST", r"/channels/\d+/messages")) == 1


async def test_bots_are_not_answered_even_when_they_mention_the_bot(fake, bot):
    other_bot = FakeUser(1_400_000_000_000_009_999, "otherbot", bot=True)
    await fake.say("hello", user=other_bot, mention_bot=True)
    await fake.say("hello", user=other_bot, guild=None)
    await reply_to(fake, await fake.say("ping", mention_bot=True))
    assert len(fake.calls_to("POST", r"/channels/\d+/messages")) == 1


async def test_the_bot_asks_for_no_privileged_intent(fake, bot):
    intents = fake.identifies[0]["intents"]
    assert intents & wire.PRIVILEGED_INTENTS == 0
    assert intents & (1 << 9)  # guild messages
    assert intents & (1 << 12)  # direct messages


async def test_incognito_in_a_channel_stops_recall_there(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)
    await memory.incognito(WORKSPACE, USER, str(CHANNEL), True)
    reply = await reply_to(fake, await fake.say("which port is staging on?", mention_bot=True))
    assert reply["content"].startswith("🕶️ Incognito is on here")
    assert STAGING not in reply["content"]
    other = GUILD.channels[1]
    message = await fake.say("which port is staging on?", mention_bot=True, channel=other)
    assert STAGING in (await reply_to(fake, message))["content"]


async def test_two_mentions_at_once_are_both_answered(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)
    await asyncio.gather(
        fake.say("staging port?", mention_bot=True),
        fake.say("staging port?", mention_bot=True, channel=GUILD.channels[1]),
    )
    await fake.wait_call("POST", rf"/channels/{GUILD.channels[1]}/messages")
    await fake.wait_call("POST", rf"/channels/{CHANNEL}/messages")
