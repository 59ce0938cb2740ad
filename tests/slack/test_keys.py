"""Provider API keys on the App Home (SPEC §6): write-only fields for admins. The key
goes from the form to the encrypted store and is never echoed: not in any request
Slack receives, not in any view, answer or log line (DEBUG included)."""

from __future__ import annotations

import json
import logging

import pytest

from adapters.slack.forms import REDACTED, key_form
from core import texts
from core.providers.encryption import SecretBox
from core.providers.keys import ProviderKeys
from tests.slack.conftest import ADMIN, ALICE, block_text, buttons, opened_view, parsed
from tests.slack.test_home import home_opened

API_KEY = "sk-Qm9vXz7LpR2tYw8KcN4dHs6VfJ1gBa3EuT5yWi0oZxPlMnCq"
NO_ACK_BODY = ("", None, {})


@pytest.fixture
def keyed(service):
    service.keys = ProviderKeys(service.store, SecretBox([SecretBox.generate_key()]), service.clock)
    return service


@pytest.fixture
def debug_log(caplog, bot):
    """Everything logged at DEBUG, Bolt's and the Socket Mode client's logger included."""
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger=bot.app.logger.name)
    return caplog


def home_page(slack, user: str) -> list[dict]:
    call = [c for c in slack.calls_to("views.publish") if c.args["user_id"] == user][-1]
    return parsed(call.args["view"])["blocks"]


def key_buttons(blocks: list[dict]) -> dict[str, dict]:
    return {b["action_id"]: b for b in buttons(blocks) if b["action_id"].startswith("mb.apikey.")}


def everything_slack_received(slack, *exchanges) -> str:
    """Every Web API call, response_url post and Socket Mode ack, and the HTTP acks."""
    seen = [
        [(c.method, c.args) for c in slack.calls],
        slack.responses,
        slack.acks,
        [e.ack for e in exchanges],
    ]
    return json.dumps(seen, default=str)


async def test_an_admin_sets_a_provider_key_and_only_ever_sees_set_or_not_set(
    driver, keyed, slack, debug_log
):
    await driver.event(home_opened(ADMIN))
    page = home_page(slack, ADMIN)
    text = block_text(page)
    assert texts.KEYS_HEADER in text
    assert "Embedder API key: not set" in text and "Chat model API key: not set" in text
    found = key_buttons(page)
    assert set(found) == {"mb.apikey.embed", "mb.apikey.chat"}
    opened = await driver.click(found["mb.apikey.chat"], user=ADMIN, channel=None)
    form = opened_view(slack)
    assert form["callback_id"] == "mb.form.apikey"
    [field] = form["blocks"]
    assert field["label"]["text"] == "Chat model API key"
    assert "initial_value" not in field["element"], "a key field is never prefilled"
    saved = await driver.submit(form, {"mb.apikey": API_KEY}, user=ADMIN)
    assert saved.ack in NO_ACK_BODY
    text = block_text(home_page(slack, ADMIN))
    assert "🔑 Saved. Chat model API key: set." in text
    assert "Chat model API key: set" in text and "Embedder API key: not set" in text
    assert await keyed.keys.reveal("T1", "chat") == API_KEY
    assert API_KEY not in everything_slack_received(slack, opened, saved)
    assert API_KEY not in debug_log.text
    assert all(API_KEY not in r.getMessage() for r in debug_log.records)
    assert any(r.name.startswith("slack_sdk") for r in debug_log.records), "DEBUG was on"
    if driver.mode == "socket":  # its client logs raw envelopes: that one was rewritten
        assert any(r.getMessage() == REDACTED for r in debug_log.records)


async def test_members_never_see_key_fields_and_a_forged_key_form_changes_nothing(
    driver, keyed, slack, debug_log
):
    await driver.event(home_opened(ALICE))
    page = home_page(slack, ALICE)
    assert key_buttons(page) == {}
    assert texts.KEYS_HEADER not in block_text(page)
    forged = await driver.submit(key_form("chat", "Chat model API key"), {"mb.apikey": API_KEY})
    assert await keyed.keys.status("T1") == {"embed": "not set", "chat": "not set"}
    page = home_page(slack, ALICE)
    assert texts.ADMIN_ONLY in block_text(page) and key_buttons(page) == {}
    assert API_KEY not in everything_slack_received(slack, forged)
    assert API_KEY not in debug_log.text


async def test_without_a_secret_key_the_page_says_how_to_configure_one(driver, service, slack):
    await driver.click({"action_id": "mb.apikey.embed", "type": "button"}, ADMIN, None)
    form = opened_view(slack)
    await driver.submit(form, {"mb.apikey": API_KEY}, user=ADMIN)
    text = block_text(home_page(slack, ADMIN))
    assert texts.KEYS_NO_SECRET in text and "Embedder API key: not set" in text
    assert API_KEY not in everything_slack_received(slack)
