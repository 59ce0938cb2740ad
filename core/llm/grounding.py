"""Is a name in a model's output actually in the text it read?

Models invent: a name from a prompt's examples, or from another conversation,
can surface in a memory about someone else. Every name a model writes into a
memory (its declared entities, and the proper nouns in its text) must appear in
the source it was given, compared word by word, case-insensitively.
"""

from __future__ import annotations

import regex

from core.recall.textsearch import STOPWORDS, light_stem
from core.remember.canonical import words
from core.remember.classify import find_entities

_FIRST_WORD = regex.compile(r"^(\W*)(\p{Lu}\p{Ll}+)\b")
# Words a memory sentence commonly starts with that are not names.
_STARTERS = frozenset(
    [
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "our",
        "their",
        "his",
        "her",
        "its",
        "my",
        "your",
        "user",
        "they",
        "he",
        "she",
        "it",
        "we",
        "i",
        "every",
        "all",
        "some",
        "no",
        "each",
        "always",
        "never",
        "usually",
        "often",
        "currently",
        "today",
        "tomorrow",
        "next",
        "last",
        "is",
        "are",
        "was",
        "has",
        "had",
        "have",
        "does",
        "did",
        "will",
        "can",
        "should",
        "must",
        "may",
        "please",
    ]
)


def mentioned(name: str, source: str) -> bool:
    """True when every word of `name`, in order, appears in `source` ("acme_corp" and
    "Acme Corp" match "we work for ACME corp"; "Sam" does not match "Samuel")."""
    needle = " ".join(words(name))
    return bool(needle) and f" {needle} " in f" {' '.join(words(source))} "


def shares_a_word(text: str, source: str) -> bool:
    """True when some content word of `text` (light-stemmed) is in `source`.

    A small model copies its prompt's examples: "fyi the billing service deploys on
    Thursdays" came back with profile style "short answers, code first", the
    extraction prompt's own example. A value stated by the user shares at least one
    content word with what the user wrote ("bullet points", "Europe/Lisbon")."""
    seen = {light_stem(w) for w in words(source)}
    return any(light_stem(w) in seen for w in words(text) if w not in STOPWORDS)


def _sentence_starter(word: str) -> bool:
    """A capitalised first word that is grammar, not a name: "The", "Prefers",
    "Working", "Moved". ("Maria" is a name; "James" slips through, rarely.)"""
    w = word.casefold()
    verb_like = len(w) > 3 and (
        (w.endswith("s") and not w.endswith("ss")) or w.endswith(("ing", "ed"))
    )
    return w in _STARTERS or verb_like


def unsupported_names(text: str, source: str) -> list[str]:
    """Names in `text` (proper nouns, acronyms, product-like words) that `source` never
    mentions. Declared entity lists are checked in full with `mentioned`."""
    first = _FIRST_WORD.match(text)
    if first and _sentence_starter(first.group(2)):
        text = first.group(1) + first.group(2).lower() + text[first.end() :]
    return [name for name in find_entities(text) if not mentioned(name, source)]
