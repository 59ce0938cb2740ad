"""Keeping the store useful from Discord (SPEC §9): 👍 / 👎 on replies, pinning, the
admins' tidy-up, erasing your data in two steps, and the daily consolidation."""

from __future__ import annotations

import asyncio

from core import texts
from core.models import Scope
from core.service import MemoryService
from tests.discord.conftest import button, buttons, embed_text, entry_labels, pick, running_bot
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, GUILD, OTHER_GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
STAGING = "the staging DB is on port 6543"
ADMIN = {"permissions": wire.ADMIN_PERMISSIONS}


async def listing(fake, **kw):
    ex = await fake.slash("memories", **kw)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).response


async def press(fake, message, label, **kw):
    ex = await fake.click(message, button(message, label)["custom_id"], **kw)
    first = await fake.callback_for(ex)
    return first.body, (await fake.followup_for(ex)).response


async def chat_reply(fake, text):
    message = await fake.say(text, mention_bot=True)
    return (await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")).response


async def slipped(service: MemoryService, workspace: str, text: str) -> None:
    """A near-duplicate saved without reconciliation, as one could slip in."""
    result = await service.remember(workspace, USER, text, reconcile=False)
    assert result.status.value == "saved"


async def active(service: MemoryService, workspace: str) -> list[str]:
    view = await service.memories(workspace, USER, limit=50)
    return sorted(m.content for m in view.items)


async def test_thumbs_up_on_a_reply_trusts_the_memories_it_used_more(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING, Scope.GLOBAL)
    reply = await chat_reply(fake, "which port is staging on?")
    assert [b["label"] for b in buttons(reply)] == ["Show memories used", "👍", "👎"]
    assert button(reply, "👍")["custom_id"] == f"mb:feedback_up:{saved.memory.id}"
    first, thanks = await press(fake, reply, "👍")
    assert first == {"type": 5, "data": {"flags": wire.EPHEMERAL}}  # private, for the voter
    assert thanks["content"] == texts.FEEDBACK_UP.format(count=1, noun="memory")
    assert thanks["flags"] & wire.EPHEMERAL
    trusted = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert trusted is not None and trusted.trust > 0


async def test_thumbs_down_works_past_the_custom_id_limit_and_lowers_trust(fake, bot, memory):
    names = ["amber", "cobalt", "saffron", "umber", "teal"]
    facts = [f"staging {name} runs on port {n}" for n, name in enumerate(names)]
    saved = [await memory.remember(WORKSPACE, USER, fact, Scope.GLOBAL) for fact in facts]
    reply = await chat_reply(fake, "staging port?")
    down = button(reply, "👎")
    assert down["custom_id"].startswith("mb:feedback_down:~") and len(down["custom_id"]) <= 100
    _, noted = await press(fake, reply, "👎", user=ALICE)
    assert noted["content"].startswith(texts.FEEDBACK_DOWN.format(count=5, noun="memories"))
    for result in saved:
        doubted = await memory.get_memory(WORKSPACE, USER, result.memory.id)
        assert doubted is not None and doubted.trust < 0


async def test_pin_from_the_menu_pins_and_the_list_then_offers_unpin(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    ex = await pick(fake, shown, "Pin 1")
    assert (await fake.callback_for(ex)).body["type"] == 7
    assert (await fake.followup_for(ex)).response["content"] == texts.PINNED
    pinned = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert pinned is not None and pinned.pinned
    again = await listing(fake)
    assert "📌 pinned" in embed_text(again)
    assert entry_labels(again, texts.ACTION_MENUS["pin"]) == ["Unpin 1"]
    ex = await pick(fake, again, "Unpin 1")
    await fake.callback_for(ex)
    assert (await fake.followup_for(ex)).response["content"] == texts.UNPINNED


async def test_only_admins_pin_shared_memories(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING, scope=Scope.GLOBAL)
    assert "Pin 1" not in str(await listing(fake))  # the author is not an admin here
    shown = await listing(fake, **ADMIN)
    ex = await pick(fake, shown, "Pin 1", user=BOB)
    await fake.callback_for(ex)
    assert (await fake.followup_for(ex)).response["content"] == texts.PIN_GLOBAL_ADMIN
    ex = await pick(fake, shown, "Pin 1", **ADMIN)
    await fake.callback_for(ex)
    assert (await fake.followup_for(ex)).response["content"] == texts.PINNED


async def test_erasing_your_data_asks_first_and_erases_only_once_confirmed(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING)
    await memory.remember(WORKSPACE, USER, "I prefer concise answers")
    await memory.remember(WORKSPACE, str(BOB.id), "bob's note")
    _, asked = await press(fake, await listing(fake), "Erase all my data")
    assert asked["content"].startswith(texts.ERASE_ASK.format(memories=2, noun="memories"))
    assert button(asked, "Erase everything")["style"] == 4  # danger
    assert len(await active(memory, WORKSPACE)) == 2  # asking erased nothing
    _, erased = await press(fake, asked, "Erase everything")
    assert erased["content"].startswith(texts.ERASE_DONE.format(memories=2, noun="memories"))
    assert await active(memory, WORKSPACE) == []
    assert [m.content for m in (await memory.memories(WORKSPACE, str(BOB.id))).items] == [
        "bob's note"
    ]


async def test_an_admin_tidies_up_from_memories_and_near_duplicates_merge(fake, bot, memory):
    await slipped(memory, WORKSPACE, "the staging database is on port 6543")
    await slipped(memory, WORKSPACE, "the staging database is on port 6543 now")
    _, tidied = await press(fake, await listing(fake, **ADMIN), "Tidy up memories", **ADMIN)
    assert tidied["content"].startswith("🧹 Tidied up: merged 1 near-duplicate memory")
    assert await active(memory, WORKSPACE) == ["the staging database is on port 6543 now"]


async def test_a_member_has_no_tidy_up_and_pressing_one_anyway_is_refused(fake, bot, memory):
    await slipped(memory, WORKSPACE, "the staging database is on port 6543")
    await slipped(memory, WORKSPACE, "the staging database is on port 6543 now")
    assert "Tidy up memories" not in [b["label"] for b in buttons(await listing(fake))]
    admins = await listing(fake, **ADMIN)
    _, refused = await press(fake, admins, "Tidy up memories", user=BOB)
    assert refused["content"] == texts.ADMIN_ONLY
    assert len(await active(memory, WORKSPACE)) == 2


async def test_the_bot_consolidates_the_servers_it_serves_daily_and_stops_on_close(fake, memory):
    spaces = [str(GUILD.id), str(OTHER_GUILD.id), "dm"]
    for workspace in spaces:
        await slipped(memory, workspace, "the staging database is on port 6543")
        await slipped(memory, workspace, "the staging database is on port 6543 now")
    options = {"consolidate_every": 0.05, "consolidate_after": 0.0}
    async with running_bot(fake, memory, **options) as bot:
        assert sorted(bot.served_workspaces()) == sorted(spaces)
        for _ in range(200):
            if bot.schedule.runs >= 2:
                break
            await asyncio.sleep(0.02)
        schedule = bot.schedule
        assert schedule.running
    assert schedule.runs >= 2 and not schedule.running  # stopped with the client
    await memory.jobs.drain()
    for workspace in spaces:
        assert await active(memory, workspace) == ["the staging database is on port 6543 now"]


async def test_a_process_running_some_shards_consolidates_only_their_servers(fake, memory):
    mine = GUILD if GUILD.shard(2) == 1 else OTHER_GUILD
    async with running_bot(fake, memory, shards=1, shard_count=2, shard_ids=[1]) as bot:
        assert bot.served_workspaces() == [str(mine.id)]  # DMs go to shard 0's process
        assert bot.schedule.running and bot.schedule.first_delay == 3600.0
