"""A real local HTTP server that speaks OpenAI's and Cohere's wire formats.

Tests of providers, chat turns and extraction talk to it over real sockets, so the
code under test runs exactly as in production (aiohttp, retries, timeouts), and
tests assert on what was actually sent (`server.requests`).

    server.script_chat(['{"memories": []}', rate_limited(0.01), "plain text"])
    reply = await model.complete(...)          # consumes the next scripted behaviour
    assert server.requests[-1].bearer == KEY

Each endpoint has a queue of behaviours; when it is empty the endpoint answers
normally: chat echoes the last user message (or calls `server.chat_reply`),
embeddings hash words into vectors (`tests.fakes.embedder.hash_embed`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from tests.fakes import server_dialects
from tests.fakes.embedder import hash_embed

# Looks like a real key, so a leak test would catch it anywhere it appears.
FAKE_API_KEY = "sk-test-NEVERLOGME-0123456789abcdefABCDEF"
CHAT_PATH, EMBED_PATH, COHERE_PATH = "/v1/chat/completions", "/v1/embeddings", "/v2/embed"
NATIVE_CHAT_PATH = "/api/chat"  # Ollama's own chat endpoint
SCHEMA_IN_PROMPT = "JSON Schema:"


@dataclass
class Behaviour:
    """What the server does for one request. Build them with the helpers below."""

    kind: str  # reply | raw | status | slow | malformed | truncated | drop | endless
    content: Any = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    then: Behaviour | None = None


def reply(content: Any = None) -> Behaviour:
    """A normal answer. Chat: a str, a dict/list (sent as JSON text), or a callable
    (request body -> str | dict). Embeddings: a list of vectors, or a callable
    (request body -> vectors). None: the computed default."""
    return Behaviour("reply", content)


def raw(body: Any, status: int = 200) -> Behaviour:
    """Exactly this JSON body, e.g. {"choices": []} or vectors with bad indexes."""
    return Behaviour("raw", body, status=status)


def error(status: int, message: str = "", retry_after: float | str | None = None) -> Behaviour:
    headers = {} if retry_after is None else {"Retry-After": str(retry_after)}
    return Behaviour("status", message or f"fake error {status}", status=status, headers=headers)


def rate_limited(retry_after: float | str | None = None) -> Behaviour:
    return error(429, "Rate limit reached, slow down", retry_after)


def server_error(status: int = 500) -> Behaviour:
    return error(status, "The server had an error while processing your request")


def rejects_response_format(kind: str = "json_schema") -> Behaviour:
    return error(400, f"Invalid parameter: 'response_format' of type '{kind}' is not supported")


def redirect(location: str, status: int = 307) -> Behaviour:
    return Behaviour("status", "moved", status=status, headers={"Location": location})


def slow(seconds: float, then: Behaviour | None = None) -> Behaviour:
    """Sleep, then behave like `then` (default: a normal answer)."""
    return Behaviour("slow", delay=seconds, then=then)


def endless(delay: float = 0.005) -> Behaviour:
    """Stream tokens until the client hangs up (a runaway reply); needs stream=true.
    Bounded all the same: it stops by itself after 20,000 tokens."""
    return Behaviour("endless", delay=delay)


def malformed() -> Behaviour:
    """Status 200 with a body that is not JSON."""
    return Behaviour("malformed")


def truncated() -> Behaviour:
    """Content-Length promises the whole answer; half is sent, then the socket closes."""
    return Behaviour("truncated")


def drop() -> Behaviour:
    """Close the connection without answering."""
    return Behaviour("drop")


def not_schema_valid() -> Behaviour:
    """Valid JSON text that matches no schema a test would use."""
    return reply('{"unexpected": ["this", "is", "not", "the", "shape"]}')


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    at: float  # time.monotonic() on arrival

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None

    @property
    def bearer(self) -> str | None:
        auth = self.headers.get("Authorization", "")
        return auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else None


@dataclass(frozen=True)
class StructuredRequest:
    """What the server made of one chat request: the schema it enforced (None: none),
    whether it constrained the answer to JSON at all, and its refusal status (0: none)."""

    path: str
    enforced: dict[str, Any] | None
    json_only: bool
    refused: int = 0


@dataclass
class StreamLog:
    """One streamed reply: chunks sent, and whether the client hung up before the end."""

    sent: int = 0
    disconnected: bool = False
    finished: bool = False


def default_chat_reply(body: dict[str, Any]) -> str:
    users = [m.get("content", "") for m in body.get("messages", []) if m.get("role") == "user"]
    return f"echo: {users[-1]}" if users else "echo:"


class FakeProviderServer:
    """The fake. `await start()` (or `async with`), then point providers at `openai_url`
    (OpenAI-style base URL, ends in /v1) or `url` (Cohere-style base URL)."""

    def __init__(self, *, embed_dimensions: int = 64, dialect: str = "openai") -> None:
        if dialect not in server_dialects.DIALECTS:
            raise ValueError(f"unknown dialect {dialect!r}")
        self.embed_dimensions = embed_dimensions
        # Which real server to answer as (tests/fakes/server_dialects.py).
        self.dialect = dialect
        # Like SmolLM2: asked for JSON with the schema only in the prompt, it repeats
        # the schema back instead of answering.
        self.small_model = False
        self.structured: list[StructuredRequest] = []
        self.streams: list[StreamLog] = []
        self.chat_reply: Callable[[dict[str, Any]], str] = default_chat_reply
        # Structured-output forms the "server" accepts; others get a 400 like vLLM's.
        self.response_formats: set[str] = {"json_schema", "json_object"}
        self.reverse_embedding_order = False  # answer `data` in reverse (index still right)
        self.requests: list[RecordedRequest] = []
        self._queues: dict[str, deque[Behaviour]] = {
            CHAT_PATH: deque(),
            NATIVE_CHAT_PATH: deque(),
            EMBED_PATH: deque(),
            COHERE_PATH: deque(),
        }
        self._ids = itertools.count(1)
        app = web.Application()
        app.router.add_post(CHAT_PATH, self._chat)
        app.router.add_post(NATIVE_CHAT_PATH, self._native_chat)
        app.router.add_post(EMBED_PATH, self._embeddings)
        app.router.add_post(COHERE_PATH, self._cohere)
        self._server = TestServer(app, host="127.0.0.1")

    async def start(self) -> FakeProviderServer:
        await self._server.start_server()
        return self

    async def close(self) -> None:
        await self._server.close()

    async def __aenter__(self) -> FakeProviderServer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def url(self) -> str:
        return str(self._server.make_url("")).rstrip("/")

    @property
    def openai_url(self) -> str:
        return self.url + "/v1"

    # ---- scripting -------------------------------------------------------------

    def script_chat(self, items: Iterable[Behaviour | str | dict[str, Any]]) -> None:
        """Queue answers for /v1/chat/completions (and Ollama's /api/chat, which
        shares the queue); plain str/dict mean `reply(...)`."""
        self._queues[CHAT_PATH].extend(_as_behaviour(i) for i in items)

    def chat_requests(self) -> list[RecordedRequest]:
        """Requests to either chat endpoint, in arrival order."""
        return [r for r in self.requests if r.path in (CHAT_PATH, NATIVE_CHAT_PATH)]

    def refusals(self) -> list[StructuredRequest]:
        return [s for s in self.structured if s.refused]

    def script_embeddings(self, items: Iterable[Behaviour]) -> None:
        self._queues[EMBED_PATH].extend(items)

    def script_cohere(self, items: Iterable[Behaviour]) -> None:
        self._queues[COHERE_PATH].extend(items)

    def clear_scripts(self) -> None:
        """Drop every behaviour not yet consumed."""
        for queue in self._queues.values():
            queue.clear()

    def pending(self, path: str = CHAT_PATH) -> int:
        """Scripted behaviours not yet consumed."""
        return len(self._queues[path])

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    # ---- endpoints -------------------------------------------------------------

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        return await self._any_chat(request, native=False)

    async def _native_chat(self, request: web.Request) -> web.StreamResponse:
        return await self._any_chat(request, native=True)

    async def _any_chat(self, request: web.Request, *, native: bool) -> web.StreamResponse:
        body = await self._record(request)
        behaviour = self._next(CHAT_PATH)
        path = NATIVE_CHAT_PATH if native else CHAT_PATH
        if behaviour.kind in ("reply", "slow"):
            refused = server_dialects.refusal(self.dialect, native, body, self.response_formats)
            if refused is not None:
                self.structured.append(StructuredRequest(path, None, False, refused[0]))
                return web.json_response(refused[1], status=refused[0])
        enforced = server_dialects.enforced_schema(self.dialect, native, body)
        json_only = server_dialects.wants_json(self.dialect, native, body)
        self.structured.append(StructuredRequest(path, enforced, json_only))

        def answer(content: Any) -> dict[str, Any]:
            if self.small_model and enforced is None:
                content = _small_model_answer(body, content, json_only)
            if native:
                return self._native_answer(body, content)
            return self._chat_answer(body, content)

        if body.get("stream") and not native and behaviour.kind in ("reply", "slow", "endless"):
            return await self._stream(request, behaviour, body)
        return await self._act(request, behaviour, answer, native=native)

    async def _embeddings(self, request: web.Request) -> web.StreamResponse:
        body = await self._record(request)
        dims = body.get("dimensions") or self.embed_dimensions
        texts = body.get("input")
        texts = [texts] if isinstance(texts, str) else texts

        def answer(content: Any) -> Any:
            vectors = _vectors(content, body, texts, dims)
            data = [
                {"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)
            ]
            if self.reverse_embedding_order:
                data.reverse()
            return {"object": "list", "data": data, "model": body.get("model")}

        return await self._act(request, self._next(EMBED_PATH), answer)

    async def _cohere(self, request: web.Request) -> web.StreamResponse:
        body = await self._record(request)
        dims = body.get("output_dimension") or self.embed_dimensions

        def answer(content: Any) -> Any:
            return {
                "id": f"fake-{next(self._ids)}",
                "embeddings": {"float": _vectors(content, body, body.get("texts"), dims)},
                "texts": body.get("texts"),
                "response_type": "embeddings_by_type",
            }

        return await self._act(request, self._next(COHERE_PATH), answer, cohere=True)

    # ---- machinery -------------------------------------------------------------

    async def _record(self, request: web.Request) -> dict[str, Any]:
        raw_body = await request.read()
        self.requests.append(
            RecordedRequest(
                request.method, request.path, dict(request.headers), raw_body, time.monotonic()
            )
        )
        try:
            data = json.loads(raw_body)
        except json.JSONDecodeError:
            return {}
        return data if isinstance(data, dict) else {}

    def _next(self, path: str) -> Behaviour:
        queue = self._queues[path]
        return queue.popleft() if queue else reply()

    def _content(self, body: dict[str, Any], content: Any) -> str:
        if content is None:
            content = self.chat_reply(body)
        elif callable(content):
            content = content(body)
        return content if isinstance(content, str) else json.dumps(content)

    def _native_answer(self, body: dict[str, Any], content: Any) -> dict[str, Any]:
        """Ollama's /api/chat answer (stream: false)."""
        return {
            "model": body.get("model", "fake"),
            "created_at": "2026-01-01T00:00:00Z",
            "message": {"role": "assistant", "content": self._content(body, content)},
            "done": True,
            "done_reason": "stop",
            "prompt_eval_count": 1,
            "eval_count": 1,
        }

    async def _stream(
        self, request: web.Request, behaviour: Behaviour, body: dict[str, Any]
    ) -> web.StreamResponse:
        """Server-sent events, one word per chunk, as every OpenAI-compatible server
        streams; stops (and records it) when the client hangs up."""
        log = StreamLog()
        self.streams.append(log)
        if behaviour.kind == "slow":
            await _sleep_unless_gone(request, behaviour.delay)
            behaviour = behaviour.then or reply()
        endless = behaviour.kind == "endless"
        words = [] if endless else self._content(body, behaviour.content).split(" ")
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        limit = 20_000 if endless else len(words)
        try:
            for i in range(limit):
                word = "la " if endless else words[i] + (" " if i < len(words) - 1 else "")
                transport = request.transport
                if transport is None or transport.is_closing():
                    log.disconnected = True
                    return response
                chunk = {
                    "id": "chatcmpl-fake-stream",
                    "object": "chat.completion.chunk",
                    "model": body.get("model", "fake"),
                    "choices": [{"index": 0, "delta": {"content": word}, "finish_reason": None}],
                }
                try:
                    await response.write(f"data: {json.dumps(chunk)}\n\n".encode())
                except (ConnectionResetError, RuntimeError):
                    log.disconnected = True
                    return response
                log.sent += 1
                if behaviour.delay:
                    await asyncio.sleep(behaviour.delay)
        except asyncio.CancelledError:  # aiohttp cancels a handler whose client left
            log.disconnected = True
            raise
        await response.write(b"data: [DONE]\n\n")
        log.finished = True
        return response

    def _chat_answer(self, body: dict[str, Any], content: Any) -> dict[str, Any]:
        content = self._content(body, content)
        return {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    async def _act(
        self,
        request: web.Request,
        behaviour: Behaviour,
        answer: Callable[[Any], Any],
        *,
        cohere: bool = False,
        native: bool = False,
    ) -> web.StreamResponse:
        kind = behaviour.kind
        if kind == "slow":
            await _sleep_unless_gone(request, behaviour.delay)
            return await self._act(
                request, behaviour.then or reply(), answer, cohere=cohere, native=native
            )
        if kind == "reply":
            return web.json_response(answer(behaviour.content))
        if kind == "raw":
            return web.json_response(behaviour.content, status=behaviour.status)
        if kind == "status":
            message = behaviour.content
            if cohere:
                err: Any = {"message": message}
            elif self.dialect == "openai" and not native:
                err = {"error": {"message": message}}
            else:
                err = server_dialects.error_body(self.dialect, behaviour.status, message, native)
            return web.json_response(err, status=behaviour.status, headers=behaviour.headers)
        if kind == "malformed":
            return web.Response(text='{"choices": [{"message": ', content_type="application/json")
        if kind == "truncated":
            payload = json.dumps(answer(None)).encode()
            response = web.StreamResponse(headers={"Content-Type": "application/json"})
            response.content_length = len(payload)
            await response.prepare(request)
            await response.write(payload[: len(payload) // 2])
            _close(request)
            return response
        if kind == "drop":
            _close(request)
            return web.Response()
        raise ValueError(f"unknown behaviour {kind!r}")


def _small_model_answer(body: dict[str, Any], content: Any, json_only: bool) -> Any:
    """What a 135M model does with a schema it only read in the prompt: repeats it."""
    for message in body.get("messages", []):
        text = str(message.get("content", ""))
        if SCHEMA_IN_PROMPT in text:
            return text.split(SCHEMA_IN_PROMPT, 1)[1].strip()
    return content


def _as_behaviour(item: Behaviour | str | dict[str, Any]) -> Behaviour:
    return item if isinstance(item, Behaviour) else reply(item)


def _vectors(content: Any, body: dict[str, Any], texts: Any, dims: int) -> list[list[float]]:
    if callable(content):
        return content(body)
    if content is not None:
        return content
    return [hash_embed(str(t), dims) for t in texts or []]


def _close(request: web.Request) -> None:
    if request.transport is not None:
        request.transport.close()


async def _sleep_unless_gone(request: web.Request, seconds: float) -> None:
    """Sleep, but stop early once the client has hung up (keeps shutdown fast)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        transport = request.transport
        if transport is None or transport.is_closing():
            return
        await asyncio.sleep(min(0.01, max(0.0, deadline - time.monotonic())))
