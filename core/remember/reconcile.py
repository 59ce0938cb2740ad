"""Reconciliation: is a candidate new, a correction, a restatement, or known?

The rule-based decision (SPEC §4.4), measured on the labelled probe set
(tests/data/reconcile/probes.jsonl, `bench/reconcile_quality.py`). A save folds into
an existing memory only on positive evidence; anything else is an ADD, since losing a
fact is far worse than keeping a duplicate:

- NOOP: the same normalised text (hash), or the same words once punctuation, framing
  openers ("btw", "fyi"), spelling ("colour"), numerals ("five") and contractions
  ("cannot") are made one (`wording.tokens`).
- MERGE: a paraphrase (`paraphrase`): every meaningful word of each side is paired
  with one of the other (stem, known synonym or collocation, typo), with the same
  names, numbers, negation, persons, tense and fact-carrying function words.
- UPDATE: the same subject and verb with a new value of one kind in one slot — a
  quantity or time, a name, a state (`revision.is_revision`) — or the old text with a
  short tail of detail (`revision.is_extension`).

An ADD names its near miss, the existing memory it looks most like (trigrams ≥
NEAR_DUPLICATE), so the saver can be asked whether it is the same fact
(`core.governance.near_misses`) rather than keep a silent duplicate.

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
from core.remember.revision import is_extension, is_revision
from core.remember.wording import tokens

NEAR_DUPLICATE = 0.75  # trigram similarity that makes a pair worth comparing closely


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
    near_miss: Memory | None = None  # an ADD's look-alike: offered to the user to merge


def merged_text(old: str, new: str) -> str:
    """Of two restatements keep the more informative (longer) text; ties go to the new."""
    return old if len(normalize_content(old)) > len(normalize_content(new)) else new


def compare(old: str, new: str) -> Op:
    """The operation for `new` against one existing text."""
    if normalize_content(old) == normalize_content(new) or tokens(old) == tokens(new):
        return Op.NOOP  # the same words once filler, spelling and numerals are made one
    if is_paraphrase(old, new):
        return Op.MERGE
    if is_revision(old, new) or is_extension(old, new):
        return Op.UPDATE
    return Op.ADD


def _near_miss(content: str, existing: Sequence[Memory]) -> Memory | None:
    """The existing memory an ADD looks most like (trigrams ≥ NEAR_DUPLICATE), if any:
    not folded into, since nothing proved them one fact, but worth asking the user
    about (`core.governance.near_misses`). The earlier one wins a tie."""
    scored = [(similarity(content, m.content), -i, m) for i, m in enumerate(existing)]
    best = max(scored, key=lambda s: (s[0], s[1]), default=None)
    return best[2] if best is not None and best[0] >= NEAR_DUPLICATE else None


def decide(content: str, content_hash: str, existing: Sequence[Memory]) -> Decision:
    """ADD, UPDATE, MERGE or NOOP for `content` against memories of the same scope.

    Of the memories `compare` folds `content` into, the most similar one (trigrams)
    wins, the earlier one on a tie. Similarity is computed for those alone: most saves
    fold into nothing, and scoring every candidate only to sort them was a tenth of an
    import's reconciliation (bench/scale.py). An ADD's similarity is left at 0."""
    for memory in existing:
        if memory.content_hash == content_hash:
            return Decision(Op.NOOP, memory, memory.content, 1.0)
    folds = [(m, op) for m in existing if (op := compare(m.content, content)) != Op.ADD]
    if not folds:
        return Decision(Op.ADD, None, content, near_miss=_near_miss(content, existing))
    scored = [(similarity(content, m.content), -i, m, op) for i, (m, op) in enumerate(folds)]
    score, _, memory, op = max(scored, key=lambda s: (s[0], s[1]))
    if op == Op.NOOP:
        return Decision(Op.NOOP, memory, memory.content, score)
    if op == Op.UPDATE:
        return Decision(Op.UPDATE, memory, content, score)
    return Decision(Op.MERGE, memory, merged_text(memory.content, content), score)
