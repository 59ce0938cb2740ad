"""A recall's touch rides on its COMMIT: one round trip for both, and the bumps still
land (and read back inside the session) as when the UPDATE went out alone."""

from __future__ import annotations

import psycopg

from core.models import Principal
from tests.contract.test_store_contract import add

ALICE = Principal("acme", "alice")


async def test_a_touch_is_sent_with_the_commit_in_one_statement(pg_store, monkeypatch):
    m = await add(pg_store, ALICE, "the VPN is called Tunnelblick")
    sent: list[str] = []
    plain, client = psycopg.AsyncConnection.execute, psycopg.AsyncClientCursor.execute

    async def plain_execute(self, query, *args, **kwargs):
        sent.append(str(query))
        return await plain(self, query, *args, **kwargs)

    async def client_execute(self, query, *args, **kwargs):
        sent.append(str(query))
        return await client(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "execute", plain_execute)
    monkeypatch.setattr(psycopg.AsyncClientCursor, "execute", client_execute)
    async with pg_store.session(ALICE) as s:
        sent.clear()  # the BEGIN
        await s.touch([m.id], 500.0)
        assert sent == []  # nothing sent yet
    assert len(sent) == 1 and "UPDATE memories" in sent[0] and sent[0].endswith("COMMIT")
    monkeypatch.undo()
    async with pg_store.session(ALICE, read_only=True) as s:
        got = await s.get_memory(m.id)
    assert got.use_count == 1 and got.last_used_at == 500.0


async def test_a_failed_statement_after_a_touch_rolls_the_touch_back(pg_store):
    m = await add(pg_store, ALICE, "the wiki lives on Notion")
    try:
        async with pg_store.session(ALICE) as s:
            await s.touch([m.id], 700.0)
            await s._rows("SELECT 1/0")  # the touch goes out first, then this fails
    except psycopg.errors.DivisionByZero:
        pass
    async with pg_store.session(ALICE, read_only=True) as s:
        got = await s.get_memory(m.id)
    assert got.use_count == 0
