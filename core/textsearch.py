"""Query construction for keyword recall.

Natural questions AND-ed term by term find almost nothing, so recall ORs the
query's content words; stopwords are dropped so "what", "did", "the" do not match
every memory. Each term is quoted, which also neutralises FTS syntax typed by users.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

_WORD = regex.compile(r"[\p{L}\p{N}]+(?:['’][\p{L}]+)?")

STOPWORDS: frozenset[str] = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
    ]
)


def query_terms(text: str, max_terms: int = 32) -> list[str]:
    """Lower-cased content words of a query, stopwords removed unless nothing is left."""
    words = [w.casefold().replace("’", "'") for w in _WORD.findall(text)]
    content = [w for w in words if w not in STOPWORDS]
    return list(dict.fromkeys(content or words))[:max_terms]


def fts5_match(terms: Iterable[str], operator: str = "OR") -> str:
    """An FTS5 MATCH expression: every term double-quoted, joined by OR (or AND)."""
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms if t.strip()]
    return f" {operator} ".join(quoted)
