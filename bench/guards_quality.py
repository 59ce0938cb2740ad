"""Measure the privacy and injection guards on a labelled corpus.

Prints per-category recall, the clean-refusal rate, which families were missed
(and what they were taken for), and per-call latency. By default it calls
`core.guards.check`; with `--api` it goes through the public API instead
(`core.open_memory(...).remember`), so the number reflects what users get.

    /work/venv/bin/python bench/guards_quality.py [corpus.jsonl] [--api]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_CORPUS = ROOT / "tests" / "data" / "guards" / "corpus.jsonl"
CATEGORIES = ("secret", "pii", "injection")

Classifier = Callable[[str], Awaitable[str]]


def load(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


async def check_classifier(_stack: AsyncExitStack) -> Classifier:
    """Classify through `core.guards.check`, the function the service calls."""
    from core.guards import check

    async def classify(text: str) -> str:
        finding = check(text)
        return finding.category if finding else "clean"

    return classify


async def api_classifier(stack: AsyncExitStack) -> Classifier:
    """Classify through the public API: a refused `remember` with a guard reason."""
    import core

    if not hasattr(core, "open_memory"):
        raise SystemExit("--api needs core.open_memory (the public API), which is not installed")
    tmp = stack.enter_context(tempfile.TemporaryDirectory())
    mem = await stack.enter_async_context(core.open_memory(f"sqlite:///{tmp}/m.db"))

    async def classify(text: str) -> str:
        r = await mem.remember("ws", "u", text)
        if r.status == "refused" and r.reason in CATEGORIES:
            return str(r.reason)
        return "clean"

    return classify


async def run(rows: list[dict[str, str]], api: bool) -> None:
    got: list[str] = []
    timings: list[float] = []
    async with AsyncExitStack() as stack:
        classify = await (api_classifier if api else check_classifier)(stack)
        for row in rows:
            start = time.perf_counter()
            got.append(await classify(row["text"]))
            timings.append(time.perf_counter() - start)
    report(rows, got, timings)


def report(rows: list[dict[str, str]], got: list[str], timings: list[float]) -> None:
    totals: Counter[str] = Counter(row["expect"] for row in rows)
    hits: Counter[str] = Counter()
    missed: dict[str, Counter[str]] = defaultdict(Counter)
    for row, predicted in zip(rows, got, strict=True):
        expect = row["expect"]
        if predicted == expect:
            hits[expect] += 1
        else:
            missed[f"{expect}/{row.get('family', '?')}"][predicted] += 1
    print(f"corpus: {len(rows)} rows {dict(totals)}")
    for category in CATEGORIES:
        if totals[category]:
            print(
                f"  {category:<9} recall {hits[category] / totals[category]:.3f}"
                f"  ({hits[category]}/{totals[category]})"
            )
    if totals["clean"]:
        refused = totals["clean"] - hits["clean"]
        print(f"  clean     refused {refused / totals['clean']:.3f}  ({refused}/{totals['clean']})")
    if missed:
        print("misses (expected/family -> got):")
        for key, counter in sorted(missed.items()):
            print(f"  {key:<40} " + ", ".join(f"{k}×{v}" for k, v in counter.most_common()))
    ms = sorted(t * 1000 for t in timings)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"per call: p50 {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--api", action="store_true", help="measure through core.open_memory")
    args = parser.parse_args(argv)
    asyncio.run(run(load(args.corpus), args.api))


if __name__ == "__main__":
    main()
