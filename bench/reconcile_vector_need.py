"""Does a connected save's reconciliation need the text's vector? Decisions with and without.

A save could commit before its vector exists (a background embedder writing it later)
only if the rules decided the same on keyword candidates alone. This measures it on a
kept, filled PostgreSQL (bench/pg_paired.py fill): the tuning probes' old texts
(tests/data/reconcile/probes.jsonl: dev, test, test3, test4 — never a hold-out) are
imported among the workspace's memories, then for each probe's new text and for
--saves fresh team-vocabulary texts (the workload of pg_paired's `remember`) the rules
decide twice in one read-only snapshot: on `saving.similar_memories`' candidates
(keyword + vector, as a save does) and on the keyword candidates alone. Prints how
many decisions differ (operation or target), by probe label, and how many saves had
a candidate that only the vector search found. Then --pairs: restatements that share
no search term ("The lift is out of order" / "The elevator is broken"), saved in a
fresh workspace, where only the vector search can bring the old text to the rules.

    python bench/reconcile_vector_need.py --dir /tmp/pgkept --saves 300
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.governance.portability import import_jsonl  # noqa: E402
from core.models import Memory, Principal, Scope, Status  # noqa: E402
from core.ports import TextHit  # noqa: E402
from core.providers.presets import EmbedConfig, build_embedder  # noqa: E402
from core.providers.vectors import embed_text  # noqa: E402
from core.recall.textsearch import query_terms  # noqa: E402
from core.remember import saving  # noqa: E402
from core.remember.canonical import clean_text, content_hash  # noqa: E402
from core.remember.reconcile import Decision, decide  # noqa: E402
from core.service import MemoryService  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

TUNING = ("dev", "test", "test3", "test4")
WS, USER = "ws0000", "u"
#: (saved, then saved again): restatements the rules fold (`reconcile.compare`),
#: the first with no search term in common, the others sharing some.
PAIRS = (
    ("The lift is out of order", "The elevator is broken"),
    ("Bob kicks off builds", "Bob starts builds"),
    ("The office shuts early", "The office closes early"),
)


def _kept(hits: list[TextHit], owner: str) -> list[Memory]:
    """The save's own filter (saving.similar_memories): active, same scope and owner."""
    found: dict[str, Memory] = {}
    for h in hits:
        m = h.memory
        if m.scope == Scope.PRIVATE and m.owner == owner and m.status == Status.ACTIVE:
            found.setdefault(m.id, m)
    return list(found.values())


async def _decisions(
    service: MemoryService, text: str, ws: str = WS, user: str = USER
) -> tuple[str, str, bool]:
    """(decision with vectors, decision on keywords alone, a vector-only candidate?)."""
    content = clean_text(text)
    digest = content_hash(content)
    vector = await embed_text(service.ports, ws, content)
    principal = Principal(ws, user)
    async with service.ports.store.session(principal, read_only=True) as session:
        kw = _kept(await session.search_text(query_terms(content), saving.RECONCILE_POOL), user)
        vec = [] if vector is None else await session.search_vector(vector, saving.RECONCILE_POOL)
    ids = {m.id for m in kw}
    both = kw + [m for m in _kept(vec, user) if m.id not in ids]
    with_v, without = decide(content, digest, both), decide(content, digest, kw)

    def label(d: Decision) -> str:
        return f"{d.op.value}:{d.target.id if d.target else '-'}"

    return label(with_v), label(without), len(both) > len(kw)


async def main(args: argparse.Namespace) -> None:
    urls = json.loads(Path(args.dir, "urls.json").read_text())
    store = PostgresStore(urls["app"], admin_url=urls["admin"])
    await store.open()
    service = MemoryService(store, embedder=build_embedder(EmbedConfig(preset="local")))
    probes = [json.loads(line) for line in (ROOT / "tests/data/reconcile/probes.jsonl").open()]
    probes = [p for p in probes if p["split"] in TUNING]
    olds = list(dict.fromkeys(p["old"] for p in probes))
    await import_jsonl(service.ports, WS, USER, [json.dumps({"content": t}) for t in olds])
    rows: list[tuple[str, str, str, bool]] = []
    for p in probes:
        rows.append((f"probe {p['label']}", *await _decisions(service, p["new"])))
    vocab = TeamVocabulary(11)
    for m in vocab.memories(0, args.saves, salt=f"need{args.salt}"):
        rows.append(("team save", *await _decisions(service, m.text)))
    pairs = []
    for n, (old, new) in enumerate(PAIRS):
        ws = f"need{args.salt}p{n}"  # a fresh workspace: the old text is its only memory
        await service.remember(ws, USER, old)
        with_v, without, _ = await _decisions(service, new, ws)
        ops = f"with vectors {with_v.split(':')[0]}, keywords alone {without.split(':')[0]}"
        pairs.append(f"  {old!r} then {new!r}: {ops}")
    await store.close()
    total: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    extra: Counter[str] = Counter()
    for kind, with_v, without, vector_only in rows:
        total[kind] += 1
        differ[kind] += with_v != without
        extra[kind] += vector_only
    print(f"{'texts':<14} {'n':>5} {'vector-only cand.':>18} {'decision differs':>17}")
    for kind in sorted(total):
        print(f"{kind:<14} {total[kind]:>5} {extra[kind]:>18} {differ[kind]:>17}")
    n, d = sum(total.values()), sum(differ.values())
    print(f"{'all':<14} {n:>5} {sum(extra.values()):>18} {d:>17}  ({100 * d / n:.2f} %)")
    print("pairs in a fresh workspace (operation):")
    print("\n".join(pairs))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="the kept server's directory")
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--salt", default="0")
    asyncio.run(main(parser.parse_args()))
