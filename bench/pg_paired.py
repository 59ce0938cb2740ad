"""Connected speed, two code trees paired on one kept, filled PostgreSQL.

On a shared 2-core machine a wall-clock figure measures the neighbours; a ratio
between two trees timed in turn on the same data does not (much). So:

    python bench/pg_paired.py fill --dir /tmp/pgkept --size 100000          # once
    python bench/pg_paired.py pair --dir /tmp/pgkept --base /path/to/main   # A B A B

`fill` starts embedded PostgreSQL in --dir (kept running, shared_buffers 1GB) and
COPYs --size team-vocabulary memories (bench/team_vocabulary.py) over --workspaces
workspaces, as bench/scale.py does. `pair` runs `measure` with --base's code and
with this tree's code in turn (--rounds times), each in a fresh process on fresh
texts, and prints each figure's median per tree and the ratio (this / base) of the
medians. `measure` times, in one workspace: recall (local embedder, the question's
embedding included) p50/p95 and CPU ms a recall (this process + server), `remember`
saves/s and CPU a save, and `import_jsonl` lines/s and CPU a line; with --clients,
also that many users at once for --seconds, each alternating a save and a recall with
a mean --think s pause after each (as bench/scale.py's crowd, on fresh texts): p50/p95
of both, errors and lost saves.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


def _use_tree(root: Path) -> None:
    """Import `core` and `bench` from `root` (the tree under test)."""
    sys.path[:0] = [str(root)]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _server_cpu(pgdata: Path) -> float:
    from bench.scale_targets import server_processes

    return sum(cpu for _, cpu in server_processes(pgdata))


async def _fill(args: argparse.Namespace) -> None:
    _use_tree(HERE)
    import psycopg

    from bench.scale_targets import PostgresTarget
    from bench.team_vocabulary import TeamVocabulary
    from core.providers.presets import EmbedConfig, build_embedder
    from core.service import MemoryService
    from core.stores.postgres import embedded
    from core.stores.postgres.store import PostgresStore

    server = embedded.start(Path(args.dir) / "data")
    with psycopg.connect(server.admin_url(), autocommit=True) as admin:
        admin.execute("ALTER SYSTEM SET shared_buffers = '1GB'")
    server.stop()
    server.start()
    store = PostgresStore(server.app_url(), admin_url=server.admin_url())
    await store.migrate()
    await store.open()
    embedder = build_embedder(EmbedConfig(preset="local"))
    target = PostgresTarget(MemoryService(store, embedder=embedder), server, None)
    workspaces = [f"ws{n:04d}" for n in range(args.workspaces)]
    started = time.perf_counter()
    await target._copy(TeamVocabulary(11), workspaces, "u", 0, args.size // args.workspaces)
    await store.close()
    Path(args.dir, "urls.json").write_text(
        json.dumps({"app": server.app_url(), "admin": server.admin_url()})
    )
    print(f"filled {args.size:,} in {time.perf_counter() - started:.0f} s")


async def _measure(args: argparse.Namespace) -> None:
    _use_tree(Path(args.root))
    from bench.team_vocabulary import TeamVocabulary
    from core.governance.portability import import_jsonl
    from core.providers.presets import EmbedConfig, build_embedder
    from core.service import MemoryService
    from core.stores.postgres.store import PostgresStore

    urls = json.loads(Path(args.dir, "urls.json").read_text())
    pgdata = Path(args.dir) / "data"
    pool = {"max_size": args.pool} if args.pool else {}
    store = PostgresStore(urls["app"], admin_url=urls["admin"], **pool)
    await store.open()
    embedder = build_embedder(EmbedConfig(preset="local"))
    service = MemoryService(store, embedder=embedder)
    vocab, ws, user, per_ws = TeamVocabulary(11), "ws0000", "u", args.size // args.workspaces
    out: dict[str, float] = {}
    for q, _ in vocab.questions(per_ws, 20, salt=f"warm{args.salt}"):
        await service.recall(ws, user, q, limit=10)
    await service.remember(ws, user, vocab.memory(0, salt=f"warm{args.salt}").text)
    ms = []
    found = answerable = 0
    qs = vocab.questions(per_ws, args.queries, salt=f"q{args.salt}")
    before = (_cpu(), _server_cpu(pgdata))
    for q, answer in qs:
        started = time.perf_counter()
        hits = await service.recall(ws, user, q, limit=10)
        ms.append(1000 * (time.perf_counter() - started))
        if answer is not None:
            answerable += 1
            found += any(f"(#{answer})" in h.content for h in hits)
    ms.sort()
    out["recall_p50"] = ms[len(ms) // 2]
    out["recall_p95"] = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    out["recall_cpu"] = 1000 * (_cpu() - before[0]) / len(qs)
    out["recall_srv"] = 1000 * (_server_cpu(pgdata) - before[1]) / len(qs)
    out["top10"] = found / max(1, answerable)
    texts = [m.text for m in vocab.memories(0, args.saves, salt=f"s{args.salt}")]
    before = (_cpu(), _server_cpu(pgdata))
    started = time.perf_counter()
    for text in texts:
        await service.remember(ws, user, text)
    out["saves_per_s"] = len(texts) / (time.perf_counter() - started)
    out["save_cpu"] = 1000 * (_cpu() - before[0]) / len(texts)
    out["save_srv"] = 1000 * (_server_cpu(pgdata) - before[1]) / len(texts)
    lines = [
        json.dumps({"content": m.text})
        for m in vocab.memories(0, args.imports, salt=f"i{args.salt}")
    ]
    before = (_cpu(), _server_cpu(pgdata))
    started = time.perf_counter()
    await import_jsonl(service.ports, ws, user, lines)
    out["import_per_s"] = len(lines) / (time.perf_counter() - started)
    out["import_cpu"] = 1000 * (_cpu() - before[0]) / len(lines)
    out["import_srv"] = 1000 * (_server_cpu(pgdata) - before[1]) / len(lines)
    if args.clients:
        out |= await _crowd(service, vocab, ws, per_ws, args)
    await store.close()
    print(json.dumps(out))


async def _crowd(
    service: Any, vocab: Any, ws: str, size: int, args: argparse.Namespace
) -> dict[str, float]:
    """--clients users at once for --seconds: save, pause, recall, pause (mean --think);
    bench/scale.py's crowd, on texts fresh to this run (salted). The loop is this
    tree's, whichever tree is measured: both sides of a pair are timed by one harness."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pg_paired_scale", HERE / "bench" / "scale.py")
    assert spec is not None and spec.loader is not None
    scale = importlib.util.module_from_spec(spec)
    path = list(sys.path)
    spec.loader.exec_module(scale)
    sys.path[:] = path  # it puts this tree first: a later import must stay the measured tree's
    crowd = await scale.concurrency(
        service, vocab, ws, size, args.clients, args.seconds, args.think, salt=args.salt
    )
    return {
        "crowd_saves": crowd["saves"],
        "crowd_save_p50": crowd["s50"],
        "crowd_save_p95": crowd["s95"],
        "crowd_recall_p50": crowd["r50"],
        "crowd_recall_p95": crowd["r95"],
        "crowd_errors": crowd["errors"],
        "crowd_lost": crowd["lost"],
    }


def _pair(args: argparse.Namespace) -> None:
    runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
    trees = {"base": args.base, "this": str(HERE)}
    common = ["--dir", args.dir, "--size", str(args.size), "--workspaces", str(args.workspaces)]
    common += ["--queries", str(args.queries), "--saves", str(args.saves)]
    common += ["--imports", str(args.imports), "--clients", str(args.clients)]
    common += ["--seconds", str(args.seconds), "--think", str(args.think)]
    common += ["--pool", str(args.pool)] if args.pool else []
    for r in range(args.rounds):
        for name in ("base", "this") if r % 2 == 0 else ("this", "base"):
            salt = f"{args.salt}r{r}{name}"  # fresh texts: a repeat would be a duplicate
            cmd = [sys.executable, __file__, "measure", "--root", trees[name], "--salt", salt]
            done = subprocess.run(cmd + common, capture_output=True, text=True, check=False)
            if done.returncode:
                sys.exit(f"{name} failed:\n{done.stderr[-3000:]}")
            runs[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"round {r} {name}: {runs[name][-1]}", file=sys.stderr, flush=True)
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.size:,} memories over {args.workspaces} workspace(s); {args.rounds} rounds")
    print(f"{'figure':<14} {'base':>9} {'this':>9} {'this/base':>9}   (medians)")
    for key in runs["base"][0]:
        b = statistics.median(r[key] for r in runs["base"])
        t = statistics.median(r[key] for r in runs["this"])
        print(f"{key:<14} {b:>9.2f} {t:>9.2f} {t / b if b else float('nan'):>9.2f}")
    print(f"base = {args.base}, this = {HERE}; load average {load} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["fill", "measure", "pair"])
    parser.add_argument("--dir", required=True, help="the kept server's directory")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--workspaces", type=int, default=1)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--imports", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--salt", default=str(int(time.time())), help="texts never seen")
    parser.add_argument("--root", default=str(HERE), help="measure: the tree to import")
    parser.add_argument("--base", help="pair: the other tree (e.g. a clone of main)")
    parser.add_argument("--clients", type=int, default=0, help="measure: a crowd after")
    parser.add_argument("--seconds", type=float, default=60.0, help="the crowd's length")
    parser.add_argument("--think", type=float, default=1.0, help="its mean pause (s)")
    parser.add_argument("--pool", type=int, default=0, help="pool size (0: the store's)")
    args = parser.parse_args()
    if args.command == "fill":
        asyncio.run(_fill(args))
    elif args.command == "measure":
        asyncio.run(_measure(args))
    else:
        _pair(args)


if __name__ == "__main__":
    main()
