"""Does the fast `reconcile.near_miss` decide exactly what the plain one did? And how fast?

`near_miss` (an ADD's candidate for review) asks its candidates in order of similarity
and stops once the answer is known (issue 14: asking the retired rules of every
candidate made `decide` 1.9× slower). A speed change must change no decision, so this
keeps the plain implementation it replaced (`reference_near_miss`, `reference_decide`:
every candidate's similarity and retired rules, the best by (retired, similarity,
earlier)) and runs both over every tuning probe pair (tests/data/reconcile/probes.jsonl,
never a hold-out) with several candidates: the pair's old text among its neighbours'
texts in the file (probes come in families, so neighbours share words and some are
near misses too), at a position that varies, and, for every third pair, the old text
twice (equal similarity: the earlier must win). It prints how many decisions differ in
operation, target, near miss, kept text or similarity (0 wanted), and each one's CPU
per decision (thread time, per-text caches emptied before each pass, as a save meets
texts never seen).

    python bench/near_miss_identity.py [--every N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

from core.models import Kind, Memory, Scope, Source, Status  # noqa: E402
from core.remember import transforms  # noqa: E402
from core.remember.canonical import content_hash, similarity  # noqa: E402
from core.remember.paraphrase import TEXT_CACHES, is_paraphrase  # noqa: E402
from core.remember.reconcile import (  # noqa: E402
    NEAR_DUPLICATE,
    Decision,
    Op,
    compare,
    decide,
    merged_text,
)
from core.remember.revision import is_extension, is_revision, slot  # noqa: E402

PROBES = ROOT / "tests" / "data" / "reconcile" / "probes.jsonl"
HELD_OUT = ("test2", "test5", "test9")
NEIGHBOURS = 4  # rows each side whose old texts join the pair's as candidates

Case = tuple[str, str, list[Memory]]


def reference_retired_fold(old: str, new: str) -> bool:
    """`reconcile.retired_fold` as it was before it was made fast."""
    return is_paraphrase(old, new) or is_revision(old, new) or is_extension(old, new)


def reference_near_miss(content: str, existing: Sequence[Memory]) -> Memory | None:
    """`reconcile.near_miss` as it was before it was made fast: every candidate asked."""
    best: tuple[bool, float, int] | None = None
    found: Memory | None = None
    for i, memory in enumerate(existing):
        score = similarity(content, memory.content)
        retired = reference_retired_fold(memory.content, content)
        if not retired and score < NEAR_DUPLICATE:
            continue
        key = (retired, score, -i)
        if best is None or key > best:
            best, found = key, memory
    return found


def reference_decide(content: str, content_hash: str, existing: Sequence[Memory]) -> Decision:
    """`reconcile.decide` as it was before, with `reference_near_miss`."""
    for memory in existing:
        if memory.content_hash == content_hash:
            return Decision(Op.NOOP, memory, memory.content, 1.0)
    folds = [(m, op) for m in existing if (op := compare(m.content, content)) != Op.ADD]
    if not folds:
        return Decision(Op.ADD, None, content, near_miss=reference_near_miss(content, existing))
    scored = [(similarity(content, m.content), -i, m, op) for i, (m, op) in enumerate(folds)]
    score, _, memory, op = max(scored, key=lambda s: (s[0], s[1]))
    if op == Op.NOOP:
        return Decision(Op.NOOP, memory, memory.content, score)
    if op == Op.UPDATE:
        return Decision(Op.UPDATE, memory, content, score)
    return Decision(Op.MERGE, memory, merged_text(memory.content, content), score)


def memory(text: str, ident: str) -> Memory:
    return Memory(
        id=ident, workspace="w", owner="u", scope=Scope.PRIVATE, content=text,
        content_hash=content_hash(text), kind=Kind.FACT, source=Source.EXPLICIT,
        importance=0.5, confidence=1.0, status=Status.ACTIVE, entities=[],
    )  # fmt: skip


def tuning_rows(path: Path = PROBES) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [r for r in rows if r["split"] not in HELD_OUT]


def cases(rows: Sequence[dict[str, str]], every: int = 1) -> list[Case]:
    """Each `every`-th pair's new text against its old text among its neighbours' old
    texts (and the next pair's new text), the old one at a varying position."""
    rng = random.Random(14)
    out: list[Case] = []
    for i in range(0, len(rows), every):
        lo, hi = max(0, i - NEIGHBOURS), min(len(rows), i + NEIGHBOURS + 1)
        texts = [rows[j]["old"] for j in range(lo, hi) if j != i]
        if i + 1 < len(rows):
            texts.append(rows[i + 1]["new"])
        texts.insert(rng.randrange(len(texts) + 1), rows[i]["old"])
        if i % 3 == 0:
            texts.insert(rng.randrange(len(texts) + 1), rows[i]["old"])
        new = rows[i]["new"]
        out.append((new, content_hash(new), [memory(t, f"c{k}") for k, t in enumerate(texts)]))
    return out


def _key(d: Decision) -> tuple[object, ...]:
    return (
        d.op,
        d.target.id if d.target else None,
        d.near_miss.id if d.near_miss else None,
        d.content,
        d.similarity,
    )


def differences(batch: Sequence[Case]) -> list[tuple[str, tuple[object, ...], tuple[object, ...]]]:
    """The cases whose decision differs between `decide` and `reference_decide`."""
    out = []
    for new, digest, existing in batch:
        got, want = (
            _key(decide(new, digest, existing)),
            _key(reference_decide(new, digest, existing)),
        )
        if got != want:
            out.append((new, got, want))
    return out


def cpu_us(
    fn: Callable[[str, str, Sequence[Memory]], Decision], batch: Sequence[Case], rounds: int
) -> float:
    """Thread CPU per decision, µs, the best of `rounds` passes with per-text caches emptied."""
    best = math.inf
    for _ in range(rounds):
        for cached in (*TEXT_CACHES, *transforms.TEXT_CACHES, slot):
            cached.cache_clear()
        start = time.thread_time()
        for new, digest, existing in batch:
            fn(new, digest, existing)
        best = min(best, time.thread_time() - start)
    return round(best / len(batch) * 1e6, 1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=1, help="every N-th tuning pair")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes (0: none)")
    args = parser.parse_args(argv)
    batch = cases(tuning_rows(), args.every)
    diff = differences(batch)
    adds = sum(decide(n, h, e).op == Op.ADD for n, h, e in batch)
    offered = sum(decide(n, h, e).near_miss is not None for n, h, e in batch)
    candidates = sum(len(e) for _, _, e in batch)
    print(
        f"{len(batch)} decisions over {candidates} candidates: {adds} ADD, {offered} with a "
        f"near miss; {len(diff)} differ from the reference"
    )
    fields = ("op", "target", "near_miss", "kept text", "similarity")
    texts = [new for new, _, _ in batch]
    for new, got, want in diff[:10]:  # which decision and what differs, never its text
        differ = ", ".join(f for f, a, b in zip(fields, got, want, strict=True) if a != b)
        print(f"  decision {texts.index(new)}: {differ} differ")
    if args.rounds:
        before = cpu_us(reference_decide, batch, args.rounds)
        after = cpu_us(decide, batch, args.rounds)
        print(f"decide CPU per decision: reference {before} µs → {after} µs, {after / before:.3f}×")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
