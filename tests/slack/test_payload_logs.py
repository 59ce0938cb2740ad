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
