"""What the database's authority check costs on recall's hottest write (issue 11).

    python bench/authority_trigger.py                # 500 globals, 384-dim embeddings
    python bench/authority_trigger.py --memories 100 --rounds 3

Recall bumps the use count of every memory it returns, globals written by others
included; the `memories_authority` trigger (0113, 0117) looks at each such UPDATE to
tell bookkeeping from a rewrite. This starts embedded PostgreSQL, saves `--memories`
global memories as alice, then, as the application role, runs
`UPDATE memories SET use_count = use_count + 1` under EXPLAIN ANALYZE and prints the
trigger's time per row: as bob (a non-author: the columns are compared) and as alice
(the author: the first test returns). Best of `--rounds`; timings are the machine's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.pg_setup import embedded_database, new_memory  # noqa: E402
from core.models import Principal  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

TRIGGER = re.compile(r"Trigger memories_authority: time=([\d.]+) calls=(\d+)")


def trigger_us(app_url: str, user: str, rounds: int) -> float:
    """The trigger's best per-row time (µs) over `rounds` touches of every memory."""
    with psycopg.connect(app_url, autocommit=True) as conn:
        conn.execute(
            "SELECT set_config('memorybot.workspace', 'acme', false), "
            "set_config('memorybot.user', %s, false)",
            (user,),
        )
        best = float("inf")
        for _ in range(rounds):
            rows = conn.execute(
                "EXPLAIN (ANALYZE, FORMAT TEXT) UPDATE memories SET use_count = use_count + 1"
            ).fetchall()
            found = TRIGGER.search("\n".join(row[0] for row in rows))
            if found is None:
                raise SystemExit("no memories_authority trigger: is migration 0113 applied?")
            best = min(best, float(found.group(1)) / int(found.group(2)) * 1000)
        return best


async def main(memories: int, rounds: int) -> None:
    async with embedded_database() as (app_url, admin_url):
        store = PostgresStore(app_url, admin_url=admin_url)
        await store.open()
        await store.set_dimensions(384)
        rng = random.Random(1)
        async with store.session(Principal("acme", "alice")) as session:
            for i in range(memories):
                vector = [rng.random() for _ in range(384)]
                text = f"shared fact number {i} about the deploy"
                await session.insert_memory(
                    new_memory("acme", "alice", text, i * 4, vector)  # i*4: a global
                )
        await store.close()
        other, author = trigger_us(app_url, "bob", rounds), trigger_us(app_url, "alice", rounds)
    print(f"memories_authority trigger per row, {memories} globals, best of {rounds}:")
    print(f"  non-author (recall's touch of someone's global): {other:.1f} µs")
    print(f"  author:                                          {author:.1f} µs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.memories, args.rounds))
