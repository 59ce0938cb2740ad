"""Recall: find the memories that help answer a message, best first (SPEC §5).

Keyword search always runs (OR of the query's content words); its top candidates are
re-ranked by keyword score × coverage (the share of the question's words a memory
contains). Vector search runs when an embedder gave the query a vector; the two
lists are then fused — by min-max score fusion by default, which measured
clearly better than Reciprocal Rank Fusion on the recall benchmark (see
bench/research/RESULTS.md), or by RRF (k = 60) when asked. Conversation turns then
lend relevance to their neighbours (the reply that holds the answer to the turn that
matched) and a question naming a person prefers the lines that person wrote
(`core.recall.conversation`). The candidates are re-scored by relevance × importance ×
recency (`core.recall.ranking`). Recalled memories are touched, which nudges them up
next time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace
from weakref import WeakKeyDictionary

from core.models import Hit, Memory
from core.ports import StoreSession, TextHit
from core.recall import conversation, expansion, ranking, relevance, speaker, temporal
from core.recall.conversation import Fused
from core.recall.textsearch import convex_fuse, coverage_of, light_stem, query_terms
from core.remember.classify import find_entities

CANDIDATE_POOL = 50
EXPANSION_POOL = 20


@dataclass(frozen=True)
class Tuning:
    """How keyword and vector evidence combine; chosen leave-one-conversation-out on
    the dev split (bench/research/fusion_tuning.py), module data so it can be swept.

    keyword: "bm25" ranks keyword hits by BM25 × coverage; "share" by the absolute,
    idf-weighted share of the question a memory covers (`core.recall.relevance`, the
    same measure that decides what a reply uses), BM25 breaking ties; "auto": BM25
    alone, the share when fused with cosine. BM25 is the default: leave-one-
    conversation-out picked it in every fold keyword-only, and the share's small gain
    with the embedder (2 of 3 folds on SQLite, 3 of 3 on PostgreSQL, about a point)
    costs a count of the workspace's terms on every recall: at 100k connected
    memories p95 135 ms against 30 ms.
    weighed_keyword: the keyword scoring when the caller weighs the question anyway
    (prompt_context's relevance judgement): the share is then free, and with the
    embedder it put an evidence turn among the memories a reply uses for 0.715 of
    single-hop questions held out, against 0.695 with BM25.
    alpha: the keyword side's weight in the convex fusion with cosine (with BM25, LOCO
    picked 0.6 in 4 of 6 folds, SQLite and PostgreSQL, 0.5 and 0.7 once each).
    expand: co-mentioned entities searched one hop out (`core.recall.expansion`; 0 off),
    their hits scored at `expand_weight` of a keyword hit.
    when: for a question asking for a time, the relevance of a candidate that states
    one is raised by this share (`core.recall.temporal`; 0 off; LOCO picked 0.1–0.5,
    all equal keyword-only, 0.5 with the embedder).
    dated: for a question naming a month or year ("in March 2024"), the relevance of a
    candidate dated then is raised by this share. Not chosen on LoCoMo: its turns carry
    their dates in their text, so keyword search already sees them there.
    context: the share of a candidate's relevance its conversation neighbours (saved
    right before and after it, `core.recall.conversation`) gain; 0 off. Leave-one-
    conversation-out picked 0.4 in every fold, keyword-only and with the embedder.
    author: for a question naming a person, the relevance of a chat-log line that person
    wrote is raised by this share (`core.recall.speaker`); 0 off. Picked 1.0 in every
    fold, beside context 0.4.
    further: the share the lines two away from a candidate gain (the same speaker's
    next line in a two-person chat); 0 off, the default. Keyword-only, 0.1–0.3 raise
    R@10 by 1.3–3.8 points, but above 0.2 at multi-hop's expense (neighbours crowd out
    the other sessions' evidence), and with the embedder it costs multi-hop at any
    share: leave-one-conversation-out with multi-hop held at the previous release's
    level picked 0.1, 0.1, 0.2 keyword-only, 0, 0.1, 0 with the embedder and 0 in every
    fold connected (bench/research/fusion_tuning.py), and reading two more lines per
    candidate costs 1.36x recall CPU at 10k (bench/recall_latency.py --paired).
    vector_pool: how many nearest vectors join the candidates (at least the keyword
    pool). A question about a person is answered by that person's lines, and the
    author lift sets the others' aside, so the vector list must reach past them:
    250 against 50 raised multi-hop R@10 from 0.467 to 0.495 on the dev split with the
    local embedder, every conversation as good or better. Only for such questions
    (`speaks`): at 100k connected memories the deeper list costs 1.74x recall p95.
    """

    keyword: str = "bm25"
    weighed_keyword: str = "auto"
    alpha: float = 0.6
    expand: int = 0
    expand_weight: float = 0.5
    when: float = 0.5
    dated: float = 0.3
    context: float = 0.4
    author: float = 1.0
    further: float = 0.0
    vector_pool: int = 250


TUNING = Tuning()


def keyword_scores(terms: Sequence[str], hits: Sequence[TextHit]) -> list[tuple[str, float]]:
    """Keyword score × coverage: prefer memories that answer more of the question."""
    wanted = frozenset(light_stem(t) for t in terms if t)
    return [(h.memory.id, h.relevance * coverage_of(wanted, h.memory.content)) for h in hits]


def share_scores(question: relevance.Question, hits: Sequence[TextHit]) -> list[tuple[str, float]]:
    """The idf-weighted share of the question each hit covers, BM25 breaking ties."""
    best = max((h.relevance for h in hits), default=0.0)
    return [
        (
            h.memory.id,
            relevance.keyword_share(question, h.memory.content)
            + (0.01 * h.relevance / best if best > 0 else 0.0),
        )
        for h in hits
    ]


def fuse(
    keyword: Sequence[tuple[str, float]],
    memories: dict[str, Memory],
    vector_hits: Sequence[TextHit],
    method: str = "score",
    alpha: float = 0.5,
) -> list[Fused]:
    """Relevance in 0..1 for every candidate from either list."""
    if not vector_hits:
        best = max((score for _, score in keyword), default=0.0)
        return [Fused(memories[i], s / best if best > 0 else 0.0) for i, s in keyword]
    vector = [(h.memory.id, h.relevance) for h in vector_hits]
    cosine = dict(vector)
    if method == "rrf":
        ranked = [sorted(keyword, key=lambda p: -p[1]), vector]
        fused = ranking.rrf([[i for i, _ in lst] for lst in ranked if lst])
        top = max(fused.values())
        return [Fused(memories[i], v / top, cosine.get(i)) for i, v in fused.items()]
    return [Fused(memories[i], v, cosine.get(i)) for i, v in convex_fuse(keyword, vector, alpha)]


def speaks(hits: Sequence[TextHit], asked: set[str]) -> bool:
    """True when a keyword hit is a chat-log line by someone the question names: the
    author lift will set the others' lines aside, so the vector list must go deeper
    (`Tuning.vector_pool`). Other recalls keep the shallow list and its cost."""
    return bool(asked) and any(speaker.author(h.memory.content) in asked for h in hits)


def timed(candidate: Fused, boost: float) -> Fused:
    """The candidate, its relevance raised by `boost` when its text states a time."""
    if not temporal.states_time(candidate.memory.content):
        return candidate
    return replace(candidate, relevance=candidate.relevance * (1 + boost))


def dated(candidate: Fused, periods: list[tuple[int | None, int | None]], boost: float) -> Fused:
    """The candidate, its relevance raised by `boost` when its date (the `valid_from`
    an import gave it, else when it was saved) falls in a period the question names."""
    memory = candidate.memory
    when = memory.valid_from if memory.valid_from is not None else memory.created_at
    if not temporal.in_period(when, periods):
        return candidate
    return replace(candidate, relevance=candidate.relevance * (1 + boost))


async def keyword_evidence(
    session: StoreSession,
    query: str,
    terms: Sequence[str],
    text_hits: Sequence[TextHit],
    tuning: Tuning,
    fused: bool = False,
) -> tuple[list[tuple[str, float]], list[TextHit]]:
    """Keyword scores of the candidates, and the extra hits entity expansion found
    (`fused`: cosine will join them, which "auto" scores by share)."""
    share = tuning.keyword == "share" or (tuning.keyword == "auto" and fused)
    if not share and not tuning.expand:
        return keyword_scores(terms, text_hits), []
    question = await weigh(session, query, terms)
    keyword = share_scores(question, text_hits) if share else keyword_scores(terms, text_hits)
    if not tuning.expand or not question.entities:
        return keyword, []
    names = {e for h in text_hits[: expansion.FIRST_HOP] for e in h.memory.entities}
    occurrences = await session.entity_counts(sorted(names | question.entities))
    hop = expansion.comentioned(sorted(question.entities), text_hits, occurrences, question.total)
    extra_terms = [t for t in expansion.entity_terms(hop) if t not in terms]
    if not extra_terms:
        return keyword, []
    seen = {i for i, _ in keyword}
    found = [
        h
        for h in await session.search_text(extra_terms, EXPANSION_POOL)
        if h.memory.id not in seen and not ranking.buried(h.memory)
    ]
    top = max((score for _, score in keyword), default=0.0) or 1.0
    best = max((h.relevance for h in found), default=0.0) or 1.0
    extra = [(h.memory.id, tuning.expand_weight * top * h.relevance / best) for h in found]
    return [*keyword, *extra], found


async def recall(
    session: StoreSession,
    query: str,
    limit: int,
    now: float,
    vector: Sequence[float] | Awaitable[Sequence[float] | None] | None = None,
    min_score: float = 0.0,
    touch: bool = True,
    fusion: str = "score",
    weighed: bool = False,
) -> list[Hit]:
    """`weighed`: the caller judges the hits with `bearing` in this session (as
    prompt_context does), which weighs the question by the workspace's counts anyway,
    so keywords are scored as `Tuning.weighed_keyword` says at no extra count.
    `vector` may still be on its way (an awaitable): it is awaited after the keyword
    search, so the two run at once."""
    tuning = replace(TUNING, keyword=TUNING.weighed_keyword) if weighed else TUNING
    terms = query_terms(query)
    pool = max(CANDIDATE_POOL, limit * 5)
    text_hits = await session.search_text(terms, pool) if terms else []
    if isinstance(vector, Awaitable):
        vector = await vector
    asked = set(find_entities(query)) if tuning.author else set()
    vector_pool = max(pool, tuning.vector_pool) if speaks(text_hits, asked) else pool
    vector_hits = await session.search_vector(vector, vector_pool) if vector is not None else []
    text_hits = [h for h in text_hits if not ranking.buried(h.memory)]
    vector_hits = [h for h in vector_hits if not ranking.buried(h.memory)]
    keyword, extra = (
        await keyword_evidence(session, query, terms, text_hits, tuning, bool(vector_hits))
        if text_hits
        else ([], [])
    )
    memories = {h.memory.id: h.memory for h in (*vector_hits, *text_hits, *extra)}
    candidates = fuse(keyword, memories, vector_hits, fusion, tuning.alpha)
    if not candidates:
        return []
    if tuning.when and temporal.asks_when(query):
        candidates = [timed(c, tuning.when) for c in candidates]
    periods = temporal.named_periods(query) if tuning.dated else []
    if periods:
        candidates = [dated(c, periods, tuning.dated) for c in candidates]
    if tuning.context:
        candidates = await conversation.in_context(
            session, candidates, tuning.context, tuning.further
        )
    if asked:
        candidates = conversation.authored(candidates, asked, tuning.author)
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
            reply_to=c.reply_to,
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
    memory), in their recall order, and the replies to those that do
    (`core.recall.conversation`: the line said right after a turn that bears on the
    question is its answer, read with it). Costs one count per query term in the store."""
    if not hits:
        return []
    question = await weigh(session, query, query_terms(query))
    bears = {hit.id for hit in hits if relevance.judge(question, hit, thresholds)}
    return [hit for hit in hits if hit.id in bears or hit.reply_to in bears]


#: Questions weighed in a session, so recall and `bearing` in one transaction (as
#: prompt_context runs them) count the workspace's terms once.
_WEIGHED: WeakKeyDictionary[StoreSession, dict[str, relevance.Question]] = WeakKeyDictionary()


async def weigh(session: StoreSession, query: str, terms: Sequence[str]) -> relevance.Question:
    """The question with its terms weighed by the workspace's document frequencies."""
    seen = _WEIGHED.setdefault(session, {})
    if query not in seen:
        total, counts = await session.term_counts(terms, relevance.DF_CAP, relevance.TOTAL_CAP)
        seen[query] = relevance.question(terms, counts, total, find_entities(query), query)
    return seen[query]
