"""How fast the local embedder is on this machine (not run by the tests).

Prints texts/second for batch sizes 1, 8 and 32, and p50/p95 latency of embedding
one short query (what every recall pays), with 1 and 2 intra-op threads. Then
`--callers` tasks at once, each embedding one text at a time (as concurrent saves and
recalls do), with their texts sharing model runs (core/providers/embedders/
coalesce.py) beside one run per text, paired in this process: CPU ms per text (the
process's, so the model's threads included), texts per run, and wall texts/s; and a
text seen again (the vector cache).

    python bench/embedder_speed.py [--rounds 3] [--queries 200] [--callers 8]
                                   [--precision int8|fp32]
"""

from __future__ import annotations

import argparse
import asyncio
import os
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


async def concurrent_callers(
    embedder: LocalMiniLMEmbedder, texts: list[str], callers: int
) -> tuple[float, float, float]:
    """CPU ms per text, texts per model run, wall texts/s: `callers` tasks at once."""
    queue = list(texts)
    runs = embedder.worker.runs

    async def caller() -> None:
        while queue:
            await embedder.embed([queue.pop()])

    cpu, started = time.process_time(), time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(callers)))
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu
    return 1000 * cpu / len(texts), len(texts) / (embedder.worker.runs - runs), len(texts) / wall


async def sharing(callers: int, rounds: int, precision: str) -> None:
    """Shared runs beside one run per text, alternating, the best of `rounds` each."""
    shared = LocalMiniLMEmbedder(cache_size=0, precision=precision)
    alone = LocalMiniLMEmbedder(cache_size=0, batch_size=1, precision=precision)
    questions = [f"what did {n} say about the {QUERY[6:]}" for n in range(64)]
    try:
        await shared.embed(["warm up"])
        await alone.embed(["warm up"])
        print(f"\n{callers} callers at once, one text each | CPU ms/text  texts/run  texts/s")
        for label, texts in (("questions", questions), ("memories", MEMORIES[:64])):
            best: dict[str, tuple[float, float, float]] = {}
            for _ in range(rounds):
                for name, embedder in (("shared runs", shared), ("one run each", alone)):
                    got = await concurrent_callers(embedder, texts, callers)
                    if name not in best or got[0] < best[name][0]:
                        best[name] = got
            for name, (cpu, per_run, rate) in best.items():
                row = f"{cpu:>11.2f}  {per_run:>9.1f}  {rate:>7.1f}"
                print(f"  {label:<9} {name:<13}        | {row}")
        cached = LocalMiniLMEmbedder(precision=precision)
        await cached.embed([QUERY])
        started = time.perf_counter()
        for _ in range(1000):
            await cached.embed([QUERY])
        each = 1000 * (time.perf_counter() - started)  # ms for 1,000 = µs for one
        print(f"  a text seen again (from the cache): {each:.0f} µs")
        cached.close()
    finally:
        shared.close()
        alone.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--callers", type=int, default=8)
    parser.add_argument("--precision", choices=("int8", "fp32"), default="int8")
    args = parser.parse_args()
    print(f"load average {'/'.join(f'{x:.1f}' for x in os.getloadavg())}, {args.precision}")
    print("threads  batch  texts/s   | query p50 ms  p95 ms")
    for threads in (1, 2):
        embedder = LocalMiniLMEmbedder(
            intra_op_threads=threads, batch_size=32, cache_size=0, precision=args.precision
        )
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
    await sharing(args.callers, args.rounds, args.precision)


if __name__ == "__main__":
    asyncio.run(main())
