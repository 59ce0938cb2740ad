"""The undo conflict of issue 11 answered clearly on Slack: remember X, forget X,
remember X again, then the forget's Undo button says what conflicts and changes nothing."""

from __future__ import annotations

from core import texts
from tests.slack.conftest import ALICE, block_text
from tests.slack.test_commands import button

TEXT = "the wiki lives at wiki.acme.dev"


async def test_undoing_a_forget_whose_text_was_saved_again_says_so(driver, service):
    await driver.command("remember", TEXT)
    forgot = await driver.command("forget", "wiki.acme.dev")
    again = await driver.command("remember", TEXT)
    assert again.reply["text"] == texts.SAVED
    undone = await driver.click(button(forgot.reply, "Undo"))
    assert undone.status == 200
    shown = undone.reply["text"] + block_text(undone.reply["blocks"])
    assert texts.UNDO_CONFLICT.format(content=TEXT) in shown
    assert undone.reply["replace_original"] is False
    assert [m.content for m in (await service.memories("T1", ALICE)).items] == [TEXT]
