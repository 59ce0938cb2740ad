"""Reconciliation: is a candidate new, a correction, a restatement, or known?

The rule-based decision (SPEC §4.4), measured on the labelled probe set
(tests/data/reconcile/probes.jsonl, `bench/reconcile_quality.py`):

- NOOP: the same normalised text (hash), or the same words once punctuation, framing
  openers ("btw", "fyi"), spelling ("colour"), numerals ("five") and contractions
  ("cannot") are made one (`wording.tokens`, which every rule below compares).
- UPDATE: the same subject with a changed value: the texts share their opening (the
  subject, up to and including its verb: "the staging DB is on port") and differ in a
  short span after it ("6543" → "5432"); or the new text keeps every word of the old
  and adds a detail. Never when the changed span is the verb itself ("opens" →
  "closes") or lies before the verb ("floor 3 … is broken" → "floor 4 … is broken":
  that names another thing), nor when the change is not a value (`slots`): another
  verb after an auxiliary ("is rebuilt" → "is backed up"), another head noun under a
  kept modifier ("the billing service" → "team"), a time for a name, or a past
  occasion ("we went hiking in May" → "in June": two hikes).
- MERGE: a restatement (`restatement`): the same meaningful words, a word (or a
  collocation: "out of order") of one side may be a synonym of one of the other
  (`synonyms`, WordNet) but never its opposite, one side at most adding a little but
  never to the subject ("Olga's old laptop" is another laptop), and neither side naming
  a number, identifier or name the other lacks.
- ADD: anything else, and always when the two differ in negation. Losing a fact is
  worse than keeping a duplicate, so every doubt is an ADD.

Pure functions: the service runs them inside one store transaction, and the
model-assisted variant falls back to them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.models import Memory
from core.remember.canonical import normalize_content, similarity
from core.remember.distinctions import is_verb, marked, persons_apart, same_polarity, stem
from core.remember.restatement import is_restatement, narrowed
from core.remember.slots import (
    head_swapped,
    kinds_apart,
    other_occasion,
    past_event,
    role_for_another,
    verb_swapped,
)
from core.remember.wording import tokens

NEAR_DUPLICATE = 0.75  # trigram similarity that makes a pair worth comparing closely
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


def _has_verb(found: Sequence[str]) -> bool:
    return any(is_verb(t) for t in found)


def is_revision(old: str, new: str) -> bool:
    """True when `new` restates `old`'s subject with a short span after it changed.

    Compares word sequences: a shared opening of at least two words and at least half
    the text, a changed span of at most three words on either side, most words in
    common, and the change after the subject's verb (or at the very end), never the
    verb itself.
    """
    if not same_polarity(old, new) or persons_apart(old, new):
        return False
    a, b = tokens(old), tokens(new)
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
    changed_old = a[prefix : len(a) - suffix]
    changed_new = b[prefix : len(b) - suffix]
    shape = (
        prefix >= max(MIN_SHARED_PREFIX, math.ceil(0.5 * min(len(a), len(b))))
        and len(changed_old) <= MAX_CHANGED_WORDS
        and len(changed_new) <= MAX_CHANGED_WORDS
        and prefix + suffix >= MIN_SHARED_SHARE * max(len(a), len(b))
    )
    if not shape or narrows(a, b):
        return False
    before, after = a[:prefix], a[len(a) - suffix :]
    if verb_swapped(before, changed_old, changed_new):
        return False  # "is rebuilt" / "is backed up": another event, not a new value
    named = marked(old) | marked(new)
    if head_swapped(before, changed_old, changed_new, after, named):
        return False  # "the billing service" / "the billing team": another thing
    if role_for_another(before, changed_old, changed_new):
        return False  # "the contact for the Globex account" / "for Initech": two roles
    if kinds_apart(changed_old, changed_new, named):
        return False  # "runs at 2 am" / "runs in Docker": another kind of value
    if past_event(a) and past_event(b):
        return False  # "we had pizza on Friday" / "on Saturday": two occasions
    if other_occasion(changed_old, changed_new, after):
        return False  # "cancelled this week" / "next week": each week its own fact
    if _has_verb(before[1:]):
        return True  # the subject and its verb are kept: the value changed
    if _has_verb(changed_old) or _has_verb(changed_new):
        return False  # the verb itself changed ("opens" → "closes"): another fact
    # a verbless note whose last words changed; a past occasion is not one
    return suffix == 0 and not _has_verb(a) and not past_event(a)


def is_refinement(old: str, new: str) -> bool:
    """True when `new` keeps every word of `old` (light-stemmed) and adds a few details."""
    if not same_polarity(old, new) or persons_apart(old, new):
        return False
    old_words, new_words = tokens(old), tokens(new)
    a = {stem(w) for w in old_words}
    b = {stem(w) for w in new_words}
    if len(a) < 3 or a == b or not a < b or len(b - a) > MAX_ADDED_WORDS:
        return False
    if narrows(old_words, new_words):
        return False
    first_added = next(i for i, w in enumerate(new_words) if stem(w) not in a)
    verb = next((i for i, w in enumerate(new_words) if is_verb(w)), None)
    if verb is None:
        return first_added >= len(old_words)  # a verbless note: details appended at the end
    return verb < first_added  # details after the verb refine; before it, they name another


def narrows(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """True when either text puts a word before a noun both hold ("interviews" / "exit
    interviews"): a kind of the thing, so another fact, not a new value or a detail."""
    stems_a, stems_b = {stem(w) for w in a}, {stem(w) for w in b}
    return narrowed(stems_a - stems_b, a, b) or narrowed(stems_b - stems_a, b, a)


def merged_text(old: str, new: str) -> str:
    """Of two restatements keep the more informative (longer) text; ties go to the new."""
    return old if len(normalize_content(old)) > len(normalize_content(new)) else new


def compare(old: str, new: str) -> Op:
    """The operation for `new` against one existing text."""
    if normalize_content(old) == normalize_content(new) or tokens(old) == tokens(new):
        return Op.NOOP  # the same words once filler, spelling and numerals are made one
    if is_restatement(old, new):
        return Op.MERGE
    if is_revision(old, new):
        return Op.UPDATE
    if is_refinement(old, new):
        return Op.UPDATE
    return Op.ADD


def decide(content: str, content_hash: str, existing: Sequence[Memory]) -> Decision:
    """ADD, UPDATE, MERGE or NOOP for `content` against memories of the same scope."""
    for memory in existing:
        if memory.content_hash == content_hash:
            return Decision(Op.NOOP, memory, memory.content, 1.0)
    scored = sorted(
        ((similarity(content, m.content), m) for m in existing), key=lambda p: p[0], reverse=True
    )
    for score, memory in scored:
        op = compare(memory.content, content)
        if op == Op.NOOP:
            return Decision(Op.NOOP, memory, memory.content, score)
        if op == Op.UPDATE:
            return Decision(Op.UPDATE, memory, content, score)
        if op == Op.MERGE:
            return Decision(Op.MERGE, memory, merged_text(memory.content, content), score)
    return Decision(Op.ADD, None, content, scored[0][0] if scored else 0.0)
