"""How long one guard check takes, by text length, beside a plain regex scan timed alongside.

Texts of 100, 500 and 2,000 characters in three kinds: chat (LoCoMo turns joined, the
text a team chat really carries), look-alikes (the clean rows of the guard corpus joined:
passwords as a topic, hashes, order numbers — the hardest clean text), and adversarial
input (long runs that make naive patterns backtrack: one token of 2,000 characters,
spaced letters, digit runs, nested markup, repeated trigger words, invisible characters).
Each text is checked with `core.guards.check` (privacy, then injection) and, in the same
loop, scanned once by a plain regex (`BASELINE`, a password-assignment pattern), so the ratio of the
two stays meaningful on a loaded machine. Times are CPU time of this thread, the median
of `REPEAT` runs per text.

    /work/main/.venv/bin/python bench/guards_latency.py [--repeat 5]

LoCoMo is CC BY-NC (measured here, never shipped): /work/shared/data/locomo/locomo-dev.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    args = parser.parse_args(argv)

    from core.guards import check

    clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
    turns = chat_turns()
    check("warm up")  # compiles the patterns and builds the gates, once per process

    def baseline(text: str) -> object:
        return BASELINE.findall(text, timeout=1.0)

    print(f"{'kind':<12} {'chars':>5} {'n':>3}  {'guard p50':>9} {'guard p95':>9}"
          f"  {'plain p50':>9} {'plain p95':>9}  {'p95 ratio':>9}")  # fmt: skip
    for size in SIZES:
        kinds = {
            "chat": joined(turns, size, PER_KIND, 37),
            "look-alike": joined(clean, size, PER_KIND, 7919),
            "adversarial": adversarial(size),
        }
        for kind, texts in kinds.items():
            guard, plain = [], []
            for text in texts:
                guard.append(timed(check, text, args.repeat))
                plain.append(timed(baseline, text, args.repeat))
            g95, p95 = percentile(guard, 0.95), percentile(plain, 0.95)
            print(
                f"{kind:<12} {size:>5} {len(texts):>3}  {statistics.median(guard):>7.2f}ms"
                f" {g95:>7.2f}ms  {statistics.median(plain) * 1000:>7.1f}us"
                f" {p95 * 1000:>7.1f}us  {g95 / p95 if p95 else float('inf'):>8.0f}x"
            )


if __name__ == "__main__":
    main()
