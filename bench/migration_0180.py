"""What migration 0180's re-index costs on a full table, with the HNSW index and without.

    nice -n 10 python bench/migration_0180.py                 # 100k memories, 384 dims
    python bench/migration_0180.py --memories 2000 --rounds 1

0180 drops the stored generated `tsv` column and adds it again: PostgreSQL rewrites the
table, and a rewrite rebuilds every index on it, the HNSW vector index included, all in
the migration's transaction (writes to `memories` wait for it). This starts embedded
PostgreSQL, migrates one database up to 0170 and fills it by COPY with `--memories`
memories of one workspace (a tenth hold an address, host, path or version, the tokens
0180 splits), each with a clustered random 384-dimension vector and the HNSW index built.
Each round copies that database twice (`CREATE DATABASE … TEMPLATE`): one keeps the
HNSW index, one drops it; then 0180 is applied to each as `memorybot db migrate` would
(same runner, the server's default maintenance_work_mem) and its wall time is printed.
`--work-mem 512MB` sets maintenance_work_mem for the migrating session instead (an HNSW
build is far faster while its graph fits). Best of `--rounds`; timings are the
machine's (2 shared cores here: run it niced).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.pg_setup import base_sentences, codename, memory_text, new_memory  # noqa: E402
from core.models import NewMemory  # noqa: E402
from core.stores.postgres import embedded, migrations  # noqa: E402
from core.stores.postgres.bulk import copy_memories  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

VERSION = 180
DIMENSIONS = 384
SOURCE = "before_0180"
COMPOUNDS = (
    "mail {c}@acme.example about it",
    "docs at wiki.{c}.dev",
    "config in /etc/{c}/app.conf",
    "runs release v2.{n}.1",
)


def memories(n: int, seed: int = 3) -> Iterator[NewMemory]:
    """n memories: the latency benches' sentences, a tenth with a compound token."""
    texts = base_sentences(2000)
    rng = np.random.default_rng(seed)
    bases = rng.normal(0, 1, (len(texts), DIMENSIONS))
    bases /= np.linalg.norm(bases, axis=1, keepdims=True)
    for i in range(n):
        text = memory_text(texts, i)
        if i % 10 == 0:
            extra = COMPOUNDS[(i // 10) % len(COMPOUNDS)]
            text += "; " + extra.format(c=codename(i).lower(), n=i % 50)
        vector = bases[i % len(texts)] + rng.normal(0, 0.02, DIMENSIONS)
        yield new_memory("acme", "alice", text, i, (vector / np.linalg.norm(vector)).tolist())


def store_for(server: embedded.LocalPostgres, database: str) -> PostgresStore:
    return PostgresStore(server.app_url(database), admin_url=server.admin_url(database))


async def prepare(server: embedded.LocalPostgres, n: int) -> float:
    """SOURCE at 0170, filled; returns the table's size in MB."""
    everything = migrations.migration_files
    migrations.migration_files = lambda: [m for m in everything() if m[0] < VERSION]  # type: ignore[assignment]
    try:
        server.create_database(SOURCE)
        store = store_for(server, SOURCE)
        await store.migrate()
        await store.set_dimensions(DIMENSIONS)
        await copy_memories(store, memories(n))
        async with store.connect(admin=True) as conn:
            row = await (
                await conn.execute("SELECT pg_total_relation_size('memories') / 1e6")
            ).fetchone()
        return float(row[0]) if row else 0.0
    finally:
        migrations.migration_files = everything  # type: ignore[method-assign]


async def migrate_seconds(
    server: embedded.LocalPostgres, database: str, hnsw: bool, work_mem: str
) -> float:
    """Wall time of applying 0180 to a copy of SOURCE, with or without the HNSW index
    (`work_mem`: the maintenance_work_mem of the migrating session, "" the default)."""
    server.create_database(database, template=SOURCE)
    store = store_for(server, database)
    try:
        async with store.connect(admin=True) as conn:
            if not hnsw:
                await conn.execute("DROP INDEX memories_embedding_hnsw")
            if work_mem:
                await conn.execute(
                    sql.SQL("ALTER DATABASE {} SET maintenance_work_mem = {}").format(
                        sql.Identifier(database), sql.Literal(work_mem)
                    )
                )
        started = time.perf_counter()
        applied = await store.migrate()
        seconds = time.perf_counter() - started
        if applied != ["0180_compound_token_parts.sql"]:
            raise SystemExit(f"expected 0180 alone, applied {applied}")
        return seconds
    finally:
        server.drop_database(database)


async def main(n: int, rounds: int, work_mem: str) -> None:
    server = embedded.start(Path(tempfile.mkdtemp(prefix="memorybot-bench-")) / "data", delete=True)
    try:
        started = time.perf_counter()
        size = await prepare(server, n)
        print(f"{n} memories, {DIMENSIONS}-dim vectors, memories table + indexes {size:.0f} MB")
        print(f"  (filled at 0170 in {time.perf_counter() - started:.1f} s)")
        with_index, without = float("inf"), float("inf")
        for i in range(rounds):
            with_index = min(with_index, await migrate_seconds(server, f"hnsw_{i}", True, work_mem))
            without = min(without, await migrate_seconds(server, f"plain_{i}", False, work_mem))
        print(f"0180 re-index, best of {rounds}, maintenance_work_mem {work_mem or 'default'}:")
        print(f"  HNSW index present: {with_index:6.1f} s")
        print(f"  HNSW index absent:  {without:6.1f} s")
        print(f"  ratio present/absent: {with_index / without:.1f}x")
    finally:
        server.cleanup()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--work-mem", default="", help="maintenance_work_mem while migrating, e.g. 512MB"
    )
    args = parser.parse_args()
    asyncio.run(main(args.memories, args.rounds, args.work_mem))
