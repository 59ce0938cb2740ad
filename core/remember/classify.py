"""Cheap, rule-based reading of a memory: its kind and the entities it names.

Explicit saves arrive without a kind; these rules pick one so an intent ("I'm
debugging the login flow this week") fades in days while a fact lasts a year.
Entities are the names worth counting per workspace: proper nouns, acronyms,
product-like tokens.
"""

from __future__ import annotations

import regex

from core.models import Kind
from core.remember.canonical import entity_id

_PREFERENCE = regex.compile(
    r"\b(i|we)\s+(really\s+)?(prefer|like|love|hate|dislike|want|favou?r)\b"
    r"|\b(prefers?|preferred|preference)\b|\b(always|never)\s+(use|give|answer|reply|write)\b"
    r"|\bplease\s+(always|never|keep|use|answer|reply)\b|\bfrom now on\b",
    regex.IGNORECASE,
)
_INTENT = regex.compile(
    r"\b(this|next)\s+(week|sprint|month|morning|afternoon)\b|\btoday\b|\btonight\b"
    r"|\btomorrow\b|\bcurrently\b|\bright now\b|\b(i'?m|i am|we'?re|we are)\s+\w+ing\b"
    r"|\b(plan|planning|going)\s+to\b|\bworking on\b|\buntil (friday|monday|tuesday|"
    r"wednesday|thursday|eod|end of)\b",
    regex.IGNORECASE,
)

_CANDIDATE = regex.compile(
    r"(?<![\p{L}\p{N}])(?:"
    r"\p{Lu}[\p{L}\p{N}'’&.-]*(?:\s+\p{Lu}[\p{L}\p{N}'’&.-]*)*"  # Proper Noun Phrases
    r"|[\p{Ll}]+[\p{Lu}][\p{L}\p{N}]*"  # camelCase product names (iPhone, macOS)
    r")"
)
_POSSESSIVE = regex.compile(r"(?<=\p{L})['’]s?$")
_COMMON_CAPITALISED = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "we",
        "we're",
        "our",
        "us",
        "my",
        "me",
        "you",
        "your",
        "he",
        "she",
        "it",
        "they",
        "them",
        "their",
        "this",
        "that",
        "these",
        "those",
        "the",
        "a",
        "an",
        "and",
        "or",
        "but",
        "if",
        "so",
        "when",
        "where",
        "what",
        "which",
        "who",
        "why",
        "how",
        "please",
        "remember",
        "also",
        "just",
        "yes",
        "no",
        "ok",
        "okay",
        "hi",
        "hello",
        "hey",
        "thanks",
        "thank",
        "today",
        "tomorrow",
        "yesterday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "from",
        "there",
        "here",
        "let",
        "can",
        "could",
        "would",
        "should",
        "will",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "not",
        "always",
        "never",
        "every",
        "all",
        "some",
        "any",
        "each",
        "note",
        "fyi",
        "btw",
        "ps",
    ]
)


def guess_kind(text: str) -> Kind:
    """preference, intent or (by default) fact."""
    if _PREFERENCE.search(text):
        return Kind.PREFERENCE
    if _INTENT.search(text):
        return Kind.INTENT
    return Kind.FACT


def find_entities(text: str, limit: int = 12) -> list[str]:
    """Normalised entity ids named in the text (proper nouns, acronyms, camelCase).
    A possessive is the name itself and ends its phrase: "Melanie's son" names
    `melanie`, "Ana's Payments API" names `ana` and `payments_api`."""
    found: list[str] = []
    for match in _CANDIDATE.finditer(text):
        for words in _phrases(match.group(0).strip(".-'’&")):
            name = " ".join(w for w in words if w.casefold() not in _COMMON_CAPITALISED)
            if len(name) < 2 or name.isdigit():
                continue
            ident = entity_id(name)
            if ident and ident not in found:
                found.append(ident)
            if len(found) >= limit:
                return found
    return found


def _phrases(phrase: str) -> list[list[str]]:
    """The phrase's words, split after each possessive (whose ending is dropped)."""
    phrases: list[list[str]] = [[]]
    for word in phrase.split():
        bare = _POSSESSIVE.sub("", word)
        phrases[-1].append(bare)
        if bare != word:
            phrases.append([])
    return [p for p in phrases if p]
