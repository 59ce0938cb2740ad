"""Reconciliation: is a candidate new, a correction, a near-duplicate, or known?

The rule-based decision (SPEC §4.4): an exact normalised-hash match is NOOP; a text
that keeps an existing memory's words but changes a short span ("port 6543" →
"port 5432", "Tuesdays" → "Thursdays") or adds a detail is UPDATE; a character-trigram Jaccard of at
least 0.75 is MERGE; anything else is ADD. Pure functions: the service runs them
inside one store transaction, and the model-assisted variant falls back to them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.models import Memory
from core.recall.textsearch import light_stem
from core.remember.canonical import normalize_content, similarity, words

NEAR_DUPLICATE = 0.75
MAX_CHANGED_WORDS = 3
MIN_SHARED_PREFIX = 2
MIN_SHARED_SHARE = 0.6
MAX_ADDED_WORDS = 5


class Op(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    MERGE = "MERGE"
    NOOP = "NOOP"


@dataclass(frozen=True)
class Decision:
    op: Op
    target: Memory | None = None
    content: str = ""  # the text to keep (UPDATE/MERGE/ADD)
    similarity: float = 0.0


def is_revision(old: str, new: str) -> bool:
    """True when `new` restates `old` with a short span changed or added.

    Compares word sequences: a shared opening of at least two words and at least half
    the text (so the subject is the same and the value changed: "port 6543" → "port
    5432", but not "staging DB" → "staging cache"), a changed or added span of at most
    three words on either side, and most words in common.
    """
    a, b = words(old), words(new)
    if a == b or not a or not b:
        return False
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(a), len(b)) - prefix and a[len(a) - 1 - suffix] == b[len(b) - 1 - suffix]
    ):
        suffix += 1
    changed_old = len(a) - prefix - suffix
    changed_new = len(b) - prefix - suffix
    shared = prefix + suffix
    return (
        prefix >= max(MIN_SHARED_PREFIX, math.ceil(0.5 * min(len(a), len(b))))
        and changed_old <= MAX_CHANGED_WORDS
        and changed_new <= MAX_CHANGED_WORDS
        and shared >= MIN_SHARED_SHARE * max(len(a), len(b))
    )


def is_refinement(old: str, new: str) -> bool:
    """True when `new` keeps every word of `old` (light-stemmed) and adds a few details."""
    a = {light_stem(w) for w in words(old)}
    b = {light_stem(w) for w in words(new)}
    if len(a) < 3 or a == b:
        return False
    return a < b and len(b - a) <= MAX_ADDED_WORDS


def merged_text(old: str, new: str) -> str:
    """Of two near-duplicates keep the more informative (longer) text; ties go to the new."""
    return old if len(normalize_content(old)) > len(normalize_content(new)) else new


def decide(content: str, content_hash: str, existing: Sequence[Memory]) -> Decision:
    """ADD, UPDATE, MERGE or NOOP for `content` against memories of the same scope."""
    for memory in existing:
        if memory.content_hash == content_hash:
            return Decision(Op.NOOP, memory, memory.content, 1.0)
    scored = sorted(
        ((similarity(content, m.content), m) for m in existing), key=lambda p: p[0], reverse=True
    )
    for score, memory in scored:
        if is_revision(memory.content, content) or is_refinement(memory.content, content):
            return Decision(Op.UPDATE, memory, content, score)
    if scored and scored[0][0] >= NEAR_DUPLICATE:
        score, memory = scored[0]
        return Decision(Op.MERGE, memory, merged_text(memory.content, content), score)
    return Decision(Op.ADD, None, content, scored[0][0] if scored else 0.0)
