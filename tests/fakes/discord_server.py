"""A local Discord: REST (API v10) and gateway on 127.0.0.1, speaking the wire format.

discord.py runs unchanged against it (login, gateway handshake and sharding,
interaction parsing, HTTP routes); only `Route.BASE` and the default gateway URL
point here (`adapters.discord.bot.discord_endpoints`). Tests drive it like Discord:

    ex = await fake.slash("remember", {"text": "staging is on port 6543"})
    first = await fake.callback_for(ex)        # the interaction callback (defer: type 5)
    reply = await fake.followup_for(ex)        # POST /webhooks/{app}/{token}
    await fake.click(reply.response, "mb:undo:…")
    await fake.choose(reply.response, "mb-menu:forget", "forget:…")   # a select menu pick
    await fake.submit(modal, {"text": "…"})    # a modal the bot opened (callback type 9)

Every request is recorded (`fake.calls`) with its arrival time, so a test can assert
what was sent and how fast. Like Discord, it blanks the content of server messages
that do not mention the bot unless the (privileged) message-content intent was asked for,
forgets an interaction not answered within 3 seconds (error 10062), accepts one
first response per interaction (a modal after a defer is refused, error 40060) and
refuses messages and modals beyond Discord's component limits (error 50035, see
`discord_limits.py`).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestServer

from tests.fakes import discord_payloads as wire
from tests.fakes.discord_limits import callback_problems, message_problems
from tests.fakes.discord_payloads import FakeGuild, FakeUser

BOT_TOKEN = "MTQwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.fake-token-for-tests-only_0123456789"
APP_ID = 1_400_000_000_000_000_001
BOT = FakeUser(APP_ID, "memorybot", bot=True)
ALICE = FakeUser(1_400_000_000_000_001_001, "alice")
BOB = FakeUser(1_400_000_000_000_001_002, "bob")
GUILD = FakeGuild(
    1_400_000_000_000_100_000, "Acme", (1_400_000_000_000_100_001, 1_400_000_000_000_100_002)
)
OTHER_GUILD = FakeGuild(1_400_000_000_004_300_000, "Globex", (1_400_000_000_004_300_001,))
DM_CHANNEL = 1_400_000_000_000_200_001
HEARTBEAT_MS = 41_250
NOT_FOUND = {"message": "404: Not Found", "code": 0}
UNKNOWN_INTERACTION = {"message": "Unknown interaction", "code": 10062}
ALREADY_ACKNOWLEDGED = {"message": "Interaction has already been acknowledged.", "code": 40060}
RESPONSE_DEADLINE = 3.0  # seconds Discord waits for an interaction's first response
# The fake enforces the deadline on the age a test gives an interaction (`age=`), not on
# its own clock: a loaded test machine must not turn a prompt bot into a late one.


@dataclass
class Call:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    at: float
    response: Any = None


@dataclass
class Exchange:
    """One interaction sent to the bot."""

    payload: dict[str, Any]
    dispatched_at: float

    @property
    def token(self) -> str:
        return self.payload["token"]

    @property
    def id(self) -> str:
        return self.payload["id"]


@dataclass
class FakeDiscord:
    guilds: tuple[FakeGuild, ...] = (GUILD, OTHER_GUILD)
    token: str = BOT_TOKEN
    recommended_shards: int = 1
    calls: list[Call] = field(default_factory=list)
    identifies: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._server: TestServer | None = None
        self._sockets: dict[int, web.WebSocketResponse] = {}
        self._seq = 0
        self._changed = asyncio.Condition()
        self._ready: set[int] = set()
        self._shard_count = 1
        self._channels: dict[str, str] = {}  # interaction token -> channel id
        self._age: dict[str, float] = {}  # interaction id -> the age the test gave it
        self._interactions: dict[str, dict[str, Any]] = {}  # interaction id -> payload
        self._answered: set[str] = set()  # interactions that had their first response
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.messages: dict[str, dict[str, Any]] = {}  # id -> as GET .../messages/{id} shows

    # -- lifecycle ---------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._server = TestServer(app, host="127.0.0.1")
        await self._server.start_server()
        return self

    async def __aexit__(self, *exc: object) -> None:
        for ws in list(self._sockets.values()):
            await ws.close()
        if self._server is not None:
            await self._server.close()

    @property
    def api_url(self) -> str:
        assert self._server is not None
        return str(self._server.make_url("/api/v10"))

    @property
    def gateway_url(self) -> str:
        assert self._server is not None
        return str(self._server.make_url("/gateway")).replace("http://", "ws://")

    # -- waiting -----------------------------------------------------------------

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _until(self, found, timeout: float) -> Any:
        async def wait() -> Any:
            async with self._changed:
                while (result := found()) is None:
                    await self._changed.wait()
                return result

        return await asyncio.wait_for(wait(), timeout)

    async def wait_ready(self, shards: int = 1, timeout: float = 10.0) -> None:
        await self._until(lambda: True if len(self._ready) >= shards else None, timeout)

    async def wait_call(
        self, method: str, path: str, *, after: float = 0.0, timeout: float = 10.0
    ) -> Call:
        """The first call matching `method` and the regex `path` that arrived after `after`."""
        pattern = re.compile(path)

        def found() -> Call | None:
            return next(
                (
                    c
                    for c in self.calls
                    if c.method == method and pattern.fullmatch(c.path) and c.at >= after
                ),
                None,
            )

        return await self._until(found, timeout)

    def calls_to(self, method: str, path: str) -> list[Call]:
        pattern = re.compile(path)
        return [c for c in self.calls if c.method == method and pattern.fullmatch(c.path)]

    async def callback_for(self, ex: Exchange, timeout: float = 10.0) -> Call:
        return await self.wait_call(
            "POST", rf"/interactions/{ex.id}/{ex.token}/callback", timeout=timeout
        )

    async def followup_for(self, ex: Exchange, timeout: float = 10.0) -> Call:
        return await self.wait_call("POST", rf"/webhooks/{APP_ID}/{ex.token}", timeout=timeout)

    # -- gateway -----------------------------------------------------------------

    async def dispatch(self, event: str, data: dict[str, Any], shard: int = 0) -> None:
        self._seq += 1
        await self._sockets[shard].send_str(
            json.dumps({"op": 0, "t": event, "s": self._seq, "d": data})
        )

    def shard_of(self, guild_id: int | None) -> int:
        """Discord's rule: DMs go to shard 0, a guild to (id >> 22) % shard count."""
        return 0 if guild_id is None else (guild_id >> 22) % self._shard_count

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            if frame["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif frame["op"] == 2:
                await self._identify(ws, frame["d"])
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data["token"] != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identifies.append(data)
        shard_id, count = data.get("shard", [0, 1])
        self._sockets[shard_id] = ws
        self._shard_count = count
        mine = [g for g in self.guilds if g.shard(count) == shard_id]
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": BOT.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
                "session_id": f"session-{shard_id}",
                "resume_gateway_url": self.gateway_url,
                "shard": [shard_id, count],
                "application": {"id": str(APP_ID), "flags": 0},
            },
            shard_id,
        )
        for guild in mine:
            await self.dispatch("GUILD_CREATE", wire.guild_create(guild, BOT), shard_id)
        self._ready.add(shard_id)
        await self._notify()

    # -- driving the bot ----------------------------------------------------------

    async def interact(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        user: FakeUser = ALICE,
        guild: FakeGuild | None = GUILD,
        channel: int | None = None,
        permissions: int = wire.MEMBER_PERMISSIONS,
        message: dict[str, Any] | None = None,
        age: float = 0.0,
    ) -> Exchange:
        """Send an interaction; `age` > 0 pretends it reached the bot that late."""
        payload = wire.interaction(
            kind,
            data,
            app_id=APP_ID,
            user=user,
            channel_id=channel or (guild.channels[0] if guild else DM_CHANNEL),
            guild_id=guild.id if guild else None,
            permissions=permissions,
            message_payload=message,
        )
        self._channels[payload["token"]] = payload["channel_id"]
        self._interactions[payload["id"]] = payload
        at = time.monotonic()
        self._age[payload["id"]] = age
        await self.dispatch("INTERACTION_CREATE", payload, self.shard_of(guild and guild.id))
        return Exchange(payload, at)

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        channels: dict[str, int] | None = None,
        **kw: Any,
    ) -> Exchange:
        """A slash command (interaction type 2) as Discord sends it; `channels` are
        channel options (name -> channel id), resolved as Discord resolves them."""
        types = {bool: 5, int: 4, str: 3}
        data: dict[str, Any] = {
            "id": self._command_id(name),
            "name": name,
            "type": 1,
            "options": [
                {"name": k, "type": types[type(v)], "value": v} for k, v in (options or {}).items()
            ],
        }
        if channels:
            data["options"] += [
                {"name": k, "type": 7, "value": str(v)} for k, v in channels.items()
            ]
            data["resolved"] = {
                "channels": {str(v): wire.resolved_channel(v) for v in channels.values()}
            }
        return await self.interact(2, data, **kw)

    async def autocomplete(self, name: str, option: str, typed: str, **kw: Any) -> Exchange:
        data = {
            "id": self._command_id(name),
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 3, "value": typed, "focused": True}],
        }
        return await self.interact(4, data, **kw)

    async def click(self, message: dict[str, Any], custom_id: str, **kw: Any) -> Exchange:
        """A button press (interaction type 3) on a message the bot sent."""
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.interact(3, data, message=message, **kw)

    async def choose(
        self, message: dict[str, Any], custom_id: str, value: str, **kw: Any
    ) -> Exchange:
        """A pick in a string select menu (interaction type 3, component type 3)."""
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self.interact(3, data, message=message, **kw)

    async def submit(
        self,
        modal: dict[str, Any],
        values: dict[str, str],
        *,
        message: dict[str, Any] | None = None,
        **kw: Any,
    ) -> Exchange:
        """Submit a modal the bot opened (`modal` is the callback's `data`): interaction
        type 5 with each text input's value, shaped as the modal was (labels or rows).
        An input not in `values` keeps what it was prefilled with. `message` is the
        message whose component opened the modal, if one did."""
        data = {
            "custom_id": modal["custom_id"],
            "components": [_submitted(c, values) for c in modal["components"]],
        }
        return await self.interact(5, data, message=message, **kw)

    async def say(
        self,
        content: str,
        *,
        user: FakeUser = ALICE,
        guild: FakeGuild | None = GUILD,
        channel: int | None = None,
        mention_bot: bool = False,
        reply_to: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A MESSAGE_CREATE, with the content Discord would deliver to this bot;
        `reply_to`: the message it replies to (delivered with it, as Discord does)."""
        content = f"<@{BOT.id}> {content}" if mention_bot else content
        identify = self.identifies[-1] if self.identifies else {}
        can_read = identify.get("intents", 0) & wire.MESSAGE_CONTENT_INTENT
        delivered = content if (guild is None or mention_bot or can_read) else ""
        data = wire.message(
            channel_id=str(channel or (guild.channels[0] if guild else DM_CHANNEL)),
            author=user.payload(),
            content=delivered,
            guild_id=str(guild.id) if guild else None,
            mentions=[BOT.payload()] if mention_bot else [],
        )
        if guild is not None:
            data["member"] = {k: v for k, v in wire.member(user, 0).items() if k != "user"}
            del data["member"]["permissions"]
        if reply_to is not None:
            data["type"] = 19  # a reply
            data["message_reference"] = {
                "type": 0,
                "message_id": reply_to["id"],
                "channel_id": reply_to["channel_id"],
                **({"guild_id": str(guild.id)} if guild else {}),
            }
            data["referenced_message"] = {k: v for k, v in reply_to.items() if k != "member"}
        self.messages[data["id"]] = {k: v for k, v in data.items() if k != "referenced_message"}
        await self.dispatch("MESSAGE_CREATE", data, self.shard_of(guild and guild.id))
        return data

    async def react(
        self,
        message: dict[str, Any],
        emoji: str,
        *,
        user: FakeUser = ALICE,
        added: bool = True,
    ) -> None:
        """A MESSAGE_REACTION_ADD (or _REMOVE) on `message`, as Discord sends it to a
        bot with the reactions intents (the member only on server adds)."""
        guild_id = message.get("guild_id")
        if guild_id is None:  # a message the bot sent: its guild is its channel's
            guild_id = next(
                (
                    str(g.id)
                    for g in (GUILD, OTHER_GUILD)
                    if int(message["channel_id"]) in g.channels
                ),
                None,
            )
        data: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": message["channel_id"],
            "message_id": message["id"],
            "emoji": {"id": None, "name": emoji},
            "burst": False,
            "type": 0,
        }
        if guild_id:
            data["guild_id"] = guild_id
        if added:
            data["message_author_id"] = message["author"]["id"]
            if guild_id:
                data["member"] = wire.member(user, 0)
        event = "MESSAGE_REACTION_ADD" if added else "MESSAGE_REACTION_REMOVE"
        await self.dispatch(event, data, self.shard_of(int(guild_id) if guild_id else None))

    def _command_id(self, name: str) -> str:
        for commands in self.commands.values():
            for command in commands:
                if command["name"] == name:
                    return command["id"]
        return wire.snowflake()

    # -- REST --------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        body: Any = None
        if request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw and request.content_type == "application/json" else raw
        call = Call(request.method, path, dict(request.query), body, time.monotonic())
        self.calls.append(call)
        try:
            open_route = path.startswith(("/webhooks/", "/interactions/"))
            if not open_route and request.headers.get("Authorization") != f"Bot {self.token}":
                return _json({"message": "401: Unauthorized", "code": 0}, 401)
            status, answer = self._answer(request.method, path, body)
            call.response = answer
            return _json(answer, status)
        finally:
            await self._notify()

    def _answer(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        route = f"{method} {path}"
        if route == "GET /users/@me":
            return 200, BOT.payload()
        if route == "GET /oauth2/applications/@me":
            return 200, wire.application(APP_ID, ALICE)
        if route in ("GET /gateway/bot", "GET /gateway"):
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            return 200, {
                "url": self.gateway_url,
                "shards": self.recommended_shards,
                "session_start_limit": limit,
            }
        if m := re.fullmatch(rf"PUT /applications/{APP_ID}(/guilds/(\d+))?/commands", route):
            scope = m.group(2) or "global"
            self.commands[scope] = [
                {**c, "id": wire.snowflake(), "application_id": str(APP_ID), "version": "1"}
                for c in body
            ]
            return 200, self.commands[scope]
        if m := re.fullmatch(r"POST /interactions/(\d+)/([^/]+)/callback", route):
            age = self._age.get(m.group(1))
            if age is None or age > RESPONSE_DEADLINE:
                return 404, UNKNOWN_INTERACTION  # too late (or never sent): Discord forgets it
            if m.group(1) in self._answered:
                return 400, ALREADY_ACKNOWLEDGED
            if problems := callback_problems(self._interactions[m.group(1)], body):
                return 400, _invalid_form(problems)
            self._answered.add(m.group(1))
            return 200, self._callback_answer(m.group(1), body, self._channels.get(m.group(2), "0"))
        if m := re.fullmatch(
            rf"(POST|PATCH) /webhooks/{APP_ID}/([^/]+)(/messages/@original)?", route
        ):
            if problems := message_problems(body or {}):
                return 400, _invalid_form(problems)
            return 200, self._sent_message(body, self._channels.get(m.group(2), "0"))
        if m := re.fullmatch(r"POST /channels/(\d+)/messages", route):
            if problems := message_problems(body or {}):
                return 400, _invalid_form(problems)
            return 200, self._sent_message(body, channel_id=m.group(1))
        if m := re.fullmatch(r"GET /channels/(\d+)/messages/(\d+)", route):
            found = self.messages.get(m.group(2))
            if found is None or found["channel_id"] != m.group(1):
                return 404, {"message": "Unknown Message", "code": 10008}
            return 200, found
        if re.fullmatch(r"POST /channels/\d+/typing", route):
            return 204, None
        return 404, NOT_FOUND

    def _callback_answer(
        self, interaction_id: str, body: dict[str, Any], channel_id: str
    ) -> dict[str, Any]:
        kind = body["type"]
        data = body.get("data") or {}
        answer: dict[str, Any] = {
            "interaction": {
                "id": interaction_id,
                "type": kind,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & wire.EPHEMERAL),
            }
        }
        if kind == 7:  # the message the component is on, updated with what was given
            shown = dict(self._interactions[interaction_id]["message"])
            shown.update(
                {k: v for k, v in data.items() if k in ("content", "embeds", "components")}
            )
            answer["interaction"]["response_message_id"] = shown["id"]
            answer["resource"] = {"type": kind, "message": shown}
        elif kind in (4, 5):
            message = self._sent_message(data, channel_id)
            answer["interaction"]["response_message_id"] = message["id"]
            answer["resource"] = {"type": kind, "message": message}
        return answer

    def _sent_message(self, body: dict[str, Any] | None, channel_id: str) -> dict[str, Any]:
        body = body or {}
        sent = wire.message(
            channel_id=channel_id,
            author=BOT.payload(),
            content=body.get("content") or "",
            embeds=body.get("embeds"),
            components=body.get("components"),
            flags=body.get("flags", 0),
        )
        reference = body.get("message_reference")
        if reference:  # a reply: the stored message points at what it answers
            sent["type"] = 19
            sent["message_reference"] = {
                "type": 0,
                "message_id": str(reference["message_id"]),
                "channel_id": channel_id,
            }
        self.messages[sent["id"]] = sent
        return sent


def _submitted(component: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """A modal component as Discord sends it back in the submission."""
    if component["type"] == 18:  # label: one component inside
        return {
            "type": 18,
            "id": component.get("id", 0),
            "component": _submitted(component["component"], values),
        }
    if component["type"] == 1:  # action row (the older modal layout)
        return {"type": 1, "components": [_submitted(c, values) for c in component["components"]]}
    custom_id = component["custom_id"]
    return {
        "type": component["type"],
        "id": component.get("id", 0),
        "custom_id": custom_id,
        "value": values.get(custom_id, component.get("value") or ""),
    }


def _invalid_form(problems: list[str]) -> dict[str, Any]:
    return {"message": "Invalid Form Body", "code": 50035, "errors": problems}


def _json(data: Any, status: int) -> web.Response:
    """Exactly `application/json`: discord.py ignores bodies with a charset suffix."""
    if status == 204:
        return web.Response(status=204)
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )
