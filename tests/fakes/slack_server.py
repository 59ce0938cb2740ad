"""A local Slack: the Web API, response URLs and the Socket Mode websocket, on one
aiohttp server speaking Slack's wire formats.

The real Bolt app and slack_sdk clients talk to it over sockets, so tests exercise
exactly what runs in production, and assert on what Slack would have received:

    server.calls_to("chat.postMessage")[-1].args["thread_ts"]
    server.responses["r3"][-1]["blocks"]          # what respond() posted
    ack = await server.send_envelope("slash_commands", {...})   # Socket Mode
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestServer

TEAM = "T1"
BOT_USER = "UBOT"
BOT_ID = "BBOT"
SECRET = "8f742231b10e8888abcd99yyyzzz85a5"  # a signing secret for tests


# -- what Slack sends: signed requests and the payloads of each kind ----------------


def sign(body: str, timestamp: int | None = None, secret: str = SECRET) -> dict[str, str]:
    ts = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(secret.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": f"v0={digest}"}


def command_payload(name: str, text: str, user: str, channel: str, response_url: str) -> dict:
    return {
        "token": "legacy",
        "team_id": TEAM,
        "team_domain": "acme",
        "channel_id": channel,
        "channel_name": "general",
        "user_id": user,
        "user_name": user.lower(),
        "command": f"/{name}",
        "text": text,
        "api_app_id": "A1",
        "response_url": response_url,
        "trigger_id": "1.2.3",
    }


def action_payload(
    action: dict[str, Any], user: str, channel: str | None, response_url: str | None
) -> dict:
    """A block_actions payload: from a message when channel is given, else the Home tab."""
    payload: dict[str, Any] = {
        "type": "block_actions",
        "team": {"id": TEAM, "domain": "acme"},
        "user": {"id": user, "team_id": TEAM},
        "api_app_id": "A1",
        "token": "legacy",
        "trigger_id": "1.2.3",
        "actions": [{**action, "block_id": "b1", "action_ts": "1700000001.000100"}],
    }
    if channel is None:
        payload["container"] = {"type": "view", "view_id": "V1"}
        payload["view"] = {"id": "V1", "type": "home"}
    else:
        payload["container"] = {"type": "message", "channel_id": channel, "is_ephemeral": True}
        payload["channel"] = {"id": channel, "name": "general"}
        payload["response_url"] = response_url
    return payload


def view_submission_payload(
    view: dict[str, Any], user: str, values: dict[str, str] | None = None
) -> dict:
    """Submitting a modal the bot opened: `values` maps each input block (whose element
    has the same action_id, as the bot builds them) to the text typed into it."""
    state = {
        block: {block: {"type": "plain_text_input", "value": text}}
        for block, text in (values or {}).items()
    }
    return {
        "type": "view_submission",
        "team": {"id": TEAM, "domain": "acme"},
        "user": {"id": user, "team_id": TEAM},
        "api_app_id": "A1",
        "token": "legacy",
        "trigger_id": "4.5.6",
        "view": {
            "id": "VMODAL",
            "team_id": TEAM,
            "app_id": "A1",
            "bot_id": BOT_ID,
            **view,
            "state": {"values": state},
        },
        "response_urls": [],
    }


def event_payload(event: dict[str, Any]) -> dict:
    return {
        "token": "legacy",
        "team_id": TEAM,
        "api_app_id": "A1",
        "event": event,
        "type": "event_callback",
        "event_id": f"Ev{time.monotonic_ns()}",
        "event_time": 1700000000,
        "authorizations": [{"team_id": TEAM, "user_id": "UBOT", "is_bot": True}],
    }


@dataclass
class Call:
    method: str
    args: dict[str, Any]
    token: str
    answer: dict[str, Any] = field(default_factory=dict)  # what the fake replied


@dataclass
class FakeSlack:
    """Start with `async with FakeSlack() as slack:`; `api_url` goes to the bot."""

    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # method -> Slack error code
    calls: list[Call] = field(default_factory=list)
    responses: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    response_status: int = 200
    acks: dict[str, dict[str, Any]] = field(default_factory=dict)
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    threads: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # thread_ts -> msgs

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        self._socket: web.WebSocketResponse | None = None
        self._acked: dict[str, asyncio.Future[dict[str, Any]]] = {}
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_post("/respond/{key}", self._respond)
        app.router.add_get("/socket", self._socket_handler)
        self.server = TestServer(app, host="127.0.0.1")

    async def __aenter__(self) -> FakeSlack:
        await self.server.start_server()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._socket is not None:
            await self._socket.close()
        await self.server.close()

    @property
    def url(self) -> str:
        return str(self.server.make_url("")).rstrip("/")

    @property
    def api_url(self) -> str:
        return f"{self.url}/api/"

    def response_url(self) -> tuple[str, str]:
        key = f"r{next(self._ids)}"
        self.responses[key] = []
        return key, f"{self.url}/respond/{key}"

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    # -- Web API ---------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args: dict[str, Any] = dict(request.query)
        if request.can_read_body:
            if request.content_type == "application/json":
                args.update(await request.json())
            else:
                args.update(await request.post())
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        call = Call(method, args, token)
        self.calls.append(call)
        if method in self.errors:
            return web.json_response({"ok": False, "error": self.errors[method]})
        call.answer = self._answer(method, args)
        return web.json_response({"ok": True, **call.answer})

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        if method == "auth.test":
            return {"team_id": TEAM, "team": "Acme", "user_id": BOT_USER, "bot_id": BOT_ID}
        if method == "users.info":
            user = args.get("user", "")
            return {"user": {"id": user, "team_id": TEAM, **self.users.get(user, {})}}
        if method == "chat.postMessage":
            return {"channel": args.get("channel"), "ts": f"1700000000.{next(self._ids):06d}"}
        if method == "chat.postEphemeral":
            return {"message_ts": f"1700000000.{next(self._ids):06d}"}
        if method in ("views.publish", "views.open"):
            view = args.get("view") or {}
            view = json.loads(view) if isinstance(view, str) else view
            return {"view": {"id": "V1" if method == "views.publish" else "VMODAL", **view}}
        if method == "conversations.replies":
            latest = str(args.get("latest") or "9999999999")
            inclusive = str(args.get("inclusive", "")).lower() in ("1", "true")
            found = [
                m
                for m in self.threads.get(str(args.get("ts")), [])
                if m["ts"] < latest or (inclusive and m["ts"] == latest)
            ]
            return {"messages": found[: int(args.get("limit") or 1000)], "has_more": False}
        if method == "chat.getPermalink":
            channel, ts = args.get("channel", ""), str(args.get("message_ts", ""))
            link = f"https://acme.slack.com/archives/{channel}/p{ts.replace('.', '')}"
            return {"channel": channel, "permalink": link}
        if method == "apps.connections.open":
            return {"url": str(self.server.make_url("/socket")).replace("http", "ws", 1)}
        return {}

    async def _respond(self, request: web.Request) -> web.Response:
        key = request.match_info["key"]
        self.responses.setdefault(key, []).append(await request.json())
        return web.Response(status=self.response_status, text="ok")

    # -- Socket Mode -------------------------------------------------------------------

    async def _socket_handler(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._socket = ws
        await ws.send_json({"type": "hello", "num_connections": 1, "debug_info": {}})
        self.connected.set()
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            envelope = data.get("envelope_id", "")
            self.acks[envelope] = data
            future = self._acked.pop(envelope, None)
            if future is not None and not future.done():
                future.set_result(data)
        return ws

    async def send_envelope(
        self, kind: str, payload: dict[str, Any], timeout: float = 5.0
    ) -> dict[str, Any]:
        """Deliver one envelope over the socket and return the client's ack."""
        await asyncio.wait_for(self.connected.wait(), timeout)
        assert self._socket is not None
        envelope = f"env-{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self._acked[envelope] = future
        await self._socket.send_json(
            {
                "envelope_id": envelope,
                "type": kind,
                "payload": payload,
                "accepts_response_payload": kind != "events_api",
                "retry_attempt": 0,
                "retry_reason": "",
            }
        )
        return await asyncio.wait_for(future, timeout)
