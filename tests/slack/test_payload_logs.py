"""At MEMORYBOT_LOG_LEVEL=DEBUG no chat message, query or memory reaches the log
(issue 12): slack_bolt and slack_sdk log request bodies at DEBUG, so the bot's logging
keeps them at INFO unless MEMORYBOT_LOG_PAYLOADS asks for them."""

from __future__ import annotations

import logging

import pytest

from bots.redact import configure_logging
from tests.slack.conftest import ALICE
from tests.slack.test_chat import dm, mention

MEMORY = "the Zanzibar cluster restarts at 04:10 on Sundays"
QUESTION = "when does Zanzibar restart"


@pytest.fixture
def bot_logging(caplog) -> pytest.LogCaptureFixture:
    """Everything logged at DEBUG (tests/conftest.py restores the levels afterwards)."""
    caplog.set_level(logging.DEBUG)
    return caplog


@pytest.mark.parametrize("payloads", [False, True])
async def test_at_debug_no_message_or_memory_reaches_the_log_unless_payloads_are_asked_for(
    driver, service, bot_logging, payloads
):
    configure_logging("DEBUG", payloads=payloads)
    await service.remember("T1", ALICE, MEMORY)
    await driver.event(mention(QUESTION))
    await driver.event(dm(f"remember {MEMORY}"))
    logged = bot_logging.text
    if payloads:
        assert "Zanzibar" in logged  # the opt-in does what it says: bodies are logged
    else:
        assert "Zanzibar" not in logged


@pytest.mark.parametrize("payloads", [False, True])
async def test_a_failure_quoting_the_message_is_logged_without_its_words_unless_asked(
    driver, bot, bot_logging, payloads
):
    # A bug's exception can quote what it was working on; the failure is still logged,
    # as its type and where it happened, but the words stay out (core.logsafe).
    class Quoting:
        dimensions, name = 8, "quoting"

        async def embed(self, texts_):
            raise RuntimeError(f"cannot embed {texts_!r}")

    configure_logging("DEBUG", payloads=payloads)
    bot.service.embedder = Quoting()
    await driver.event(mention(QUESTION))
    assert bot.tasks.failures == 1
    bot.tasks.failures = 0
    [failed] = [r for r in bot_logging.records if "work after the ack failed" in r.getMessage()]
    if payloads:
        assert failed.exc_info is not None and "Zanzibar" in str(failed.exc_info[1])
    else:
        assert "Zanzibar" not in bot_logging.text
        message = failed.getMessage()  # the type and the stack: files, lines, code
        assert "RuntimeError" in message and "in embed" in message
