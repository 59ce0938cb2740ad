"""Correcting a memory in place (SPEC §9): Edit opens a form prefilled with the current
text; submitting it runs the guards again, and the old text stays in the history."""

from __future__ import annotations

from core import texts
from core.models import Scope
from tests.discord.conftest import button, entry_labels, menus, pick, running_bot
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
STAGING = "the staging DB is on port 6543"
CORRECTED = "the staging DB is on port 5432"
OPENAI_KEY = "sk-proj-Abc123Def456Ghi789Jkl012Mno345Pqr678"
FIRST_RESPONSE_WELL_WITHIN = 1.0  # seconds; Discord allows 3


async def listing(fake, **kw):
    ex = await fake.slash("memories", **kw)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).response


async def open_form(fake, message, label="Edit 1", **kw):
    """Pick Edit; return (the exchange, the first response's body)."""
    ex = await pick(fake, message, label, **kw)
    return ex, (await fake.callback_for(ex)).body


def field(modal):
    (label,) = modal["components"]
    return label["component"]


async def submit(fake, modal, text, message, **kw):
    ex = await fake.submit(modal, {"text": text}, message=message, **kw)
    first = await fake.callback_for(ex)
    return first.body, (await fake.followup_for(ex)).response


async def test_edit_opens_a_form_prefilled_with_the_memorys_current_text(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    assert entry_labels(shown, texts.ACTION_MENUS["edit"]) == ["Edit 1"]
    ex, first = await open_form(fake, shown)
    assert first["type"] == 9  # the form is the first response: it cannot follow a deferral
    modal = first["data"]
    assert modal["custom_id"] == f"mb:edit:{saved.memory.id}"
    assert modal["title"] == texts.EDIT_FORM_TITLE
    assert modal["components"][0]["label"] == texts.EDIT_FORM_LABEL
    assert field(modal)["value"] == STAGING
    assert field(modal)["style"] == 2  # a paragraph
    opened = fake.calls_to("POST", rf"/interactions/{ex.id}/{ex.token}/callback")[0]
    assert opened.at - ex.dispatched_at < FIRST_RESPONSE_WELL_WITHIN


async def test_submitting_the_form_corrects_the_memory_in_place_with_undo(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    _, opened = await open_form(fake, shown)
    first, reply = await submit(fake, opened["data"], CORRECTED, shown)
    assert first["type"] == 7  # acknowledged at once; the Edit menu is back to its placeholder
    assert reply["content"] == texts.EDITED.format(old=STAGING, new=CORRECTED)
    assert reply["flags"] & wire.EPHEMERAL
    edited = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert edited is not None and edited.content == CORRECTED
    undo = await fake.click(reply, button(reply, "Undo")["custom_id"])
    await fake.callback_for(undo)
    await fake.followup_for(undo)
    restored = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert restored is not None and restored.content == STAGING


async def test_a_refused_edit_says_why_privately_and_changes_nothing(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    _, opened = await open_form(fake, shown)
    _, reply = await submit(fake, opened["data"], f"staging key is {OPENAI_KEY}", shown)
    assert reply["content"].startswith("🔒 Not saved: that looks like an OpenAI API key.")
    assert reply["flags"] & wire.EPHEMERAL
    assert OPENAI_KEY not in str(reply)
    unchanged = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert unchanged is not None and unchanged.content == STAGING


async def test_edit_on_a_memory_that_is_gone_says_so_instead_of_opening_a_form(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    await memory.forget(WORKSPACE, USER, saved.memory.id)
    _, first = await open_form(fake, shown)
    assert first["type"] == 4
    assert first["data"]["content"] == texts.NOT_FOUND
    assert first["data"]["flags"] == wire.EPHEMERAL


async def test_the_same_memory_can_be_edited_twice_from_one_list(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    shown = await listing(fake)
    _, opened = await open_form(fake, shown)
    await submit(fake, opened["data"], CORRECTED, shown)
    _, again = await open_form(fake, shown)
    assert field(again["data"])["value"] == CORRECTED  # read afresh, not from the old list
    await submit(fake, again["data"], "the staging DB is on port 7000", shown)
    edited = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert edited is not None and edited.content == "the staging DB is on port 7000"


async def test_a_form_submitted_after_a_restart_still_applies(fake, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING)
    async with running_bot(fake, memory):
        shown = await listing(fake)
        _, opened = await open_form(fake, shown)
    async with running_bot(fake, memory):  # a new process: nothing of the first one
        _, reply = await submit(fake, opened["data"], CORRECTED, shown)
    assert reply["content"] == texts.EDITED.format(old=STAGING, new=CORRECTED)
    edited = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert edited is not None and edited.content == CORRECTED


async def test_only_the_author_or_an_admin_can_correct_a_shared_memory(fake, bot, memory):
    saved = await memory.remember(WORKSPACE, USER, STAGING, scope=Scope.GLOBAL)
    assert menus(await listing(fake, user=BOB)) == []  # nothing to edit, pin or forget
    shown = await listing(fake)
    _, opened = await open_form(fake, shown)
    _, refused = await submit(fake, opened["data"], CORRECTED, shown, user=BOB)
    assert refused["content"] == texts.EDIT_FORBIDDEN
    admin = {"user": BOB, "permissions": wire.ADMIN_PERMISSIONS}
    _, done = await submit(fake, opened["data"], CORRECTED, shown, **admin)
    assert done["content"] == texts.EDITED.format(old=STAGING, new=CORRECTED)
    edited = await memory.get_memory(WORKSPACE, USER, saved.memory.id)
    assert edited is not None and edited.content == CORRECTED
