"""Do two trees reconcile a fixed workload identically? A digest of what each one keeps.

A speed change to the save or import path (the keyword look-up before a save,
`decide`, the batch) must not change what is decided. This runs one workload and
prints a digest of its outcome; run it in each tree and compare the digests (or diff
the `--out` dumps):

- a standalone workspace filled with `size` memories of bench/team_vocabulary.py;
- the tuning probes' old texts (tests/data/reconcile/probes.jsonl: dev, test, test3,
  test4 — never a hold-out) imported among them;
- one import of 2,000 team lines and the probes' new texts, shuffled (their folds
  must be found among many common-word matches), then 150 single `remember` calls;
- the dump: every memory's text, status, importance, kind, scope, entities and the
  text it supersedes, sorted (ids and times differ run to run), after the statuses.

    python bench/reconcile_identity.py --size 10000 --out /tmp/a.txt
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

import core  # noqa: E402
from bench.scale_targets import SQLiteTarget  # noqa: E402
from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.governance.portability import import_jsonl  # noqa: E402
from core.models import Principal  # noqa: E402

TUNING = ("dev", "test", "test3", "test4")
WORKSPACE, USER = "ws0000", "u"


def jsonl(texts: Sequence[str]) -> list[str]:
    return [json.dumps({"content": t}) for t in texts]


async def outcome(size: int, tmp: Path) -> list[str]:
    """The workload's statuses and the memories it leaves, one JSON line each."""
    vocab = TeamVocabulary(11)
    probe_file = ROOT / "tests/data/reconcile/probes.jsonl"
    probes = [json.loads(line) for line in probe_file.read_text().splitlines()]
    probes = [p for p in probes if p["split"] in TUNING]
    rng = random.Random(7)
    team = [m.text for m in vocab.memories(0, 2000, salt=f"import{size}")]
    news = [p["new"] for p in probes]
    lines = team + news
    rng.shuffle(lines)
    singles = [*rng.sample(news, 60), *[m.text for m in vocab.memories(0, 60, salt="save")]]
    singles += rng.sample(team, 30)
    rng.shuffle(singles)
    out: list[str] = []
    async with core.open_memory(f"sqlite:///{tmp / 'identity.db'}") as service:
        target = SQLiteTarget(service, tmp / "identity.db")
        await target.fill(vocab, [WORKSPACE], USER, 0, size)
        olds = list(dict.fromkeys(p["old"] for p in probes))
        for texts in (olds, lines):
            report = await import_jsonl(service.ports, WORKSPACE, USER, jsonl(texts))
            out.append(json.dumps(sorted(report.by_status.items())))
        for text in singles:
            r = await service.remember(WORKSPACE, USER, text)
            kept = r.memory.content if r.memory else None
            replaced = r.replaced.content if r.replaced else None
            out.append(json.dumps([r.status.value, kept, replaced]))
        async with service.store.session(Principal(WORKSPACE, USER), read_only=True) as s:
            memories = await s.list_memories(["active", "superseded", "pending_review"], 10**7)
    text_of = {m.id: m.content for m in memories}
    rows = sorted(
        (
            m.content,
            m.status.value,
            round(m.importance, 4),
            m.kind.value,
            m.scope.value,
            list(m.entities),
            text_of.get(m.supersedes or ""),
        )
        for m in memories
    )
    return out + [json.dumps(row) for row in rows]


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="memorybot-identity-", dir=args.tmp) as tmp:
        lines = await outcome(args.size, Path(tmp))
    dump = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(dump)
    print(f"{args.size:,} memories, {len(lines):,} lines: " + lines[0] + " " + lines[1])
    print("digest " + hashlib.sha256(dump.encode()).hexdigest()[:16])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--out", default="", help="write the dump here")
    parser.add_argument("--tmp", default=None, help="directory for the temporary database")
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
