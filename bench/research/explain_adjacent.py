"""Does PostgreSQL read a memory's conversation neighbours through an index?

`StoreSession.adjacent` runs for the best recall candidates on every recall of chat
lines, so it must be one index seek per neighbour (memories_owner_order, migration
0170), never a sort of the owner's memories. This fills a throwaway embedded
PostgreSQL with N memories (60 % of them one owner's, the rest in four other
workspaces), runs `adjacent` for 20 of them with reach 2 and prints EXPLAIN (ANALYZE,
BUFFERS) of the very statement it sent.

    python bench/research/explain_adjacent.py [--memories 100000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.pg_setup import embedded_database, fill  # noqa: E402
from core.models import Principal  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402


class TinyEmbedder:
    """Random 8-dimension vectors: the plan of a neighbour seek does not read them."""

    name = "tiny"
    dimensions = 8

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        rng = random.Random(len(texts))
        return [[rng.random() for _ in range(self.dimensions)] for _ in texts]


async def explain(memories: int, reach: int) -> list[str]:
    async with embedded_database() as (url, admin):
        store = PostgresStore(url, admin_url=admin)
        await fill(store, TinyEmbedder(), "ws", "ana", memories * 6 // 10)
        for other in range(4):
            await fill(store, TinyEmbedder(), f"other{other}", "ana", memories // 10)
        async with store.connect(admin=True) as conn:
            await conn.execute("ANALYZE memories")
        try:
            async with store.session(Principal("ws", "ana")) as session:
                rows = await session._rows(
                    "SELECT id FROM memories m WHERE m.workspace = 'ws' ORDER BY random() LIMIT 20"
                )
                sent: dict[str, Any] = {}
                run = session._rows

                async def capture(sql: str, params: dict[str, Any] | None = None) -> Any:
                    sent.update(sql=sql, params=params)
                    return await run(sql, params)

                session._rows = capture  # type: ignore[method-assign]
                found = await session.adjacent([r["id"] for r in rows], 900.0, reach)
                session._rows = run  # type: ignore[method-assign]
                plan = await run("EXPLAIN (ANALYZE, BUFFERS) " + sent["sql"], sent["params"])
        finally:
            await store.close()
    return [f"{len(found)} neighbours of 20 memories at {memories:,}"] + [
        row["QUERY PLAN"] for row in plan
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--reach", type=int, default=2)
    args = parser.parse_args()
    print("\n".join(asyncio.run(explain(args.memories, args.reach))))


if __name__ == "__main__":
    main()
