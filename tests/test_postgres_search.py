"""Connected-mode recall: halfvec + HNSW for vectors, a generated tsvector + GIN for
keywords (SPEC §5), and reshaping the embedding column when the dimension changes
(SPEC §6)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from core.ids import new_id
from core.jobs.embedding import embed_backfill  # noqa: F401  (registers the job)
from core.models import NewMemory, Principal, Scope
from core.remember.canonical import content_hash
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from core.stores.postgres.search import (
    CANDIDATES_PER_TERM,
    text_search_query,
    vector_search_query,
)
from core.stores.postgres.session import INSERT, memory_values
from core.stores.postgres.store import HNSW_INDEX
from tests.fakes.embedder import HashingEmbedder, hash_embed

ALICE = Principal("acme", "alice")
WORDS = [
    "staging",
    "prod",
    "database",
    "port",
    "deploy",
    "review",
    "lunch",
    "friday",
    "vpn",
    "wiki",
    "kafka",
    "redis",
]


async def explain(session, query: tuple[str, dict]) -> str:
    sql, params = query
    async with session.conn.cursor() as cur:
        await cur.execute("EXPLAIN " + sql, {**session.params, **params})
        return "\n".join(row[0] for row in await cur.fetchall())


async def test_recall_queries_use_the_hnsw_and_gin_indexes(pg_store):
    await pg_store.set_dimensions(16)
    rng = random.Random(7)
    rows = []
    for i in range(1500):
        rare = " zephyr" if i % 300 == 0 else ""  # a selective term, as most are
        text = " ".join(rng.choices(WORDS, k=6)) + f" note {i}{rare}"
        new = NewMemory(new_id(), "acme", "alice", Scope.PRIVATE, text, content_hash(text))
        rows.append(memory_values(replace(new, embedding=hash_embed(text, 16))))
    async with pg_store.session(ALICE) as s, s.conn.cursor() as cur:
        await cur.executemany(INSERT, rows)
    async with pg_store.connect(admin=True) as conn:
        await conn.execute("ANALYZE memories")
    async with pg_store.session(ALICE) as s:
        await s.conn.execute("SET LOCAL enable_seqscan = off")
        vector_plan = await explain(s, vector_search_query(hash_embed("staging port", 16), 50, 16))
        text_plan = await explain(
            s, text_search_query(["zephyr", "project"], 50, ["active"], require_all=False)
        )
        hits = await s.search_vector(hash_embed("staging port", 16), 5)
        found = await s.search_text(["zephyr", "project"], 50)
    assert f"Index Scan using {HNSW_INDEX}" in vector_plan, vector_plan
    assert re.search(r"Bitmap Index Scan on memories_(workspace_)?tsv", text_plan), text_plan
    assert len(hits) == 5 and hits[0].relevance >= hits[-1].relevance
    assert len(found) == 5 and all("zephyr" in h.memory.content for h in found)


async def test_changing_the_dimension_clears_old_vectors_and_they_regenerate_in_the_background(
    pg_store,
):
    await pg_store.set_dimensions(64)
    service = MemoryService(pg_store, embedder=HashingEmbedder(64))
    for user, text in (
        ("alice", "the VPN is Tunnelblick"),
        ("alice", "lunch is at noon"),
        ("bob", "bob deploys on Fridays"),
    ):
        await service.remember("acme", user, text)
    assert (await service.stats("acme", "alice")).without_embedding == 0

    queued = await pg_store.set_dimensions(32)

    assert queued == [("acme", "alice"), ("acme", "bob")]
    assert await pg_store.dimensions() == 32
    alice = await service.stats("acme", "alice")
    assert (alice.memories, alice.without_embedding) == (2, 2)  # memories untouched
    queue = PostgresJobs(pg_store)
    assert (await queue.counts())["pending"] == 2
    worker_service = MemoryService(pg_store, embedder=HashingEmbedder(32))
    assert await queue.run_once(worker_service.ports) == 2
    assert (await service.stats("acme", "alice")).without_embedding == 0
    assert (await service.stats("acme", "bob")).without_embedding == 0
    assert (await queue.counts())["done"] == 2
    hits = await worker_service.recall("acme", "alice", "which VPN do we use?")
    assert hits[0].content == "the VPN is Tunnelblick"
    assert await pg_store.set_dimensions(32) == []  # same shape: nothing to do


async def test_a_backfill_without_an_embedder_fails_and_is_retried(pg_store):
    await pg_store.set_dimensions(8)
    await MemoryService(pg_store).remember("acme", "alice", "saved in degraded mode")
    await pg_store.set_dimensions(16)
    queue = PostgresJobs(pg_store)
    assert await queue.run_once(MemoryService(pg_store).ports) == 1
    counts = await queue.counts()
    assert counts["pending"] == 1 and counts["done"] == 0


async def fill_project_updates(pg_store, many: int) -> None:
    """`many` memories with "project" in them, and one with the rare "zephyr" too."""
    texts = [f"project status update number {i}" for i in range(many)]
    texts.append("project zephyr launches on Friday")
    rows = [
        memory_values(NewMemory(new_id(), "acme", "alice", Scope.PRIVATE, t, content_hash(t)))
        for t in texts
    ]
    async with pg_store.session(ALICE) as s, s.conn.cursor() as cur:
        await cur.executemany(INSERT, rows)


async def test_a_word_in_most_memories_neither_slows_nor_drowns_a_rare_one(pg_store):
    await fill_project_updates(pg_store, CANDIDATES_PER_TERM + 50)
    for _ in range(2):  # the first query learns that "project" is common
        async with pg_store.session(ALICE) as s:
            hits = await s.search_text(["project", "zephyr"], 10)
        assert hits[0].memory.content == "project zephyr launches on Friday"
    assert pg_store._common_terms.get(ALICE) == {"project"}
    assert pg_store._common_terms.get(Principal("acme", "bob")) == frozenset()
    async with pg_store.session(ALICE) as s:  # common words alone still find memories
        only_common = await s.search_text(["project", "status"], 10)
    assert len(only_common) == 10 and all("status" in h.memory.content for h in only_common)


async def test_keyword_hits_come_once_each_best_first_and_ties_oldest_first(pg_store):
    """Candidates found by several probes are ranked once; equal scores keep save order."""
    texts = [
        "zephyr alpha note",  # equal relevance to the next two: kept in save order
        "zephyr beta note",
        "zephyr gamma note",
        "zephyr checklist item zephyr checklist item",  # every word, twice: best
        "checklist for lunch",
    ]
    rows = [
        memory_values(
            replace(
                NewMemory(new_id(), "acme", "alice", Scope.PRIVATE, t, content_hash(t)),
                created_at=1.7e9 + i,
            )
        )
        for i, t in enumerate(texts)
    ]
    async with pg_store.session(ALICE) as s, s.conn.cursor() as cur:
        for row in rows:
            await cur.execute(INSERT, row)
    async with pg_store.session(ALICE) as s:
        hits = await s.search_text(["zephyr", "checklist", "item"], 10)
    found = [h.memory.content for h in hits]
    assert found[0] == texts[3] and len(found) == len(set(found)) == 5
    assert found[1:4] == texts[:3] and found[4] == texts[4]
    scores = [h.relevance for h in hits]
    assert scores == sorted(scores, reverse=True) and scores[1] == scores[2] == scores[3]


async def test_a_new_users_first_search_knows_a_word_in_most_of_their_memories_is_common(
    pg_store,
):
    """No index probe of "project" is needed to learn it: a sample of the principal's
    rows shows it, and its candidates come from the sample (counted in the plan)."""
    await fill_project_updates(pg_store, CANDIDATES_PER_TERM + 100)
    query = text_search_query(["project", "zephyr"], 10, ["active"], False, sample=True)
    assert query is not None
    sql, params = query
    async with pg_store.session(ALICE) as s:
        async with s.conn.cursor() as cur:
            await cur.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, {**s.params, **params})
            [[plan]] = await cur.fetchall()
        hits = await s.search_text(["project", "zephyr"], 10)  # a new principal: samples
    probes = [n for n in _plan_nodes(plan[0]["Plan"]) if n.get("Subplan Name") == "CTE probes"]
    assert probes and probes[0]["Actual Rows"] == 2  # "zephyr" and both words: not "project"
    assert hits[0].memory.content == "project zephyr launches on Friday"
    assert pg_store._common_terms.get(ALICE) == {"project"}


def _plan_nodes(node: dict) -> list[dict]:
    return [node, *(n for child in node.get("Plans", []) for n in _plan_nodes(child))]


async def test_a_keyword_search_ranks_its_workspaces_matches_as_a_full_ranking_would(pg_store):
    """Other workspaces hold the same words, many times the quota: the bounded search
    (one probe per word, each capped at the quota) still returns exactly the ids an
    unbounded ranking of the principal's visible matches does, in the same order, and
    nothing of another workspace or another user's private rows."""
    rng = random.Random(11)
    rows, ids = [], {}
    for ws, count in (("acme", 120), ("other1", 600), ("other2", 600)):
        for i in range(count):
            words = rng.sample(WORDS, 3) + (["zephyr"] if i % 40 == 0 else [])
            text = " ".join(words) + f" note {ws} {i}"
            owner = "bob" if i % 5 == 0 else "alice"
            scope = Scope.GLOBAL if i % 3 == 0 else Scope.PRIVATE
            new = NewMemory(new_id(), ws, owner, scope, text, content_hash(text))
            new = replace(new, created_at=1.7e9 + i)
            ids[new.id] = (ws, owner, scope)
            rows.append((Principal(ws, owner), memory_values(new)))
    for principal in {p for p, _ in rows}:
        async with pg_store.session(principal) as s, s.conn.cursor() as cur:
            await cur.executemany(INSERT, [r for p, r in rows if p == principal])
    async with pg_store.connect(admin=True) as conn:
        await conn.execute("ANALYZE memories")
    terms = ["deploy", "kafka", "zephyr", "lunch"]
    reference = """SELECT m.id FROM memories m,
            (SELECT plainto_tsquery('english', 'deploy') || plainto_tsquery('english', 'kafka')
             || plainto_tsquery('english', 'zephyr') || plainto_tsquery('english', 'lunch')) q(q)
        WHERE m.tsv @@ q.q AND m.workspace = %(ws)s AND m.status = 'active'
        AND (m.owner = %(user)s OR m.scope = 'global')
        ORDER BY ts_rank(m.tsv, q.q) DESC, m.seq LIMIT 30"""
    for attempt in ("sampled", "learned"):  # a new principal's first search, then later ones
        async with pg_store.session(ALICE) as s:
            hits = await s.search_text(terms, 30)
            expected = [r["id"] for r in await s._rows(reference)]
        assert [h.memory.id for h in hits] == expected, attempt
        assert len(expected) == 30
        assert all(ids[i][0] == "acme" for i in expected)
        assert all(ids[i][1] == "alice" or ids[i][2] == Scope.GLOBAL for i in expected)
