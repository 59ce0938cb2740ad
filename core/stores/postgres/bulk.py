"""Bulk loading for imports and benchmarks: COPY as the owner, then one index build.

Inserting 100k rows one by one through the application role costs minutes, and
growing an HNSW index row by row is far slower than building it once. COPY cannot
run under row-level security, so this needs the admin URL (the schema owner,
normally a superuser); rows are written exactly as given, without the service's
guards, so only trusted data (benchmarks, validated imports) comes through here.
"""

from __future__ import annotations

from collections.abc import Iterable

from pgvector.psycopg import register_vector_async
from psycopg import sql

from core.models import NewMemory
from core.stores.codec import MEMORY_COLUMNS
from core.stores.postgres.session import memory_values
from core.stores.postgres.store import HNSW_INDEX, PostgresStore, _column_dimensions


async def copy_memories(store: PostgresStore, memories: Iterable[NewMemory]) -> int:
    """COPY the memories in, rebuild the HNSW index and ANALYZE; returns the count."""
    columns = [*MEMORY_COLUMNS, "embedding"]
    count = 0
    async with store.connect(admin=True) as conn:
        await register_vector_async(conn)
        dims = await _column_dimensions(conn)
        await conn.execute(sql.SQL("DROP INDEX IF EXISTS {}").format(sql.Identifier(HNSW_INDEX)))
        copy_sql = sql.SQL("COPY memories ({}) FROM STDIN").format(
            sql.SQL(", ").join(map(sql.Identifier, columns))
        )
        async with conn.cursor() as cur, cur.copy(copy_sql) as copy:
            for memory in memories:
                values = memory_values(memory)
                await copy.write_row([values[c] for c in columns])
                count += 1
        if dims:
            # The build is far faster while the graph fits in memory: 1M 384-dimension
            # halfvecs with their neighbour lists take about 1.5 GB.
            await conn.execute("SET maintenance_work_mem = '2GB'")
            await conn.execute("SET max_parallel_maintenance_workers = 1")
            await conn.execute(
                sql.SQL(
                    "CREATE INDEX {} ON memories USING hnsw (embedding halfvec_cosine_ops)"
                ).format(sql.Identifier(HNSW_INDEX))
            )
        await conn.execute("ANALYZE memories")
    return count
