"""LoCoMo-format conversations, and the retrieval metrics of the recall protocol.

Kept apart from the runner so the protocol (which turns, which queries, how a hit
is counted) is written once and reads on its own: see shared/data/README.md.
Evidence ids are normalised because the annotations are not always clean (one
LoCoMo query lists "D8:6; D9:17" as a single id).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_SESSION = re.compile(r"^session_(\d+)$")
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")


@dataclass(frozen=True)
class Turn:
    dia_id: str
    text: str  # "[<session date>] <speaker>: <text>"
    when: float | None  # the session's time as a POSIX timestamp, when it parses


@dataclass(frozen=True)
class Query:
    question: str
    category: int
    evidence: frozenset[str]


@dataclass
class Conversation:
    sample_id: str
    turns: list[Turn]
    queries: list[Query]
    unknown_evidence: list[str] = field(default_factory=list)  # ids naming no turn


def session_time(text: str) -> float | None:
    """LoCoMo dates look like "1:56 pm on 8 May, 2023"."""
    try:
        return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").timestamp()
    except ValueError:
        return None


def read_conversation(item: dict) -> Conversation:
    conv = item["conversation"]
    sessions = sorted((int(match.group(1)), key) for key in conv if (match := _SESSION.match(key)))
    turns = []
    for number, key in sessions:
        date = str(conv.get(f"session_{number}_date_time", "")).strip()
        when = session_time(date)
        for turn in conv[key]:
            text = f"[{date}] {turn['speaker']}: {turn['text']}"
            turns.append(Turn(turn["dia_id"], text, when))
    known = {t.dia_id for t in turns}
    queries, unknown = [], []
    for qa in item.get("qa", []):
        category = int(qa.get("category", 0))
        if category not in CATEGORIES:
            continue
        evidence = {e for raw in qa.get("evidence") or [] for e in _EVIDENCE_SPLIT.split(raw) if e}
        unknown += sorted(evidence - known)
        if evidence:
            queries.append(Query(str(qa["question"]), category, frozenset(evidence)))
    return Conversation(str(item["sample_id"]), turns, queries, unknown)


def load(path: Path) -> list[Conversation]:
    with path.open(encoding="utf-8") as handle:
        return [read_conversation(item) for item in json.load(handle)]


# -- metrics ------------------------------------------------------------------------
# A ranked result is the set of turns it stands for: one turn for BM25, and for a
# memory every turn that was saved into it (reconciliation can fold repeats together).


def recall_at(ranked: Sequence[Iterable[str]], evidence: frozenset[str], k: int) -> float:
    """The fraction of the evidence turns found in the top k results."""
    found = set().union(*ranked[:k]) if ranked[:k] else set()
    return len(found & evidence) / len(evidence)


def ndcg_at(ranked: Sequence[Iterable[str]], evidence: frozenset[str], k: int) -> float:
    """Binary NDCG: a result is relevant when it stands for at least one evidence turn;
    the ideal ranking puts min(|evidence|, k) relevant results first."""
    dcg = sum(
        1.0 / math.log2(rank + 2)
        for rank, turns in enumerate(ranked[:k])
        if evidence.intersection(turns)
    )
    ideal = sum(1.0 / math.log2(rank + 2) for rank in range(min(len(evidence), k)))
    return dcg / ideal


@dataclass(frozen=True)
class Scores:
    queries: int
    recall5: float
    recall10: float
    ndcg10: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "queries": self.queries,
            "recall@5": round(self.recall5, 4),
            "recall@10": round(self.recall10, 4),
            "ndcg@10": round(self.ndcg10, 4),
        }


def score(rankings: Sequence[tuple[Sequence[Iterable[str]], frozenset[str]]]) -> Scores:
    """Average the three metrics over (ranked results, evidence) pairs."""
    n = len(rankings)
    if not n:
        return Scores(0, 0.0, 0.0, 0.0)
    return Scores(
        n,
        sum(recall_at(r, e, 5) for r, e in rankings) / n,
        sum(recall_at(r, e, 10) for r, e in rankings) / n,
        sum(ndcg_at(r, e, 10) for r, e in rankings) / n,
    )
