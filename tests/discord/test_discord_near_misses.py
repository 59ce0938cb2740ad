"""Near misses on Discord (issue 11), as real interaction payloads: the save's reply
carries "Same fact — merge" and "Keep both" buttons, and /memories offers the pair's
choices in their own menu."""

from __future__ import annotations

from core import texts
from core.remember.canonical import similarity
from core.remember.reconcile import NEAR_DUPLICATE, Op, compare
from tests.discord.conftest import embed_text, entry_labels
from tests.discord.test_discord_buttons import USER, WORKSPACE, choose, command, press

OLD = "The Berlin office wifi password rotates monthly"
NEW = "The Berlin office guest wifi password rotates monthly"


async def test_same_fact_merge_on_the_save_reply_leaves_one_memory(fake, bot, memory):
    assert compare(OLD, NEW) == Op.ADD and similarity(OLD, NEW) >= NEAR_DUPLICATE
    await command(fake, "remember", {"text": OLD})
    saved = await command(fake, "remember", {"text": NEW})
    assert saved["content"] == texts.NEAR_MISS.format(other=OLD)
    _, merged = await press(fake, saved, texts.NEAR_MISS_MERGE)
    assert merged["content"] == texts.NEAR_MISS_MERGED.format(content=NEW)
    view = await memory.memories(WORKSPACE, USER)
    assert [m.content for m in view.items] == [NEW] and view.near_misses == []
    _, undone = await press(fake, merged, "Undo")
    assert undone["content"] == texts.UNDONE.format(what=texts.UNDO_WHAT["near_miss_merge"])
    assert len((await memory.memories(WORKSPACE, USER)).items) == 2


async def test_memories_offers_merge_and_keep_both_for_a_possible_duplicate(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, OLD)
    await memory.remember(WORKSPACE, USER, NEW)
    listing = await command(fake, "memories")
    assert texts.NEAR_MISSES_HEADER in embed_text(listing)
    labels = entry_labels(listing, texts.ACTION_MENUS["near_miss"])
    assert labels == [f"{texts.NEAR_MISS_MERGE} 1", f"{texts.NEAR_MISS_KEEP} 1"]
    _, merged = await choose(fake, listing, f"{texts.NEAR_MISS_MERGE} 1")
    assert merged["content"] == texts.NEAR_MISS_MERGED.format(content=NEW)
    assert [m.content for m in (await memory.memories(WORKSPACE, USER)).items] == [NEW]
