"""Standalone vector search past a few thousand memories: a shortlist by sign bits,
then exact scores (core/stores/sqlite/vectors.py). It finds what the exact scan
finds, without reading every stored vector."""

from __future__ import annotations

import numpy as np

from core.models import Principal
from core.stores.sqlite import vectors
from core.stores.sqlite.store import SQLiteStore
from tests.contract.test_store_contract import memory

ALICE = Principal("acme", "alice")
DIMS = 384


def unit(v: np.ndarray) -> list[float]:
    return (v / np.linalg.norm(v)).astype(np.float32).tolist()


async def test_a_large_vector_search_reads_a_shortlist_and_finds_the_exact_top(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(vectors, "EXACT_BELOW", 100)  # the shortlist path at test size
    monkeypatch.setattr(vectors, "SHORTLIST_FACTOR", 20)  # 200 of the 600 rows
    rng = np.random.default_rng(7)
    bases = rng.normal(size=(60, DIMS))
    rows, stored = [], {}
    for n in range(600):  # ten memories around each of 60 topics
        vector = unit(bases[n % 60] + rng.normal(scale=0.6, size=DIMS))
        new = memory(ALICE, f"memory {n}", embedding=vector)
        rows.append(new)
        stored[new.id] = np.array(vector)
    query = unit(bases[17] + rng.normal(scale=0.6, size=DIMS))
    exact = sorted(stored, key=lambda i: -float(stored[i] @ np.array(query)))[:10]
    store = SQLiteStore(f"sqlite:///{tmp_path}/m.db")
    await store.open()
    try:
        async with store.session(ALICE) as s:
            await s.insert_memories(rows)
        statements: list[str] = []
        async with store.session(ALICE, read_only=True) as s:
            await s.store.run(s.conn.set_trace_callback, statements.append)
            hits = await s.search_vector(query, 10)
            await s.store.run(s.conn.set_trace_callback, None)
    finally:
        await store.close()
    assert [h.memory.id for h in hits] == exact
    vector_reads = [sql for sql in statements if "m.embedding FROM" in sql]
    assert vector_reads and all("json_each" in sql for sql in vector_reads)  # no full scan


async def test_a_changed_vector_changes_its_signs(tmp_path, monkeypatch):
    monkeypatch.setattr(vectors, "EXACT_BELOW", 1)
    rng = np.random.default_rng(3)
    rows = [memory(ALICE, f"memory {n}", embedding=unit(rng.normal(size=DIMS))) for n in range(5)]
    moved = unit(rng.normal(size=DIMS))
    store = SQLiteStore(f"sqlite:///{tmp_path}/m.db")
    await store.open()
    try:
        async with store.session(ALICE) as s:
            await s.insert_memories(rows)
            await s.set_embedding(rows[2].id, moved, content_hash=rows[2].content_hash)
        async with store.session(ALICE, read_only=True) as s:
            signs = await s.store.run(
                lambda: s.conn.execute(
                    "SELECT embedding_signs FROM memories WHERE id = ?", (rows[2].id,)
                ).fetchone()[0]
            )
            hits = await s.search_vector(moved, 1)
    finally:
        await store.close()
    assert signs == np.packbits(np.array(moved) > 0).tobytes()
    assert hits[0].memory.id == rows[2].id and hits[0].relevance > 0.99


def test_signs_are_the_same_with_and_without_numpy(monkeypatch):
    import builtins

    blob = np.array([0.5, -0.1, 0.0, 2.0, -3.0, 1e-9, -1e-9, 0.3, 0.7], dtype=np.float32)
    with_numpy = vectors.sign_bits(blob.tobytes())
    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    assert vectors.sign_bits(blob.tobytes()) == with_numpy == bytes([0b10010101, 0b10000000])


async def test_saves_after_another_connection_changed_the_schema_keep_their_signs(tmp_path):
    """A second process (or a tool) may add a table to the file; the next insert
    still works and still writes its vector's signs (0141's triggers broke here)."""
    import sqlite3

    store = SQLiteStore(f"sqlite:///{tmp_path}/m.db")
    await store.open()
    other = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    other.execute("CREATE TABLE someone_elses (id INTEGER PRIMARY KEY)")
    other.close()
    vector = unit(np.random.default_rng(1).normal(size=DIMS))
    try:
        async with store.session(ALICE) as s:
            await s.insert_memories([memory(ALICE, "memory with a vector", embedding=vector)])
            await s.insert_memory(memory(ALICE, "another", embedding=vector))
        signs = await store.run(
            lambda: [r[0] for r in store.conn.execute("SELECT embedding_signs FROM memories")]
        )
    finally:
        await store.close()
    assert signs == [np.packbits(np.array(vector) > 0).tobytes()] * 2
