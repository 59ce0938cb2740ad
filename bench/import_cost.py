"""Where an import's CPU goes, per line: the writer thread, the guards' thread, the rest.

`memorybot import` saves a batch on the store's writer thread (reconciliation and
SQL, `core.remember.batch.save_screened`) while the next batch is screened on a
worker thread (the guards, `screen`); both hold the GIL for their Python work, so on
two cores the writer thread's CPU a line bounds the lines per second. bench/scale.py
gives the process's CPU a line; this splits it by thread (on a loaded machine a
steadier figure than wall time, though still ±15% run to run: pair runs). Standalone
store, no embedder, a workspace of `--size` memories of bench/team_vocabulary.py, the
guards warmed and Hyperscan built first.

    python bench/import_cost.py --size 10000 --lines 3000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

import core.remember.batch as batch  # noqa: E402
import core.stores.sqlite.lanes as lanes  # noqa: E402
import core.stores.sqlite.session as sqlite_session  # noqa: E402
from bench.scale import cpu_seconds, warm_guards  # noqa: E402
from bench.scale_targets import open_target  # noqa: E402
from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.governance.portability import import_jsonl  # noqa: E402

WORKSPACE, USER = "ws0000", "u"


class ThreadClock:
    """Sums the CPU time of the calls it wraps, on the thread that makes them."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.on = False

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return fn(*args, **kwargs)
            started = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds += time.thread_time() - started

        return timed


async def measure(size: int, lines: int, seed: int) -> dict[str, float]:
    writer, guards = ThreadClock(), ThreadClock()
    # A batch's saves run as one `drive` on the writer's thread; its checks, as one
    # `screen` on a worker thread.
    sqlite_session.drive = writer.wrap(lanes.drive)
    batch.screen = guards.wrap(batch.screen)

    vocab = TeamVocabulary(seed)
    with tempfile.TemporaryDirectory(prefix="memorybot-import-cost-") as tmp:
        async with open_target("sqlite", Path(tmp), None) as target:
            await target.fill(vocab, [WORKSPACE], USER, 0, size)
            await warm_guards(target, WORKSPACE, [m.text for m in vocab.memories(0, 20, "w")])
            texts = [m.text for m in vocab.memories(0, lines, salt=f"import{size}")]
            records = [json.dumps({"content": t}) for t in texts]
            writer.on = guards.on = True
            cpu, started = cpu_seconds(), time.perf_counter()
            report = await import_jsonl(target.service.ports, WORKSPACE, USER, records)
            wall, cpu = time.perf_counter() - started, cpu_seconds() - cpu
            writer.on = guards.on = False
    assert report.total == lines
    return {
        "lines/s": lines / wall,
        "cpu ms/line": 1000 * cpu / lines,
        "writer ms/line": 1000 * writer.seconds / lines,
        "guards ms/line": 1000 * guards.seconds / lines,
        "rss MB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--lines", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    row = asyncio.run(measure(args.size, args.lines, args.seed))
    print(", ".join(f"{name} {value:.3g}" for name, value in row.items()))


if __name__ == "__main__":
    main()
