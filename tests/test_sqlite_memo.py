"""Standalone mode: a keyword search is reused only while nothing was committed.

A save made while another holds the writer's turn plans on a snapshot, and its write
transaction checks the plan with the same search (`core.remember.saving`); the store
answers that second search from the first when the database cannot have changed in
between (`core.stores.sqlite.memo`). A save finding the writer free decides inside
its transaction and searches once there. These tests pin the reuse, and every kind
of commit in between — this process's, another connection's, the session's own
writes — makes the search run again and see the new row.
"""

from __future__ import annotations

import sqlite3

from core.models import Principal, SaveStatus
from core.service import MemoryService
from core.stores.sqlite.session import SQLiteSession
from core.stores.sqlite.store import SQLiteStore
from tests.contract.test_store_contract import memory

ALICE = Principal("acme", "alice")


async def opened(tmp_path) -> SQLiteStore:
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    await store.open()
    return store


async def search(store: SQLiteStore, *, read_only: bool) -> list[str]:
    async with store.session(ALICE, read_only=read_only) as s:
        return [h.memory.content for h in await s.search_text(["zanzibar"], 10)]


def count_searches(monkeypatch) -> list[int]:
    """Keyword searches the store really ran (not answered from the memo)."""
    ran: list[int] = []
    original = SQLiteSession._search_text

    def counted(self, *args):  # type: ignore[no-untyped-def]
        ran.append(1)
        return original(self, *args)

    monkeypatch.setattr(SQLiteSession, "_search_text", counted)
    return ran


async def test_a_sequential_save_runs_its_keyword_search_once_and_decides_the_same(
    tmp_path, monkeypatch
):
    """With the writer free a save decides inside its write transaction: one search."""
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    service = MemoryService(store)
    await service.open()
    ran = count_searches(monkeypatch)
    try:
        await service.remember("acme", "alice", "the staging DB is on port 6543")
        ran.clear()
        result = await service.remember("acme", "alice", "the staging DB is on port 5432")
        assert len(ran) == 1
        assert result.status == SaveStatus.UPDATED
        assert result.replaced is not None and "6543" in result.replaced.content
    finally:
        await service.close()


async def test_a_save_planned_while_the_writer_was_busy_reuses_the_plans_search(
    tmp_path, monkeypatch
):
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    service = MemoryService(store)
    await service.open()
    try:
        await service.remember("acme", "alice", "the staging DB is on port 6543")
        ran = count_searches(monkeypatch)
        before = store.searches.reused
        monkeypatch.setattr(store, "writer_busy", lambda: True)  # as if another save wrote
        result = await service.remember("acme", "alice", "the staging DB is on port 5432")
        assert store.searches.reused == before + 1  # the plan's search, not run again
        assert len(ran) == 1
        assert result.status == SaveStatus.UPDATED
        assert result.replaced is not None and "6543" in result.replaced.content
    finally:
        await service.close()


async def test_a_commit_after_a_search_makes_the_write_search_again(tmp_path):
    store = await opened(tmp_path)
    try:
        assert await search(store, read_only=True) == []
        async with store.session(ALICE) as s:
            await s.insert_memory(memory(ALICE, "the team met Zanzibar"))
        assert await search(store, read_only=False) == ["the team met Zanzibar"]
    finally:
        await store.close()


async def test_another_connections_commit_makes_the_write_search_again(tmp_path):
    store = await opened(tmp_path)
    try:
        assert await search(store, read_only=False) == []  # the writer's own, kept
        assert await search(store, read_only=True) == []
        other = sqlite3.connect(store.path, isolation_level=None)
        other.create_function("memorybot_index_text", 1, lambda text: text)
        other.create_function("memorybot_signs", 1, lambda vector: None)
        row = memory(ALICE, "the team met Zanzibar")
        other.execute(
            "INSERT INTO memories (id, workspace, owner, scope, content, content_hash, kind,"
            " source, importance, confidence, status, created_at, updated_at)"
            " VALUES (?, ?, ?, 'private', ?, ?, 'fact', 'explicit', 0.5, 1.0, 'active', 1, 1)",
            (row.id, row.workspace, row.owner, row.content, row.content_hash),
        )
        other.close()
        assert await search(store, read_only=False) == ["the team met Zanzibar"]
    finally:
        await store.close()


async def test_a_write_session_that_changed_a_row_searches_its_own_state(tmp_path):
    store = await opened(tmp_path)
    try:
        assert await search(store, read_only=True) == []
        async with store.session(ALICE) as s:
            assert await s.search_text(["zanzibar"], 10) == []
            await s.insert_memory(memory(ALICE, "the team met Zanzibar"))
            found = await s.search_text(["zanzibar"], 10)
        assert [h.memory.content for h in found] == ["the team met Zanzibar"]
    finally:
        await store.close()


async def test_a_rolled_back_session_trusts_no_earlier_search(tmp_path):
    store = await opened(tmp_path)
    try:
        assert await search(store, read_only=True) == []
        version = store.version
        try:
            async with store.session(ALICE) as s:
                await s.insert_memory(memory(ALICE, "the team met Zanzibar"))
                raise RuntimeError("abandoned")
        except RuntimeError:
            pass
        assert store.version > version
        assert await search(store, read_only=False) == []
    finally:
        await store.close()
