"""Slash commands through the real Bolt app, in HTTP mode and Socket Mode."""

from __future__ import annotations

import asyncio

from core import texts
from core.commands import COMMANDS
from tests.fakes.slack_server import command_payload
from tests.slack.conftest import (
    ADMIN,
    ALICE,
    BOB,
    OWNER,
    block_text,
    labelled,
    menus,
    opened_view,
    option_labels,
)


def button(reply: dict, label: str) -> dict:
    return labelled(reply["blocks"], label)[0]


async def test_every_command_in_the_registry_is_answered_privately(driver):
    for name in COMMANDS:
        exchange = await driver.command(name, "")
        assert exchange.status == 200, name
        assert exchange.reply["response_type"] == "ephemeral", name
        assert exchange.reply["text"], name


async def test_remember_answers_saved_to_memory_with_undo(driver, service):
    exchange = await driver.command("remember", "the staging DB is on port 6543")
    assert exchange.reply["text"] == "🧠 Saved to memory."
    undone = await driver.click(button(exchange.reply, "Undo"))
    assert undone.reply["text"] == texts.UNDONE.format(what=texts.UNDO_WHAT["add"])
    assert undone.reply["replace_original"] is False
    assert (await service.stats("T1", ALICE)).memories == 0


async def test_global_is_shared_with_the_workspace(driver, service):
    exchange = await driver.command("global", "we deploy on Tuesdays")
    assert exchange.reply["text"] == texts.SAVED_GLOBAL
    hits = await service.recall("T1", BOB, "when do we deploy")
    assert [h.content for h in hits] == ["we deploy on Tuesdays"]


async def test_only_admins_may_save_globals_when_the_workspace_says_so(driver, service):
    await service.update_settings("T1", ADMIN, is_admin=True, global_policy="admins")
    refused = await driver.command("global", "we deploy on Fridays", user=BOB)
    assert refused.reply["text"].startswith("🚫 Not saved")
    for admin in (ADMIN, OWNER):
        saved = await driver.command("global", f"{admin} says deploys are on Fridays", user=admin)
        assert saved.reply["text"] == texts.SAVED_GLOBAL


async def test_forget_answers_with_an_undo_button_that_restores(driver, service):
    await driver.command("remember", "the staging DB is on port 6543")
    forgot = await driver.command("forget", "staging DB")
    assert forgot.reply["text"] == "🗑️ Forgot 1 memory matching “staging DB”."
    undo = button(forgot.reply, "Undo")
    assert undo["action_id"].startswith("mb.undo.")
    await driver.click(undo)
    assert [h.content for h in await service.recall("T1", ALICE, "staging port")] == [
        "the staging DB is on port 6543"
    ]


async def test_memories_lists_each_item_with_one_menu_to_edit_pin_or_forget_and_usage(
    driver, service, slack
):
    await driver.command("remember", "the staging DB is on port 6543")
    await driver.command("global", "Acme's invoices go out on the 1st", user=BOB)
    listing = await driver.command("memories")
    blocks = listing.reply["blocks"]
    text = block_text(blocks)
    assert "the staging DB is on port 6543" in text
    assert "Acme&#x27;s" not in text and "Acme's invoices" in text
    assert "2 memories ·" in text and "entit" in text and "bytes" in text
    [menu] = menus(blocks)
    assert option_labels(menu) == ["Edit", "Pin", "Forget"], "Bob's shared memory has none"
    item = next(b for b in blocks if b.get("accessory") is menu)
    assert "the staging DB is on port 6543" in item["text"]["text"]
    picked = await driver.choose(menu, "Forget")
    assert picked.replies == [], "a dangerous choice asks first"
    assert (await service.stats("T1", ALICE)).memories == 2
    done = await driver.submit(opened_view(slack), after=picked)
    assert done.reply["text"].startswith("🗑️ Forgot 1 memory")
    assert done.reply["response_type"] == "ephemeral"
    assert (await service.stats("T1", ALICE)).memories == 1


async def test_memories_shows_the_review_queue_with_accept_and_reject(driver, service):
    first = await service.remember("T1", ALICE, "I think Bob prefers tabs", pending=True)
    await service.remember("T1", ALICE, "maybe the release slips a week", pending=True)
    listing = await driver.command("memories")
    assert texts.PENDING_HEADER in block_text(listing.reply["blocks"])
    accept = labelled(listing.reply["blocks"], "Accept")
    reject = labelled(listing.reply["blocks"], "Reject")
    assert len(accept) == len(reject) == 2
    assert accept[0]["style"] == "primary" and reject[0]["style"] == "danger"
    chosen = next(b for b in accept if b["value"] == first.memory.id)
    accepted = await driver.click(chosen)
    assert accepted.reply["text"] == texts.ACCEPTED
    other = next(b for b in reject if b["value"] != first.memory.id)
    rejected = await driver.click(other)
    assert rejected.reply["text"] == texts.REJECTED
    view = await service.memories("T1", ALICE)
    assert [m.content for m in view.items] == ["I think Bob prefers tabs"]
    assert view.pending == []


async def test_someone_else_cannot_accept_your_review_item(driver, service):
    pending = await service.remember("T1", ALICE, "I think Bob prefers tabs", pending=True)
    listing = await driver.command("memories")
    accept = button(listing.reply, "Accept")
    clicked = await driver.click(accept, user=BOB)
    assert clicked.reply["text"] == texts.NOT_FOUND
    assert (await service.get_memory("T1", ALICE, pending.memory.id)).status == "pending_review"


async def test_incognito_is_per_team_channel_and_user_and_shows_its_state(driver, service):
    on = await driver.command("incognito", channel="C1")
    assert on.reply["text"] == texts.INCOGNITO_ON
    refused = await driver.command("remember", "secret plans", channel="C1")
    assert refused.reply["text"].startswith("🕶️ Not saved")
    elsewhere = await driver.command("remember", "open plans", channel="C2")
    assert elsewhere.reply["text"] == texts.SAVED
    bob = await driver.command("remember", "bob's plans", user=BOB, channel="C1")
    assert bob.reply["text"] == texts.SAVED
    listing = await driver.command("memories", channel="C1")
    assert button(listing.reply, "Turn incognito off")
    off = await driver.command("incognito", "off", channel="C1")
    assert off.reply["text"] == texts.INCOGNITO_OFF
    assert await service.incognito_channels("T1", ALICE) == []


async def test_a_dm_belongs_to_the_workspace_the_bot_was_installed_in(driver, service):
    await driver.command("remember", "my laptop is a ThinkPad", channel="D0ALICE")
    listing = await driver.command("memories", channel="C1")
    assert "my laptop is a ThinkPad" in block_text(listing.reply["blocks"])


async def test_help_lists_every_command(driver):
    exchange = await driver.command("help")
    text = block_text(exchange.reply["blocks"])
    for spec in COMMANDS.values():
        assert spec.usage in text


class GatedEmbedder:
    """An embedder that waits until the test lets it finish (a slow provider)."""

    dimensions = 8
    name = "gated"

    def __init__(self) -> None:
        self.gate = asyncio.Event()

    async def embed(self, texts_: list[str]) -> list[list[float]]:
        await self.gate.wait()
        return [[1.0] + [0.0] * 7 for _ in texts_]


async def test_a_command_is_acknowledged_before_slow_work_finishes(driver, bot, slack):
    embedder = GatedEmbedder()
    bot.service.embedder = embedder
    key, url = slack.response_url()
    payload = command_payload("remember", "the staging DB is on port 6543", ALICE, "C1", url)
    status, ack = await asyncio.wait_for(driver.deliver("command", payload), 2.0)
    assert status == 200 and ack in ("", None, {})
    assert slack.responses[key] == [], "nothing is answered before the work is done"
    embedder.gate.set()
    await bot.drain()
    assert slack.responses[key][-1]["text"] == texts.SAVED


class BrokenEmbedder:
    dimensions = 8
    name = "broken"

    async def embed(self, texts_: list[str]) -> list[list[float]]:
        raise RuntimeError("the provider fell over")


async def test_an_exception_after_the_ack_becomes_a_friendly_message(driver, bot):
    bot.service.embedder = BrokenEmbedder()
    exchange = await driver.command("remember", "the staging DB is on port 6543")
    assert exchange.status == 200
    assert exchange.reply == {"text": texts.SOMETHING_WENT_WRONG, "response_type": "ephemeral"}
    assert bot.tasks.failures == 1
    bot.tasks.failures = 0


async def test_a_full_memories_page_stays_within_block_kit_limits(driver, service):
    page = service.config.memories_page
    for n in range(page):
        await service.remember(
            "T1", ADMIN, f"fact number {n} about the {n}th service", reconcile=False
        )
        await service.remember(
            "T1", ADMIN, f"I think service {n} moves to Kubernetes", pending=True
        )
    await service.set_profile("T1", ADMIN, {"name": "Ada", "role": "SRE"})
    listing = await driver.command("memories", user=ADMIN)
    assert listing.replies, "the page was posted"
    for message in listing.replies:
        blocks = message["blocks"]
        assert len(blocks) <= 50
        for block in blocks:
            if block["type"] == "actions":
                assert len(block["elements"]) <= 25
            if block["type"] == "section":
                assert len(block["text"]["text"]) <= 3000
        for menu in menus(blocks):
            assert 2 <= len(menu["options"]) <= 5
            assert all(len(o["value"]) <= 150 for o in menu["options"])
    sections = [b for m in listing.replies for b in m["blocks"] if b["type"] == "section"]
    rows = [b for b in sections if "fact number" in b["text"]["text"]]
    assert len(rows) == page and all(b["accessory"]["type"] == "overflow" for b in rows)
    assert len([b for m in listing.replies for b in labelled(m["blocks"], "Accept")]) == page
