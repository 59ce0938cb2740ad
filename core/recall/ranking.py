"""How recall orders memories: relevance × importance × recency (SPEC §3, §5).

Relevance comes from the search (keyword, vector, or both fused); importance is
the memory's own weight (explicit saves weigh more, salient entities and use add
a bounded bonus, feedback trust moves it); recency halves with the kind's
half-life since the memory was last updated or used. The two memory-side factors
are floored so they re-order close calls but never bury a clearly relevant memory.
Two governance marks also count: a memory its users keep rejecting (trust at or below
BURIED_TRUST) is not recalled at all, and one consolidation marked stale loses a
little importance until it is used again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from core.models import HALF_LIFE_DAYS, Memory, Source

DAY = 86_400.0
RRF_K = 60
BURIED_TRUST = -0.6  # at or below: rejected by feedback, no longer recalled


@dataclass(frozen=True)
class RankingWeights:
    explicit_bonus: float = 0.2
    salience_bonus: float = 0.1  # at most, for a memory naming a very frequent entity
    salience_saturation: int = 20  # occurrences at which the salience bonus is full
    use_bonus: float = 0.05  # per e-fold of use count ...
    use_bonus_cap: float = 0.15  # ... up to this
    trust_weight: float = 0.25  # trust in -1..1 moves importance by at most this
    importance_floor: float = 0.6  # score factor = floor + (1 - floor) × importance
    recency_floor: float = 0.25  # score factor = floor + (1 - floor) × recency
    stale_penalty: float = 0.2  # importance lost while marked stale by consolidation


DEFAULT_WEIGHTS = RankingWeights()


def importance(
    memory: Memory, entity_counts: Mapping[str, int], w: RankingWeights = DEFAULT_WEIGHTS
) -> float:
    """The memory's effective importance in 0..1 (before decay)."""
    value = memory.importance
    if memory.source == Source.EXPLICIT:
        value += w.explicit_bonus
    top = max((entity_counts.get(e, 0) for e in memory.entities), default=0)
    if top > 1:
        value += w.salience_bonus * min(
            1.0, math.log1p(top - 1) / math.log1p(w.salience_saturation)
        )
    value += min(w.use_bonus_cap, w.use_bonus * math.log1p(memory.use_count))
    value += w.trust_weight * memory.trust
    if memory.stale:
        value -= w.stale_penalty
    return max(0.0, min(1.0, value))


def buried(memory: Memory) -> bool:
    """Feedback rejected it often enough that recall leaves it out (it stays listed)."""
    return memory.trust <= BURIED_TRUST


def recency(memory: Memory, now: float) -> float:
    """1.0 when fresh, halving every half-life of the memory's kind; pinned never fades."""
    if memory.pinned:
        return 1.0
    last = max(memory.updated_at, memory.last_used_at or 0.0)
    age_days = max(0.0, now - last) / DAY
    return float(0.5 ** (age_days / HALF_LIFE_DAYS[memory.kind]))


def score(
    relevance: float,
    memory: Memory,
    entity_counts: Mapping[str, int],
    now: float,
    w: RankingWeights = DEFAULT_WEIGHTS,
) -> float:
    imp = w.importance_floor + (1 - w.importance_floor) * importance(memory, entity_counts, w)
    rec = w.recency_floor + (1 - w.recency_floor) * recency(memory, now)
    return relevance * imp * rec


def rrf(rankings: list[list[str]], k: int = RRF_K) -> dict[str, float]:
    """Reciprocal Rank Fusion: each list adds 1/(k + rank) to its members."""
    fused: dict[str, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + 1.0 / (k + rank)
    return fused
