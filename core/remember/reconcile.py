"""Reconciliation: is a candidate new, a correction, a restatement, or known?

The rule-based decision (SPEC §4.4), measured on the labelled probe set
(tests/data/reconcile/probes.jsonl, `bench/reconcile_quality.py`). A save folds into an
existing memory only on a *proven* transformation, since a folded distinct fact is a
lost fact and a missed duplicate is one extra line in /memories (issue 11: rules shaped
by reading misses folded 3–6 % of three blind splits' distinct facts):

- NOOP: the same normalised text (hash), or the same words once punctuation, framing
  openers ("btw", "fyi"), spelling ("colour"), numerals ("five"), contractions
  ("cannot") and chat short forms are made one (`wording.tokens`).
- MERGE: the same words once the named transformations of `transforms.PROVEN` are
  applied to both sides (clock times, a closed table of abbreviations, "on"/"at" before
  a time, a recurring day said three ways, accents, filler, articles, plural, compound
  words, acronyms, a one-letter typo, "'s" for "is", reordered clauses or list items),
  each kept only while it folds no distinct pair of any tuning split (the counts are in
  its docstring).
- UPDATE: exactly one typed value slot differs and the rest is the same words
  (`revision.slot`, of the kinds in `UPDATE_SLOTS`: a time, a date, a recurring day, a
  quantity with its unit, a version, an owner, a place after a fixed preposition, a
  state after "is").
- Anything else: ADD. An ADD carries a `near_miss`: the candidate a retired rule (the
  open-ended paraphrase and revision rules: synonyms, collocations, light verbs, a tail
  of detail, a slot of another kind) would have folded it into, or else the most
  similar candidate at `NEAR_DUPLICATE` or above, for a person to review; the rules
  never fold it.

The saver is asked about an ADD's near miss (`core.governance.near_misses`): merge
the two, or keep both.

Pure functions: the service runs them inside one store transaction, and the
model-assisted variant falls back to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.models import Memory
from core.remember.canonical import normalize_content, similarity
from core.remember.paraphrase import is_paraphrase
from core.remember.revision import is_extension, is_revision, slot
from core.remember.transforms import merge_path
from core.remember.wording import tokens

NEAR_DUPLICATE = 0.75  # trigram similarity that makes a pair worth comparing closely
# The typed slots an UPDATE may change (`revision.slot`). Right / distinct folded over
# the tuning splits (recon10): quantity 101/0, date 39/0, recurring_day 19/0, time 15/0,
# state 8/0, place 6/0, owner 5/0, version 0/0 (none in the probes; a typed form, kept).
# "month" (a date's month alone, "20 to 27 [December]") was 1/1 and is left out.
UPDATE_SLOTS = frozenset(
    ["time", "date", "recurring_day", "quantity", "version", "owner", "place", "state"]
)


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
    similarity: float = 0.0  # the target's trigram similarity (not computed for an ADD)
    # On an ADD only: the candidate a retired rule would have folded this into, or the
    # most similar one at NEAR_DUPLICATE or above; offered for review, never folded.
    near_miss: Memory | None = None


def merged_text(old: str, new: str) -> str:
    """Of two restatements keep the more informative (longer) text; ties go to the new."""
    return old if len(normalize_content(old)) > len(normalize_content(new)) else new


def compare(old: str, new: str) -> Op:
    """The operation for `new` against one existing text."""
    if normalize_content(old) == normalize_content(new) or tokens(old) == tokens(new):
        return Op.NOOP  # the same words once filler, spelling and numerals are made one
    if merge_path(old, new) is not None:
        return Op.MERGE
    if slot(old, new) in UPDATE_SLOTS:
        return Op.UPDATE
    return Op.ADD


def retired_fold(old: str, new: str) -> bool:
    """True when a rule retired from folding would have folded `new` into `old`: the
    open-ended paraphrase (`paraphrase.is_paraphrase`), a revision of an untyped value
    or an extension (`revision`). Such a pair is a near miss, not a fold."""
    # Cheapest first (an `or` of pure tests: the order changes no answer): after
    # `compare` said ADD, `slot` has left `revision_kind` of this pair in its cache, and
    # `is_extension` reads cached per-text analyses; the paraphrase rule is the dear one.
    return is_revision(old, new) or is_extension(old, new) or is_paraphrase(old, new)


def near_miss(content: str, existing: Sequence[Memory]) -> Memory | None:
    """The candidate to offer beside an ADD: the first a retired rule would have folded
    `content` into (the most similar of those), else the most similar at
    `NEAR_DUPLICATE` or above, else None; of equally similar ones the earlier. Only over
    the candidates passed in.

    Asked in order of similarity, so it stops once the answer is known (the retired
    rules cost most of an ADD's decision, issue 14): the first candidate a retired rule
    folds wins, unless the most similar one is folded too. When the most similar is at
    `NEAR_DUPLICATE` or above it is the answer unless another is folded, so it is asked
    only then — a lone candidate that similar is never asked at all."""
    if not existing:
        return None
    ranked = sorted(
        ((similarity(content, m.content), -i, m) for i, m in enumerate(existing)),
        key=lambda s: (s[0], s[1]),
        reverse=True,
    )
    top_score, _, top = ranked[0]
    if top_score < NEAR_DUPLICATE:
        if retired_fold(top.content, content):
            return top
        rest = (m for _, _, m in ranked[1:] if retired_fold(m.content, content))
        return next(rest, None)  # the rest are below NEAR_DUPLICATE too
    for _, _, memory in ranked[1:]:
        if retired_fold(memory.content, content):
            return top if retired_fold(top.content, content) else memory
    return top


def decide(content: str, content_hash: str, existing: Sequence[Memory]) -> Decision:
    """ADD, UPDATE, MERGE or NOOP for `content` against memories of the same scope.

    Of the memories `compare` folds `content` into, the most similar one (trigrams)
    wins, the earlier one on a tie. Similarity is computed for those alone, and for an
    ADD's near miss (`near_miss`); a fold's decision carries no near miss."""
    for memory in existing:
        if memory.content_hash == content_hash:
            return Decision(Op.NOOP, memory, memory.content, 1.0)
    folds = [(m, op) for m in existing if (op := compare(m.content, content)) != Op.ADD]
    if not folds:
        return Decision(Op.ADD, None, content, near_miss=near_miss(content, existing))
    scored = [(similarity(content, m.content), -i, m, op) for i, (m, op) in enumerate(folds)]
    score, _, memory, op = max(scored, key=lambda s: (s[0], s[1]))
    if op == Op.NOOP:
        return Decision(Op.NOOP, memory, memory.content, score)
    if op == Op.UPDATE:
        return Decision(Op.UPDATE, memory, content, score)
    return Decision(Op.MERGE, memory, merged_text(memory.content, content), score)
