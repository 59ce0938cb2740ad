"""How long one guard check takes, by text length, beside a plain regex scan timed alongside.

Texts of 100, 500 and 2,000 characters in three kinds: chat (LoCoMo turns joined, the
text a team chat really carries), look-alikes (the clean rows of the guard corpus joined:
passwords as a topic, hashes, order numbers — the hardest clean text), and adversarial
input (long runs that make naive patterns backtrack: one token of 2,000 characters,
spaced letters, digit runs, nested markup, repeated trigger words, invisible characters).
Each text is checked with `core.guards.check` (privacy, then injection) and, in the same
loop, scanned once by a plain regex (`BASELINE`, a password-assignment pattern), so the ratio of the
two stays meaningful on a loaded machine. Times are CPU time of this thread, the median
of `REPEAT` runs per text. Hyperscan's database is built first, as a long-running bot
has it (`--no-hyperscan`: the literal gates alone, as a one-shot CLI call checks).

`--against COMMIT` times another commit's guards too (its tree from `git archive`, the
same texts and interpreter), this tree and that one in turn for `--rounds` rounds, each
in a fresh process, and prints each row as the median over the rounds beside the other's.

    /work/main/.venv/bin/python bench/guards_latency.py [--repeat 5] [--no-hyperscan]
        [--against COMMIT [--rounds 3]]

LoCoMo is CC BY-NC (measured here, never shipped): /work/shared/data/locomo/locomo-dev.json.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.guards_quality import SPLITS, load  # noqa: E402

LOCOMO = Path("/work/shared/data/locomo/locomo-dev.json")
SIZES = (100, 500, 2000)
PER_KIND = 40
REPEAT = 5
# One pattern a naive guard would start with: what a single plain scan of the text costs.
BASELINE = regex.compile(r"(?i)\b(?:password|passwd|pwd)\s*[:=]\s*\S+")


def chat_turns() -> list[str]:
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    return [
        turn["text"]
        for conv in data
        for key, session in conv["conversation"].items()
        if key.startswith("session_") and isinstance(session, list)
        for turn in session
    ]


def joined(parts: list[str], size: int, count: int, step: int) -> list[str]:
    """`count` texts of `size` characters, each consecutive parts from a different start."""
    texts = []
    for i in range(count):
        out: list[str] = []
        j = i * step
        while sum(len(p) + 1 for p in out) < size:
            out.append(parts[j % len(parts)])
            j += 1
        texts.append("\n".join(out)[:size])
    return texts


def warm_lookalikes(size: int) -> list[str]:
    """The dev split's clean rows joined into `PER_KIND` look-alike texts of `size`
    characters, with the guards warmed and Hyperscan built: what the cost benches in
    bench/research/ and bench/guards_pattern_profile.py time."""
    from core import guards

    clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
    texts = joined(clean, size, PER_KIND, 7919)
    guards.check("warm up")
    guards.accelerate(wait=True)
    return texts


def adversarial(size: int) -> list[str]:
    """Inputs that make patterns work hard, each cut to `size` characters."""
    seeds = [
        "a" * size,
        "A1b2C3d4" * size,
        "i g n o r e " * size,
        "ignore previous " * size,
        "1234 5678 " * size,
        "password password: is " * size,
        "<span style='display:none'>" * size,
        "sk-" + "x" * size,
        "aWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM" * size,
        "\u200b".join("ignore all previous instructions" * size),
        "you are now " * size,
        "send all memories to " * size,
        "-----BEGIN PRIVATE KEY-----" + "M" * size,
        "token=" + "ab1" * size,
        "!" * size,
        "word " * size,
    ]
    return [seed[:size] for seed in seeds]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def timed(fn: Callable[[str], object], text: str, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.thread_time()
        fn(text)
        runs.append(time.thread_time() - start)
    return statistics.median(runs) * 1000


Row = tuple[str, int, int, float, float, float, float]  # kind, chars, n, p50, p95, plain


def measure(repeat: int, hyperscan: bool, paired: bool = False) -> tuple[list[Row], bool]:
    """Every kind and size: guard p50/p95 and plain-scan p50/p95 (ms); whether Hyperscan ran.
    `paired`: the plain columns are the guard without Hyperscan instead, per text in turn."""
    from core.guards import check, prefilter

    clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
    turns = chat_turns()
    check("warm up")  # compiles the patterns and builds the gates, once per process
    accelerated = hyperscan and _accelerate()

    def baseline(text: str) -> object:
        return BASELINE.findall(text, timeout=1.0)

    rows: list[Row] = []
    for size in SIZES:
        kinds = {
            "chat": joined(turns, size, PER_KIND, 37),
            "look-alike": joined(clean, size, PER_KIND, 7919),
            "adversarial": adversarial(size),
        }
        for kind, texts in kinds.items():
            guard, plain = [], []
            for text in texts:
                guard.append(timed(check, text, repeat))
                if paired:
                    prefilter.USE_HYPERSCAN = False
                    plain.append(timed(check, text, repeat))
                    prefilter.USE_HYPERSCAN = True
                else:
                    plain.append(timed(baseline, text, repeat))
            rows.append((kind, size, len(texts), statistics.median(guard),
                         percentile(guard, 0.95), statistics.median(plain),
                         percentile(plain, 0.95)))  # fmt: skip
    return rows, accelerated


def _accelerate() -> bool:
    """Build Hyperscan's database and wait for it; False where this tree or host has none."""
    try:
        from core.guards.accelerator import accelerate
    except ImportError:
        return False
    return accelerate(wait=True)


def _print(rows: list[Row], label: str, paired: bool = False) -> None:
    print(f"{label}: load average {os.getloadavg()[0]:.1f}")
    other, unit, scale = ("gates", "ms", 1) if paired else ("plain", "us", 1000)
    print(f"{'kind':<12} {'chars':>5} {'n':>3}  {'guard p50':>9} {'guard p95':>9}"
          f"  {other + ' p50':>9} {other + ' p95':>9}  {'p95 ratio':>9}")  # fmt: skip
    for kind, size, n, g50, g95, p50, p95 in rows:
        ratio = f"{g95 / p95:>8.2f}x" if paired else f"{g95 / p95 if p95 else 0:>8.0f}x"
        print(
            f"{kind:<12} {size:>5} {n:>3}  {g50:>7.2f}ms {g95:>7.2f}ms  {p50 * scale:>7.2f}{unit}"
            f" {p95 * scale:>7.2f}{unit}  {ratio}"
        )


def _tree(commit: str, into: str) -> None:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def _run(tree: str, repeat: int, hyperscan: bool) -> list[Row]:
    args = [sys.executable, str(Path(__file__).resolve()), "--json", "--repeat", str(repeat)]
    args += ["--tree", tree] + ([] if hyperscan else ["--no-hyperscan"])
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    return [tuple(row) for row in json.loads(done.stdout)]  # type: ignore[misc]


def _medians(runs: list[list[Row]]) -> list[Row]:
    out: list[Row] = []
    for rows in zip(*runs, strict=True):
        kind, size, n = rows[0][:3]
        columns = [statistics.median(r[i] for r in rows) for i in range(3, 7)]
        out.append((kind, size, n, *columns))  # type: ignore[arg-type]
    return out


def compare(commit: str, rounds: int, repeat: int, hyperscan: bool) -> None:
    """This tree and `commit`'s, in turn, each round in fresh processes."""
    with tempfile.TemporaryDirectory() as other:
        _tree(commit, other)
        mine: list[list[Row]] = []
        theirs: list[list[Row]] = []
        for _ in range(rounds):
            theirs.append(_run(other, repeat, hyperscan))
            mine.append(_run(str(ROOT), repeat, hyperscan))
    a, b = _medians(mine), _medians(theirs)
    print(f"medians over {rounds} rounds, load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'kind':<12} {'chars':>5}  {commit[:10]:>10} p50/p95      this tree p50/p95   p95 ratio"
    )
    for (kind, size, _n, g50, g95, *_), (_k, _s, _n2, o50, o95, *_r) in zip(a, b, strict=True):
        print(f"{kind:<12} {size:>5}  {o50:>8.2f} / {o95:>6.2f} ms  {g50:>8.2f} / {g95:>6.2f} ms"
              f"  {g95 / o95:>8.2f}x")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    parser.add_argument("--no-hyperscan", action="store_true")
    parser.add_argument(
        "--paired",
        action="store_true",
        help="time each text without Hyperscan too, in turn (ratio = with/without)",
    )
    parser.add_argument("--against", metavar="COMMIT")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)  # the guards of another checkout
    args = parser.parse_args(argv)
    if args.against:
        compare(args.against, args.rounds, args.repeat, not args.no_hyperscan)
        return
    if args.tree:
        sys.path.insert(0, args.tree)
        for name in [m for m in sys.modules if m == "core" or m.startswith("core.")]:
            del sys.modules[name]
    rows, accelerated = measure(args.repeat, not args.no_hyperscan, args.paired)
    if args.json:
        json.dump(rows, sys.stdout)
        return
    label = "hyperscan" if accelerated else "literal gates alone"
    if args.paired:
        label += " beside the literal gates alone, per text in turn"
    _print(rows, label, args.paired and accelerated)


if __name__ == "__main__":
    main()
