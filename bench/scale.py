"""Speed as a workspace grows, in a real team's vocabulary (bench/team_vocabulary.py).

For each size it prints recall p50/p95 (and how often the one right memory is in the
top 10), `remember` saves/s, `import` lines/s, process CPU seconds and peak resident
memory; beside each figure a plain baseline timed in the same run on the same
database, and their ratio (so a loaded, shared machine shows in both):

- recall baseline: one index lookup of the question's rarest word (FTS5 MATCH /
  GIN `@@`), LIMIT 10, no ranking;
- save baseline: one plain INSERT of the same text into a scratch table, committed;
- import baseline: plain INSERTs of the same lines, one transaction.

Filling: standalone rows go in through the store's bulk writer (`insert_memories`,
one transaction per 1,000, no guards: trusted generated data); connected rows by COPY
(`core.stores.postgres.bulk.copy_memories`) with one HNSW build, vectors being a
real embedding of one of 256 memories plus noise. Saves and imports are timed
through `remember` / `memorybot import`'s code path on top of the filled workspace.

    python bench/scale.py --store sqlite                       # 1k, 10k, 100k standalone
    python bench/scale.py --store postgres                     # connected, local embedder
    python bench/scale.py --store postgres --workspaces 1000 --sizes 1000000
    python bench/scale.py --store sqlite --sizes 10000 --clients 20 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

from bench.recall_latency import percentile  # noqa: E402
from bench.scale_targets import Target, open_target  # noqa: E402
from bench.team_vocabulary import COMMON, TeamVocabulary  # noqa: E402
from core.governance.portability import import_jsonl  # noqa: E402
from core.guards.accelerator import accelerate  # noqa: E402
from core.service import MemoryService  # noqa: E402

USER = "u"


@contextmanager
def niced(level: int) -> Iterator[None]:
    """Fill at low priority (the machine is shared), time at the priority we started
    with: on a loaded host a niced process's timings measure the scheduler, not us.
    Raising priority back needs root; otherwise the timings stay niced (printed)."""
    before = os.getpriority(os.PRIO_PROCESS, 0)
    os.setpriority(os.PRIO_PROCESS, 0, max(before, level))
    try:
        yield
    finally:
        with suppress(PermissionError):
            os.setpriority(os.PRIO_PROCESS, 0, before)


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ms_stats(values: Sequence[float]) -> tuple[float, float]:
    return percentile(values, 0.5), percentile(values, 0.95)


async def time_recall(
    target: Target, workspace: str, questions: list[tuple[str, int | None]], vocab: TeamVocabulary
) -> dict[str, float]:
    """Recall each question (after a few untimed ones); baseline: rarest-word lookup."""
    for q, _ in questions[:10]:
        await target.service.recall(workspace, USER, q, limit=10)
    ours, base, found, answerable = [], [], 0, 0
    for q, answer in questions[10:]:
        started = time.perf_counter()
        hits = await target.service.recall(workspace, USER, q, limit=10)
        ours.append(1000 * (time.perf_counter() - started))
        rarest = q.rstrip("?").split()[-1]
        started = time.perf_counter()
        await target.baseline_lookup(workspace, rarest)
        base.append(1000 * (time.perf_counter() - started))
        if answer is not None:
            answerable += 1
            found += any(f"(#{answer})" in h.content for h in hits)
    p50, p95 = ms_stats(ours)
    b50, b95 = ms_stats(base)
    return {"p50": p50, "p95": p95, "b50": b50, "b95": b95, "found": found / max(1, answerable)}


def cpu_now(target: Target) -> tuple[float, float]:
    """(this process's, the database server's) CPU seconds so far."""
    return cpu_seconds(), target.server_cpu()


def cpu_per_op(
    target: Target, before: tuple[float, float], ops: int, name: str
) -> dict[str, float]:
    """CPU ms per operation since `before`: this process's (guards, rules, the embedder's
    threads) and the server's. Unlike wall time, a loaded host barely changes it."""
    process, server = cpu_now(target)
    return {
        f"{name}_cpu": 1000 * (process - before[0]) / max(1, ops),
        f"{name}_srv": 1000 * (server - before[1]) / max(1, ops),
    }


async def cpu_recall(
    target: Target, workspace: str, questions: list[tuple[str, int | None]]
) -> dict[str, float]:
    """CPU per recall, on questions of its own (a repeat would hit the vector cache)."""
    before = cpu_now(target)
    for q, _ in questions:
        await target.service.recall(workspace, USER, q, limit=10)
    return cpu_per_op(target, before, len(questions), "recall")


async def warm_guards(target: Target, workspace: str, texts: list[str]) -> None:
    """A serving process's state before timing saves: a few untimed saves, and the
    guards' Hyperscan databases built (a one-off per process, on background threads
    that start once 256 texts were checked; counted in saves, they were most of the
    CPU of a run of 200)."""
    for text in texts:
        await target.service.remember(workspace, USER, text)
    accelerate(wait=True)
    while building := [t for t in threading.enumerate() if t.name == "guards-hyperscan"]:
        for thread in building:  # a family first used late builds on a thread of its own
            await asyncio.to_thread(thread.join)


async def time_saves(target: Target, workspace: str, texts: list[str]) -> dict[str, float]:
    before = cpu_now(target)
    started = time.perf_counter()
    for text in texts:
        await target.service.remember(workspace, USER, text)
    ours = len(texts) / (time.perf_counter() - started)
    cpu = cpu_per_op(target, before, len(texts), "save")
    started = time.perf_counter()
    for text in texts:
        await target.baseline_insert([text])
    base = len(texts) / (time.perf_counter() - started)
    return {"saves": ours, "saves_base": base, **cpu}


async def time_import(target: Target, workspace: str, texts: list[str]) -> dict[str, float]:
    lines = [json.dumps({"content": t}) for t in texts]
    before = cpu_now(target)
    started = time.perf_counter()
    report = await import_jsonl(target.service.ports, workspace, USER, lines)
    ours = len(lines) / (time.perf_counter() - started)
    cpu = cpu_per_op(target, before, len(lines), "import")
    started = time.perf_counter()
    await target.baseline_insert(texts)
    base = len(lines) / (time.perf_counter() - started)
    assert report.total == len(lines)
    return {"import": ours, "import_base": base, **cpu}


async def measure_size(
    target: Target,
    vocab: TeamVocabulary,
    workspaces: list[str],
    size: int,
    args: argparse.Namespace,
) -> dict[str, float]:
    per_ws = size // len(workspaces)
    ws = workspaces[0]
    row: dict[str, float] = {"size": size}
    cpu0 = cpu_seconds()
    row.update(await time_recall(target, ws, vocab.questions(per_ws, args.queries + 10), vocab))
    own = vocab.questions(per_ws, max(20, args.queries // 2), salt=f"cpu{size}")
    row.update(await cpu_recall(target, ws, own))
    warm = [m.text for m in vocab.memories(0, 20, salt=f"warm{size}")]
    await warm_guards(target, ws, warm)
    new = [m.text for m in vocab.memories(0, args.saves, salt=f"save{size}")]
    row.update(await time_saves(target, ws, new))
    imported = [m.text for m in vocab.memories(0, args.imports, salt=f"import{size}")]
    row.update(await time_import(target, ws, imported))
    row["cpu"] = cpu_seconds() - cpu0
    row["server_cpu"] = target.server_cpu()
    row["rss"] = rss_mb()
    row["load"] = os.getloadavg()[0]
    return row


async def concurrency(
    service: MemoryService,
    vocab: TeamVocabulary,
    workspace: str,
    size: int,
    clients: int,
    seconds: float,
    think: float = 0.0,
    salt: str = "",
) -> dict[str, float]:
    """`clients` users at once for `seconds`, each alternating a save and a recall
    (pausing `think` seconds after each, on average: 0 keeps the store saturated, so
    by Little's law latency = clients / throughput). `salt` makes the texts, questions,
    users and pauses fresh (bench/pg_paired.py runs many crowds on one kept database,
    where a repeated text would be a duplicate); "" gives this bench's own."""
    saves: list[float] = []
    recalls: list[float] = []
    saved: list[tuple[str, str]] = []
    errors = 0
    stop = time.monotonic() + seconds
    pause = random.Random(f"{clients}{salt}" if salt else clients)

    async def client(n: int) -> None:
        nonlocal errors
        user, i = f"client{clients}-{n}{salt}", 0
        questions = vocab.questions(size, 200, salt=f"c{n}{salt}")
        while time.monotonic() < stop:
            text = vocab.memory(i, salt=f"client{n}{salt}").text
            q = questions[i % len(questions)][0]
            i += 1
            try:
                started = time.perf_counter()
                result = await service.remember(workspace, user, text)
                saves.append(1000 * (time.perf_counter() - started))
                if result.memory is not None:
                    saved.append((user, result.memory.id))
                if think:
                    await asyncio.sleep(pause.expovariate(1 / think))
                started = time.perf_counter()
                await service.recall(workspace, user, q, limit=10)
                recalls.append(1000 * (time.perf_counter() - started))
                if think:
                    await asyncio.sleep(pause.expovariate(1 / think))
            except Exception:
                errors += 1

    cpu0 = cpu_seconds()
    await asyncio.gather(*(client(n) for n in range(clients)))
    lost = 0
    for user, memory_id in saved:
        lost += await service.get_memory(workspace, user, memory_id) is None
    s50, s95 = ms_stats(saves)
    r50, r95 = ms_stats(recalls)
    return {
        "clients": clients,
        "think": think,
        "seconds": seconds,
        "saves": len(saves),
        "recalls": len(recalls),
        "s50": s50,
        "s95": s95,
        "r50": r50,
        "r95": r95,
        "errors": errors,
        "lost": lost,
        "cpu": cpu_seconds() - cpu0,
        "load": os.getloadavg()[0],
    }


def render(rows: list[dict[str, float]], args: argparse.Namespace, note: str) -> str:
    head = (
        f"{'memories':>9} {'recall p50/p95 ms':>18} {'base p50/p95':>13} {'x p95':>6} "
        f"{'top10':>6} {'saves/s':>8} {'base':>6} {'import/s':>9} {'base':>7} "
        f"{'cpu s':>6} {'srv cpu':>7} {'rss MB':>7} {'load1':>5}"
    )
    out = [head, "-" * len(head)]
    for r in rows:
        out.append(
            f"{int(r['size']):>9,} {r['p50']:>8.1f}/{r['p95']:<9.1f} "
            f"{r['b50']:>6.2f}/{r['b95']:<6.2f} {r['p95'] / max(r['b95'], 1e-3):>6.0f} "
            f"{r['found']:>6.0%} {r['saves']:>8.3g} {r['saves_base']:>6.0f} "
            f"{r['import']:>9.3g} {r['import_base']:>7.0f} {r['cpu']:>6.1f} "
            f"{r['server_cpu']:>7.1f} {r['rss']:>7.0f} {r['load']:>5.1f}"
        )
    out.append("CPU ms per operation, this process + the database server:")
    for r in rows:
        out.append(
            f"{int(r['size']):>9,} recall {r['recall_cpu']:.1f} + {r['recall_srv']:.1f}, "
            f"remember {r['save_cpu']:.1f} + {r['save_srv']:.1f}, "
            f"import {r['import_cpu']:.1f} + {r['import_srv']:.1f} per line"
        )
    out.append(note)
    return "\n".join(out)


async def run(args: argparse.Namespace) -> None:
    vocab = TeamVocabulary(args.seed)
    df = vocab.document_frequency(2000, ["orbit", "team", *COMMON[:4]])
    print(
        "document frequency: " + ", ".join(f"{w} {s:.0%}" for w, s in df.items()),
        file=sys.stderr,
    )
    workspaces = [f"ws{n:04d}" for n in range(args.workspaces)]
    rows = []
    with tempfile.TemporaryDirectory(prefix="memorybot-scale-", dir=args.tmp) as tmp:
        async with open_target(
            args.store, Path(tmp), args.embedder, args.pool, args.shared_buffers
        ) as target:
            filled = 0
            for size in sorted(args.sizes):
                started = time.perf_counter()
                per_ws = size // len(workspaces)
                with niced(args.fill_nice):
                    await target.fill(vocab, workspaces, USER, filled // len(workspaces), per_ws)
                fill_s = time.perf_counter() - started
                print(
                    f"filled {size:,} ({target.fill_method}) in {fill_s:.0f} s, load {load()}",
                    file=sys.stderr,
                    flush=True,
                )
                filled = size
                rows.append(await measure_size(target, vocab, workspaces, size, args))
                print(render(rows[-1:], args, ""), file=sys.stderr, flush=True)
            crowds = []
            if args.clients:  # one client first: the single-user figure of this same run
                for clients, seconds, think in [
                    (1, min(args.seconds, 20.0), 0.0),
                    (args.clients, args.seconds, 0.0),
                    *([(args.clients, args.seconds, args.think)] if args.think else []),
                ]:
                    crowds.append(
                        await concurrency(
                            target.service, vocab, workspaces[0], filled, clients, seconds, think
                        )
                    )
                    print(crowd_line(crowds[-1], filled), file=sys.stderr, flush=True)
            what = f"{args.store}, {target.describe()}, {args.workspaces} workspace(s)"
            note = (
                f"({what}; {os.cpu_count()} CPUs, load average {load()} at the end, timed at "
                f"nice {os.getpriority(os.PRIO_PROCESS, 0)}; filled by "
                f"{target.fill_method}; saves = {args.saves} remember calls after 20 untimed "
                f"ones and the guards' Hyperscan build, import = "
                f"{args.imports} JSONL lines; x p95 = ours / baseline)"
            )
            print(render(rows, args, note))
            for crowd in crowds:
                print(crowd_line(crowd, filled))


def crowd_line(crowd: dict[str, float], filled: int) -> str:
    think = f", think {crowd['think']:.1f} s" if crowd["think"] else ", no think time"
    return (
        f"{crowd['clients']:.0f} client(s){think} x {crowd['seconds']:.0f} s at {filled:,}: "
        f"remember p50/p95 {crowd['s50']:.1f}/{crowd['s95']:.1f} ms "
        f"({crowd['saves']:.0f} saves), recall p50/p95 "
        f"{crowd['r50']:.1f}/{crowd['r95']:.1f} ms ({crowd['recalls']:.0f}), "
        f"errors {crowd['errors']:.0f}, lost saves {crowd['lost']:.0f}, "
        f"cpu {crowd['cpu']:.0f} s, load1 {crowd['load']:.1f}"
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--sizes",
        type=lambda s: [int(x) for x in s.split(",") if x.strip()],
        default=[1_000, 10_000, 100_000],
    )
    parser.add_argument("--workspaces", type=int, default=1, help="sizes spread over N")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--imports", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=0, help="concurrent clients after")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--think", type=float, default=0.0, help="also a crowd pausing this long (mean s)"
    )
    parser.add_argument(
        "--pool", type=int, default=None, help="connections (PG pool / SQLite readers)"
    )
    parser.add_argument("--embedder", default=None, help="preset (postgres default: local)")
    parser.add_argument(
        "--shared-buffers",
        default="1GB",
        help="PostgreSQL's shared_buffers for the run ('' keeps the server's default, 128MB)",
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--tmp", default=None, help="directory for the temporary database")
    parser.add_argument("--fill-nice", type=int, default=19, help="niceness while filling")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    asyncio.run(run(parse_args(argv)))


if __name__ == "__main__":
    main()
