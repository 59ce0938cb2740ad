"""Standalone vector search: the sign-bit shortlist against the exact scan, same run.

Memories are 256 real local-embedder vectors (of bench/team_vocabulary.py texts) plus
Gaussian noise, renormalised; queries are real embeddings of 100 questions. For each
size it prints the p50/p95 of `search_vector` (limit 10) both ways and how many of the
exact top 10 the shortlist also returns (recall@10 against exact).

    python bench/vector_shortlist.py --sizes 10000,100000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from bench.pg_setup import new_memory  # noqa: E402
from bench.recall_latency import percentile  # noqa: E402
from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.models import Principal  # noqa: E402
from core.providers.presets import EmbedConfig, build_embedder  # noqa: E402
from core.stores.sqlite import vectors  # noqa: E402
from core.stores.sqlite.store import SQLiteStore  # noqa: E402

ALICE = Principal("ws", "u")


async def embed_all(texts: list[str]) -> np.ndarray:
    embedder = build_embedder(EmbedConfig(preset="local"))
    assert embedder is not None
    out = []
    for lo in range(0, len(texts), 32):
        out += await embedder.embed(texts[lo : lo + 32])
    return np.array(out, dtype=np.float32)


async def timed_search(store: SQLiteStore, queries: np.ndarray) -> tuple[list[float], list[list]]:
    times, found = [], []
    for q in queries:
        started = time.perf_counter()
        async with store.session(ALICE, read_only=True) as s:
            hits = await s.search_vector(q.tolist(), 10)
        times.append(1000 * (time.perf_counter() - started))
        found.append([h.memory.id for h in hits])
    return times, found


async def run(args: argparse.Namespace) -> None:
    vocab = TeamVocabulary(11)
    bases = await embed_all([m.text for m in vocab.memories(0, 256, salt="bases")])
    queries = await embed_all([q for q, _ in vocab.questions(1000, 100, salt="vq")])
    rng = np.random.default_rng(5)
    print(f"load {'/'.join(f'{x:.1f}' for x in os.getloadavg())}, noise {args.noise}")
    with tempfile.TemporaryDirectory(prefix="memorybot-vec-") as tmp:
        store = SQLiteStore(f"sqlite:///{tmp}/v.db")
        await store.open()
        filled = 0
        for size in sorted(args.sizes):
            for lo in range(filled, size, 1000):
                noisy = bases[rng.integers(0, 256, 1000)] + rng.normal(
                    0, args.noise, (1000, bases.shape[1])
                )
                noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
                rows = [
                    new_memory(ALICE.workspace, ALICE.user, f"m{lo + i}", lo + i, v.tolist())
                    for i, v in enumerate(noisy)
                ]
                async with store.session(ALICE) as s:
                    await s.insert_memories(rows)
            filled = size
            await timed_search(store, queries[:5])  # warm
            short_t, short = await timed_search(store, queries)
            below = vectors.EXACT_BELOW
            vectors.EXACT_BELOW = 10**9
            exact_t, exact = await timed_search(store, queries)
            vectors.EXACT_BELOW = below
            recall = np.mean([len(set(a) & set(b)) / 10 for a, b in zip(short, exact, strict=True)])
            print(
                f"{size:>8,}: exact p50/p95 {percentile(exact_t, 0.5):.1f}/"
                f"{percentile(exact_t, 0.95):.1f} ms, shortlist {percentile(short_t, 0.5):.1f}/"
                f"{percentile(short_t, 0.95):.1f} ms, recall@10 vs exact {recall:.3f}, "
                f"load1 {os.getloadavg()[0]:.1f}",
                flush=True,
            )
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", type=lambda s: [int(x) for x in s.split(",")], default=[10_000, 100_000]
    )
    parser.add_argument("--noise", type=float, default=0.05, help="per-dimension sd")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
