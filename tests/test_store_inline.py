"""Work run inline on a store's thread (`core.ports.inline`, `lanes.drive`): an import
batch's saves and a save's steps run where their store calls run, in one hop; what
they decide is unchanged, and work that would wait on anything else fails loudly
instead of hanging the connection's thread."""

from __future__ import annotations

import asyncio
import threading

import pytest

from core.governance.portability import import_jsonl
from core.models import Principal
from core.ports import Ports, inline
from core.stores.sqlite import lanes
from core.stores.sqlite.store import SQLiteStore
from tests.test_import_batches import FACTS as BATCH_FACTS
from tests.test_import_batches import jsonl

ALICE = Principal("acme", "alice")


async def test_inline_work_runs_its_store_calls_on_the_connection_thread(tmp_path):
    store = SQLiteStore(f"sqlite:///{tmp_path / 'm.db'}")
    await store.open()
    try:
        async with store.session(ALICE) as session:
            threads: list[str] = []

            async def work() -> int:
                threads.append(threading.current_thread().name)
                await session.stats()  # a store call: it runs at once, here
                threads.append(threading.current_thread().name)
                return 7

            assert await inline(session, work) == 7
        assert threads == ["memorybot-sqlite", "memorybot-sqlite"]
    finally:
        await store.close()


async def test_inline_work_that_waits_on_something_else_raises(tmp_path):
    store = SQLiteStore(f"sqlite:///{tmp_path / 'm.db'}")
    await store.open()
    try:
        with pytest.raises(RuntimeError, match="waited"):
            async with store.session(ALICE) as session:
                await inline(session, lambda: asyncio.sleep(0))
        async with store.session(ALICE, read_only=True) as session:  # the lane still serves
            assert (await session.stats()).memories == 0
    finally:
        await store.close()


async def test_inline_without_support_just_awaits():
    """A session without `inline` (PostgreSQL) runs the work on the event loop."""

    class Plain:
        pass

    async def work() -> str:
        return "done"

    assert await inline(Plain(), work) == "done"  # type: ignore[arg-type]


async def test_an_import_batch_saves_in_the_same_number_of_hops_whatever_its_length(
    tmp_path, monkeypatch
):
    hops: list[str] = []
    original = lanes.Lane.call

    async def counted(self, fn, *args):
        if threading.current_thread() is not self._thread:  # a hop from the event loop
            hops.append(self.name)
        return await original(self, fn, *args)

    monkeypatch.setattr(lanes.Lane, "call", counted)
    store = SQLiteStore(f"sqlite:///{tmp_path / 'm.db'}")

    ports = Ports(store, providers=_NoProviders(), clock=lambda: 1_800_000_000.0)
    await store.open()
    try:
        writer_hops = []
        for texts in (FACTS[:2], FACTS[2:]):
            hops.clear()
            report = await import_jsonl(ports, "acme", "alice", jsonl(*texts), batch_size=50)
            assert report.by_status == {"saved": len(texts)}
            writer_hops.append(hops.count("memorybot-sqlite"))
        assert len(FACTS[2:]) >= 3 * len(FACTS[:2])
        assert writer_hops[0] == writer_hops[1]
    finally:
        await store.close()


FACTS = (*BATCH_FACTS, "the design review moved to Thursday")


class _NoProviders:
    redaction = "mask"

    async def chat_for(self, workspace, settings=None):
        return None

    async def embedder_for(self, workspace, settings=None):
        return None


async def test_a_large_write_merges_the_keyword_index_and_finds_the_same(tmp_path, monkeypatch):
    from core.stores.sqlite import store as sqlite_store

    store = SQLiteStore(f"sqlite:///{tmp_path / 'm.db'}")
    ports = Ports(store, providers=_NoProviders(), clock=lambda: 1_800_000_000.0)
    await store.open()
    statements: list[str] = []
    try:
        await store.run(store.conn.set_trace_callback, statements.append)
        monkeypatch.setattr(sqlite_store, "MERGE_AFTER", 10**9)
        await import_jsonl(ports, "acme", "alice", jsonl(*FACTS[:4]))
        assert not any("'merge'" in s for s in statements)  # a small write: no merge
        async with store.session(ALICE, read_only=True) as s:
            before = [h.memory.id for h in await s.search_text(["deploy", "lunch"], 10)]
        monkeypatch.setattr(sqlite_store, "MERGE_AFTER", 1)
        await import_jsonl(ports, "acme", "alice", jsonl(*FACTS[4:]))
        assert any("'merge'" in s for s in statements)
        async with store.session(ALICE, read_only=True) as s:
            after = [h.memory.id for h in await s.search_text(["deploy", "lunch"], 10)]
        assert after == before and len(before) == 2
    finally:
        await store.run(store.conn.set_trace_callback, None)
        await store.close()
