"""Recall: find the memories that help answer a message, best first (SPEC §5).

Keyword search always runs; vector search runs when an embedder gave the query a
vector. With both, the two ranked lists are fused by Reciprocal Rank Fusion; the
fused candidates are re-scored by relevance × importance × recency (`core.ranking`).
Recalled memories are touched, which nudges them up next time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core import ranking
from core.models import Hit, Memory
from core.ports import StoreSession, TextHit
from core.textsearch import query_terms

CANDIDATE_POOL = 50


@dataclass(frozen=True)
class Candidate:
    memory: Memory
    relevance: float


def fuse(text_hits: Sequence[TextHit], vector_hits: Sequence[TextHit]) -> list[Candidate]:
    """Relevance in 0..1: normalised keyword score alone, or RRF when both lists exist."""
    if not vector_hits:
        best = max((h.relevance for h in text_hits), default=0.0)
        return [Candidate(h.memory, h.relevance / best if best > 0 else 0.0) for h in text_hits]
    memories = {h.memory.id: h.memory for h in (*vector_hits, *text_hits)}
    lists = [[h.memory.id for h in text_hits], [h.memory.id for h in vector_hits]]
    fused = ranking.rrf([ranking_list for ranking_list in lists if ranking_list])
    top = 2.0 / (ranking.RRF_K + 1)
    return [Candidate(memories[key], value / top) for key, value in fused.items()]


async def recall(
    session: StoreSession,
    query: str,
    limit: int,
    now: float,
    vector: Sequence[float] | None = None,
    min_score: float = 0.0,
    touch: bool = True,
) -> list[Hit]:
    terms = query_terms(query)
    pool = max(CANDIDATE_POOL, limit * 5)
    text_hits = await session.search_text(terms, pool) if terms else []
    vector_hits = await session.search_vector(vector, pool) if vector is not None else []
    candidates = fuse(text_hits, vector_hits)
    if not candidates:
        return []
    entities = {e for c in candidates for e in c.memory.entities}
    counts = await session.entity_counts(sorted(entities)) if entities else {}
    scored = sorted(
        ((ranking.score(c.relevance, c.memory, counts, now), c.memory) for c in candidates),
        key=lambda pair: pair[0],
        reverse=True,
    )
    hits = [
        Hit(
            id=m.id,
            content=m.content,
            score=round(s, 6),
            kind=m.kind,
            scope=m.scope,
            source=m.source,
            memory=m,
        )
        for s, m in scored
        if s >= min_score
    ][:limit]
    if touch and hits:
        await session.touch([h.id for h in hits], now)
    return hits
