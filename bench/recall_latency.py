"""Recall latency (p50/p95) and insert rate at 1k, 10k and 100k memories.

One workspace, one user, standalone SQLite in a temporary directory (or a
PostgreSQL URL with --postgres). The workspace is filled through `remember` with
distinct synthetic facts (bench/synthetic.py) up to each size in turn; at each size
the benchmark warms up, then times at least 200 `recall` calls with questions about
stored facts, as a user asks them (recall reinforces what it returns, as it does in
use; --no-touch measures without). The issue's target: p95 ≤ 20 ms at 10k.

    python bench/recall_latency.py                      # 1k, 10k, 100k
    python bench/recall_latency.py --sizes 1000,10000 --profile 25
    python bench/recall_latency.py --sizes 1000,10000 --chat-lines --paired

`--paired` also times each question twice in turn, with the default tuning and with
`--baseline` (by default recall's conversation context and author lift off,
`core.recall.hybrid.Tuning`; or fields over the defaults, such as an earlier release's
settings), in CPU time of the whole process (the SQLite store's own thread included): on
a shared machine the ratio of the two is what holds.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import dataclasses
import io
import itertools
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

import core  # noqa: E402
from bench.synthetic import Fact, facts  # noqa: E402
from core.recall import hybrid  # noqa: E402
from core.service import MemoryService  # noqa: E402

USER = "bench"
TARGET_P95_MS_AT_10K = 20.0


@dataclass(frozen=True)
class Row:
    size: int
    stored: int
    statuses: Counter
    insert_rate: float  # memories per second through remember, filling up to this size
    p50: float
    p95: float
    p99: float
    mean: float
    queries: int
    mean_hits: float


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


SPEAKERS = ("Ana", "Ben", "Chloe", "Dev")


async def fill(
    memory: MemoryService,
    workspace: str,
    stream: Sequence[Fact],
    statuses: Counter,
    chat_lines: bool = False,
) -> float:
    """Save every fact (as a chat-log line "Ana: …" with `chat_lines`, so recall reads
    each in its conversation context); returns the seconds it took."""
    started = time.perf_counter()
    for n, fact in enumerate(stream):
        text = f"{SPEAKERS[n % len(SPEAKERS)]}: {fact.text}" if chat_lines else fact.text
        result = await memory.remember(workspace, USER, text)
        statuses[result.status.value] += 1
    return time.perf_counter() - started


async def time_queries(
    memory: MemoryService,
    workspace: str,
    questions: Sequence[str],
    touch: bool,
    context: bool = False,
) -> tuple[list[float], float]:
    """Milliseconds per recall (or per `prompt_context`, what a reply uses: recall
    plus the relevance judgement), and the mean number of hits."""
    timings, hits = [], 0
    for question in questions:
        started = time.perf_counter()
        if context:
            found = (await memory.prompt_context(workspace, USER, question)).memories
        else:
            found = await memory.recall(workspace, USER, question, limit=10, touch=touch)
        timings.append(1000 * (time.perf_counter() - started))
        hits += len(found)
    return timings, hits / max(1, len(questions))


def baseline_tuning(spec: str) -> hybrid.Tuning:
    """The tuning `--paired` compares the defaults with: "off" (conversation context and
    author lift off) or `field=value,…` over the defaults (e.g. an earlier release's)."""
    if spec == "off":
        return dataclasses.replace(hybrid.TUNING, context=0.0, further=0.0, author=0.0)
    changes = {}
    for item in spec.split(","):
        name, _, value = item.partition("=")
        field = {f.name: f for f in dataclasses.fields(hybrid.Tuning)}[name.strip()]
        changes[field.name] = type(getattr(hybrid.TUNING, field.name))(value)
    return dataclasses.replace(hybrid.TUNING, **changes)


async def paired(
    memory: MemoryService,
    workspace: str,
    questions: Sequence[str],
    touch: bool,
    baseline: str = "off",
) -> tuple[list[float], list[float]]:
    """CPU milliseconds per recall with the default tuning and with the `baseline`
    (`baseline_tuning`), each question asked both ways in alternating order."""
    with_context = hybrid.TUNING
    without = baseline_tuning(baseline)
    timings: dict[hybrid.Tuning, list[float]] = {with_context: [], without: []}
    for n, question in enumerate(questions):
        for tuning in (with_context, without) if n % 2 else (without, with_context):
            hybrid.TUNING = tuning
            started = time.process_time()
            await memory.recall(workspace, USER, question, limit=10, touch=touch)
            timings[tuning].append(1000 * (time.process_time() - started))
    hybrid.TUNING = with_context
    return timings[with_context], timings[without]


def paired_line(size: int, on: Sequence[float], off: Sequence[float]) -> str:
    p95_on, p95_off = percentile(on, 0.95), percentile(off, 0.95)
    return (
        f"{size:>9,} CPU ms, defaults: p50 {statistics.median(on):.1f} p95 {p95_on:.1f} · "
        f"baseline: p50 {statistics.median(off):.1f} p95 {p95_off:.1f} · "
        f"p95 defaults/baseline {p95_on / max(p95_off, 1e-9):.2f}"
    )


async def run(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    sizes = sorted(args.sizes)
    stream = list(itertools.islice(facts(args.seed), sizes[-1]))
    rng = random.Random(args.seed)
    workspace = f"latency-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix="memorybot-latency-") as tmp:
        url = args.postgres or f"sqlite:///{tmp}/latency.db"
        async with core.open_memory(url) as memory:
            statuses: Counter = Counter()
            done = 0
            for size in sizes:
                chunk = stream[done:size]
                seconds = await fill(memory, workspace, chunk, statuses, args.chat_lines)
                rate = (size - done) / seconds if seconds else 0.0
                done = size
                stored = (await memory.stats(workspace, USER)).memories
                asked = [
                    f.question for f in rng.choices(stream[:size], k=args.warmup + args.queries)
                ]
                await time_queries(
                    memory, workspace, asked[: args.warmup], not args.no_touch, args.prompt_context
                )
                profiling = args.profile and size == sizes[-1]
                if profiling:
                    profilers = await start_profiling(memory)
                timings, mean_hits = await time_queries(
                    memory, workspace, asked[args.warmup :], not args.no_touch, args.prompt_context
                )
                if profiling:
                    print(
                        await profile_report(memory, profilers, args.profile, size), file=sys.stderr
                    )
                rows.append(
                    Row(
                        size,
                        stored,
                        Counter(statuses),
                        rate,
                        statistics.median(timings),
                        percentile(timings, 0.95),
                        percentile(timings, 0.99),
                        statistics.fmean(timings),
                        len(timings),
                        mean_hits,
                    )
                )
                print(render_row(rows[-1]), file=sys.stderr, flush=True)
                if args.paired:
                    on, off = await paired(
                        memory, workspace, asked[args.warmup :], False, args.baseline
                    )
                    args.paired_lines.append(paired_line(size, on, off))
                    print(args.paired_lines[-1], file=sys.stderr, flush=True)
    return rows


async def start_profiling(memory: MemoryService) -> list[cProfile.Profile]:
    """Profile this thread and, for SQLite, the store's database thread too: recall's
    SQL runs there, and a profile of the event loop alone shows only waiting."""
    profilers = [cProfile.Profile()]
    profilers[0].enable()
    run_on_db_thread = getattr(memory.store, "run", None)
    if run_on_db_thread is not None:
        profilers.append(cProfile.Profile())
        await run_on_db_thread(profilers[1].enable)
    return profilers


async def profile_report(
    memory: MemoryService, profilers: list[cProfile.Profile], top: int, size: int
) -> str:
    profilers[0].disable()
    if len(profilers) > 1:
        await memory.store.run(profilers[1].disable)  # type: ignore[attr-defined]
    out = io.StringIO()
    for name, profiler in zip(("event loop thread", "database thread"), profilers, strict=False):
        out.write(f"\n-- cProfile of the timed recalls at {size:,} memories: {name} --\n")
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


HEADER = (
    f"{'memories':>9} {'stored':>8} {'insert/s':>9} {'p50 ms':>8} {'p95 ms':>8} "
    f"{'p99 ms':>8} {'mean ms':>8} {'queries':>8} {'hits':>5}"
)


def render_row(row: Row) -> str:
    return (
        f"{row.size:>9,} {row.stored:>8,} {row.insert_rate:>9.0f} {row.p50:>8.1f} "
        f"{row.p95:>8.1f} {row.p99:>8.1f} {row.mean:>8.1f} {row.queries:>8} "
        f"{row.mean_hits:>5.1f}"
    )


def render(rows: Sequence[Row], args: argparse.Namespace) -> str:
    store = "postgresql" if args.postgres else "standalone SQLite"
    touch = "no touch" if args.no_touch else "touch on"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        f"Recall latency and insert rate — {store}, one workspace, keywords only, {touch}",
        f"(machine: {os.cpu_count()} CPUs, load average {load} at the end of the run)",
        "",
        HEADER,
        "-" * len(HEADER),
        *(render_row(row) for row in rows),
        "",
        "stored = active memories after filling (remember statuses: "
        + ", ".join(f"{n} {s}" for s, n in rows[-1].statuses.most_common())
        + "); insert/s = remember calls per second while filling up to that size;",
        "hits = mean memories returned per recall (limit 10).",
    ]
    at_10k = next((r for r in rows if r.size == 10_000), None)
    if at_10k:
        verdict = "meets" if at_10k.p95 <= TARGET_P95_MS_AT_10K else "MISSES"
        lines.append(
            f"target p95 ≤ {TARGET_P95_MS_AT_10K:.0f} ms at 10k: {verdict} ({at_10k.p95:.1f} ms)"
        )
    if args.paired_lines:
        lines += ["", "paired, no touch (CPU time of the process, each question both ways):"]
        lines += args.paired_lines
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=lambda s: [int(x) for x in s.split(",") if x.strip()],
        default=[1_000, 10_000, 100_000],
        help="comma-separated memory counts (default 1000,10000,100000)",
    )
    parser.add_argument("--queries", type=int, default=300, help="timed recalls per size")
    parser.add_argument("--warmup", type=int, default=30, help="untimed recalls first")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--postgres", metavar="URL", help="a postgresql:// URL (connected mode)")
    parser.add_argument("--no-touch", action="store_true", help="recall without reinforcing")
    parser.add_argument(
        "--prompt-context",
        action="store_true",
        help="time prompt_context (recall + relevance judgement, what a reply uses)",
    )
    parser.add_argument(
        "--chat-lines",
        action="store_true",
        help='save each fact as a chat-log line ("Ana: …"): recall then reads conversation context',
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="also time recall with the defaults and with --baseline, CPU time, in turn",
    )
    parser.add_argument(
        "--baseline",
        default="off",
        metavar="SPEC",
        help='what --paired compares with: "off" (no conversation context or author lift, '
        'the default) or Tuning fields over the defaults, e.g. "further=0,vector_pool=50"',
    )
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="cProfile the largest size, top N"
    )
    args = parser.parse_args(argv)
    args.paired_lines = []
    if args.queries < 200:
        parser.error("--queries must be at least 200")
    if args.postgres and not args.postgres.startswith(("postgresql://", "postgres://")):
        parser.error("--postgres needs a postgresql:// URL")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    rows = asyncio.run(run(args))
    print(render(rows, args))


if __name__ == "__main__":
    main()
