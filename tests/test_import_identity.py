"""A batched import decides exactly what saving its lines one by one decides.

`memorybot import` saves a batch in one transaction and shares its look-ups
(`core.remember.batch`); none of that may change an outcome. The same file goes in
twice, into two workspaces of one store: as an import in small batches, and line by
line through `remember`. Both must leave the same memories (text, status, importance,
kind, scope, entities, what each supersedes) and entity counts, and give the same
statuses, on SQLite and PostgreSQL. The file mixes restatements, corrections,
paraphrases and duplicates — inside a batch, across batches and against memories
already stored — and a refused line, with team lines that share most of their words
(bench/team_vocabulary.py)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from bench.team_vocabulary import TeamVocabulary
from core.governance.portability import import_jsonl
from core.models import Principal, Status

PROBES = Path(__file__).parent / "data" / "reconcile" / "probes.jsonl"
SECRET = "my password is hunter2-Quokka-77"


def workload() -> tuple[list[str], list[str]]:
    """(texts stored first, lines of the file): the dev probes' pairs (tuning data)
    and team lines, shuffled so a pair's two texts land in one batch or in two."""
    probes = [json.loads(line) for line in PROBES.read_text().splitlines()]
    probes = [p for p in probes if p["split"] == "dev"][:120]
    rng = random.Random(5)
    first = list(dict.fromkeys(p["old"] for p in probes[::2]))
    team = [m.text for m in TeamVocabulary(3).memories(0, 120, salt="identity")]
    lines = [p["new"] for p in probes] + [p["old"] for p in probes[1::2]] + team
    lines += [team[3], probes[0]["new"], SECRET, ""]
    rng.shuffle(lines)
    return first, lines


async def kept(service, workspace: str) -> list[tuple[object, ...]]:
    async with service.store.session(Principal(workspace, "alice")) as session:
        memories = await session.list_memories([s.value for s in Status], 10_000)
        counts = await session.entity_counts(sorted({e for m in memories for e in m.entities}))
    texts = {m.id: m.content for m in memories}
    return [(e, n) for e, n in sorted(counts.items())] + sorted(
        (
            m.content,
            m.status.value,
            round(m.importance, 6),
            m.kind.value,
            m.scope.value,
            tuple(sorted(m.entities)),
            texts.get(m.supersedes or "", ""),
        )
        for m in memories
    )


async def test_a_batched_import_keeps_what_saving_line_by_line_keeps(service):
    first, lines = workload()
    for workspace in ("batched", "single"):
        for text in first:
            await service.remember(workspace, "alice", text)
    records = [json.dumps({"content": t}) for t in lines]
    report = await import_jsonl(service.ports, "batched", "alice", records, batch_size=16)
    statuses = Counter()
    for text in lines:
        statuses[(await service.remember("single", "alice", text)).status.value] += 1
    assert report.by_status == dict(statuses)
    assert {"saved", "updated", "merged", "duplicate", "refused"} <= set(statuses)
    assert await kept(service, "batched") == await kept(service, "single")
