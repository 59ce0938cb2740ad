"""Recall: find the memories that help answer a message, best first (SPEC §5).

Keyword search always runs (OR of the query's content words); its top candidates are
re-ranked by keyword score × coverage (the share of the question's words a memory
contains). Vector search runs when an embedder gave the query a vector; the two
lists are then fused — by min-max score fusion by default, which measured
clearly better than Reciprocal Rank Fusion on the recall benchmark (see
bench/research/RESULTS.md), or by RRF (k = 60) when asked. The fused candidates are
re-scored by relevance × importance × recency (`core.recall.ranking`). Recalled memories are
touched, which nudges them up next time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.models import Hit, Memory
from core.ports import StoreSession, TextHit
from core.recall import ranking, relevance
from core.remember.classify import find_entities
from core.recall.textsearch import convex_fuse, coverage_of, light_stem, query_terms

CANDIDATE_POOL = 50


@dataclass(frozen=True)
class Candidate:
    memory: Memory
    relevance: float
    similarity: float | None = None  # cosine, when vector search found the memory


def keyword_scores(terms: Sequence[str], hits: Sequence[TextHit]) -> list[tuple[str, float]]:
    """Keyword score × coverage: prefer memories that answer more of the question."""
    wanted = frozenset(light_stem(t) for t in terms if t)
    return [(h.memory.id, h.relevance * coverage_of(wanted, h.memory.content)) for h in hits]


def fuse(
    terms: Sequence[str],
    text_hits: Sequence[TextHit],
    vector_hits: Sequence[TextHit],
    method: str = "score",
) -> list[Candidate]:
    """Relevance in 0..1 for every candidate from either list."""
    memories = {h.memory.id: h.memory for h in (*vector_hits, *text_hits)}
    keyword = keyword_scores(terms, text_hits)
    if not vector_hits:
        best = max((score for _, score in keyword), default=0.0)
        return [Candidate(memories[i], s / best if best > 0 else 0.0) for i, s in keyword]
    vector = [(h.memory.id, h.relevance) for h in vector_hits]
    cosine = dict(vector)
    if method == "rrf":
        ranked = [sorted(keyword, key=lambda p: -p[1]), vector]
        fused = ranking.rrf([[i for i, _ in lst] for lst in ranked if lst])
        top = max(fused.values())
        return [Candidate(memories[i], v / top, cosine.get(i)) for i, v in fused.items()]
    return [Candidate(memories[i], v, cosine.get(i)) for i, v in convex_fuse(keyword, vector)]


async def recall(
    session: StoreSession,
    query: str,
    limit: int,
    now: float,
    vector: Sequence[float] | None = None,
    min_score: float = 0.0,
    touch: bool = True,
    fusion: str = "score",
) -> list[Hit]:
    terms = query_terms(query)
    pool = max(CANDIDATE_POOL, limit * 5)
    text_hits = await session.search_text(terms, pool) if terms else []
    vector_hits = await session.search_vector(vector, pool) if vector is not None else []
    text_hits = [h for h in text_hits if not ranking.buried(h.memory)]
    vector_hits = [h for h in vector_hits if not ranking.buried(h.memory)]
    candidates = fuse(terms, text_hits, vector_hits, fusion)
    if not candidates:
        return []
    entities = {e for c in candidates for e in c.memory.entities}
    counts = await session.entity_counts(sorted(entities)) if entities else {}
    scored = sorted(
        ((ranking.score(c.relevance, c.memory, counts, now), c) for c in candidates),
        key=lambda pair: pair[0],
        reverse=True,
    )
    hits = [
        Hit(
            id=c.memory.id,
            content=c.memory.content,
            score=round(s, 6),
            kind=c.memory.kind,
            scope=c.memory.scope,
            source=c.memory.source,
            memory=c.memory,
            similarity=c.similarity,
        )
        for s, c in scored
        if s >= min_score
    ][:limit]
    if touch and hits:
        await session.touch([h.id for h in hits], now)
    return hits


async def bearing(
    session: StoreSession,
    query: str,
    hits: Sequence[Hit],
    thresholds: relevance.Thresholds = relevance.DEFAULT_THRESHOLDS,
) -> list[Hit]:
    """The hits that bear on the query by `core.recall.relevance` (absolute, per
    memory), in their recall order. Costs one count per query term in the store."""
    if not hits:
        return []
    terms = query_terms(query)
    total, counts = await session.term_counts(terms, relevance.DF_CAP, relevance.TOTAL_CAP)
    question = relevance.question(terms, counts, total, find_entities(query))
    return [hit for hit in hits if relevance.judge(question, hit, thresholds)]
