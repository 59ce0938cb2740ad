"""The database enforces authority and keeps the job queue per workspace (issue 11).

Raw SQL as the application role, on the real embedded PostgreSQL: a non-author's
UPDATE or DELETE of someone's global memory affects 0 rows unless the user was vouched
for as an admin through memorybot_attest_admin (0113), which the role cannot bypass by
writing the registry or setting a GUC; and setting `memorybot.worker` reveals no other
workspace's job, while the worker still runs every workspace's jobs (0114).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import psycopg
import pytest

from core.ids import new_id
from core.jobs.handlers import JOB_HANDLERS
from core.models import NewMemory, Principal, Scope
from core.remember.canonical import content_hash
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from core.stores.postgres.stewards import STEWARDS
from core.stores.postgres.store import PostgresStore

ALICE = Principal("acme", "alice")
BOB = Principal("acme", "bob")
MALLORY = Principal("evil", "mallory")
SHARED = "we ship on Fridays"


@pytest.fixture
async def seeded(pg) -> AsyncIterator[tuple[PostgresStore, str, str]]:
    """An open store whose database holds alice's global memory; (store, app url, id)."""
    database = pg.fresh()
    store: PostgresStore = pg.store(database)
    await store.open()
    memory_id = new_id()
    async with store.session(ALICE) as s:
        await s.insert_memory(
            NewMemory(
                id=memory_id,
                workspace="acme",
                owner="alice",
                scope=Scope.GLOBAL,
                content=SHARED,
                content_hash=content_hash(SHARED),
            )
        )
    try:
        yield store, pg.server.app_url(database), memory_id
    finally:
        await store.close()
        pg.drop(database)


async def connect_as(url: str, principal: Principal, **extra: str) -> psycopg.AsyncConnection:
    """The application role, its principal (and any other GUC) set for the session."""
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    settings = {"workspace": principal.workspace, "user": principal.user, **extra}
    for name, value in settings.items():
        await conn.execute("SELECT set_config(%s, %s, false)", (f"memorybot.{name}", value))
    return conn


async def content_of(store: PostgresStore, memory_id: str) -> str | None:
    async with store.session(ALICE) as s:
        memory = await s.get_memory(memory_id)
    return memory.content if memory else None


async def test_a_non_author_changes_nothing_of_a_global_memory(seeded):
    store, url, memory_id = seeded
    async with await connect_as(url, BOB) as conn:
        rewrite = "UPDATE memories SET content = 'we ship on Mondays' WHERE id = %s"
        assert (await conn.execute(rewrite, (memory_id,))).rowcount == 0
        assert (await conn.execute("UPDATE memories SET pinned = true")).rowcount == 0
        assert (
            await conn.execute("DELETE FROM memories WHERE id = %s", (memory_id,))
        ).rowcount == 0
        # Bookkeeping any reader causes still works: recall bumps the use count.
        bump = "UPDATE memories SET use_count = use_count + 1 WHERE id = %s"
        assert (await conn.execute(bump, (memory_id,))).rowcount == 1
    assert await content_of(store, memory_id) == SHARED
    async with store.session(ALICE) as s:
        assert (await s.get_memory(memory_id)).use_count == 1


async def test_the_app_role_cannot_make_itself_an_admin(seeded):
    store, url, memory_id = seeded
    async with await connect_as(url, BOB, maintenance="on", worker="on", admin="on") as conn:
        for grant in (
            "INSERT INTO workspace_admins VALUES ('acme', 'bob', 0, 1e12)",
            "UPDATE workspace_admins SET expires_at = 1e12",
            "DELETE FROM workspace_admins",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await conn.execute(grant)
        assert (
            await conn.execute("DELETE FROM memories WHERE id = %s", (memory_id,))
        ).rowcount == 0
    assert await content_of(store, memory_id) == SHARED


async def test_an_admin_vouched_for_may_change_and_delete_a_global(seeded):
    store, url, memory_id = seeded
    async with await connect_as(url, BOB) as conn:
        await conn.execute("SELECT memorybot_attest_admin()")
        rewrite = "UPDATE memories SET content = 'we ship on Mondays' WHERE id = %s"
        assert (await conn.execute(rewrite, (memory_id,))).rowcount == 1
    assert await content_of(store, memory_id) == "we ship on Mondays"
    async with await connect_as(url, MALLORY) as conn:  # admin of another workspace
        await conn.execute("SELECT memorybot_attest_admin()")
        await conn.execute("SELECT set_config('memorybot.workspace', 'acme', false)")
        assert (
            await conn.execute("DELETE FROM memories WHERE id = %s", (memory_id,))
        ).rowcount == 0
    async with await connect_as(url, BOB) as conn:
        assert (
            await conn.execute("DELETE FROM memories WHERE id = %s", (memory_id,))
        ).rowcount == 1
    assert await content_of(store, memory_id) is None


async def test_an_admins_vouching_expires(seeded):
    store, url, memory_id = seeded
    async with await connect_as(url, BOB) as conn:
        await conn.execute("SELECT memorybot_attest_admin()")
    async with store.connect(admin=True) as owner:
        await owner.execute("UPDATE workspace_admins SET expires_at = attested_at - 1")
    async with await connect_as(url, BOB) as conn:
        assert (
            await conn.execute("DELETE FROM memories WHERE id = %s", (memory_id,))
        ).rowcount == 0
    assert await content_of(store, memory_id) == SHARED


async def test_a_private_memory_stays_its_owners_even_for_an_admin(seeded):
    store, url, _ = seeded
    async with store.session(ALICE) as s:
        mine = await s.insert_memory(
            NewMemory(
                id=new_id(),
                workspace="acme",
                owner="alice",
                scope=Scope.PRIVATE,
                content="my dentist is on Friday",
                content_hash=content_hash("my dentist is on Friday"),
            )
        )
    async with await connect_as(url, BOB) as conn:
        await conn.execute("SELECT memorybot_attest_admin()")
        wipe = "UPDATE memories SET content = 'x' WHERE id = %s"
        assert (await conn.execute(wipe, (mine.id,))).rowcount == 0
        assert (await conn.execute("DELETE FROM memories WHERE id = %s", (mine.id,))).rowcount == 0
    async with store.session(ALICE) as s:
        assert (await s.get_memory(mine.id)).content == "my dentist is on Friday"


async def test_the_service_admin_paths_vouch_for_themselves(seeded):
    store, _, memory_id = seeded
    service = MemoryService(store)
    assert not (await service.forget("acme", "bob", SHARED)).forgotten
    assert (await service.forget("acme", "bob", SHARED, is_admin=True)).forgotten
    assert await content_of(store, memory_id) is None


@pytest.fixture
def recorded():
    runs: list[tuple[str, int]] = []

    async def record(ports, payload):
        await asyncio.sleep(0)
        runs.append((payload["workspace"], payload["n"]))

    return runs, {**JOB_HANDLERS, "test_record": record}


async def test_the_worker_guc_reveals_no_other_workspaces_job(seeded, recorded):
    store, url, _ = seeded
    _, handlers = recorded
    queue = PostgresJobs(store, handlers=handlers)
    for workspace in ("acme", "evil"):
        payload = {"workspace": workspace, "n": 1, "text": f"{workspace} secret"}
        await queue.enqueue("test_record", payload, workspace=workspace)
    async with await connect_as(url, BOB, worker="on", maintenance="on") as conn:
        rows = await (await conn.execute("SELECT workspace, payload->>'text' FROM jobs")).fetchall()
        assert rows == [("acme", "acme secret")]
        assert (await conn.execute("UPDATE jobs SET state = 'dead'")).rowcount == 1
        await conn.execute("SELECT set_config('memorybot.workspace', '', false)")
        assert (await (await conn.execute("SELECT count(*) FROM jobs")).fetchone())[0] == 0
        # The worker's cross-workspace step hands out ids, never payloads.
        claimed = await (
            await conn.execute("SELECT * FROM memorybot_claim_jobs(1e12, 2e12, 9)")
        ).fetchall()
        assert claimed == [("evil", 2)]


async def test_the_worker_still_runs_every_workspaces_jobs(seeded, recorded):
    store, _, _ = seeded
    runs, handlers = recorded
    queue = PostgresJobs(store, handlers=handlers)
    for n in range(6):
        workspace = ("acme", "evil", "beta")[n % 3]
        await queue.enqueue("test_record", {"workspace": workspace, "n": n}, workspace=workspace)
    service = MemoryService(store)
    while await queue.run_once(service.ports, batch=4):
        pass
    assert sorted(runs) == sorted((("acme", "evil", "beta")[n % 3], n) for n in range(6))
    assert await queue.counts() == {"pending": 0, "running": 0, "done": 6, "dead": 0}


@pytest.mark.parametrize("steward", STEWARDS, ids=lambda s: s.role)
async def test_the_functions_that_reach_past_a_principal_belong_to_a_steward(seeded, steward):
    _, url, _ = seeded
    names = [f.split("(")[0] for f in steward.functions]
    async with await connect_as(url, BOB) as conn:
        rows = await (
            await conn.execute(
                "SELECT pg_get_userbyid(proowner), "
                "has_function_privilege(current_user, oid, 'EXECUTE'), "
                "coalesce(array_to_string(proacl, ','), '') FROM pg_proc "
                "WHERE proname = ANY(%s)",
                (names,),
            )
        ).fetchall()
        assert len(rows) == len(names)
        for owner, app_may_execute, acl in rows:
            assert owner == steward.role and app_may_execute
            assert not any(item.startswith("=") for item in acl.split(","))  # not PUBLIC
        role = await (
            await conn.execute(
                "SELECT rolcanlogin, rolsuper, rolbypassrls, "
                "pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = %s",
                (steward.role,),
            )
        ).fetchone()
        assert role == (False, False, False, False)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute(f"SET ROLE {steward.role}")


# Changed freely by whoever can see the memory; owner, workspace and scope never change
# (memories_keep_author). Every other column of memories must be one the trigger checks.
BOOKKEEPING = {"use_count", "last_used_at", "trust", "stale_since", "embedding", "updated_at"}
FIXED = {"owner", "workspace", "scope", "tsv"}


async def test_the_authority_trigger_checks_every_column_but_bookkeeping(seeded):
    store, _, _ = seeded
    async with store.connect(admin=True) as conn:
        columns = await (
            await conn.execute(
                "SELECT attname FROM pg_attribute WHERE attrelid = 'memories'::regclass "
                "AND attnum > 0 AND NOT attisdropped"
            )
        ).fetchall()
        [(body,)] = await (
            await conn.execute(
                "SELECT prosrc FROM pg_proc WHERE proname = 'memorybot_check_authority'"
            )
        ).fetchall()
    checked = {c for (c,) in columns if f"NEW.{c}," in body or f"NEW.{c})" in body}
    assert {c for (c,) in columns} - BOOKKEEPING - FIXED == checked
    assert not checked & BOOKKEEPING


async def test_an_admins_forget_takes_the_history_it_superseded(seeded):
    store, _, _ = seeded
    service = MemoryService(store)
    await service.update_settings("acme", "bob", is_admin=True, contradiction_policy="keep_history")
    await service.remember("acme", "alice", "the staging DB is on port 6543", "global")
    new = await service.remember(
        "acme", "bob", "the staging DB is on port 5432", "global", is_admin=True
    )
    assert new.replaced is not None and new.replaced.owner == "alice"  # an update, by an admin
    async with store.connect(admin=True) as owner:  # that vouching has run out since
        await owner.execute("UPDATE workspace_admins SET expires_at = attested_at - 1")
    forgot = await service.forget("acme", "bob", new.memory.id, is_admin=True)
    assert [m.id for m in forgot.forgotten] == [new.memory.id]
    async with store.session(ALICE) as s:  # alice's superseded version went with it
        assert await s.list_memories(["active", "superseded"], 10) == [
            m for m in await s.list_memories(["active"], 10) if m.content == SHARED
        ]
