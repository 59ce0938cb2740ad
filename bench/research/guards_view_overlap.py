"""What the injection check's second view costs, and what of it an exact reuse could save.

Issue 12, item 5: a look-alike text has two views (folded, and plain where they differ) and
each is scanned for injection in full. This measures, on look-alike texts, (1) the plain
view's share of a check and its parts (Hyperscan pass, head-literal pass, gates asked,
regex tries); (2) how the views differ (same length or not, how many places differ, and
how much of the text lies within N characters of such a place: what a windowed re-scan
would still cover); (3) how many injection patterns have a bounded width at all (the
window a re-scan needs is that width plus lookaround); (4) the head-literal pass of the
plain view read from the folded view's where they agree (exact, checked here), against
its own pass. Times are CPU time of this thread, the fastest of `--repeat` runs. No guard
changes.

    nice -n 10 .venv/bin/python -m bench.research.guards_view_overlap [--chars 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import functools
import importlib
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# The stdlib parser's opcodes (`re._constants` since Python 3.11, `sre_constants` before).
try:
    sre_constants: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover
    sre_constants = importlib.import_module("sre_constants")

import core.guards as guards
from bench.guards_latency import warm_lookalikes
from core.guards import injection
from core.guards.budget import Budget
from core.guards.literals import _parse, fold
from core.guards.normalize import views
from core.guards.prefilter import VIEWS, Prefilter

_WINDOWS = (20, 60, 150, 300)


def _best(f: Callable[[], Any], repeat: int) -> int:
    best = 10**12
    for _ in range(repeat):
        start = time.thread_time_ns()
        f()
        best = min(best, time.thread_time_ns() - start)
    return best


def _parts(view: str, repeat: int) -> dict[str, int]:
    """One view's injection scan, step by step (nanoseconds)."""
    prefilter = VIEWS.prefilter()
    family = injection._GATED
    out: dict[str, int] = {}
    out["hyperscan pass"] = _best(lambda: prefilter.scan(view), repeat)
    out["head-literal pass"] = _best(lambda: prefilter.head_starts(view), repeat)
    budget = Budget()
    run = family.over(view, budget)
    # On a fresh pass each time: a pattern with no Hyperscan condition asks for the
    # literals, whose pass is then part of asking the gates.
    fresh = _best(lambda: family.over(view, Budget()).candidates(), repeat)
    out["gates asked"] = fresh - out["hyperscan pass"]
    candidates = run.candidates()

    def tries() -> None:
        for index in candidates:
            for _ in run.matches(index, injection._PATTERNS[index].pattern):
                pass

    out["regex tries"] = _best(tries, repeat)
    out["whole _match"] = _best(lambda: injection._match(view, Budget()), repeat)
    return out


def _differing(a: str, b: str) -> list[int]:
    left = np.frombuffer(a.encode("utf-32-le"), dtype=np.uint32)
    right = np.frombuffer(b.encode("utf-32-le"), dtype=np.uint32)
    return [int(i) for i in np.flatnonzero(left != right)]


def _covered(differ: list[int], window: int, size: int) -> float:
    marks = np.zeros(size + 1, dtype=np.int32)
    for place in differ:
        marks[max(0, place - window)] += 1
        marks[min(size, place + window + 1)] -= 1
    return float(np.count_nonzero(np.cumsum(marks)[:size])) / size


def _heads_beside(
    prefilter: Prefilter, text: str, other: str, other_starts: dict[str, list[int]]
) -> dict[str, list[int]] | None:
    """`prefilter.head_starts(text)` read from `other`'s where the two texts agree: a head
    literal of `other` that covers no differing place is in `text` too, and one of `text`
    that covers one lies within the longest head's length of it (the best this reuse can
    do: differing places by numpy, prefix sums, the automaton run on those spans only)."""
    folded, folded_other = fold(text), fold(other)
    if len(folded) != len(text) or len(folded_other) != len(folded):
        return prefilter.head_starts(text)
    differ = _differing(folded, folded_other)
    indicator = np.zeros(len(folded) + 1, dtype=np.int32)
    indicator[differ] = 1
    sums = [0, *np.cumsum(indicator).tolist()]
    starts: dict[str, list[int]] = {}
    for lit, at in other_starts.items():
        width = len(lit)
        kept = [s for s in at if sums[s + width] == sums[s]]
        if kept:
            starts[lit] = kept
    automaton = prefilter._head_automaton
    reach = _longest_head(prefilter)
    spans: list[list[int]] = []
    for place in differ:
        low, high = max(0, place - reach + 1), min(len(folded), place + reach)
        if spans and low <= spans[-1][1]:
            spans[-1][1] = high
        else:
            spans.append([low, high])
    for low, high in spans:
        for end, (lit, back) in automaton.iter(folded, low, high):
            start = end - back
            if sums[end + 1] != sums[start]:
                starts.setdefault(lit, []).append(start)
    return starts


@functools.cache
def _longest_head(prefilter: Prefilter) -> int:
    return max(map(len, prefilter._head_literals))


def _unbounded(parsed: Any) -> set[str]:
    """The bodies of the pattern's repeats with no upper bound, by class."""
    found: set[str] = set()
    repeats = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT}
    repeats |= {getattr(sre_constants, "POSSESSIVE_REPEAT", sre_constants.MAX_REPEAT)}

    def walk(items: Any) -> None:
        for op, av in items:
            if op in repeats:
                _, high, body = av
                if high == sre_constants.MAXREPEAT:
                    found.add(str(list(body))[:40])
                walk(body)
            elif op == sre_constants.SUBPATTERN:
                walk(av[-1])
            elif op == sre_constants.BRANCH:
                for branch in av[1]:
                    walk(branch)
            elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
                walk(av[1])
            elif op == sre_constants.ATOMIC_GROUP:
                walk(av)

    walk(parsed.data)
    return found


def _sorted(starts: dict[str, list[int]] | None) -> dict[str, list[int]]:
    return {lit: sorted(at) for lit, at in (starts or {}).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = warm_lookalikes(args.chars)
    for text in texts:
        guards.check(text)
    prefilter = VIEWS.prefilter()

    check = sum(_best(functools.partial(guards.check, text), args.repeat) for text in texts)
    parts: dict[str, list[int]] = {}
    pairs = [views(text) for text in texts]
    for pair in pairs:
        for name, ns in _parts(pair[-1], args.repeat).items():
            parts.setdefault(name, [0, 0])[len(pair) - 1] += ns
    two = sum(len(pair) == 2 for pair in pairs)
    print(f"{len(texts)} look-alike texts of {args.chars} chars; {two} have two views")
    print(f"  whole check                   {check / len(texts) / 1000:7.0f} us/text")
    whole = parts["whole _match"][1]
    steps = sum(second for name, (_, second) in parts.items() if name != "whole _match")
    parts["the rest"] = [0, whole - steps]  # places joined, mention tests, the loop
    for name, (_, second) in parts.items():
        print(f"  plain view: {name:18s}{second / len(texts) / 1000:7.0f} us/text"
              f"  ({100 * second / check:4.1f}% of a check)")  # fmt: skip
    tries = parts["regex tries"][1]

    same_length = [pair for pair in pairs if len(pair) == 2 and len(pair[0]) == len(pair[1])]
    differs = [_differing(pair[0], pair[1]) for pair in same_length]
    counts = sorted(len(d) for d in differs)
    quartiles = "/".join(str(counts[len(counts) * q // 4]) for q in (1, 2, 3))
    print(f"views of one length: {len(same_length)}/{two}; differing places p25/p50/p75: "
          f"{quartiles}")  # fmt: skip
    for window in _WINDOWS:
        cover = sorted(
            _covered(d, window, len(pair[1])) for d, pair in zip(differs, same_length, strict=True)
        )
        mean = sum(cover) / len(cover)
        print(f"  text within {window:3d} chars of a differing place: median "
              f"{100 * cover[len(cover) // 2]:3.0f}%, mean {100 * mean:3.0f}%; a re-scan there "
              f"saves at most {(1 - mean) * tries / len(texts) / 1000:4.0f} us/text of regex "
              f"tries ({100 * (1 - mean) * tries / check:.1f}% of a check)")  # fmt: skip

    bounded = 0
    classes: dict[str, int] = {}
    for ip in injection._PATTERNS:
        found = _unbounded(_parse(ip.pattern.pattern, ip.pattern.flags))
        bounded += not found
        for body in found:
            classes[body] = classes.get(body, 0) + 1
    print(
        f"injection patterns of bounded width: {bounded}/{len(injection._PATTERNS)}; "
        "unbounded repeats most often of:"
    )
    for body, count in sorted(classes.items(), key=lambda kv: -kv[1])[:4]:
        print(f"  {count:4d} patterns  {body}")

    own = beside = 0
    wrong = 0
    for pair in same_length:
        folded_starts = prefilter.head_starts(pair[0])
        if folded_starts is None:
            continue
        want = prefilter.head_starts(pair[1])
        got = _heads_beside(prefilter, pair[1], pair[0], folded_starts)
        wrong += _sorted(want) != _sorted(got)
        own += _best(functools.partial(prefilter.head_starts, pair[1]), args.repeat)
        again = functools.partial(_heads_beside, prefilter, pair[1], pair[0], folded_starts)
        beside += _best(again, args.repeat)
    print(f"plain view's head-literal pass: own {own / len(same_length) / 1000:.0f} us/text, "
          f"read from the folded view's {beside / len(same_length) / 1000:.0f} us/text "
          f"({wrong} texts differing)")  # fmt: skip


if __name__ == "__main__":
    main()
