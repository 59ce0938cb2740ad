"""The undo conflict of issue 11 answered clearly on Discord: remember X, forget X,
remember X again, then the forget's Undo button says what conflicts and changes nothing."""

from __future__ import annotations

from core import texts
from tests.discord.test_discord_buttons import USER, WORKSPACE, command, press

TEXT = "the wiki lives at wiki.acme.dev"


async def test_undoing_a_forget_whose_text_was_saved_again_says_so(fake, bot, memory):
    await command(fake, "remember", {"text": TEXT})
    forgot = await command(fake, "forget", {"query": "wiki.acme.dev"})
    again = await command(fake, "remember", {"text": TEXT})
    assert again["content"] == texts.SAVED
    _, undone = await press(fake, forgot, "Undo")
    assert undone["content"] == texts.UNDO_CONFLICT.format(content=TEXT)
    assert [m.content for m in (await memory.memories(WORKSPACE, USER)).items] == [TEXT]
