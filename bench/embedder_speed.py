"""How fast the local embedder is on this machine (not run by the tests).

Prints texts/second for batch sizes 1, 8 and 32, and p50/p95 latency of embedding
one short query (what every recall pays), with 1 and 2 intra-op threads.

    python bench/embedder_speed.py [--rounds 3] [--queries 200]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.providers.embedders.local import LocalMiniLMEmbedder

QUERY = "which port is the staging database on?"
# Memory-sized texts (roughly 10-40 tokens), like what recall stores and backfills.
MEMORIES = [
    f"Memory {i}: the {topic} for project {i % 7} is owned by team {i % 5}; "
    f"ask in #ops before changing it{' (see the runbook for details)' * (i % 3)}."
    for i, topic in enumerate(
        ["staging database port", "deploy schedule", "TLS certificate", "on-call rota"] * 64
    )
]


async def texts_per_second(embedder: LocalMiniLMEmbedder, batch_size: int, rounds: int) -> float:
    texts = MEMORIES[: max(batch_size * 8, 64)]
    best = 0.0
    for _ in range(rounds):
        started = time.perf_counter()
        for start in range(0, len(texts), batch_size):
            await embedder.embed(texts[start : start + batch_size])
        best = max(best, len(texts) / (time.perf_counter() - started))
    return best


async def query_latency(embedder: LocalMiniLMEmbedder, queries: int) -> tuple[float, float]:
    timings = []
    for _ in range(queries):
        started = time.perf_counter()
        await embedder.embed([QUERY])
        timings.append((time.perf_counter() - started) * 1000)
    cuts = statistics.quantiles(timings, n=20)
    return statistics.median(timings), cuts[18]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    print("threads  batch  texts/s   | query p50 ms  p95 ms")
    for threads in (1, 2):
        embedder = LocalMiniLMEmbedder(intra_op_threads=threads, batch_size=32)
        try:
            started = time.perf_counter()
            await embedder.embed(["warm up"])
            load_s = time.perf_counter() - started
            p50, p95 = await query_latency(embedder, args.queries)
            for batch_size in (1, 8, 32):
                rate = await texts_per_second(embedder, batch_size, args.rounds)
                print(f"{threads:>7}  {batch_size:>5}  {rate:>8.1f}  | {p50:>12.2f}  {p95:>6.2f}")
            print(f"         (first call, including model load: {load_s:.2f} s)")
        finally:
            embedder.close()


if __name__ == "__main__":
    asyncio.run(main())
