"""Measure the privacy and injection guards on the labelled dev and test splits.

Prints, per split, per-category recall, the clean-refusal rate, which families
were missed (and what they were taken for), and per-call CPU time (p50/p95/p99), then the
time for 2,000-character texts.
The dev split (tests/data/guards/corpus.jsonl + dev_*.jsonl) is what the guards
are tuned on; the test split (test.jsonl) was written before the detectors it
measures and is only looked at to report. By default it calls
`core.guards.check`; with `--api` it goes through the public API instead
(`core.open_memory(...).remember`), so the number reflects what users get.

    /work/main/.venv/bin/python bench/guards_quality.py [--split NAME] [--api] [FILE]

A corpus whose rows carry a `split` (tests/data/guards/blind.jsonl, written blind by
make_blind.py) is reported per split. A held-out split (heldout2, heldout6) prints only its
aggregate lines, never which rows or families it missed; blind-test and heldout were
held out by the first two rounds of issue 12 and are tuning data since the third,
heldout3 (held out by the fourth round) is tuning data since the fifth, and heldout4
(held out by the fifth) since the sixth. dev_secrets6.jsonl
(sixth round, make_dev_secrets6.py) was measured once as a mini hold-out before the rules
it tunes, and is part of the dev split since (the glob below takes it in); so is
dev_pii7.jsonl (seventh round, make_dev_pii7.py, national and tax ids). heldout6
(make_heldout6.py, written blind before the seventh round changed a rule) is held out by
the seventh round.
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

DATA = ROOT / "tests" / "data" / "guards"
SPLITS = {
    "dev": [DATA / "corpus.jsonl", *sorted(DATA.glob("dev_*.jsonl"))],
    "test": [DATA / "test.jsonl"],
    "blind": [DATA / "blind.jsonl"],
    "heldout": [DATA / "heldout.jsonl"],
    "heldout2": [DATA / "heldout2.jsonl"],
    "heldout3": [DATA / "heldout3.jsonl"],
    "heldout4": [DATA / "heldout4.jsonl"],
    "heldout5": [DATA / "heldout5.jsonl"],
    "heldout6": [DATA / "heldout6.jsonl"],
}
# What each half may be used for. blind.jsonl (make_blind.py) was written by someone who
# had not read the rules; its rows carry their own split, and only blind-dev is tuned on.
ROLES = {
    "dev": "tuned on",
    "test": "held out",
    "blind-dev": "written blind, tuned on",
    # blind-test and heldout were held out by issue 12's first two rounds; the third
    # round (heldout2) reads their misses as tuning data.
    "blind-test": "written blind, held out until the third round, now tuned on",
    "heldout": "written before the second round, held out until the third, now tuned on",
    "heldout2": "written before the third round changed a rule, held out: aggregates only",
    # heldout3 was held out by the fourth round; the fifth reads its misses as tuning data.
    "heldout3": "written blind, held out by the fourth round, tuned on since the fifth",
    # heldout4 was held out by the fifth round; the sixth reads its misses as tuning data.
    "heldout4": "written blind, held out by the fifth round, tuned on since the sixth",
    # heldout5 was held out by the sixth round; the seventh (2026-12-04) reads its misses.
    "heldout5": "written blind, held out by the sixth round, tuned on since the seventh",
    # heldout6 is held out by the seventh round: never tuned on, never read row by row.
    "heldout6": "written blind before the seventh round, held out: aggregates only",
}
CATEGORIES = ("secret", "pii", "injection")

Classifier = Callable[[str], Awaitable[str]]


def halves(name: str, rows: list[dict[str, str]]) -> list[tuple[str, list[dict[str, str]]]]:
    """The corpus's own splits when its rows name one (blind.jsonl), else the whole."""
    named = sorted({row["split"] for row in rows if "split" in row})
    if not named:
        return [(name, rows)]
    return [(split, [row for row in rows if row.get("split") == split]) for split in named]


def load(*paths: Path) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for path in paths:
        with path.open(encoding="utf-8") as fh:
            rows.extend(json.loads(line) for line in fh if line.strip())
    return rows


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


# Timing: CPU time of this thread (the machine is shared, so wall time measures the
# neighbours), the median of three calls per text.
REPEAT = 3


async def run(rows: list[dict[str, str]], api: bool, misses: bool = True) -> None:
    got: list[str] = []
    timings: list[float] = []
    async with AsyncExitStack() as stack:
        classify = await (api_classifier if api else check_classifier)(stack)
        await classify("warm up")
        for row in rows:
            runs = []
            for _ in range(1 if api else REPEAT):
                start = time.thread_time()
                verdict = await classify(row["text"])
                runs.append(time.thread_time() - start)
            got.append(verdict)
            timings.append(statistics.median(runs))
    report(rows, got, timings, misses)


def long_texts(rows: list[dict[str, str]], count: int = 60, size: int = 2000) -> list[str]:
    """Texts of `size` characters made of clean rows: the longest a guard must keep fast."""
    clean = [row["text"] for row in rows if row["expect"] == "clean"]
    texts = []
    for i in range(count):
        parts: list[str] = []
        j = i
        while sum(len(p) + 1 for p in parts) < size:
            parts.append(clean[(j * 7919) % len(clean)])
            j += 1
        texts.append("\n".join(parts)[:size])
    return texts


def time_long(rows: list[dict[str, str]]) -> None:
    from core.guards import check

    timings = []
    for text in long_texts(rows):
        runs = []
        for _ in range(REPEAT):
            start = time.thread_time()
            check(text)
            runs.append(time.thread_time() - start)
        timings.append(statistics.median(runs) * 1000)
    timings.sort()
    p95 = timings[min(len(timings) - 1, int(len(timings) * 0.95))]
    print(
        f"2,000-character texts ({len(timings)}): p50 {statistics.median(timings):.2f} ms,"
        f" p95 {p95:.2f} ms, max {timings[-1]:.2f} ms"
    )


def report(
    rows: list[dict[str, str]], got: list[str], timings: list[float], misses: bool = True
) -> None:
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
    if missed and misses:
        print("misses (expected/family -> got):")
        for key, counter in sorted(missed.items()):
            print(f"  {key:<40} " + ", ".join(f"{k}×{v}" for k, v in counter.most_common()))
    ms = sorted(t * 1000 for t in timings)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"per call: p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms,"
        f" max {ms[-1]:.2f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, help="one JSONL file instead of the splits")
    parser.add_argument("--split", choices=sorted(SPLITS), help="only this split")
    parser.add_argument("--api", action="store_true", help="measure through core.open_memory")
    args = parser.parse_args(argv)
    corpora = (
        [(args.corpus.name, [args.corpus])]
        if args.corpus
        else [(name, SPLITS[name]) for name in ([args.split] if args.split else list(SPLITS))]
    )
    for name, paths in corpora:
        for half, rows in halves(name, load(*paths)):
            role = ROLES.get(half)
            print(f"== {half} split" + (f" ({role})" if role else ""))
            asyncio.run(run(rows, args.api, misses=not role or "aggregates only" not in role))
    if args.corpus:
        return
    if not args.api:
        time_long(load(*SPLITS["dev"]))


if __name__ == "__main__":
    main()
