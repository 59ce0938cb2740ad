"""👍 / 👎 reactions on the bot's replies count exactly like its buttons (issue 16),
through discord.py's raw reaction events: removing one takes the vote back, and
reactions on other messages or by the bot itself change nothing."""

from __future__ import annotations

import asyncio
import time

from core.audience import personal_workspace
from core.models import Principal, Scope
from tests.discord.conftest import button
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, BOT, GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
STAGING = "the staging DB is on port 6543"
STEPS = 1000  # polls of the store, 10 ms apart, before a test gives up waiting


async def replied(fake, memory, workspace: str = WORKSPACE, **say) -> tuple[dict, dict]:
    """(the question, the reply the bot posted to it), once the bot has noted which
    memories the reply used (it can only do so after Discord gave the reply its id)."""
    before = time.monotonic()
    asked = await fake.say("which port is staging on?", **say)
    path = rf"/channels/{asked['channel_id']}/messages"
    reply = (await fake.wait_call("POST", path, after=before)).response
    for _ in range(STEPS):
        async with memory.store.session(Principal(workspace, USER)) as session:
            if await session.reply_memories(reply["channel_id"], reply["id"]):
                break
        await asyncio.sleep(0.01)
    return asked, reply


async def trust_when(memory, workspace: str, memory_id: str, done) -> float:
    """The memory's trust once `done(trust)` holds (or after STEPS polls)."""
    for _ in range(STEPS):
        trust = (await memory.get_memory(workspace, USER, memory_id)).trust
        if done(trust):
            return trust
        await asyncio.sleep(0.01)
    return trust


async def test_a_thumbs_up_reaction_moves_trust_as_the_button_does_and_removing_it_restores_it(
    fake, bot, memory
):
    saved = (await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)).memory
    _, reply = await replied(fake, memory, mention_bot=True)
    await fake.react(reply, "👍")
    by_reaction = await trust_when(memory, WORKSPACE, saved.id, lambda t: t != 0)
    assert by_reaction > 0
    await fake.react(reply, "👍", added=False)
    assert await trust_when(memory, WORKSPACE, saved.id, lambda t: t == 0) == 0
    ex = await fake.click(reply, button(reply, "👍")["custom_id"])
    await fake.followup_for(ex)
    by_button = (await memory.get_memory(WORKSPACE, USER, saved.id)).trust
    assert by_button == by_reaction, "a reaction counts like the button"


async def test_a_thumbs_down_with_a_skin_tone_in_a_dm_lowers_trust_until_removed(fake, bot, memory):
    space = personal_workspace(USER)
    saved = (await memory.remember(space, USER, STAGING)).memory
    _, reply = await replied(fake, memory, space, guild=None)
    await fake.react(reply, "👎🏽")
    assert await trust_when(memory, space, saved.id, lambda t: t != 0) < 0
    await fake.react(reply, "👎🏽", added=False)
    assert await trust_when(memory, space, saved.id, lambda t: t == 0) == 0


async def test_reactions_on_other_messages_or_by_the_bot_change_nothing(fake, bot, memory):
    saved = (await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)).memory
    asked, reply = await replied(fake, memory, mention_bot=True)
    await fake.react(asked, "👍", user=BOB)  # the question, not the reply
    await fake.react(reply, "👎", user=BOT)  # the bot itself
    await fake.react(reply, "🎉")
    await fake.react(reply, "👍", user=BOB)  # the one that counts, handled last
    trust = await trust_when(memory, WORKSPACE, saved.id, lambda t: t != 0)
    await fake.react(reply, "👍", user=BOB)  # Discord never repeats one, but if it did
    await fake.react(reply, "👎", user=BOB, added=False)  # never left: nothing to take back
    await replied(fake, memory, mention_bot=True)  # a probe: the events before it were handled
    assert trust == 0.25
    assert (await memory.get_memory(WORKSPACE, USER, saved.id)).trust == 0.25


async def test_the_bot_asks_for_the_reactions_intents_and_still_no_privileged_one(fake, bot):
    intents = fake.identifies[0]["intents"]
    assert intents & wire.PRIVILEGED_INTENTS == 0
    assert intents & (1 << 10)  # guild message reactions
    assert intents & (1 << 13)  # direct message reactions
