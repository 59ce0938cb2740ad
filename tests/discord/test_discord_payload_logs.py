"""At MEMORYBOT_LOG_LEVEL=DEBUG no chat message, query or memory reaches the log on
Discord either (issue 12): discord.py logs gateway events and request bodies at DEBUG,
so the bot's logging keeps it at INFO unless MEMORYBOT_LOG_PAYLOADS asks for it."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bots.redact import configure_logging
from core.models import Scope
from tests.discord.test_discord_chat import USER, WORKSPACE, reply_to

MEMORY = "the Zanzibar cluster restarts at 04:10 on Sundays"


@pytest.mark.parametrize("payloads", [False, True])
async def test_at_debug_no_message_or_memory_reaches_the_log_unless_asked(
    fake, bot, memory, caplog, payloads
):
    caplog.set_level(logging.DEBUG)
    configure_logging("DEBUG", payloads=payloads)  # tests/conftest.py restores the levels
    await memory.remember(WORKSPACE, USER, MEMORY, Scope.GLOBAL)
    asked = await fake.say("when does Zanzibar restart?", mention_bot=True)
    assert MEMORY in (await reply_to(fake, asked))["content"]
    dm = await fake.say("remember that Zanzibar backups go to vault 7", guild=None)
    await reply_to(fake, dm)
    if payloads:
        assert "Zanzibar" in caplog.text  # the opt-in does what it says
    else:
        assert "Zanzibar" not in caplog.text


@pytest.mark.parametrize("payloads", [False, True])
async def test_a_failure_quoting_the_message_is_logged_without_its_words_unless_asked(
    fake, bot, memory, caplog, payloads
):
    # discord.py's own on_error would log the traceback with the exception's message,
    # which can quote the message being answered; the bot's on_error keeps the words out.
    class Quoting:
        dimensions, name = 8, "quoting"

        async def embed(self, texts_):
            raise RuntimeError(f"cannot embed {texts_!r}")

    caplog.set_level(logging.DEBUG)
    configure_logging("DEBUG", payloads=payloads)
    memory.embedder = Quoting()
    await fake.say("when does Zanzibar restart?", mention_bot=True)
    for _ in range(500):  # until the bot has handled the event (at most 500 polls)
        failed = [r for r in caplog.records if "on_message failed" in r.getMessage()]
        if failed:
            break
        await asyncio.sleep(0.01)
    assert failed, "the failure was not logged"
    if payloads:
        assert "Zanzibar" in caplog.text
    else:
        assert "Zanzibar" not in caplog.text and "RuntimeError" in failed[0].getMessage()
    for handler in logging.getLogger().handlers:  # the bot fixture fails on ERROR records
        if type(handler).__name__ == "ErrorLog":
            handler.records.clear()
