"""Driving the real Bolt app in both modes against a local Slack.

`driver` is parametrised over HTTP mode (correctly signed requests to the aiohttp
application `memorybot slack --http` serves) and Socket Mode (envelopes over a
local websocket), so every end-to-end test runs in both. Each driver call waits for
the work started after the ack, so a test reads its results right away.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from aiohttp.test_utils import TestClient, TestServer
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

from adapters.slack import SlackBot
from bots.slack import http_application
from tests.fakes.slack_server import (
    SECRET,
    FakeSlack,
    action_payload,
    command_payload,
    event_payload,
    sign,
    view_submission_payload,
)

BOT_TOKEN = "xoxb-test-0000"
APP_TOKEN = "xapp-1-test"
ALICE, BOB, ADMIN, OWNER = "UALICE", "UBOB", "UADMIN", "UOWNER"
USERS = {ADMIN: {"is_admin": True}, OWNER: {"is_owner": True, "is_admin": False}}


def buttons(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every button and menu in a list of blocks, in order."""
    found = []
    for block in blocks:
        if "accessory" in block:
            found.append(block["accessory"])
        found += block.get("elements", []) if block["type"] == "actions" else []
    return found


def labelled(blocks: list[dict[str, Any]], label: str) -> list[dict[str, Any]]:
    """The buttons with this label, in order."""
    return [b for b in buttons(blocks) if b["type"] == "button" and b["text"]["text"] == label]


def menus(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every overflow menu (an item's Edit / Pin / Forget) in a list of blocks."""
    return [b for b in buttons(blocks) if b["type"] == "overflow"]


def option_labels(menu: dict[str, Any]) -> list[str]:
    return [o["text"]["text"] for o in menu["options"]]


def parsed(value: Any) -> Any:
    """An argument the Web API received as a JSON string or as JSON."""
    return json.loads(value) if isinstance(value, str) else value


def opened_view(slack: FakeSlack) -> dict[str, Any]:
    """The last modal the bot opened (views.open)."""
    return parsed(slack.calls_to("views.open")[-1].args["view"])


def block_text(blocks: list[dict[str, Any]]) -> str:
    parts = []
    for block in blocks:
        if isinstance(block.get("text"), dict):
            parts.append(block["text"]["text"])
        parts += [e.get("text", "") for e in block.get("elements", []) if e["type"] == "mrkdwn"]
    return "\n".join(parts)


@dataclass
class Exchange:
    """One request to the bot: its ack, and what it posted to its response_url."""

    status: int
    ack: Any
    replies: list[dict[str, Any]] = field(default_factory=list)

    key: str | None = None

    @property
    def reply(self) -> dict[str, Any]:
        assert self.replies, "nothing was posted to the response_url"
        return self.replies[-1]


class Driver:
    mode = ""

    def __init__(self, bot: SlackBot, slack: FakeSlack) -> None:
        self.bot, self.slack = bot, slack

    async def deliver(self, kind: str, payload: dict) -> tuple[int, Any]:
        raise NotImplementedError

    async def _send(self, kind: str, payload: dict, key: str | None) -> Exchange:
        status, ack = await self.deliver(kind, payload)
        await self.bot.drain()
        return Exchange(status, ack, self.slack.responses.get(key, []) if key else [], key)

    async def command(self, name: str, text: str = "", user: str = ALICE, channel: str = "C1"):
        key, url = self.slack.response_url()
        return await self._send("command", command_payload(name, text, user, channel, url), key)

    async def click(self, element: dict, user: str = ALICE, channel: str | None = "C1"):
        """Press a button taken from a rendered message (channel=None: the Home tab)."""
        key, url = self.slack.response_url()
        action = {k: element[k] for k in ("action_id", "type", "value") if k in element}
        payload = action_payload(action, user, channel, url if channel else None)
        return await self._send("action", payload, key)

    async def choose(
        self, menu: dict, label: str, user: str = ALICE, channel: str | None = "C1"
    ) -> Exchange:
        """Pick an option in an item's overflow menu (channel=None: on the Home tab)."""
        key, url = self.slack.response_url()
        option = next(o for o in menu["options"] if o["text"]["text"] == label)
        action = {"action_id": menu["action_id"], "type": "overflow", "selected_option": option}
        payload = action_payload(action, user, channel, url if channel else None)
        return await self._send("action", payload, key)

    async def submit(
        self,
        view: dict,
        values: dict[str, str] | None = None,
        user: str = ALICE,
        after: Exchange | None = None,
    ) -> Exchange:
        """Submit a modal the bot opened; `after` is the click that opened it (its
        response_url is where the answer goes)."""
        payload = view_submission_payload(view, user, values)
        return await self._send("action", payload, after.key if after else None)

    async def select(self, action_id: str, value: str, user: str = ADMIN):
        """Choose an option in a Home tab menu."""
        action = {
            "action_id": action_id,
            "type": "static_select",
            "selected_option": {"text": {"type": "plain_text", "text": value}, "value": value},
        }
        return await self._send("action", action_payload(action, user, None, None), None)

    async def event(self, event: dict[str, Any]) -> Exchange:
        return await self._send("event", event_payload(event), None)


class HttpDriver(Driver):
    mode = "http"

    def __init__(self, bot: SlackBot, slack: FakeSlack, client: TestClient) -> None:
        super().__init__(bot, slack)
        self.client = client

    async def post(self, body: str, content_type: str, headers: dict[str, str]):
        response = await self.client.post(
            "/slack/events", data=body, headers={"Content-Type": content_type, **headers}
        )
        text = await response.text()
        return response.status, json.loads(text) if text.startswith("{") else text

    async def deliver(self, kind: str, payload: dict) -> tuple[int, Any]:
        if kind == "event":
            body, content_type = json.dumps(payload), "application/json"
        elif kind == "action":
            body = urlencode({"payload": json.dumps(payload)})
            content_type = "application/x-www-form-urlencoded"
        else:
            body, content_type = urlencode(payload), "application/x-www-form-urlencoded"
        return await self.post(body, content_type, sign(body))


ENVELOPES = {"command": "slash_commands", "action": "interactive", "event": "events_api"}


class SocketDriver(Driver):
    mode = "socket"

    async def deliver(self, kind: str, payload: dict) -> tuple[int, Any]:
        ack = await self.slack.send_envelope(ENVELOPES[kind], payload)
        return 200, ack.get("payload") or ""


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    async with FakeSlack(users=dict(USERS)) as server:
        yield server


@pytest.fixture
async def bot(service, slack) -> AsyncIterator[SlackBot]:
    bot = SlackBot(
        service, token=BOT_TOKEN, signing_secret=SECRET, api_url=slack.api_url, admin_ttl=0
    )
    yield bot
    await bot.drain()
    assert bot.tasks.failures == 0, "work after an ack failed (see the log)"


@pytest.fixture
async def http_client(bot) -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(http_application(bot))) as client:
        yield client


@pytest.fixture(params=["http", "socket"])
async def driver(request, bot, slack) -> AsyncIterator[Driver]:
    if request.param == "http":
        async with TestClient(TestServer(http_application(bot))) as client:
            yield HttpDriver(bot, slack, client)
        return
    handler = AsyncSocketModeHandler(bot.app, APP_TOKEN)
    await handler.connect_async()
    try:
        yield SocketDriver(bot, slack)
    finally:
        await handler.close_async()
