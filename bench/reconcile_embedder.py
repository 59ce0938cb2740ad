"""Would an embedder's second opinion help reconciliation MERGE more paraphrases?

Why: the rules (`core.remember.paraphrase`) MERGE only when every meaningful word of
each text is paired with one of the other, so a paraphrase that swaps a word the
lexicon does not know ("lives in" / "is stored in") stays a second memory. A second
opinion would MERGE such a pair when the rules find no distinction (`leftover` is not
None: same names, numbers, negation, persons, tense, fact-carrying words) and the two
vectors are close. This prints, for the tuning splits only (hold-outs are never
tuned on), how many duplicates such a rule would gain and how many distinct facts it
would fold, at each cosine threshold, with the local MiniLM embedder (the `local`
extra). A second opinion is worth adding only if some threshold gains duplicates at
(almost) no folded fact.

    .venv/bin/python bench/reconcile_embedder.py [--splits dev,test,test3,test4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

from bench.reconcile_quality import HELD_OUT, PROBES  # noqa: E402
from core.providers.embedders.local import LocalMiniLMEmbedder  # noqa: E402
from core.remember.paraphrase import leftover  # noqa: E402
from core.remember.reconcile import Op, compare  # noqa: E402

THRESHOLDS = (0.80, 0.85, 0.90, 0.92, 0.94, 0.96, 0.98)


async def cosines(texts: Sequence[tuple[str, str]]) -> list[float]:
    """Cosine of each pair's two texts (the vectors come normalised)."""
    unique = sorted({t for pair in texts for t in pair})
    vectors = dict(zip(unique, await LocalMiniLMEmbedder().embed(unique), strict=True))
    return [sum(x * y for x, y in zip(vectors[a], vectors[b], strict=True)) for a, b in texts]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--splits", default="dev,test,test3,test4")
    args = parser.parse_args(argv)
    splits = args.splits.split(",")
    if any(s in HELD_OUT for s in splits):
        print("hold-outs are aggregates only: measure them with bench/reconcile_quality.py")
        return 2
    with PROBES.open(encoding="utf-8") as fh:
        rows = [r for r in map(json.loads, fh) if r["split"] in splits]
    open_pairs = [
        r
        for r in rows
        if compare(r["old"], r["new"]) == Op.ADD and leftover(r["old"], r["new"]) is not None
    ]
    scores = asyncio.run(cosines([(r["old"], r["new"]) for r in open_pairs]))
    dupes = [s for r, s in zip(open_pairs, scores, strict=True) if r["label"] in ("NOOP", "MERGE")]
    distinct = [
        s
        for r, s in zip(open_pairs, scores, strict=True)
        if r["kind"].startswith(("distinct", "negation"))
    ]
    all_dupes = sum(1 for r in rows if r["label"] in ("NOOP", "MERGE"))
    all_distinct = sum(1 for r in rows if r["kind"].startswith(("distinct", "negation")))
    print(
        f"{', '.join(splits)}: {len(rows)} pairs; the rules ADD {len(open_pairs)} with no "
        f"distinction found ({len(dupes)} duplicates, {len(distinct)} distinct facts)"
    )
    print(f"  {'cosine ≥':<10}{'duplicates gained':>19}{'distinct facts folded':>23}")
    for t in THRESHOLDS:
        gained = sum(s >= t for s in dupes)
        folded = sum(s >= t for s in distinct)
        print(
            f"  {t:<10.2f}{gained:>9} ({gained / all_dupes:6.2%}){folded:>12} "
            f"({folded / all_distinct:6.2%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
