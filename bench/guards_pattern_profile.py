"""Which injection patterns cost the most on look-alike texts, view by view.

The guard's p95 on 2,000-character look-alikes is set by a few merged patterns tried at
every place their head allows; this prints, per pattern, the time its matches take per
text, how many texts it is a candidate on and how many places it is tried at, so a gate
or a rewrite can be aimed at the costliest (texts as `bench/guards_interleaved.py`).

    nice -n 10 .venv/bin/python -m bench.guards_pattern_profile [--chars 2000] [--top 15]
"""

from __future__ import annotations

import argparse
import collections
import time

from bench.guards_latency import warm_lookalikes
from core.guards import injection
from core.guards.budget import Budget
from core.guards.normalize import views


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=2000)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    texts = warm_lookalikes(args.chars)
    cost: dict[int, float] = collections.defaultdict(float)
    tries: collections.Counter[int] = collections.Counter()
    seen_on: collections.Counter[int] = collections.Counter()
    view_counts: collections.Counter[int] = collections.Counter()
    for text in texts:
        budget = Budget()
        all_views = views(text, budget)
        view_counts[len(all_views)] += 1
        for view in all_views:
            run = injection._GATED.over(view, budget)
            for index in run.candidates():
                pattern = injection._PATTERNS[index].pattern
                places = run.starts(index)
                start = time.thread_time()
                for _ in range(5):
                    list(run.matches(index, pattern))
                cost[index] += (time.thread_time() - start) / 5
                seen_on[index] += 1
                tries[index] += len(places) if places is not None else len(view)
    total = sum(cost.values()) * 1000 / len(texts)
    print(f"{len(texts)} look-alike texts of {args.chars} chars; views {dict(view_counts)}")
    print(f"pattern matching {total:.3f} ms per text (all views)")
    for index, spent in sorted(cost.items(), key=lambda kv: -kv[1])[: args.top]:
        ip = injection._PATTERNS[index]
        print(f"{index:4d} {ip.rule:<22} {spent * 1000 / len(texts):7.3f} ms/text"
              f"  candidate {seen_on[index]:3d}x  tried at {tries[index]:5d} places")  # fmt: skip


if __name__ == "__main__":
    main()
