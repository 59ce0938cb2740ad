"""Choose recall's fusion and weights leave-one-conversation-out (LOCO) on the dev split.

Saves each dev conversation through the public API once, then asks every question
under each candidate `core.recall.hybrid.Tuning` (no touch, so runs do not feed each
other). For each conversation it picks the tuning that is best on the other two and
reports R@10 on the held-out one with it; the pooled held-out figure is the honest
estimate of what the chosen recipe does on unseen conversations.

    python bench/research/fusion_tuning.py --keyword bm25 [--embedder local] [--postgres --small]

Each fold maximises the mean of the per-category R@10 by default (`--objective`): pooled
over questions, single-hop (half of them) decides, and a setting that lifts it at
multi-hop's expense wins.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import pickle
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import core  # noqa: E402
from bench.locomo import (  # noqa: E402
    CATEGORIES,
    load,
    recall_at,
)
from bench.pg_setup import embedded_database  # noqa: E402
from bench.recall_quality import DEFAULT_DATA, build_embedder  # noqa: E402
from bench.research.cached_embedder import cached  # noqa: E402
from core.recall import hybrid  # noqa: E402


def grid(embedder: bool, small: bool = False, keyword: str = "") -> list[hybrid.Tuning]:
    """`small`: the neighbourhood of the defaults, for the slower connected store;
    `keyword`: only that keyword scoring. Entity expansion stays off: it measured worse
    on every dev conversation (LoCoMo's entities are mostly its two speakers). The
    author lift (1.0) and the when-lift (0.5) were picked in every fold by the wider
    grids of earlier sessions (bench/research/RESULTS.md) and stay fixed here; this
    grid chooses the context shares (`context`, `further`) and the fusion weight."""
    keywords = [keyword] if keyword else ["bm25", "share"]
    alpha = [0.5, 0.6, 0.7] if embedder else [0.5]
    context = [0.4] if small else [0.3, 0.4, 0.5]
    further = [0.0, 0.2] if small else [0.0, 0.1, 0.2, 0.3]
    return [
        hybrid.Tuning(keyword=k, alpha=a, context=c, further=r, author=1.0, when=0.5)
        for k, a, c, r in itertools.product(keywords, alpha, context, further)
    ]


async def run(args: argparse.Namespace) -> dict[hybrid.Tuning, list[tuple[str, int, float]]]:
    """For each tuning: (conversation, category, R@10) per question."""
    conversations = load(args.data)
    embedder = cached(build_embedder(args.embedder))
    results: dict[hybrid.Tuning, list[tuple[str, int, float]]] = {}
    async with AsyncExitStack() as stack:
        if args.postgres:  # connected mode: a throwaway embedded PostgreSQL
            url, admin = await stack.enter_async_context(embedded_database())
        else:
            url, admin = (
                f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/b.db",
                None,
            )
        async with core.open_memory(url, embedder=embedder, admin_url=admin) as memory:
            turns_of: dict[str, set[str]] = defaultdict(set)
            for conv in conversations:
                for turn in conv.turns:
                    saved = await memory.remember(conv.sample_id, "bench", turn.text)
                    if saved.memory is not None:
                        turns_of[saved.memory.id].add(turn.dia_id)
            for tuning in grid(embedder is not None, args.small, args.keyword):
                if embedder is not None:
                    embedder.save()
                hybrid.TUNING = tuning
                rows = []
                for conv in conversations:
                    for q in conv.queries:
                        hits = await memory.recall(
                            conv.sample_id, "bench", q.question, 10, touch=False
                        )
                        ranked = [frozenset(turns_of.get(h.id, ())) for h in hits]
                        rows.append((conv.sample_id, q.category, recall_at(ranked, q.evidence, 10)))
                results[tuning] = rows
    return results


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--embedder", choices=("none", "local"), default="none")
    parser.add_argument("--postgres", action="store_true", help="connected mode (embedded)")
    parser.add_argument("--small", action="store_true", help="only near the defaults")
    parser.add_argument("--keyword", choices=("bm25", "share"), help="only this keyword scoring")
    parser.add_argument(
        "--objective",
        choices=("macro", "all"),
        default="macro",
        help="what a fold maximises: the mean of the per-category R@10 (default), or R@10 "
        "pooled over questions (which weighs single-hop, half the questions, most)",
    )
    parser.add_argument("--save", type=Path, help="write the per-question results here")
    parser.add_argument("--load", type=Path, help="choose from saved results, no recall")
    args = parser.parse_args()
    results = pickle.loads(args.load.read_bytes()) if args.load else asyncio.run(run(args))
    if args.save:
        args.save.write_bytes(pickle.dumps(results))
    report(results, macro if args.objective == "macro" else pooled)


def pooled(rows: list[tuple[str, int, float]]) -> float:
    return mean([r for *_, r in rows])


def macro(rows: list[tuple[str, int, float]]) -> float:
    """Every kind of question counts the same, however many of it the split has."""
    return mean([mean([r for _, k, r in rows if k == c]) for c in CATEGORIES])


def report(
    results: dict[hybrid.Tuning, list[tuple[str, int, float]]],
    objective: Callable[[list[tuple[str, int, float]]], float],
) -> None:
    samples = sorted({s for rows in results.values() for s, _, _ in rows})
    for tuning, rows in results.items():
        per = " ".join(f"{s} {mean([r for x, _, r in rows if x == s]):.3f}" for s in samples)
        cats = " ".join(
            f"{CATEGORIES[c][:5]} {mean([r for _, k, r in rows if k == c]):.3f}" for c in CATEGORIES
        )
        print(f"{tuning}: all {mean([r for *_, r in rows]):.3f} | {per} | {cats}")
    held_rows = []
    for held in samples:
        best = max(results, key=lambda t: objective([row for row in results[t] if row[0] != held]))
        rows = [row for row in results[best] if row[0] == held]
        held_rows += rows
        print(f"held-out {held}: picked {best} → R@10 {mean([r for *_, r in rows]):.3f}")
    cats = " ".join(
        f"{CATEGORIES[c]} {mean([r for _, k, r in held_rows if k == c]):.3f}" for c in CATEGORIES
    )
    print(f"LOCO held-out pooled: R@10 {mean([r for *_, r in held_rows]):.3f} | {cats}")


if __name__ == "__main__":
    main()
