"""Correcting a memory (SPEC §9) from Slack: Edit opens a form prefilled with the
current text; saving it corrects the memory in place, the guards run again, and the
answer is private. Both modes, through the real Bolt app and the local Slack."""

from __future__ import annotations

import asyncio
import json

from core import texts
from tests.fakes.slack_server import view_submission_payload
from tests.slack.conftest import (
    ALICE,
    BOB,
    block_text,
    labelled,
    menus,
    opened_view,
    parsed,
)
from tests.slack.test_commands import GatedEmbedder
from tests.slack.test_home import home_opened

OLD, NEW = "the staging DB is on port 6543", "the staging DB is on port 5432"
NO_ACK_BODY = ("", None, {})


async def open_edit_form(driver, slack, channel: str | None = "C1"):
    """Click Edit in /memories (or on the Home tab with channel=None)."""
    if channel is None:
        await driver.event(home_opened(ALICE))
        blocks = parsed(slack.calls_to("views.publish")[-1].args["view"])["blocks"]
    else:
        blocks = (await driver.command("memories", channel=channel)).reply["blocks"]
    [menu] = menus(blocks)
    click = await driver.choose(menu, "Edit", channel=channel)
    return click, opened_view(slack)


async def test_edit_opens_a_form_prefilled_with_the_current_text(driver, service, slack):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    assert slack.calls_to("views.open")[-1].args["trigger_id"] == "1.2.3"
    assert view["type"] == "modal" and view["callback_id"] == "mb.form.edit"
    [field] = view["blocks"]
    assert field["type"] == "input"
    assert field["element"]["initial_value"] == OLD
    assert field["element"]["multiline"] is True
    context = json.loads(view["private_metadata"])
    assert context["v"] == memory.id and context["c"] == "C1"
    assert context["u"].endswith(f"/respond/{click.key}")
    assert click.replies == [], "opening the form posts nothing"


async def test_saving_the_form_corrects_the_memory_and_answers_privately_with_undo(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    done = await driver.submit(view, {"mb.text": NEW}, after=click)
    assert done.ack in NO_ACK_BODY, "the form closes at once"
    assert done.reply["text"] == texts.EDITED.format(old=OLD, new=NEW)
    assert done.reply["response_type"] == "ephemeral"
    assert done.reply["replace_original"] is False
    assert (await service.get_memory("T1", ALICE, memory.id)).content == NEW
    [undo] = labelled(done.reply["blocks"], "Undo")
    await driver.click(undo)
    assert (await service.get_memory("T1", ALICE, memory.id)).content == OLD


async def test_an_edit_the_guards_refuse_is_shown_in_the_form_and_changes_nothing(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    refused = await driver.submit(
        view, {"mb.text": "the staging DB password is hunter2"}, after=click
    )
    assert refused.ack["response_action"] == "errors"
    error = refused.ack["errors"]["mb.text"]
    assert error.startswith("🔒 Not saved: that looks like a password")
    assert "hunter2" not in error
    assert refused.replies == [] and slack.calls_to("chat.postEphemeral") == []
    assert (await service.get_memory("T1", ALICE, memory.id)).content == OLD


async def test_the_edit_form_closes_before_slow_re_embedding_finishes(driver, bot, slack):
    memory = (await bot.service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    embedder = GatedEmbedder()
    bot.service.embedder = embedder
    payload = view_submission_payload(view, ALICE, {"mb.text": NEW})
    status, ack = await asyncio.wait_for(driver.deliver("action", payload), 2.0)
    assert status == 200 and ack in NO_ACK_BODY
    assert click.replies == [], "the answer comes after the work"
    embedder.gate.set()
    await bot.drain()
    assert click.reply["text"] == texts.EDITED.format(old=OLD, new=NEW)
    assert (await bot.service.get_memory("T1", ALICE, memory.id)).content == NEW


async def test_an_edit_refused_after_the_form_closed_is_answered_where_it_was_opened(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    await service.remember("T1", ALICE, "lunch is at noon")
    done = await driver.submit(view, {"mb.text": "lunch is at noon"}, after=click)
    assert done.ack in NO_ACK_BODY
    assert done.reply["text"] == texts.EDIT_DUPLICATE.format(content="lunch is at noon")
    assert (await service.get_memory("T1", ALICE, memory.id)).content == OLD


async def test_a_form_left_open_past_its_response_url_answers_with_an_ephemeral_message(
    driver, service, slack
):
    await service.remember("T1", ALICE, OLD)
    click, view = await open_edit_form(driver, slack)
    slack.response_status = 404  # the response_url expired (30 minutes)
    await driver.submit(view, {"mb.text": NEW}, after=click)
    [notice] = slack.calls_to("chat.postEphemeral")
    assert notice.args["channel"] == "C1" and notice.args["user"] == ALICE
    assert notice.args["text"] == texts.EDITED.format(old=OLD, new=NEW)


async def test_someone_else_submitting_your_edit_form_changes_nothing(driver, service, slack):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack)
    forged = await driver.submit(view, {"mb.text": "bob was here"}, user=BOB, after=click)
    assert forged.reply["text"] == texts.NOT_FOUND
    assert (await service.get_memory("T1", ALICE, memory.id)).content == OLD


async def test_editing_from_the_home_tab_answers_on_the_home_tab(driver, service, slack):
    memory = (await service.remember("T1", ALICE, OLD)).memory
    click, view = await open_edit_form(driver, slack, channel=None)
    context = json.loads(view["private_metadata"])
    assert context["c"] == "" and context["u"] == ""
    await driver.submit(view, {"mb.text": NEW}, after=click)
    page = parsed(slack.calls_to("views.publish")[-1].args["view"])
    assert page["type"] == "home"
    text = block_text(page["blocks"])
    assert texts.EDITED.format(old=OLD, new=NEW) in text
    assert f"• {NEW}" in text
    assert labelled(page["blocks"], "Undo"), "the answer keeps its Undo button"
    assert (await service.get_memory("T1", ALICE, memory.id)).content == NEW
