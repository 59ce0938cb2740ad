"""The two stores bench/scale.py measures: how each is filled and its plain baselines.

A `Target` owns a service on a fresh database plus a second, plain connection for
the baselines (an FTS5 MATCH / GIN lookup of one word, a plain INSERT): timed in the
same run on the same data, they show how much of a figure is the machine's load.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import core
from bench.pg_setup import new_memory
from bench.team_vocabulary import TeamVocabulary
from core.models import NewMemory, Principal
from core.service import MemoryService

BATCH = 1000
BASES = 256


class Target:
    service: MemoryService
    fill_method = ""

    async def fill(
        self, vocab: TeamVocabulary, workspaces: list[str], user: str, start: int, stop: int
    ) -> None:
        raise NotImplementedError

    async def baseline_lookup(self, workspace: str, word: str) -> None:
        raise NotImplementedError

    async def baseline_insert(self, texts: list[str]) -> None:
        raise NotImplementedError

    def server_cpu(self) -> float:
        return 0.0

    def describe(self) -> str:
        embedder = self.service.embedder
        server = getattr(self, "settings", "")
        store = self.service.store
        pool = getattr(store, "_max_size", None)
        readers = getattr(getattr(store, "_readers", None), "size", 0)
        return (
            ("no embedder" if embedder is None else embedder.name)
            + (f", pool of {pool} connections" if pool else "")
            + (f", 1 writer + {readers} reader connections" if readers else "")
            + (f", server {server}" if server else "")
        )


class SQLiteTarget(Target):
    fill_method = "the store's bulk insert (insert_memories), 1,000 rows a transaction"

    def __init__(self, service: MemoryService, path: Path) -> None:
        self.service = service
        self.plain = sqlite3.connect(path, isolation_level=None)
        self.plain.execute("CREATE TABLE scale_baseline (id INTEGER PRIMARY KEY, content TEXT)")

    async def fill(
        self, vocab: TeamVocabulary, workspaces: list[str], user: str, start: int, stop: int
    ) -> None:
        for ws in workspaces:
            for lo in range(start, stop, BATCH):
                rows = [
                    new_memory(ws, user, m.text, m.index)
                    for m in vocab.memories(lo, min(stop, lo + BATCH))
                ]
                async with self.service.store.session(Principal(ws, user)) as session:
                    await session.insert_memories(rows)

    async def baseline_lookup(self, workspace: str, word: str) -> None:
        self.plain.execute(
            "SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT 10", (f'"{word}"',)
        ).fetchall()

    async def baseline_insert(self, texts: list[str]) -> None:
        self.plain.execute("BEGIN IMMEDIATE")
        self.plain.executemany(
            "INSERT INTO scale_baseline (content) VALUES (?)", [(t,) for t in texts]
        )
        self.plain.execute("COMMIT")


class PostgresTarget(Target):
    fill_method = "COPY (core.stores.postgres.bulk) + one HNSW build, vectors = 256 real + noise"

    def __init__(self, service: MemoryService, server: Any, conn: Any, settings: str = "") -> None:
        self.service, self.server, self.plain = service, server, conn
        self.vectors: Any = None
        self.settings = settings

    async def fill(
        self, vocab: TeamVocabulary, workspaces: list[str], user: str, start: int, stop: int
    ) -> None:
        """COPY, with the server's processes at this process's (niced) priority: the
        COPY and the index build run in the server, not here."""
        niceness = os.getpriority(os.PRIO_PROCESS, 0)
        before = {pid: os.getpriority(os.PRIO_PROCESS, pid) for pid in self.server_pids()}
        try:
            for pid in before:
                os.setpriority(os.PRIO_PROCESS, pid, max(niceness, before[pid]))
            await self._copy(vocab, workspaces, user, start, stop)
        finally:
            for pid in self.server_pids():  # backends forked meanwhile took the niced one
                with suppress(ProcessLookupError, PermissionError):
                    os.setpriority(os.PRIO_PROCESS, pid, before.get(pid, min(before.values())))

    async def _copy(
        self, vocab: TeamVocabulary, workspaces: list[str], user: str, start: int, stop: int
    ) -> None:
        import numpy as np

        from core.stores.postgres.bulk import copy_memories

        embedder = self.service.embedder
        if embedder is not None and self.vectors is None:
            await self.service.store.set_dimensions(embedder.dimensions)  # type: ignore[attr-defined]
            texts = [m.text for m in vocab.memories(0, BASES, salt="bases")]
            vectors = []
            for lo in range(0, BASES, 64):
                vectors += await embedder.embed(texts[lo : lo + 64])
            self.vectors = np.array(vectors, dtype=np.float32)
        rng = np.random.default_rng(start)

        def vector(i: int) -> list[float] | None:
            if self.vectors is None:
                return None
            v = self.vectors[i % BASES] + rng.normal(0, 0.02, self.vectors.shape[1])
            return (v / np.linalg.norm(v)).tolist()

        def rows() -> Iterator[NewMemory]:
            for ws in workspaces:
                for m in vocab.memories(start, stop):
                    yield new_memory(ws, user, m.text, m.index, vector(m.index))

        await copy_memories(self.service.store, rows())  # type: ignore[arg-type]

    async def baseline_lookup(self, workspace: str, word: str) -> None:
        await (
            await self.plain.execute(
                "SELECT id FROM memories WHERE workspace = %s "
                "AND tsv @@ plainto_tsquery('english', %s) LIMIT 10",
                (workspace, word),
            )
        ).fetchall()

    async def baseline_insert(self, texts: list[str]) -> None:
        async with self.plain.transaction(), self.plain.cursor() as cur:
            await cur.executemany(
                "INSERT INTO scale_baseline (content) VALUES (%s)", [(t,) for t in texts]
            )

    def server_cpu(self) -> float:
        """CPU seconds of the postmaster and its backends so far (from /proc)."""
        return sum(cpu for _, cpu in server_processes(self.server.pgdata))

    def server_pids(self) -> list[int]:
        return [pid for pid, _ in server_processes(self.server.pgdata)]


def server_processes(pgdata: Path) -> list[tuple[int, float]]:
    """(pid, CPU seconds) of a PostgreSQL server's postmaster and its children, from /proc."""
    postmaster = (pgdata / "postmaster.pid").read_text().split()[0]
    tick = float(os.sysconf("SC_CLK_TCK"))
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if postmaster in (stat.parent.name, fields[1]):
            found.append((int(stat.parent.name), (int(fields[11]) + int(fields[12])) / tick))
    return found


@asynccontextmanager
async def open_target(
    store: str,
    tmp: Path,
    embedder_preset: str | None,
    pool: int | None = None,
    shared_buffers: str | None = None,
) -> AsyncIterator[Target]:
    if store == "sqlite":
        path = tmp / "scale.db"
        async with core.open_memory(f"sqlite:///{path}", pool_size=pool) as service:
            await service.stats("warm", "up")  # creates the file and schema
            yield SQLiteTarget(service, path)
        return
    import psycopg

    from core.providers.presets import EmbedConfig, build_embedder
    from core.stores.postgres import embedded

    server = embedded.start(tmp / "pg", delete=True)
    if shared_buffers:  # PostgreSQL's default (128MB) is sized for a laptop, not 1M rows
        with psycopg.connect(server.admin_url(), autocommit=True) as admin:
            admin.execute(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")
        server.stop()
        server.start()
    embedder = build_embedder(EmbedConfig(preset=embedder_preset or "local"))
    try:
        async with core.open_memory(
            server.app_url(), admin_url=server.admin_url(), embedder=embedder, pool_size=pool
        ) as service:
            conn = await psycopg.AsyncConnection.connect(server.admin_url(), autocommit=True)
            await conn.execute(
                "CREATE TABLE scale_baseline (id bigserial PRIMARY KEY, content text)"
            )
            try:
                row = await (await conn.execute("SHOW shared_buffers")).fetchone()
                yield PostgresTarget(service, server, conn, f"shared_buffers {row[0]}")
            finally:
                await conn.close()
    finally:
        server.cleanup()
