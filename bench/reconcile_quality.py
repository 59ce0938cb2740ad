"""Measure reconciliation: does it fold what is one fact, and keep what are two?

Two measurements, the first printed per split so the one the rules were not tuned on
is visible: `dev`, the first `test` split and `test3` are tuning data (the first test
split was read in aggregate by many sessions, so it stopped being a hold-out; `test3`
is read pair by pair since `test4` was written, `test4` since `test5` was, `test6`
since the round after the positive-evidence change, 2026-12-03, while `test7` was written
blind, `test7` since the round after that, recon8, while `test8` was written blind, and
`test8` since 2026-12-04); `test2`, `test5` and `test9` (written blind on 2026-12-04) were
each written and committed before the rules of a change were shaped and are printed as
aggregates only (no breakdown by
kind, and `--misses` refuses them), so that nothing is tuned on them:

1. The probe set (tests/data/reconcile/probes.jsonl, built by
   `bench/reconcile_probes.py`): each labelled (old, new) pair goes through
   `core.remember.reconcile.decide` against a one-memory store view; prints precision
   and recall per operation, the share of distinct facts (distinct + negation) that
   were wrongly folded (MERGE/UPDATE/NOOP), and the share of true duplicates
   (NOOP + reworded) caught.
2. Ingest (`--locomo`): every turn of a LoCoMo-format file is saved through the
   public API (`core.open_memory`, standalone SQLite, reconciliation on), one
   workspace per conversation; prints how many non-identical turns stayed separate
   memories. The file is read in place, never copied.

With `--against REV`, `decide`'s CPU per pair is also measured for the rules of REV
(a commit; its tree is unpacked from git) beside this tree's, alternated in fresh
processes on the same probe rows, and the ratio of the medians printed: a paired
figure, since other work on the machine slows both alike.

    /work/main/.venv/bin/python bench/reconcile_quality.py [--locomo PATH] [--json]
        [--against REV [--rounds N]] [--misses SPLIT]

`--misses SPLIT` prints a tuning split's wrongly decided pairs (label, decision, kind,
old, new) instead, for reading them one by one. `--paths` prints, per tuning split, the
folds by the rule that made them (NOOP by the same words, MERGE by paraphrase, UPDATE
by the kind of value changed or by an extension) and how many of each were right and
how many folded a distinct fact: each path is trusted only while it folds none.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

import core  # noqa: E402
from bench.locomo import load  # noqa: E402
from core.models import Kind, Memory, Scope, Source, Status  # noqa: E402
from core.remember import transforms  # noqa: E402
from core.remember.canonical import content_hash, normalize_content  # noqa: E402
from core.remember.paraphrase import TEXT_CACHES  # noqa: E402
from core.remember.reconcile import Op, decide  # noqa: E402
from core.remember.revision import slot  # noqa: E402
from core.remember.transforms import merge_path  # noqa: E402

PROBES = ROOT / "tests" / "data" / "reconcile" / "probes.jsonl"
DEFAULT_LOCOMO = Path("/work/shared/data/locomo/locomo-dev.json")
OPS = [op.value for op in Op]
DISTINCT = ("distinct", "negation")  # kinds whose pairs must both be kept


def memory(text: str) -> Memory:
    return Memory(
        id="m1", workspace="w", owner="u", scope=Scope.PRIVATE, content=text,
        content_hash=content_hash(text), kind=Kind.FACT, source=Source.EXPLICIT,
        importance=0.5, confidence=1.0, status=Status.ACTIVE, entities=[],
    )  # fmt: skip


def probe_report(rows: Sequence[dict[str, str]]) -> dict[str, object]:
    """Per-operation precision/recall and the two acceptance shares for some pairs."""
    decisions = [decide(r["new"], content_hash(r["new"]), [memory(r["old"])]) for r in rows]
    kinds = {r["kind"] for r in rows}
    predicted = [d.op for d in decisions]
    per_op = {}
    for op in OPS:
        tp = sum(1 for r, p in zip(rows, predicted, strict=True) if p == op and r["label"] == op)
        said = sum(1 for p in predicted if p == op)
        truth = sum(1 for r in rows if r["label"] == op)
        per_op[op] = {
            "pairs": truth,
            "precision": round(tp / said, 4) if said else None,
            "recall": round(tp / truth, 4) if truth else None,
        }
    distinct = [p for r, p in zip(rows, predicted, strict=True) if r["kind"].startswith(DISTINCT)]
    dupes = [p for r, p in zip(rows, predicted, strict=True) if r["label"] in ("NOOP", "MERGE")]
    updates = [p for r, p in zip(rows, predicted, strict=True) if r["label"] == "UPDATE"]
    folded_by_kind: Counter = Counter(
        r["kind"] for r, p in zip(rows, predicted, strict=True)
        if r["kind"].startswith(DISTINCT) and p != Op.ADD
    )  # fmt: skip

    def offered(labels: tuple[str, ...]) -> float | None:
        """Of the pairs with these labels decided ADD, the share that carry a near miss."""
        added = [
            d for r, d in zip(rows, decisions, strict=True)
            if (r["label"] in labels or r["kind"] in labels) and d.op == Op.ADD
        ]  # fmt: skip
        return round(sum(d.near_miss is not None for d in added) / len(added), 4) if added else None

    return {
        "pairs": len(rows),
        "per_op": per_op,
        # of the duplicates (updates) kept apart, the share offered for review as a near
        # miss; of the distinct facts, the share that would bother a reviewer for nothing
        "missed_duplicates_with_near_miss": offered(("NOOP", "MERGE")),
        "missed_updates_with_near_miss": offered(("UPDATE",)),
        "distinct_with_near_miss": offered(tuple(k for k in kinds if k.startswith(DISTINCT))),
        "distinct_folded": round(sum(p != Op.ADD for p in distinct) / len(distinct), 4),
        "distinct_folded_by_kind": dict(folded_by_kind),
        "duplicates_caught": round(sum(p != Op.ADD for p in dupes) / len(dupes), 4),
        "updates_caught": round(sum(p == Op.UPDATE for p in updates) / len(updates), 4),
    }


async def ingest(path: Path) -> dict[str, object]:
    """Save every turn; count non-identical accepted turns and the memories they became."""
    conversations = load(path)
    statuses: Counter = Counter()
    kept = texts = 0
    with tempfile.TemporaryDirectory() as tmp:
        async with core.open_memory(str(Path(tmp) / "ingest.db")) as memory:
            for conv in conversations:
                workspace = f"locomo-{conv.sample_id}"
                turns_of: dict[str, set[str]] = defaultdict(set)
                accepted: set[str] = set()
                for turn in conv.turns:
                    result = await memory.remember(workspace, "reader", turn.text)
                    statuses[result.status.value] += 1
                    if result.memory is not None:
                        accepted.add(normalize_content(turn.text))
                        turns_of[result.memory.id].add(normalize_content(turn.text))
                texts += len(accepted)
                kept += sum(1 for texts_of in turns_of.values() if texts_of)
    return {
        "conversations": len(conversations),
        "turns": sum(statuses.values()),
        "statuses": dict(statuses),
        "non_identical_turns": texts,
        "separate_memories": kept,
        "kept_share": round(kept / texts, 4) if texts else None,
    }


SPLITS = {
    "dev": "dev (tuned on)",
    "test": "test (first hold-out, tuned on since test2 was written)",
    "test2": "test2 (hold-out, never tuned on: aggregates only)",
    "test3": "test3 (second hold-out, tuned on since test4 was written)",
    "test4": "test4 (third hold-out, tuned on since test5 was written)",
    "test5": "test5 (hold-out written blind, never tuned on: aggregates only)",
    "test6": "test6 (hold-out written blind, tuned on since 2026-12-03)",
    "test7": "test7 (hold-out written blind, tuned on since recon8, 2026-12-03)",
    "test8": "test8 (hold-out written blind, tuned on since 2026-12-04)",
    "test9": "test9 (hold-out written blind, never tuned on: aggregates only)",
}
HELD_OUT = ("test2", "test5", "test9")


def decide_cpu_us(rows: Sequence[dict[str, str]], rounds: int = 5) -> float:
    """CPU time of one `decide` call per probe pair, in µs: the best of `rounds` passes
    over every pair after a warm-up pass. The lexicon and per-word caches stay warm, as
    in a long-running process; the per-text caches are emptied before each pass, since
    a save brings a text never seen. Thread CPU time: other processes do not count."""
    cases = [(r["new"], content_hash(r["new"]), [memory(r["old"])]) for r in rows]
    best = math.inf
    for _ in range(rounds + 1):
        for cached in (*TEXT_CACHES, *transforms.TEXT_CACHES, slot):
            cached.cache_clear()
        start = time.thread_time()
        for new, digest, existing in cases:
            decide(new, digest, existing)
        best = min(best, time.thread_time() - start)
    return round(best / len(cases) * 1e6, 1)


_CPU_OF_TREE = """import json, sys
sys.path.insert(0, ".")
from bench.reconcile_quality import decide_cpu_us
with open(sys.argv[1], encoding="utf-8") as fh:
    print(decide_cpu_us([json.loads(line) for line in fh if line.strip()]))
"""


def paired_cpu_us(rev: str, probes: Path, rounds: int) -> dict[str, object]:
    """`decide` CPU per pair of `rev` (its tree unpacked with `git archive`) and of
    this tree, each in a fresh process on the same probe rows, alternated `rounds`
    times so both see the same load; the medians and their ratio."""
    runs: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for _ in range(rounds):
            for name, tree in (("before", tmp), ("after", str(ROOT))):
                done = subprocess.run(
                    [sys.executable, "-c", _CPU_OF_TREE, str(probes)],
                    cwd=tree, capture_output=True, text=True, check=True,
                )  # fmt: skip
                runs[name].append(float(done.stdout.split()[-1]))
    before = round(statistics.median(runs["before"]), 1)
    after = round(statistics.median(runs["after"]), 1)
    return {
        "against": rev, "rounds": rounds, "before_us": before, "after_us": after,
        "ratio": round(after / before, 3), "load": round(os.getloadavg()[0], 1),
    }  # fmt: skip


def misses(rows: Sequence[dict[str, str]]) -> list[tuple[str, str, dict[str, str]]]:
    """The pairs `decide` gets wrong, as (wanted, decided, row); a fold that loses a
    fact (a distinct pair not added) first, then missed duplicates and updates."""
    out = []
    for r in rows:
        got = decide(r["new"], content_hash(r["new"]), [memory(r["old"])]).op.value
        if got != r["label"] and not (r["label"] in ("NOOP", "MERGE") and got in ("NOOP", "MERGE")):
            out.append((r["label"], got, r))
    return sorted(out, key=lambda m: (m[0] != "ADD", m[0]))


def fold_path(old: str, new: str, op: str) -> str:
    """The rule that folded `new` into `old`, as `compare` tries them: MERGE by the
    transformations it needed (`transforms.merge_path`), UPDATE by the typed slot."""
    if op == Op.NOOP:
        return "NOOP (same words)"
    if op == Op.MERGE:
        return f"MERGE ({'+'.join(merge_path(old, new) or ())})"
    return f"UPDATE ({slot(old, new)})"


def paths(rows: Sequence[dict[str, str]]) -> dict[str, Counter]:
    """Per fold path: pairs it decided right, distinct facts it folded, other errors."""
    out: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        if normalize_content(r["old"]) == normalize_content(r["new"]):
            continue  # the hash: no rule
        op = decide(r["new"], content_hash(r["new"]), [memory(r["old"])]).op
        if op == Op.ADD:
            continue
        dupe = r["label"] in ("NOOP", "MERGE") and op in (Op.NOOP, Op.MERGE)
        key = fold_path(r["old"], r["new"], op)
        if op == r["label"] or dupe:
            out[key]["right"] += 1
        elif r["kind"].startswith(DISTINCT):
            out[key]["folded"] += 1
        else:
            out[key]["other"] += 1
    return out


def print_probes(name: str, report: dict) -> None:
    print(f"{name}: {report['pairs']} pairs")
    print(f"  {'op':<8}{'pairs':>6}{'precision':>11}{'recall':>8}")
    for op, row in report["per_op"].items():
        p = "-" if row["precision"] is None else f"{row['precision']:.3f}"
        r = "-" if row["recall"] is None else f"{row['recall']:.3f}"
        print(f"  {op:<8}{row['pairs']:>6}{p:>11}{r:>8}")
    by_kind = report.get("distinct_folded_by_kind") or ""
    print(f"  distinct facts folded (≤ 1%):   {report['distinct_folded']:.2%}  {by_kind}")
    print(f"  true duplicates caught (≥ 95%): {report['duplicates_caught']:.2%}")
    print(f"  updates recognised:             {report['updates_caught']:.2%}")
    for key, said in (
        ("missed_duplicates_with_near_miss", "missed duplicates with a near miss"),
        ("missed_updates_with_near_miss", "missed updates with a near miss"),
        ("distinct_with_near_miss", "distinct facts with a near miss"),
    ):
        if report.get(key) is not None:
            print(f"  {said + ':':<32}{report[key]:.2%}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=Path, default=PROBES)
    parser.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO, help="LoCoMo-format JSON")
    parser.add_argument("--no-ingest", action="store_true", help="probe set only")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--against", metavar="REV", help="also time decide() of REV beside this tree, paired"
    )
    parser.add_argument("--rounds", type=int, default=5, help="alternations for --against")
    parser.add_argument("--misses", metavar="SPLIT", help="list a tuning split's wrong pairs")
    parser.add_argument(
        "--tuning-only", action="store_true", help="leave the hold-outs out (while tuning)"
    )
    parser.add_argument("--paths", action="store_true", help="tuning folds by the rule")
    args = parser.parse_args(argv)
    with args.probes.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if args.misses:
        if args.misses in HELD_OUT or args.misses not in SPLITS:
            print(f"{args.misses}: not a tuning split (hold-outs are aggregates only)")
            return 2
        for wanted, got, r in misses([r for r in rows if r["split"] == args.misses]):
            print(f"{wanted:>6} got {got:<6} {r['kind']:<16} {r['old']!r} -> {r['new']!r}")
        return 0
    if args.paths:
        for split in (s for s in SPLITS if s not in HELD_OUT):
            print(f"{split}:")
            for key, n in sorted(paths([r for r in rows if r["split"] == split]).items()):
                counts = f"right {n['right']:>4}  folded {n['folded']:>3}  other {n['other']:>3}"
                print(f"  {key:<22} {counts}")
        return 0
    shown = [s for s in SPLITS if not (args.tuning_only and s in HELD_OUT)]
    reports = {split: probe_report([r for r in rows if r["split"] == split]) for split in shown}
    for split in HELD_OUT:
        if split in reports:
            reports[split].pop("distinct_folded_by_kind")  # aggregates only: nothing to tune on
    result: dict[str, object] = {**reports, "decide_cpu_us": decide_cpu_us(rows)}
    if args.against:
        result["paired"] = paired_cpu_us(args.against, args.probes, args.rounds)
    if not args.no_ingest:
        if not args.locomo.exists():
            print(f"no data file at {args.locomo}", file=sys.stderr)
            return 2
        result["ingest"] = asyncio.run(ingest(args.locomo))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for split in shown:
        print_probes(SPLITS[split], result[split])
    print(f"decide() CPU per pair: {result['decide_cpu_us']} µs (best of 5 passes, warm)")
    if "paired" in result:
        pr = result["paired"]
        print(
            f"paired with {pr['against']} ({pr['rounds']} alternations, load {pr['load']}): "
            f"{pr['before_us']} → {pr['after_us']} µs median, {pr['ratio']}×"
        )
    if "ingest" in result:
        i = result["ingest"]
        print(
            f"ingest {args.locomo.name}: {i['turns']} turns, {i['non_identical_turns']} "
            f"non-identical accepted → {i['separate_memories']} separate memories "
            f"({i['kept_share']:.2%}, ≥ 99% wanted); statuses {i['statuses']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
