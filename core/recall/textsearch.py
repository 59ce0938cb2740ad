"""Keyword-query construction for full-text recall (SQLite FTS5, PostgreSQL tsquery).

Why this exists: recall queries are chat messages ("When did Caroline go to the support
group?"), not search-box input. Passing them to FTS as-is either ANDs every word (FTS5's
implicit AND, ``websearch_to_tsquery``: almost nothing matches, Recall@10 ≈ 0.11 on
LoCoMo) or trips over FTS syntax (quotes, ``*``, ``NEAR(``, ``OR``, ``:``, ``^``,
parentheses). The recipe measured best in ``bench/research/RESULTS.md`` is:

1. ``query_terms``: Unicode word tokens, lowercased, English stopwords removed (the
   NLTK/Snowball list, close to PostgreSQL's ``english`` stop list, so both stores see
   the same terms), de-duplicated, capped.
2. ``fts5_match``: every term double-quoted (so it is a literal string to FTS5, never an
   operator) and OR-ed; rank with ``bm25(table)`` on a ``porter unicode61
   remove_diacritics 2`` table.
3. ``coverage``: re-rank the top candidates by ``bm25 × coverage`` where coverage is the
   fraction of distinct query terms a memory contains. BM25 lets one rare word dominate
   a short turn; multiplying by coverage prefers memories that answer more of the
   question. ``idf_coverage`` is the same idea for stores without BM25 (PostgreSQL).
4. ``convex_fuse``: with an embedder, fuse keyword and vector lists by min-max scaled
   scores (alpha = 0.5) rather than RRF.

Pure Python, no dependencies, so it can be shared by every store and tested alone.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from typing import TypeVar

from core.recall.segment import is_function_gram, split_word

K = TypeVar("K", int, str)  # an id: memory ids in recall, row numbers in benchmarks

__all__ = [
    "STOPWORDS",
    "convex_fuse",
    "coverage",
    "coverage_of",
    "fts5_match",
    "idf",
    "idf_coverage",
    "light_stem",
    "query_terms",
    "word_stems",
]

#: NLTK's English stopword list (the Snowball list plus contraction fragments), in the
#: apostrophe-free forms our tokenizer produces ("didn't" -> "didn", "t"). It includes
#: question words (what, when, who, how, did…), which carry no topical signal in recall
#: queries. A general list on purpose: nothing here is tuned to a benchmark.
_STOPWORDS_TEXT = """i me my myself we our ours ourselves you your yours yourself yourselves
    he him his himself she her hers herself it its itself they them their theirs themselves what
    which who whom this that these those am is are was were be been being have has had
    having do does did doing a an the and but if or because as until while of at by for
    with about against between into through during before after above below to from up
    down in out on off over under again further then once here there when where why how
    all any both each few more most other some such no nor not only own same so than too
    very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn
    hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORDS_TEXT.split())

# Letters and digits of any script; "_" and punctuation separate words, as in FTS5's
# unicode61 tokenizer, so a term we build is one token on the index side too.
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    """Lowercased word tokens after NFKC, so full-width/compatibility forms match;
    CJK runs become character bigrams, as the index stores them (`core.recall.segment`).
    ASCII text, most of a team's memories, skips both: NFKC leaves it as it is, it
    holds no CJK, and its casefold is its lower (a third of recall's scoring time)."""
    if text.isascii():
        return _WORD.findall(text.lower())
    return [
        part
        for w in _WORD.findall(unicodedata.normalize("NFKC", text))
        for part in split_word(w.casefold())
    ]


def query_terms(text: str, max_terms: int = 32) -> list[str]:
    """Distinct search terms of ``text`` in order of appearance.

    Stopwords (and Japanese bigrams of hiragana only: particles, endings) are dropped
    unless that would leave nothing ("who is it?" still searches for something).
    Numbers are kept: dates and counts are often the whole point.
    ``max_terms`` bounds the cost of a pasted essay.
    """
    words = _words(text)
    kept = [w for w in words if w not in STOPWORDS and not is_function_gram(w)] or words
    return list(dict.fromkeys(kept))[:max_terms]


def fts5_match(terms: Iterable[str], prefix: bool = False, operator: str = "OR") -> str:
    """An FTS5 MATCH expression: each term as a quoted string, joined by ``OR``
    (``AND`` for strict matching, as /forget needs).

    Quoting (with inner ``"`` doubled) turns operators and syntax characters into plain
    text, so user input can never raise an FTS5 syntax error. ``prefix`` appends ``*``
    (prefix match); measured as within noise, so off by default. Returns "" for no
    terms: the caller must skip the MATCH then (FTS5 rejects an empty expression).
    """
    star = "*" if prefix else ""
    return f" {operator} ".join('"' + t.replace('"', '""') + '"' + star for t in terms if t)


_SUFFIXES = (("sses", "ss"), ("ies", "y"), ("ing", ""), ("ed", ""), ("ly", ""), ("s", ""))


@functools.lru_cache(maxsize=65536)
def light_stem(word: str) -> str:
    """A tiny suffix stripper (plural, -ing, -ed, -ly) for coverage only.

    It need not be linguistically right, just applied identically to query and memory
    so "painting"/"paints"/"painted" meet; ranking itself uses the FTS stemmer.
    """
    for suffix, repl in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            return word[: -len(suffix)] + repl
    return word


def coverage(terms: Iterable[str], text: str) -> float:
    """Fraction of distinct query terms (light-stemmed) that occur in ``text``, in [0, 1].

    Used as a multiplier on the FTS score of the top candidates (``bm25 × coverage``).
    FTS5's ``bm25()`` is negative (lower is better): multiply ``-bm25(m)``, not ``bm25``.
    """
    return coverage_of(frozenset(light_stem(t) for t in terms if t), text)


def coverage_of(wanted: frozenset[str], text: str) -> float:
    """`coverage` with the query's stems computed once (recall scores many memories)."""
    if not wanted:
        return 0.0
    return len(wanted & word_stems(text)) / len(wanted)


@functools.lru_cache(maxsize=2048)
def word_stems(text: str) -> frozenset[str]:
    """The light stems of a text's words (CJK as bigrams), as coverage compares them.
    Cached by text: a workspace's common memories are candidates of many recalls."""
    return frozenset(light_stem(w) for w in _words(text))


def idf(df: int, total: int) -> float:
    """BM25's (always positive) inverse document frequency: rare words weigh more."""
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


def idf_coverage(postings: Mapping[str, Collection[int]], total: int) -> list[tuple[int, float]]:
    """Rank memories by the summed idf of the distinct query terms they contain.

    ``postings`` maps each query term to the ids of the memories matching it alone
    (one FTS5 ``MATCH '"term"'`` or PostgreSQL ``tsv @@ plainto_tsquery(term)`` per
    term, so the store's stemmer decides what matches); ``total`` is the number of
    searchable memories. This is BM25 with term frequency and length normalisation
    switched off: memories are short chat turns where a repeated word or a shorter turn
    says little, while matching more (and rarer) question words says a lot. It measured
    best among keyword rankers and, unlike ts_rank, gives PostgreSQL an idf.
    Ties keep ascending id order; callers re-score by importance × recency anyway.
    """
    scores: dict[int, float] = {}
    for ids in postings.values():
        w = idf(len(ids), total)
        for i in ids:
            scores[i] = scores.get(i, 0.0) + w
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def convex_fuse(
    keyword: Iterable[tuple[K, float]], vector: Iterable[tuple[K, float]], alpha: float = 0.5
) -> list[tuple[K, float]]:
    """Fuse two ranked lists by ``alpha·kw + (1-alpha)·vec`` after min-max scaling each.

    Measured clearly better than RRF (k=60) here: RRF throws away how far ahead a strong
    keyword hit is, so the weaker vector list (cosine alone ≈ 0.54 R@10) gets an equal
    vote on every rank. Min-max keeps score gaps and works for any score scale (bm25,
    ts_rank, cosine). Feed each list's top ~50; a memory missing from a list scores 0.
    """

    def scaled(pairs: Iterable[tuple[K, float]]) -> dict[K, float]:
        d = dict(pairs)
        if not d:
            return d
        lo, hi = min(d.values()), max(d.values())
        return {i: (s - lo) / (hi - lo) if hi > lo else 1.0 for i, s in d.items()}

    kw, vec = scaled(keyword), scaled(vector)
    fused = {i: alpha * kw.get(i, 0.0) + (1 - alpha) * vec.get(i, 0.0) for i in kw.keys() | vec}
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))
