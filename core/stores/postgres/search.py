"""The two recall queries: keywords (GIN on a generated tsvector) and vectors (HNSW).

Keyword search has OR semantics (natural questions AND-ed word by word find almost
nothing), and OR is where PostgreSQL gets slow on a big workspace: a GIN index
cannot stop early, so a word found in a third of 100k memories costs a 30k-entry
bitmap, then ranking each match. So candidates are gathered term by term, at most
CANDIDATES_PER_TERM each, and only their union is ranked against the whole query.
A term that fills its quota is common for this principal: `CommonTerms` remembers
it for a while, and later queries probe only the rare terms (the informative ones,
which always bring every match; the common words still count in the ranking). Every
query of two or more words also probes them AND-ed (the rows holding them all, which
GIN answers by skipping through the posting lists), so a question of common words
alone still finds its best matches. The GIN index is on (workspace, tsv), so a probe
reads one workspace's postings, not the whole table's. What vectors find covers the
rest. A principal with nothing learned yet reads its first SAMPLE rows instead of
probing its commonest words (`text_search_query`, `sample`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from pgvector import HalfVector

from core.models import Principal
from core.stores.codec import MEMORY_COLUMNS

# Own rows, and the workspace's global ones once reviewed: a global memory waiting for
# review is its author's alone until accepted (issue 11); RLS says the same (0111).
VISIBLE = (
    "m.workspace = %(ws)s AND (m.owner = %(user)s "
    "OR (m.scope = 'global' AND m.status <> 'pending_review'))"
)
SELECT = (
    f"SELECT {', '.join('m.' + c for c in MEMORY_COLUMNS)}, "
    "m.embedding IS NOT NULL AS has_embedding FROM memories m"
)
CANDIDATES_PER_TERM = 200
#: Fewest rows the vector search asks its index for (`vector_search_query`).
VECTOR_POOL = 50
#: Rows a new principal's first search reads to spot words in most of its memories: a
#: word must fill the quota within them, so only a word in half of them or more counts.
SAMPLE = 1000


def halfvec(vector: Sequence[float] | None) -> HalfVector | None:
    return None if vector is None else HalfVector([float(x) for x in vector])


class CommonTerms:
    """Terms known to match more than CANDIDATES_PER_TERM memories, per principal.

    Kept per (workspace, user) because what is common depends on what that user can
    see; forgotten after `ttl` seconds so a workspace's vocabulary can shift. Only
    affects how candidates are gathered, never which memories are visible."""

    def __init__(self, ttl: float = 600.0, principals: int = 1000) -> None:
        self.ttl = ttl
        self.principals = principals
        self._terms: OrderedDict[Principal, dict[str, float]] = OrderedDict()

    def get(self, principal: Principal) -> frozenset[str]:
        terms = self._terms.get(principal)
        if not terms:
            return frozenset()
        now = time.monotonic()
        return frozenset(t for t, until in terms.items() if until > now)

    def add(self, principal: Principal, terms: Iterable[str]) -> None:
        until = time.monotonic() + self.ttl
        known = self._terms.setdefault(principal, {})
        known.update(dict.fromkeys(terms, until))
        self._terms.move_to_end(principal)
        while len(self._terms) > self.principals:
            self._terms.popitem(last=False)


def tsquery(terms: Sequence[str], require_all: bool) -> tuple[str, dict[str, str]]:
    """A tsquery expression ORing (or ANDing) one `plainto_tsquery` per term.

    plainto_tsquery stems each term and ignores any tsquery syntax typed by users;
    one call per term keeps natural questions from AND-ing every word together.
    """
    words = [t for t in terms if t.strip()]
    joiner = " && " if require_all else " || "
    expr = joiner.join(f"plainto_tsquery('english', %(t{i})s)" for i in range(len(words)))
    return expr, {f"t{i}": w for i, w in enumerate(words)}


def text_search_query(
    terms: Sequence[str],
    limit: int,
    statuses: Sequence[str],
    require_all: bool,
    common: frozenset[str] = frozenset(),
    sample: bool = False,
) -> tuple[str, dict[str, Any]] | None:
    """The keyword search, ranked by ts_rank; None when there is nothing to search.

    Each row also carries `saturated`: the terms known now to match more than the quota
    (probes that filled it, and with `sample`, words in most of a sample's rows)."""
    expr, params = tsquery(terms, require_all)
    if not expr:
        return None
    ranked = SELECT.replace(" FROM memories m", ", ts_rank(m.tsv, q.query) AS relevance")
    where = f"{VISIBLE} AND m.status = ANY(%(statuses)s)"
    order = "ORDER BY relevance DESC, m.seq LIMIT %(limit)s"  # ties: oldest first, as FTS5
    shared = {"statuses": [str(s) for s in statuses], "limit": limit}
    # The CTEs compute each tsquery once: inlined, a cached generic plan would build
    # them again for every row it ranks.
    if require_all:
        sql = f"""WITH q AS MATERIALIZED (SELECT {expr} AS query)
            {ranked}, NULL AS saturated FROM q, memories m
            WHERE m.tsv @@ q.query AND {where} {order}"""
        return sql, {**params, **shared}
    words = list(params.values())
    probes = [w for w in words if w not in common]
    singles = len(probes)
    if len(words) > 1:  # rows holding every word, which GIN answers by skipping through
        probes.append(" ".join(words))  # the posting lists; the only probe if all common
    # A principal who has learned nothing yet (new, or its list expired) would probe
    # "team" through 100k postings to learn it is common. Instead the words that fill
    # the quota within the first SAMPLE visible rows are known common at once (both
    # mean: more than the quota match), and their candidates are their first matches
    # among those rows, as the probe's would have been its first matches.
    sampling = sample and singles > 0
    frequent = f"""sampled AS MATERIALIZED (
            SELECT m.id, m.seq, m.tsv FROM memories m WHERE {where} LIMIT {SAMPLE}),
        frequent AS MATERIALIZED (
            SELECT w.word, w.tq FROM (
                SELECT p.word, plainto_tsquery('english', p.word) AS tq
                FROM unnest(%(sampled_words)s::text[]) AS p(word)) w
            WHERE (SELECT count(*) FROM sampled s WHERE s.tsv @@ w.tq)
                >= {CANDIDATES_PER_TERM}),"""
    from_sample = f"""UNION ALL
            SELECT f.word, 0 AS i, c.id, c.seq, c.relevance
            FROM q, frequent f CROSS JOIN LATERAL (
                SELECT s.id, s.seq, ts_rank(s.tsv, q.query) AS relevance
                FROM sampled s WHERE s.tsv @@ f.tq LIMIT {CANDIDATES_PER_TERM}) c"""
    # Each candidate is ranked where its probe found it (the heap row is at hand), and
    # only the best `limit` are read again in full: fetching every candidate's whole
    # row (1,200 of them for a memory-sized text at 100k memories) cost more than
    # finding them. Same candidates, same order (relevance, then seq) as ranking the
    # union row by row.
    sql = f"""WITH q AS MATERIALIZED (SELECT {expr} AS query), {frequent if sampling else ""}
        probes AS MATERIALIZED (
            SELECT p.word, p.i, plainto_tsquery('english', p.word) AS tq
            FROM unnest(%(probes)s::text[]) WITH ORDINALITY AS p(word, i)
            {"WHERE p.word NOT IN (SELECT word FROM frequent)" if sampling else ""}),
        found AS MATERIALIZED (
            SELECT probes.word, probes.i, c.id, c.seq, c.relevance
            FROM q, probes CROSS JOIN LATERAL (
                SELECT m.id, m.seq, ts_rank(m.tsv, q.query) AS relevance
                FROM memories m WHERE m.tsv @@ probes.tq AND {where}
                LIMIT {CANDIDATES_PER_TERM}) c
            {from_sample if sampling else ""}),
        saturated AS MATERIALIZED (
            SELECT array_agg(word) AS words FROM (
                SELECT word FROM found WHERE i <= %(singles)s
                GROUP BY word HAVING count(*) >= {CANDIDATES_PER_TERM}) s),
        best AS MATERIALIZED (
            SELECT DISTINCT id, seq, relevance FROM found
            ORDER BY relevance DESC, seq LIMIT %(limit)s)
        {SELECT.removesuffix(" FROM memories m")}, best.relevance, saturated.words AS saturated
        FROM saturated, best JOIN memories m ON m.workspace = %(ws)s AND m.id = best.id
        WHERE {where} ORDER BY best.relevance DESC, best.seq"""
    extra = {"sampled_words": probes[:singles]} if sampling else {}
    return sql, {**params, **shared, "probes": probes, "singles": singles, **extra}


def vector_search_query(
    vector: Sequence[float], limit: int, column_dimensions: int | None
) -> tuple[str, dict[str, Any]]:
    """Nearest by cosine distance through the HNSW index, then re-sorted exactly.

    The session enables `hnsw.iterative_scan`, so the visibility filter cannot starve
    the index scan of rows; relaxed order is why the outer query sorts again. Before
    an embedder has fixed the column's dimension there is no index and vectors of
    any size may be stored: only those of the query's size are compared then.

    The inner query asks for at least VECTOR_POOL rows: asked for 10 (a save's
    reconciliation look-up), the planner walked the graph of every workspace's vectors
    for one workspace of 1,000 among 100k (600 ms); asked for 50 it scores that
    workspace's vectors exactly (12 ms). The nearest `limit` of those are returned."""
    any_size = "" if column_dimensions else "AND vector_dims(m.embedding) = %(dims)s"
    sql = f"""WITH nearest AS MATERIALIZED (
            {SELECT.replace(" FROM", ", m.embedding <=> %(vec)s AS distance FROM")}
            WHERE {VISIBLE} AND m.status = 'active' AND m.embedding IS NOT NULL {any_size}
            ORDER BY m.embedding <=> %(vec)s LIMIT %(pool)s)
        SELECT * FROM nearest ORDER BY distance LIMIT %(limit)s"""
    pool = max(limit, VECTOR_POOL)
    return sql, {"vec": halfvec(vector), "dims": len(vector), "limit": limit, "pool": pool}


def term_counts_query(words: Sequence[str], cap: int, total_cap: int) -> tuple[str, dict[str, Any]]:
    """Visible active memories (row with word NULL) and the matches of each word alone,
    each counted up to its cap (for recall's relevance judgement: idf weights)."""
    active = f"{VISIBLE} AND m.status = 'active'"
    sql = f"""SELECT NULL::text AS word, (SELECT count(*) FROM (
                SELECT 1 FROM memories m WHERE {active} LIMIT %(total_cap)s) t) AS n
        UNION ALL
        SELECT p.word, (SELECT count(*) FROM (
                SELECT 1 FROM memories m
                WHERE m.tsv @@ plainto_tsquery('english', p.word) AND {active}
                LIMIT %(cap)s) c) AS n
        FROM unnest(%(words)s::text[]) AS p(word)"""
    return sql, {"words": list(words), "cap": cap, "total_cap": total_cap}
