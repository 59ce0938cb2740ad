"""The Slack edge: retries run once, user text never pings anyone, long replies fit,
malformed requests get 400, and readiness is reported — through the real Bolt app
over signed HTTP, on both stores."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from urllib.parse import urlencode

import pytest
from aiohttp.test_utils import TestClient, TestServer
from slack_sdk.models.blocks import Block

from adapters.slack import SlackBot
from adapters.slack.blocks import MAX_BLOCKS, MAX_FALLBACK_TEXT, escape, render
from adapters.slack.forms import MAX_INPUT
from bots.slack import http_application
from core import texts
from core.models import Hit, Kind, RefusalReason, Scope
from core.responses import Action, ActionKind, Item, Response, Section
from tests.fakes.slack_server import event_payload, sign
from tests.slack.conftest import ALICE, BOT_TOKEN, SECRET, menus

LIVE = re.compile(r"<[!@#]|(?<![\w@\u2060])@(channel|here|everyone)\b", re.IGNORECASE)
NASTY = "<!channel> <@U1> <!subteam^S1|@team> @here @channel & * _ ~ <https://x|y>"


def mention(text: str) -> dict:
    return {
        "type": "app_mention",
        "user": ALICE,
        "text": f"<@UBOT> {text}",
        "channel": "C1",
        "ts": "1700000100.000100",
    }


async def post_event(client: TestClient, payload: dict, retry: int | None = None) -> int:
    body = json.dumps(payload)
    headers = {"Content-Type": "application/json", **sign(body)}
    if retry is not None:
        headers |= {"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"}
    response = await client.post("/slack/events", data=body, headers=headers)
    return response.status


def signed(body: str | bytes) -> dict[str, str]:
    return sign(body if isinstance(body, str) else body.decode("latin-1"))


# (command, text, the one line answered); the database must hold what it held
COMMAND_ROWS = [
    ("incognito", "maybe", texts.INCOGNITO_USAGE),
    ("memories", "kubernetes", texts.SEARCH_NONE.format(query="kubernetes")),
    ("memories", "9", texts.PAGE_NONE),
    ("forget", "01aaaaaaaaaaaaaaaaaa", texts.FORGET_GONE),
    ("forget", "", texts.FORGET_EMPTY),
    ("remember", "x" * 3000, None),  # too long: the refusal says how long
]


@pytest.mark.parametrize(("name", "text", "answer"), COMMAND_ROWS, ids=[r[0] for r in COMMAND_ROWS])
async def test_each_bad_command_input_gets_one_clear_line_and_changes_nothing(
    driver, service, name, text, answer
):
    await service.remember("T1", ALICE, "the staging DB is on port 6543")
    exchange = await driver.command(name, text)
    assert exchange.status == 200
    reply = exchange.reply
    expected = answer or texts.REFUSALS[RefusalReason.TOO_LONG].format(
        length=3000, limit=service.config.max_chars
    )
    assert reply["text"] == escape(expected)
    assert reply["response_type"] == "ephemeral"
    assert [m.content for m in (await service.memories("T1", ALICE)).items] == [
        "the staging DB is on port 6543"
    ]


def assert_valid(blocks: list[dict]) -> None:
    for block in blocks:
        Block.parse(block).validate_json()  # slack_sdk's own Block Kit limits


async def test_an_event_delivered_three_times_is_answered_once(http_client, bot, slack, service):
    await service.remember("T1", ALICE, "the staging DB is on port 6543")
    payload = event_payload(mention("which port is staging on?"))
    statuses = [await post_event(http_client, payload, retry) for retry in (None, 1, 2)]
    await bot.drain()
    assert statuses == [200, 200, 200]
    assert len(slack.calls_to("chat.postMessage")) == 1


async def test_a_retry_reaching_another_bot_process_is_not_answered_again(
    http_client, bot, slack, service
):
    payload = event_payload(mention("anything about staging?"))
    assert await post_event(http_client, payload) == 200
    other = SlackBot(service, token=BOT_TOKEN, signing_secret=SECRET, api_url=slack.api_url)
    async with TestClient(TestServer(http_application(other))) as second:
        assert await post_event(second, payload, retry=1) == 200
        await other.drain()
    await bot.drain()
    assert len(slack.calls_to("chat.postMessage")) == 1


async def test_memories_full_of_mentions_reach_slack_with_none_live(
    http_client, bot, slack, service
):
    await service.remember("T1", ALICE, f"the deploy channel is {NASTY}", "global")
    assert (
        await post_event(http_client, event_payload(mention("what is the deploy channel?"))) == 200
    )
    await bot.drain()
    [post] = slack.calls_to("chat.postMessage")
    blocks = (
        json.loads(post.args["blocks"])
        if isinstance(post.args["blocks"], str)
        else post.args["blocks"]
    )
    assert "deploy channel" in post.args["text"] and "deploy channel" in json.dumps(blocks)
    assert not LIVE.search(post.args["text"]), post.args["text"]
    assert not LIVE.search(json.dumps(blocks, ensure_ascii=False))
    assert_valid(blocks)


def test_a_16000_character_answer_is_split_without_empty_messages_and_says_it_was_cut():
    memory = "x" * 15_990 + " " + NASTY
    hits = [Hit(f"id{i}", memory, 1.0, Kind.FACT, Scope.PRIVATE) for i in range(10)]
    text = "\n".join(["Here's what I remember:", *(f"• {h.content}" for h in hits)])
    items = tuple(
        Item(memory, actions=(Action(ActionKind.FORGET, "Forget", f"id{i}"),)) for i in range(60)
    )
    response = Response(text, sections=(Section("Recent", items),), footer="🧠 used 10 memories")
    messages = render(response)
    assert messages and all(m.blocks for m in messages)
    assert all(len(m.blocks) <= MAX_BLOCKS for m in messages)
    for message in messages:
        assert_valid(message.blocks)
        assert len(message.text) <= MAX_FALLBACK_TEXT and not LIVE.search(message.text)
        assert not LIVE.search(json.dumps(message.blocks, ensure_ascii=False))
    assert messages[0].text.endswith(texts.SHORTENED_MARK)
    last = messages[-1].blocks[-1]
    assert last["type"] == "context" and "more not shown" in last["elements"][0]["text"]


async def test_malformed_interactivity_payloads_get_400_and_one_log_line(
    http_client, bot, slack, service, caplog
):
    bodies = [
        urlencode({"payload": "{not json"}),
        urlencode({"payload": json.dumps({"type": "block_actions", "actions": "nope"})}),
        urlencode({"payload": json.dumps(["a", "list"])}),
        urlencode({"payload": json.dumps({"type": "block_actions", "actions": [1, 2]})}),
    ]
    for body in [*bodies, b"payload=%7B%7D\xff\xfe"]:
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            response = await http_client.post(
                "/slack/events",
                data=body,
                headers={"Content-Type": "application/x-www-form-urlencoded", **signed(body)},
            )
        assert response.status == 400
        assert (await response.json())["ok"] is False
        lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(lines) == 1 and lines[0].exc_info is None
    await bot.drain()
    assert slack.calls == []


async def test_readiness_is_200_when_migrated_and_503_when_a_migration_is_missing(
    http_client, service
):
    ready = await http_client.get("/readyz")
    assert ready.status == 200 and await ready.json() == {"ok": True, "problems": []}
    forget = "DELETE FROM schema_migrations WHERE version = 130"
    restore = "INSERT INTO schema_migrations VALUES (130, '0130_deliveries.sql', 0)"
    await on_schema(service.store, forget)  # as if the newest migration were pending
    try:
        missing = await http_client.get("/readyz")
        body = await missing.json()
        assert missing.status == 503 and body["ok"] is False
        assert body["problems"] == ["migration 0130_deliveries.sql not applied"]
        assert (await http_client.get("/healthz")).status == 200  # alive, just not ready
    finally:  # the test database is reused: leave it as migrated as it came
        await on_schema(service.store, restore)


async def on_schema(store, statement: str) -> None:
    """Run `statement` as the schema's owner (SQLite: on the store's connection)."""
    if hasattr(store, "conn"):
        store.conn.execute(statement)
        return
    async with store.connect(admin=True) as conn:
        await conn.execute(statement)


def allow_long_memories(service, chars: int = 16_000) -> None:
    """As MEMORYBOT_MAX_MEMORY_CHARS=16000 would."""
    service.ports = replace(service.ports, max_chars=chars)


async def test_edit_refuses_to_open_a_form_too_small_for_the_memory(driver, service, slack):
    allow_long_memories(service)
    long = "the runbook says " + " ".join(f"step{i} check" for i in range(400))
    saved = (await service.remember("T1", ALICE, long)).memory
    assert saved is not None and len(saved.content) > MAX_INPUT
    listing = await driver.command("memories")
    [menu] = menus(listing.reply["blocks"])
    click = await driver.choose(menu, "Edit")
    assert click.reply["text"] == escape(
        texts.EDIT_FORM_TOO_LONG.format(length=len(saved.content), limit=MAX_INPUT)
    )
    assert slack.calls_to("views.open") == []
    assert (await service.get_memory("T1", ALICE, saved.id)).content == long


async def test_a_chat_message_with_invalid_text_gets_one_private_line(driver, slack, service):
    exchange = await driver.event(mention("which port is \udcff staging on?"))
    assert exchange.status == 200
    assert slack.calls_to("chat.postMessage") == []
    [told] = slack.calls_to("chat.postEphemeral")
    assert told.args["text"] == escape(texts.BAD_TEXT.format(what="message"))
    assert told.args["user"] == ALICE
