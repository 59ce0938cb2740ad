"""Erase and forget mean gone (SPEC §8): no version, index entry, vote, job payload or
file page keeps the text. Proved by scanning the bytes: SQLite's main and WAL files,
and every PostgreSQL table read as its owner (jobs included)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bots.cli import cli
from core.extraction import extractor as extraction
from core.models import Scope
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from core.stores.sqlite.store import SQLiteStore

WS, ALICE, BOB = "acme", "alice", "bob"
SECRET_WORDS = ("zanzibarquux", "plumtrellis", "orbivane")


async def leftovers(store) -> list[str]:
    """Which of the distinctive words any file page or table row still holds."""
    if isinstance(store, SQLiteStore):
        path = Path(store.path)
        blobs = [p.read_bytes() for p in path.parent.iterdir() if p.name.startswith(path.name)]
        return sorted(w for w in SECRET_WORDS if any(w.encode() in b for b in blobs))
    found = set()
    async with store.connect(admin=True) as conn:
        tables = await (
            await conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
            )
        ).fetchall()
        for (table,) in tables:
            rows = await (await conn.execute(f'SELECT t::text FROM "{table}" t')).fetchall()
            found |= {w for (row,) in rows for w in SECRET_WORDS if w in row}
    return sorted(found)


async def near_miss_rows(store) -> int:
    """Rows of memory_near_misses, anyone's (ids only: `leftovers` cannot see them)."""
    if isinstance(store, SQLiteStore):
        async with store.session(service_principal()) as session:
            sql = "SELECT count(*) FROM memory_near_misses"
            return await session.store.run(lambda: session.conn.execute(sql).fetchone()[0])
    async with store.connect(admin=True) as conn:
        row = await (await conn.execute("SELECT count(*) FROM memory_near_misses")).fetchone()
        return int(row[0])


async def everything_alice_can_leave(service: MemoryService) -> None:
    await service.update_settings(WS, "admin", is_admin=True, contradiction_policy="keep_history")
    await service.remember(WS, ALICE, "my zanzibarquux appointment is on Friday at 3pm")
    await service.remember(WS, ALICE, "my zanzibarquux appointment is on Monday at 3pm")
    await service.remember(WS, ALICE, "maybe plumtrellis moves to Lisbon", pending=True)
    await service.remember(WS, ALICE, "my plumtrellis wifi password rotates monthly")
    looks_alike = "my plumtrellis guest wifi password rotates monthly"
    assert (await service.remember(WS, ALICE, looks_alike)).near_miss is not None
    shared = await service.remember(WS, ALICE, "the orbivane build runs nightly", Scope.GLOBAL)
    await service.feedback(WS, BOB, [shared.memory.id], up=True)


async def test_after_erase_no_file_page_or_table_row_holds_the_text(service):
    await everything_alice_can_leave(service)
    await service.remember(WS, BOB, "bob keeps his own notes about deploys")
    assert await leftovers(service.store) == sorted(SECRET_WORDS)  # the scan sees them
    assert await near_miss_rows(service.store) == 1
    report = await service.erase(WS, ALICE, include_globals=True)
    assert report.done and report.memories == 5 and report.globals == 1
    assert await leftovers(service.store) == []
    assert await near_miss_rows(service.store) == 0
    bob_view = await service.memories(WS, BOB)
    assert [m.content for m in bob_view.items] == ["bob keeps his own notes about deploys"]


async def test_erasing_a_shared_memory_takes_its_near_miss_with_someone_elses_along(service):
    alices = await service.remember(
        WS, ALICE, "the Falcon staging build runs nightly at two", "global"
    )
    bobs = await service.remember(
        WS, BOB, "the Falcon staging docs build runs nightly at two", Scope.GLOBAL
    )
    assert bobs.near_miss is not None and bobs.near_miss.id == alices.memory.id
    await service.erase(WS, ALICE)  # her shared memories stay: so does the question
    assert [(n.id, o.id) for n, o in (await service.memories(WS, BOB)).near_misses] == [
        (bobs.memory.id, alices.memory.id)
    ]
    await service.erase(WS, ALICE, include_globals=True)
    assert await near_miss_rows(service.store) == 0
    assert (await service.get_memory(WS, BOB, bobs.memory.id)).content.startswith("the Falcon")


async def test_forget_removes_every_version_and_the_index_entries(service):
    await service.update_settings(WS, "admin", is_admin=True, contradiction_policy="keep_history")
    await service.remember(WS, ALICE, "the zanzibarquux gate code changes on Friday")
    latest = await service.remember(WS, ALICE, "the zanzibarquux gate code changes on Monday")
    forgot = await service.forget(WS, ALICE, latest.memory.id)
    assert len(forgot.forgotten) == 1
    for status in ("active", "superseded", "archived", "pending_review"):
        async with service.store.session(service_principal()) as session:
            assert await session.list_memories([status], 50) == []
    assert await service.recall(WS, ALICE, "zanzibarquux gate code") == []
    assert (await service.stats(WS, ALICE)).entities == 0
    await service.undo(WS, ALICE, forgot.audit_id)  # undo brings both versions back
    async with service.store.session(service_principal()) as session:
        assert len(await session.list_memories(["active", "superseded"], 50)) == 2


def service_principal():
    from core.models import Principal

    return Principal(WS, ALICE)


async def test_undone_saves_leave_no_entity_behind(service):
    for text in ("Acme ships Falcon", "Globex buys Zephyr"):
        saved = await service.remember(WS, ALICE, text)
        assert (await service.undo(WS, ALICE, saved.audit_id)).ok
    assert (await service.stats(WS, ALICE)).entities == 0


async def test_the_database_file_and_a_new_directory_are_private(tmp_path):
    store = SQLiteStore(f"sqlite:///{tmp_path}/new/dir/memorybot.db")
    await store.open()
    try:
        async with store.session(service_principal()) as session:
            await session.touch([], 0.0)
    finally:
        await store.close()
    assert (tmp_path / "new" / "dir").stat().st_mode & 0o777 == 0o700
    for path in (tmp_path / "new" / "dir").iterdir():
        assert path.stat().st_mode & 0o077 == 0, path.name


def test_erasing_an_unknown_user_says_so_and_exits_non_zero(tmp_path):
    url = f"sqlite:///{tmp_path}/m.db"
    runner = CliRunner()
    env = {"MEMORYBOT_DATABASE_URL": url, "MEMORYBOT_WORKSPACE": WS, "MEMORYBOT_USER": "admin"}
    saved = runner.invoke(cli, ["remember", "the wiki is at wiki.acme.dev"], env=env)
    assert saved.exit_code == 0, saved.output
    done = runner.invoke(cli, ["erase", "--user", "alcie", "--confirm"], env=env)
    assert done.exit_code != 0
    assert "Nothing is held about" in done.output and "alcie" in done.output
    real = runner.invoke(cli, ["erase", "--user", "admin", "--confirm"], env=env)
    assert real.exit_code == 0 and "Erased admin" in real.output


async def test_erase_cancels_queued_jobs_and_the_worker_recreates_nothing(pg_store, clock):
    queue = PostgresJobs(pg_store, clock=clock)
    service = MemoryService(pg_store, clock=clock, jobs=queue)
    await service.remember(WS, ALICE, "my zanzibarquux badge number is on my desk")
    for message in ("remember that my plumtrellis locker is 12", "I prefer orbivane tea"):
        payload = extraction.extraction_payload(WS, ALICE, "D1", message)
        await queue.enqueue(extraction.KIND, payload, workspace=WS)
    bobs = extraction.extraction_payload(WS, BOB, "D2", "remember that bob likes green tea")
    await queue.enqueue(extraction.KIND, bobs, workspace=WS)
    report = await service.erase(WS, ALICE)
    assert report.done and report.jobs == 2
    while await queue.run_once(service.ports):
        pass
    assert await leftovers(pg_store) == []
    assert (await service.stats(WS, ALICE)).private == 0
    assert [m.content for m in (await service.memories(WS, BOB)).items] == ["bob likes green tea"]
    async with pg_store.connect(admin=True) as conn:
        rows = await (await conn.execute("SELECT state, payload FROM jobs")).fetchall()
    assert rows == [("done", {"workspace": WS, "user": BOB, "channel": "D2"})]


async def test_an_admins_audit_entry_about_an_erased_memory_keeps_ids_not_text(service):
    shared = await service.remember(WS, ALICE, "the orbivane wiki lives on server 3", Scope.GLOBAL)
    edited = await service.edit(
        WS, "root", shared.memory.id, "the orbivane wiki lives on server 4", is_admin=True
    )
    assert edited.audit_id
    await service.erase(WS, ALICE, include_globals=True)
    assert await leftovers(service.store) == []
    undo = await service.undo(WS, "root", edited.audit_id)
    assert not undo.ok  # the entry is redacted: nothing of the memory comes back
    assert await service.get_memory(WS, "root", shared.memory.id) is None
