"""An ADD names the memory it nearly folded into (`Decision.near_miss`, recon10): the
candidate a retired open-ended rule would have folded it into, else the most similar one
at `NEAR_DUPLICATE` or above; never for a fold. Sentences written for these tests."""

from __future__ import annotations

import dataclasses

from core.remember.canonical import content_hash, similarity
from core.remember.reconcile import NEAR_DUPLICATE, Op, decide
from tests.near_miss import memory


def saved(text: str, ident: str):
    return dataclasses.replace(memory(text), id=ident)


def test_an_add_names_the_candidate_a_retired_rule_would_have_folded():
    old = saved("The quiz night happens on Thursdays", "a")
    other = saved("The wine tasting happens on Thursdays", "b")
    new = "The quiz night takes place on Thursdays"
    decision = decide(new, content_hash(new), [other, old])
    assert decision.op == Op.ADD and decision.near_miss == old


def test_without_a_retired_fold_the_most_similar_candidate_at_the_threshold_is_named():
    near = saved("The staging cluster has 12 nodes in eu-west-1", "a")
    new = "The staging cluster has 12 nodes in eu-west-2"  # an id: no rule folds it
    assert similarity(new, near.content) >= NEAR_DUPLICATE
    decision = decide(new, content_hash(new), [near])
    assert decision.op == Op.ADD and decision.near_miss == near


def test_nothing_alike_names_no_near_miss_and_a_fold_carries_none():
    far = saved("Ravi waters the office plants on Mondays", "a")
    new = "The VPN certificate expires in March"
    assert decide(new, content_hash(new), [far]).near_miss is None
    assert decide(new, content_hash(new), []).near_miss is None
    same = saved("The VPN certificate expires in March", "b")
    again = "the VPN certificate expires in march!"
    folded = decide(again, content_hash(again), [same])
    assert folded.op == Op.NOOP and folded.near_miss is None
