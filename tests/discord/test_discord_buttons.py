"""Buttons and menus: Undo and Show used memories are buttons; Forget, Accept and Reject
act on a list's numbered lines from menus. Clicked and picked as Discord sends them
(interaction type 3 carrying the message the component is on)."""

from __future__ import annotations

from adapters.discord.render import render
from adapters.discord.views import CUSTOM_ID_LIMIT, ValueStash
from core import texts
from core.audience import personal_workspace
from core.models import Scope, Status
from core.responses import Action, ActionKind, Response
from tests.discord.conftest import button, buttons, embed_text, entry_labels, pick
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
STAGING = "the staging DB is on port 6543"


async def command(fake, name, options=None, **kw):
    ex = await fake.slash(name, options, **kw)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).response


async def press(fake, message, label, **kw):
    """Click the button labelled `label`; return (first callback body, message sent)."""
    ex = await fake.click(message, button(message, label)["custom_id"], **kw)
    first = await fake.callback_for(ex)
    reply = await fake.followup_for(ex)
    return first.body, reply.response


async def choose(fake, message, label, **kw):
    """Pick the menu entry labelled `label`; return (first callback body, message sent)."""
    ex = await pick(fake, message, label, **kw)
    first = await fake.callback_for(ex)
    reply = await fake.followup_for(ex)
    return first.body, reply.response


async def test_undo_puts_back_what_remember_saved(fake, bot, memory):
    saved = await command(fake, "remember", {"text": STAGING})
    first, reply = await press(fake, saved, "Undo")
    assert first == {"type": 5, "data": {"flags": wire.EPHEMERAL}}
    assert reply["content"] == texts.UNDONE.format(what=texts.UNDO_WHAT["add"])
    assert await memory.recall(WORKSPACE, USER, "staging port") == []


async def test_forget_in_the_menu_forgets_that_line_and_undo_restores_it(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, STAGING)
    await memory.remember(WORKSPACE, USER, "I prefer concise answers")
    listing = await command(fake, "memories")
    first, reply = await choose(fake, listing, "Forget 2")
    assert first["type"] == 7  # the menu's message, unchanged: the menu shows its placeholder
    assert reply["flags"] & wire.EPHEMERAL
    assert reply["content"] == f"🗑️ Forgot 1 memory matching “{STAGING}”."
    assert [h.content for h in await memory.recall(WORKSPACE, USER, "staging port")] == []
    _, undone = await press(fake, reply, "Undo")
    assert undone["content"] == texts.UNDONE.format(what=texts.UNDO_WHAT["forget"])
    assert [h.content for h in await memory.recall(WORKSPACE, USER, "staging port")] == [STAGING]


async def test_accept_and_reject_settle_memories_waiting_for_review(fake, bot, memory):
    keep = await memory.remember(WORKSPACE, USER, "we use Terraform for infra", pending=True)
    drop = await memory.remember(WORKSPACE, USER, "I might like tabs", pending=True)
    listing = await command(fake, "memories")
    assert "📝 Waiting for your review" in embed_text(listing)
    labels = entry_labels(listing, texts.ACTION_MENUS["review"])
    assert labels == ["Accept 1", "Reject 1", "Accept 2", "Reject 2"]
    first_is_drop = "I might like tabs" in embed_text(listing).split("**1.**")[1].split("\n")[0]
    accept, reject = ("Accept 2", "Reject 1") if first_is_drop else ("Accept 1", "Reject 2")
    _, accepted = await choose(fake, listing, accept)
    assert accepted["content"] == "✅ Accepted: it's an active memory now."
    _, rejected = await choose(fake, listing, reject)
    assert rejected["content"] == "🗑️ Rejected and removed."
    kept = await memory.get_memory(WORKSPACE, USER, keep.memory.id)
    assert kept is not None and kept.status == Status.ACTIVE
    assert await memory.get_memory(WORKSPACE, USER, drop.memory.id) is None


async def test_someone_else_cannot_settle_your_review_queue(fake, bot, memory):
    pending = await memory.remember(WORKSPACE, USER, "we use Terraform for infra", pending=True)
    listing = await command(fake, "memories")
    _, reply = await choose(fake, listing, "Accept 1", user=BOB)
    assert reply["content"] == "That memory is gone or isn't yours."
    still = await memory.get_memory(WORKSPACE, USER, pending.memory.id)
    assert still is not None and still.status == Status.PENDING_REVIEW


async def test_show_used_memories_lists_what_a_reply_used_even_past_the_custom_id_limit(
    fake, bot, memory
):
    names = ["amber", "cobalt", "saffron", "umber", "teal"]
    facts = [f"staging {name} runs on port {n}" for n, name in enumerate(names)]
    for fact in facts:
        await memory.remember(WORKSPACE, USER, fact, Scope.GLOBAL)
    message = await fake.say("staging port?", mention_bot=True)
    reply = (await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")).response
    show = button(reply, "Show memories used")
    assert len(show["custom_id"]) <= CUSTOM_ID_LIMIT
    assert show["custom_id"].startswith("mb:show_used:~")  # five 20-character ids did not fit
    _, shown = await press(fake, reply, "Show memories used")
    assert shown["content"] == "🧠 used 5 memories"
    assert shown["flags"] & wire.EPHEMERAL
    assert all(fact in embed_text(shown) for fact in facts)
    forget = entry_labels(shown, texts.ACTION_MENUS["forget"])
    assert forget == ["Forget 1", "Forget 2", "Forget 3", "Forget 4", "Forget 5"]


async def test_show_used_shows_another_user_only_what_they_may_see(fake, bot, memory):
    await memory.remember(personal_workspace(USER), USER, STAGING)
    message = await fake.say("which port is staging on?", guild=None)  # a DM: private memories
    reply = (await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")).response
    _, shown = await press(fake, reply, "Show memories used", user=BOB)
    assert shown["content"] == "🧠 used 0 memories"
    assert STAGING not in embed_text(shown)


async def test_a_button_whose_stashed_value_is_gone_says_it_expired(fake, bot, memory):
    ids = ",".join(f"{n:020d}" for n in range(5))
    response = Response("x", actions=(Action(ActionKind.SHOW_USED, "Show memories used", ids),))
    other_process = ValueStash()
    view = render(response, other_process)["view"]
    custom_id = view.children[0].custom_id
    message = wire.message(
        channel_id=str(GUILD.channels[0]),
        author=wire.FakeUser(1, "memorybot", bot=True).payload(),
        components=[view.to_components()[0]],
    )
    ex = await fake.click(message, custom_id)
    await fake.callback_for(ex)
    reply = (await fake.followup_for(ex)).response
    assert reply["content"] == "⌛ That button has expired. Run the command again."


async def test_a_full_page_of_memories_with_every_action_fits_one_discord_message(
    fake, bot, memory
):
    words = ["amber", "cobalt", "saffron", "umber", "teal", "ochre", "jade", "ivory", "onyx"]
    for n, word in enumerate([*words, "coral"]):
        await memory.remember(WORKSPACE, USER, f"the {word} cluster has {n + 2} nodes")
    for word in [*words, "coral"]:
        await memory.remember(WORKSPACE, USER, f"I might like {word} themes", pending=True)
    await memory.set_profile(WORKSPACE, USER, {"name": "Alice"})
    await memory.incognito(WORKSPACE, USER, str(GUILD.channels[0]), True)
    listing = await command(fake, "memories", permissions=wire.ADMIN_PERMISSIONS)
    assert "id" in listing  # Discord (the fake) accepted the message: 5 rows, 25 entries max
    assert len(listing["components"]) == 5
    assert entry_labels(listing, texts.ACTION_MENUS["edit"]) == [f"Edit {n}" for n in range(1, 11)]
    forget = entry_labels(listing, texts.ACTION_MENUS["forget"])
    assert forget == [f"Forget {n}" for n in range(1, 11)]
    review = entry_labels(listing, texts.ACTION_MENUS["review"])
    assert review[:2] == ["Accept 11", "Reject 11"] and len(review) == 20
    assert "**11.** I might like" in embed_text(listing)
    assert [b["label"] for b in buttons(listing)] == [
        "Clear profile",
        "Turn incognito off",
        "Turn memory off for me",
        "Tidy up memories",
        "Erase all my data",
    ]
