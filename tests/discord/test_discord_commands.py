"""Slash commands through discord.py's own gateway, tree and HTTP code (SPEC §1, §7)."""

from __future__ import annotations

from core import texts
from core.audience import personal_workspace
from core.commands import COMMANDS
from core.models import Scope
from tests.discord.conftest import button, embed_text, entry_labels
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, DM_CHANNEL, GUILD, OTHER_GUILD

STAGING = "the staging DB is on port 6543"
NAMES = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra",
    "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu", "amber", "cobalt",
    "saffron", "umber",
]  # fmt: skip


async def run(fake, name, options=None, **kw):
    """Invoke a command; return (first callback body, followup body)."""
    ex = await fake.slash(name, options, **kw)
    first = await fake.callback_for(ex)
    reply = await fake.followup_for(ex)
    return first.body, reply.body


async def test_every_registry_command_is_an_application_command(bot):
    names = {c.name for c in bot.tree.get_commands()}
    assert names == set(COMMANDS) | {"memory-settings", "memory-settings-keys"}


async def test_remember_is_deferred_privately_then_answered_saved_to_memory(fake, bot, memory):
    first, reply = await run(fake, "remember", {"text": STAGING})
    assert first == {"type": 5, "data": {"flags": wire.EPHEMERAL}}
    assert reply["content"] == "🧠 Saved to memory."
    assert reply["flags"] & wire.EPHEMERAL
    assert button(reply, "Undo")["custom_id"].startswith("mb:undo:")
    hits = await memory.recall(str(GUILD.id), str(ALICE.id), "which port is staging on?")
    assert [h.content for h in hits] == [STAGING]


async def test_global_saves_for_the_whole_server_and_no_other(fake, bot, memory):
    _, reply = await run(fake, "global", {"text": "we deploy on Tuesdays"})
    assert reply["content"] == "🧠 Saved to memory (shared with the workspace)."
    bob_here = await memory.recall(str(GUILD.id), str(BOB.id), "when do we deploy")
    assert [(h.content, h.scope) for h in bob_here] == [("we deploy on Tuesdays", Scope.GLOBAL)]
    assert await memory.recall(str(OTHER_GUILD.id), str(BOB.id), "when do we deploy") == []


async def test_private_memories_stay_with_their_user(fake, bot, memory):
    await run(fake, "remember", {"text": STAGING})
    _, reply = await run(fake, "memories", user=BOB)
    assert STAGING not in embed_text(reply)
    assert "I don't remember anything for you yet" in reply["content"]


async def test_forget_by_words_forgets_and_offers_undo(fake, bot, memory):
    await run(fake, "remember", {"text": STAGING})
    _, reply = await run(fake, "forget", {"query": "staging DB"})
    assert reply["content"] == "🗑️ Forgot 1 memory matching “staging DB”."
    assert button(reply, "Undo")
    assert await memory.recall(str(GUILD.id), str(ALICE.id), "staging port") == []


async def test_memories_lists_items_with_a_forget_entry_each_and_storage_usage(fake, bot, memory):
    await run(fake, "remember", {"text": STAGING})
    await run(fake, "remember", {"text": "I prefer concise answers"})
    _, reply = await run(fake, "memories")
    text = embed_text(reply)
    assert "**1.** I prefer concise answers" in text
    assert f"**2.** {STAGING}" in text
    assert entry_labels(reply, texts.ACTION_MENUS["forget"]) == ["Forget 1", "Forget 2"]
    footer = reply["embeds"][-1]["footer"]["text"]
    assert footer.startswith("2 memories · ")


async def test_incognito_toggles_for_this_user_in_this_channel_only(fake, bot, memory):
    _, reply = await run(fake, "incognito")
    assert reply["content"].startswith("🕶️ Incognito is on")
    _, refused = await run(fake, "remember", {"text": STAGING})
    assert refused["content"].startswith("🕶️ Not saved: you're in incognito mode")
    _, elsewhere = await run(fake, "remember", {"text": STAGING}, channel=GUILD.channels[1])
    assert elsewhere["content"] == "🧠 Saved to memory."
    _, bob = await run(fake, "remember", {"text": "bob's note about staging"}, user=BOB)
    assert bob["content"] == "🧠 Saved to memory."
    _, off = await run(fake, "incognito", {"state": "off"})
    assert off["content"].startswith("👋 Incognito is off")


async def test_help_lists_every_command(fake, bot):
    _, reply = await run(fake, "help")
    text = embed_text(reply)
    for name in COMMANDS:
        assert f"/{name}" in text


async def test_a_dm_belongs_to_the_person_who_writes_it(fake, bot, memory):
    _, reply = await run(fake, "remember", {"text": STAGING}, guild=None)
    assert reply["content"] == "🧠 Saved to memory."
    mine = personal_workspace(str(ALICE.id))
    assert [h.content for h in await memory.recall(mine, str(ALICE.id), "staging")] == [STAGING]
    assert await memory.recall(str(GUILD.id), str(ALICE.id), "staging") == []


async def test_incognito_in_a_dm_is_kept_per_dm_channel(fake, bot, memory):
    await run(fake, "incognito", {"state": "on"}, guild=None)
    mine = personal_workspace(str(ALICE.id))
    assert await memory.is_incognito(mine, str(ALICE.id), str(DM_CHANNEL))
    assert not await memory.is_incognito(str(GUILD.id), str(ALICE.id), str(GUILD.channels[0]))


async def test_forget_autocomplete_offers_at_most_25_of_the_users_own_memories(fake, bot, memory):
    workspace, alice = str(GUILD.id), str(ALICE.id)
    for n, name in enumerate(NAMES):
        saved = await memory.remember(workspace, alice, f"staging {name} cluster uses {n} nodes")
        assert saved.status == "saved"
    await memory.remember(workspace, alice, "production is on port 5432")
    await memory.remember(workspace, str(BOB.id), "bob's staging notes")
    await memory.remember(workspace, str(BOB.id), "staging belongs to ops", scope=Scope.GLOBAL)
    ex = await fake.autocomplete("forget", "query", "stag")
    answer = (await fake.callback_for(ex)).body
    assert answer["type"] == 8
    choices = answer["data"]["choices"]
    assert len(choices) == 25
    alices = {f"staging {name} cluster uses {n} nodes" for n, name in enumerate(NAMES)}
    assert {c["name"] for c in choices} <= alices
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    chosen = choices[0]
    _, reply = await run(fake, "forget", {"query": chosen["value"]})
    assert reply["content"] == f"🗑️ Forgot 1 memory matching “{chosen['name']}”."
    assert await memory.get_memory(workspace, alice, chosen["value"]) is None


async def test_forget_autocomplete_offers_shared_memories_to_their_author_and_admins(
    fake, bot, memory
):
    workspace = str(GUILD.id)
    await memory.remember(workspace, str(BOB.id), "staging belongs to ops", scope=Scope.GLOBAL)
    member = await fake.callback_for(await fake.autocomplete("forget", "query", "ops"))
    assert member.body["data"]["choices"] == []
    admin = await fake.callback_for(
        await fake.autocomplete("forget", "query", "ops", permissions=wire.ADMIN_PERMISSIONS)
    )
    assert [c["name"] for c in admin.body["data"]["choices"]] == ["staging belongs to ops"]


async def test_a_command_discord_still_shows_but_the_bot_no_longer_has_is_explained(fake, bot):
    ex = await fake.slash("recall", {"text": "staging"})
    first = (await fake.callback_for(ex)).body
    assert first["type"] == 4
    assert first["data"]["content"] == "I don't know /recall. Type /help to see what I can do."
    assert first["data"]["flags"] == wire.EPHEMERAL


async def test_an_interaction_discord_already_gave_up_on_is_dropped_without_the_work(
    fake, bot, memory
):
    ex = await fake.slash("remember", {"text": STAGING}, age=5.0)
    late = await fake.callback_for(ex)
    assert late.response == {"message": "Unknown interaction", "code": 10062}
    await run(fake, "help")  # the bot carries on
    assert not fake.calls_to("POST", rf"/webhooks/\d+/{ex.token}")
    assert await memory.recall(str(GUILD.id), str(ALICE.id), "staging") == []
