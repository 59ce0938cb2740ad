"""Near misses on Slack (issue 11), through the real Bolt app with signed requests: a
save that looks like an earlier memory says so with "Same fact — merge" and "Keep both"
buttons, and /memories lists the pair under "Possible duplicates"."""

from __future__ import annotations

from core import texts
from core.remember.canonical import similarity
from core.remember.reconcile import NEAR_DUPLICATE, Op, compare
from tests.slack.conftest import ALICE, block_text
from tests.slack.test_commands import button

OLD = "The Berlin office wifi password rotates monthly"
NEW = "The Berlin office guest wifi password rotates monthly"


async def test_same_fact_merge_on_the_save_reply_leaves_one_memory(driver, service):
    assert compare(OLD, NEW) == Op.ADD and similarity(OLD, NEW) >= NEAR_DUPLICATE
    await driver.command("remember", OLD)
    saved = await driver.command("remember", NEW)
    assert saved.reply["text"] == texts.NEAR_MISS.format(other=OLD)
    merged = await driver.click(button(saved.reply, texts.NEAR_MISS_MERGE))
    assert merged.status == 200
    shown = merged.reply["text"] + block_text(merged.reply["blocks"])
    assert texts.NEAR_MISS_MERGED.format(content=NEW) in shown
    view = await service.memories("T1", ALICE)
    assert [m.content for m in view.items] == [NEW] and view.near_misses == []


async def test_possible_duplicates_in_memories_and_keep_both(driver, service):
    await driver.command("remember", OLD)
    await driver.command("remember", NEW)
    listing = await driver.command("memories", "")
    assert texts.NEAR_MISSES_HEADER in block_text(listing.reply["blocks"])
    button(listing.reply, texts.NEAR_MISS_MERGE)  # a decision: visible buttons, not a menu
    kept = await driver.click(button(listing.reply, texts.NEAR_MISS_KEEP))
    assert texts.NEAR_MISS_KEPT in kept.reply["text"] + block_text(kept.reply["blocks"])
    view = await service.memories("T1", ALICE)
    assert sorted(m.content for m in view.items) == sorted([OLD, NEW])
    assert view.near_misses == []
