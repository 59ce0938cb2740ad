"""Connected-mode recall latency: p50/p95 at 100k memories in one workspace.

    python bench/pg_latency.py                  # 100k memories, local MiniLM embedder
    python bench/pg_latency.py --memories 10000 --queries 300

Starts embedded PostgreSQL (bench/pg_setup.py), bulk-loads the memories, then times
`MemoryService.recall` end to end as the bot runs it: embedding the question with
the local embedder, keyword (GIN) and vector (HNSW) search under row-level
security as the application role, RRF fusion, re-scoring, and the touch write.
It also times the embedder alone and recall with the query vector precomputed, and
with `--baseline` that recall again under other settings, interleaved (a paired ratio).
Target (issue 3): p95 ≤ 30 ms including the query embedding.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.pg_setup import (  # noqa: E402
    BASE_SENTENCES,
    base_sentences,
    embedded_database,
    fill,
    questions,
)
from bench.recall_latency import baseline_tuning  # noqa: E402
from core.ports import Embedder  # noqa: E402
from core.providers.presets import EmbedConfig, build_embedder  # noqa: E402
from core.recall import hybrid  # noqa: E402
from core.service import MemoryService  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

WORKSPACE, USER = "bench", "alice"
TARGET_P95_MS = 30.0


class Precomputed:
    """An embedder that answers from a table: recall timed without the model."""

    def __init__(self, vectors: dict[str, list[float]], dimensions: int) -> None:
        self.name, self.dimensions, self.vectors = "precomputed", dimensions, vectors

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self.vectors[t] for t in texts]


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def line(label: str, ms: Sequence[float]) -> str:
    return (
        f"{label:<34} p50 {pct(ms, 50):6.2f} ms   p95 {pct(ms, 95):6.2f} ms   "
        f"p99 {pct(ms, 99):6.2f} ms   mean {statistics.fmean(ms):6.2f} ms"
    )


async def timed(fn, items) -> list[float]:
    out = []
    for item in items:
        started = time.perf_counter()
        await fn(item)
        out.append((time.perf_counter() - started) * 1000)
    return out


async def run(args: argparse.Namespace) -> int:
    embedder: Embedder | None = build_embedder(EmbedConfig(preset=args.embedder))
    assert embedder is not None, "the benchmark needs an embedder"
    database = (
        contextlib.nullcontext((args.app_url, args.admin_url))
        if args.app_url
        else embedded_database()
    )
    async with database as (app_url, admin_url):
        store = PostgresStore(app_url, admin_url=admin_url, max_size=4)
        await store.open()
        started = time.perf_counter()
        if (await MemoryService(store).stats(WORKSPACE, USER)).memories == 0:
            await fill(store, embedder, WORKSPACE, USER, args.memories)
            print(f"loaded {args.memories} memories in {time.perf_counter() - started:.1f} s")
        texts = base_sentences(BASE_SENTENCES)
        asked = questions(texts, args.memories, args.queries + args.warmup)
        service = MemoryService(store, embedder=embedder)
        vectors = {q: (await embedder.embed([q]))[0] for q in asked}
        db = MemoryService(store, embedder=Precomputed(vectors, embedder.dimensions))
        # Warm up as a running bot is warm: caches, prepared statements, the model,
        # and the store's list of this user's common words.
        for q in asked[: args.warmup]:
            await service.recall(WORKSPACE, USER, q)
        asked = asked[args.warmup :]
        full, embed_only, db_only, db_baseline = [], [], [], []
        defaults, baseline = hybrid.TUNING, baseline_tuning(args.baseline or "off")
        for q in asked:  # interleaved, so load changes hit the series alike
            full += await timed(lambda q: service.recall(WORKSPACE, USER, q), [q])
            embed_only += await timed(lambda q: embedder.embed([q]), [q])
            db_only += await timed(lambda q: db.recall(WORKSPACE, USER, q), [q])
            if args.baseline:
                hybrid.TUNING = baseline
                db_baseline += await timed(lambda q: db.recall(WORKSPACE, USER, q), [q])
                hybrid.TUNING = defaults
        hits = [len(await db.recall(WORKSPACE, USER, q, touch=False)) for q in asked[:20]]
        await store.close()
    print(f"{args.memories} memories, one workspace, {len(asked)} questions, {embedder.name}")
    print(line("recall (embed + search + score)", full))
    print(line("  query embedding alone", embed_only))
    print(line("  recall with vector precomputed", db_only))
    if db_baseline:
        print(line(f"  same, baseline {args.baseline}", db_baseline))
        print(f"  p95 defaults/baseline {pct(db_only, 95) / max(pct(db_baseline, 95), 1e-9):.2f}")
    print(f"mean hits per question: {statistics.fmean(hits):.1f}")
    ok = pct(full, 95) <= TARGET_P95_MS
    print(f"target p95 ≤ {TARGET_P95_MS:.0f} ms: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--app-url", help="use this (filled or empty) database instead")
    parser.add_argument("--admin-url", help="its owner's URL (with --app-url)")
    parser.add_argument("--embedder", default="local", help="embedder preset (default local)")
    parser.add_argument(
        "--baseline",
        metavar="SPEC",
        help="also time recall (vector precomputed) with these Tuning fields over the "
        'defaults, interleaved, e.g. "further=0,vector_pool=50" (an earlier release)',
    )
    sys.exit(asyncio.run(run(parser.parse_args(argv))))


if __name__ == "__main__":
    main()
