"""Fixtures for the Discord adapter: a local fake Discord and the real bot against it.

`fake` is a started FakeDiscord; `bot` is a MemoryBot logged in and connected to it
(REST and gateway), with `memory`: the shared `service` fixture, so every Discord test
runs on SQLite and on PostgreSQL. The bot fixture
fails the test if discord.py logged an error (an exception in a handler), if the
client's runner task died, or if the bot called a route the fake does not serve.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest

from adapters.discord.bot import BotOptions, MemoryBot, discord_endpoints
from core.ports import Embedder
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore
from tests.fakes.discord_server import BOT_TOKEN, NOT_FOUND, FakeDiscord


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
def memory(service: MemoryService) -> MemoryService:
    """The service behind the bot, on each store backend (tests/conftest.py)."""
    return service


@asynccontextmanager
async def running_bot(
    fake: FakeDiscord, service: MemoryService, shards: int = 1, **options: Any
) -> AsyncIterator[MemoryBot]:
    """The bot logged in and connected to `fake`; closed (and checked) afterwards."""
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        with discord_endpoints(fake.api_url, fake.gateway_url):
            bot = MemoryBot(
                service, BotOptions(guild_ready_timeout=0.05, identify_interval=0.0, **options)
            )
            async with bot:
                runner = asyncio.create_task(bot.start(BOT_TOKEN))
                ready = asyncio.create_task(bot.wait_until_ready())
                done, _ = await asyncio.wait(
                    {runner, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED
                )
                if runner in done:
                    runner.result()  # raises what killed the client
                assert ready in done, "the bot never became ready"
                await fake.wait_ready(shards)
                try:
                    yield bot
                finally:
                    await bot.close()
                    await asyncio.wait_for(runner, 10)
    finally:
        logging.getLogger().removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records]
    unknown = [(c.method, c.path) for c in fake.calls if c.response == NOT_FOUND]
    assert not unknown, f"calls the fake does not know: {unknown}"


@pytest.fixture
async def bot(fake: FakeDiscord, memory: MemoryService) -> AsyncIterator[MemoryBot]:
    async with running_bot(fake, memory) as client:
        yield client


@asynccontextmanager
async def service_with(tmp_path, clock, embedder: Embedder) -> AsyncIterator[MemoryService]:
    service = MemoryService(
        SQLiteStore(f"sqlite:///{tmp_path}/slow.db"), clock=clock, embedder=embedder
    )
    async with service:
        yield service


@contextmanager
def fake_in_thread(**kwargs: Any) -> Iterator[tuple[FakeDiscord, Callable[..., Any]]]:
    """A FakeDiscord on its own event loop in a thread, for code that calls asyncio.run
    itself (the CLI) or runs in another process; `call(coro)` runs on the fake's loop."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def make() -> FakeDiscord:
        return await FakeDiscord(**kwargs).__aenter__()

    def call(coro: Coroutine[Any, Any, Any], timeout: float = 20.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(timeout)

    server = call(make())
    try:
        yield server, call
    finally:
        asyncio.run_coroutine_threadsafe(server.__aexit__(None, None, None), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def buttons(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button in a sent message body, in order."""
    return [c for row in body.get("components", []) for c in row["components"] if c["type"] == 2]


def button(body: dict[str, Any], label: str) -> dict[str, Any]:
    found = [b for b in buttons(body) if b["label"] == label]
    assert found, f"no button {label!r} in {[b['label'] for b in buttons(body)]}"
    return found[0]


def menus(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every select menu in a sent message body, in order."""
    return [c for row in body.get("components", []) for c in row["components"] if c["type"] == 3]


def menu(body: dict[str, Any], placeholder: str) -> dict[str, Any]:
    found = [m for m in menus(body) if m["placeholder"] == placeholder]
    assert found, f"no menu {placeholder!r} in {[m['placeholder'] for m in menus(body)]}"
    return found[0]


def entry_labels(body: dict[str, Any], placeholder: str) -> list[str]:
    return [o["label"] for o in menu(body, placeholder)["options"]]


def entry(body: dict[str, Any], label: str) -> tuple[str, dict[str, Any]]:
    """The menu (its custom_id) and the option labelled `label`, in any menu."""
    for found in menus(body):
        for option in found["options"]:
            if option["label"] == label:
                return found["custom_id"], option
    labels = [o["label"] for m in menus(body) for o in m["options"]]
    raise AssertionError(f"no menu entry {label!r} in {labels}")


async def pick(fake: FakeDiscord, message: dict[str, Any], label: str, **kw: Any) -> Any:
    """Pick the entry labelled `label` in the message's menus (an Exchange)."""
    custom_id, option = entry(message, label)
    return await fake.choose(message, custom_id, option["value"], **kw)


def embed_text(body: dict[str, Any]) -> str:
    parts = []
    for embed in body.get("embeds", []):
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(p for p in parts if p)
