"""The fast `near_miss` (issue 14: candidates asked in order of similarity, stopping
once the answer is known) names exactly the candidate the plain one did: the one a
retired rule folds (the most similar of those, the earlier on a tie), else the most
similar at `NEAR_DUPLICATE`. The retired rules are replaced by a fake here so that each
branch of the order is met on purpose; `bench/near_miss_identity.py` checks the real
rules over the tuning probes against its reference copy of the plain implementation."""

from __future__ import annotations

import dataclasses

import pytest

from bench.near_miss_identity import cases, differences, reference_near_miss, tuning_rows
from core.remember import reconcile
from core.remember.canonical import similarity
from core.remember.reconcile import NEAR_DUPLICATE, near_miss
from tests.near_miss import memory

NEW = "The staging cluster has 12 nodes in eu-west-2"
CLOSE = "The staging cluster has 12 nodes in eu-west-1"  # ≥ NEAR_DUPLICATE
MIDDLE = "The staging cluster has 14 nodes in Frankfurt"  # below it, more alike than FAR
FAR = "Ravi waters the office plants on Mondays"


def saved(text: str, ident: str):
    return dataclasses.replace(memory(text), id=ident)


@pytest.fixture
def folds(monkeypatch):
    """Which candidate texts the (fake) retired rules fold NEW into, and each text asked."""
    folded: set[str] = set()
    asked: list[str] = []

    def fake(old: str, new: str) -> bool:
        asked.append(old)
        return old in folded

    monkeypatch.setattr(reconcile, "retired_fold", fake)
    return folded, asked


def test_the_texts_are_ordered_as_the_cases_need():
    close, middle, far = (similarity(NEW, t) for t in (CLOSE, MIDDLE, FAR))
    assert close >= NEAR_DUPLICATE > middle > far


def test_a_lone_candidate_at_the_threshold_is_never_asked(folds):
    _, asked = folds
    close = saved(CLOSE, "a")
    assert near_miss(NEW, [close]) == close
    assert asked == []


def test_a_less_similar_folded_candidate_beats_an_unfolded_similar_one(folds):
    folded, asked = folds
    folded.add(FAR)
    close, middle, far = saved(CLOSE, "a"), saved(MIDDLE, "b"), saved(FAR, "c")
    assert near_miss(NEW, [far, middle, close]) == far
    assert asked == [MIDDLE, FAR, CLOSE]  # the most similar asked last, once another folds


def test_the_most_similar_wins_when_it_is_folded_too(folds):
    folded, _ = folds
    folded.update([FAR, CLOSE])
    close, far = saved(CLOSE, "a"), saved(FAR, "b")
    assert near_miss(NEW, [far, close]) == close


def test_below_the_threshold_the_first_folded_by_similarity_wins_and_the_rest_go_unasked(folds):
    folded, asked = folds
    folded.update([MIDDLE, FAR])
    middle, far = saved(MIDDLE, "a"), saved(FAR, "b")
    assert near_miss(NEW, [far, middle]) == middle
    assert asked == [MIDDLE]
    folded.clear()
    assert near_miss(NEW, [far, middle]) is None


def test_of_two_equally_similar_candidates_the_earlier_is_named(folds):
    folded, _ = folds
    first, second = saved(CLOSE, "a"), saved(CLOSE, "b")
    assert near_miss(NEW, [first, second]) == first
    folded.add(MIDDLE)
    one, two = saved(MIDDLE, "c"), saved(MIDDLE, "d")
    assert near_miss(NEW, [one, two]) == one
    assert near_miss(NEW, [two, one, first]) == two  # a fold beats the threshold


@pytest.mark.parametrize(
    "folded_texts", [(), (FAR,), (MIDDLE,), (CLOSE,), (FAR, MIDDLE), (FAR, CLOSE), (MIDDLE, CLOSE)]
)
def test_every_order_of_candidates_names_what_the_plain_implementation_names(folds, folded_texts):
    folded, _ = folds
    folded.update(folded_texts)
    pool = [saved(t, f"m{i}") for i, t in enumerate([CLOSE, MIDDLE, FAR, CLOSE, FAR])]
    for start in range(len(pool)):
        for size in range(len(pool) + 1):
            existing = (pool[start:] + pool[:start])[:size]
            assert near_miss(NEW, existing) == _plain(NEW, existing, folded)


def _plain(content, existing, folded):
    """`bench.near_miss_identity.reference_near_miss` over the same fake rules."""
    best, found = None, None
    for i, m in enumerate(existing):
        score, retired = similarity(content, m.content), m.content in folded
        if not retired and score < NEAR_DUPLICATE:
            continue
        if best is None or (retired, score, -i) > best:
            best, found = (retired, score, -i), m
    return found


def test_the_real_rules_decide_every_third_tuning_pair_as_the_reference_does():
    assert reference_near_miss(NEW, []) is None
    assert differences(cases(tuning_rows(), every=3)) == []


def test_the_typo_prefilter_never_turns_away_a_pair_the_typo_rule_accepts():
    """`transforms._may_slip` (issue 14) skips pairs before `_slip`: it must pass every
    pair `_slip` accepts. Words known and unknown to the lexicon, with each one-letter
    slip (dropped, doubled, swapped, changed) of each."""
    from core.remember.synonyms import lemmas
    from core.remember.transforms import _may_slip, _slip

    base = ["meeting", "tomorrow", "release", "customer", "croissant", "pipeline", "vovoloen"]
    base += ["pedortaen", "quilotaen", "monitoring", "receive", "calendar", "boolean"]
    words = set(base)
    for w in base:
        for i in range(len(w)):
            words.add(w[:i] + w[i + 1 :])
            words.add(w[:i] + w[i] + w[i:])
            words.add(w[:i] + "x" + w[i + 1 :])
            if i + 1 < len(w):
                words.add(w[:i] + w[i + 1] + w[i] + w[i + 2 :])
    unknown = {w for w in words if not lemmas(w)}
    accepted = 0
    for x in words:
        for y in words:
            if x != y and _slip(x, y, frozenset()):
                accepted += 1
                assert _may_slip(x, y, unknown), (x, y)
    assert accepted > 100
