"""Standalone mode: the lookup every save makes uses an index, not a scan (SPEC §4.4).

Each `remember` first asks the store for an active memory with the same normalised
hash. Done by scanning, that lookup grows with the user's memories (17 ms a save at
10k in bench/recall_latency.py); through the unique index `memories_active_hash` it
stays one index probe. The test reads SQLite's own query plan for the statements a
save runs, so it fails if the predicate and the index drift apart.
"""

from __future__ import annotations

from core.models import SaveStatus, Scope
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore


async def hash_lookup_plans(store: SQLiteStore, statements: list[str]) -> list[str]:
    """SQLite's query plan for each SELECT by content hash among `statements`."""
    lookups = [s for s in statements if s.lstrip().startswith("SELECT") and "content_hash =" in s]

    def explain(sql: str) -> str:
        return " | ".join(row[3] for row in store.conn.execute(f"EXPLAIN QUERY PLAN {sql}"))

    return [await store.run(explain, sql) for sql in lookups]


async def test_saving_looks_up_an_exact_duplicate_in_the_unique_hash_index(tmp_path):
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    service = MemoryService(store)
    await service.open()
    try:
        for n in range(40):
            await service.remember("acme", "alice", f"service {n} listens on port {8000 + n * 7}")
        await service.remember("acme", "alice", "we deploy on Tuesdays", Scope.GLOBAL)
        statements: list[str] = []
        await store.run(store.conn.set_trace_callback, statements.append)
        private = await service.remember("acme", "alice", "Service 3 listens on port 8021.")
        shared = await service.remember("acme", "bob", "We deploy on Tuesdays!", Scope.GLOBAL)
        await store.run(store.conn.set_trace_callback, None)
        plans = await hash_lookup_plans(store, statements)
    finally:
        await service.close()
    assert private.status == SaveStatus.DUPLICATE and shared.status == SaveStatus.DUPLICATE
    assert len(plans) == 2
    assert all("USING INDEX memories_active_hash" in plan for plan in plans), plans


async def test_a_hash_lookup_finds_only_the_principals_private_copy(tmp_path):
    """The index-friendly predicate keeps the old meaning: private means mine."""
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    service = MemoryService(store)
    await service.open()
    try:
        alice = await service.remember("acme", "alice", "my desk is by the window")
        bob = await service.remember("acme", "bob", "my desk is by the window")
        shared = await service.remember("acme", "bob", "the desk map is on the wiki", Scope.GLOBAL)
        again = await service.remember("acme", "alice", "the desk map is on the wiki", Scope.GLOBAL)
    finally:
        await service.close()
    assert alice.status == bob.status == SaveStatus.SAVED
    assert alice.memory.id != bob.memory.id
    assert again.status == SaveStatus.DUPLICATE and again.memory.id == shared.memory.id


async def test_a_common_word_is_probed_once_then_remembered_and_no_search_ranks_every_match(
    tmp_path,
):
    """Keyword search on a word in most memories: the first search probes it (bounded
    counts, rowids ascending), later ones do not; no statement ranks the common word's
    rows with FTS5 (`ORDER BY rank` over a MATCH holding it)."""
    from core.models import Principal
    from core.stores.sqlite.candidates import TERM_QUOTA
    from tests.contract.test_store_contract import memory

    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    await store.open()
    alice = Principal("acme", "alice")
    try:
        async with store.session(alice) as s:
            rows = [memory(alice, f"the team ships release {n}") for n in range(TERM_QUOTA + 50)]
            await s.insert_memories([*rows, memory(alice, "the team met Zanzibar")])
        statements: list[str] = []
        await store.run(store.conn.set_trace_callback, statements.append)
        async with store.session(alice) as s:
            first = await s.search_text(["team", "zanzibar"], 10)
        probes_first = sum("count(*)" in sql and '"team"' in sql for sql in statements)
        async with store.session(alice) as s:  # a commit: the search itself runs again
            await s.insert_memories([memory(alice, "lunch is at noon")])
        statements.clear()
        async with store.session(alice) as s:
            second = await s.search_text(["team", "zanzibar"], 10)
        probes_second = sum("count(*)" in sql and '"team"' in sql for sql in statements)
        ranked = [sql for sql in statements if "ORDER BY rank" in sql]
        await store.run(store.conn.set_trace_callback, None)
    finally:
        await store.close()
    assert first[0].memory.content == second[0].memory.content == "the team met Zanzibar"
    # "team" is counted over the index, then probed; the second time, neither
    assert (probes_first, probes_second) == (2, 0)
    assert ranked and all('"team"' not in sql for sql in ranked)


async def test_newest_rows_are_the_newest_visible_matches_whether_few_or_many(tmp_path):
    """`newest_rows` reads a sparse AND in rowid order and a dense one newest first:
    either way the newest visible matches, newest first (what one descending walk
    gives), someone else's private rows left out."""
    from core.models import Principal
    from core.stores.sqlite.candidates import SPARSE, newest_rows
    from tests.contract.test_store_contract import memory

    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    await store.open()
    alice, bob = Principal("acme", "alice"), Principal("acme", "bob")
    try:
        async with store.session(alice) as s:
            await s.insert_memories(
                [memory(alice, f"the team ships release {n}") for n in range(SPARSE * 3)]
                + [memory(alice, f"the team ships the rare widget {n}") for n in range(3)]
            )
        async with store.session(bob) as s:
            await s.insert_memories([memory(bob, "bob's team ships the rare widget too")])

        def both(match: str) -> tuple[list[int], list[int]]:
            params = {"ws": "acme", "user": "alice", "st0": "active"}
            status = "m.status IN (:st0)"
            walked = [
                row[0]
                for row in store.conn.execute(
                    f"""SELECT f.rowid FROM memories_fts f JOIN memories m ON m.seq = f.rowid
                    WHERE memories_fts MATCH :m AND m.workspace = :ws AND (m.scope = 'global'
                    OR m.owner = :user) AND {status} ORDER BY f.rowid DESC LIMIT 10""",
                    {**params, "m": match},
                )
            ]
            return newest_rows(store.conn, params, match, status, 10), walked

        sparse = await store.run(both, '"team" AND "rare" AND "widget"')
        dense = await store.run(both, '"team" AND "ships"')
        none = await store.run(both, '"team" AND "nothing"')
    finally:
        await store.close()
    assert sparse[0] == sparse[1] and len(sparse[0]) == 3  # bob's private row is not alice's
    assert sparse[0] == sorted(sparse[0], reverse=True)
    assert dense[0] == dense[1] and len(dense[0]) == 10
    assert none == ([], [])
