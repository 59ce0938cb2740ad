"""Reconciliation keeps apart two facts that share every meaningful word but tell of
another person, a kind of the thing, another occasion or the other side of an exchange
(SPEC §4.4, issue 11). Examples written for these tests, none taken from the probe set."""

from __future__ import annotations

import pytest

from core.remember.distinctions import persons_apart
from core.remember.reconcile import Op, compare
from tests.near_miss import offered

NEAR = "near miss"  # retired from folding (recon10): an ADD that names the old text


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # another person by pronoun, or a pronoun's place taken by someone named
        ("I love hiking in the mountains", "She loves hiking in the mountains"),
        ("We moved to Austin last year", "They moved to Austin last year"),
        ("I visited Rome last summer", "My wife visited Rome last summer"),
        ("Yesterday I finished the report", "Yesterday my boss finished the report"),
        # a word put before a noun both keep: a kind of the thing
        ("Carla reviews pull requests on Fridays", "Carla reviews urgent pull requests on Fridays"),
        ("Room 12 is booked for reviews on Friday", "Room 12 is held for design reviews on Friday"),
        # this / next / last before a word of time: each its own occasion
        ("Priya is on call this week", "Priya is on call next week"),
        ("The gym class is cancelled this weekend", "The gym class is cancelled next weekend"),
        # the two sides of one exchange
        ("My aunt teaches piano on Saturdays", "My aunt learns piano on Saturdays"),
        ("We send invoices on the 1st", "We receive invoices on the 1st"),
    ],
)
def test_two_facts_stay_two(old: str, new: str) -> None:
    assert compare(old, new) == Op.ADD
    assert compare(new, old) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        # a text without pronouns restates one with them
        ("We deploy on Tuesdays", "we deploy every Tuesday", Op.MERGE),
        # a class word before an id names the same thing
        # ... but no proven transformation drops it (recon10): offered as a near miss
        ("Server web-07 has 32 GB of RAM", "web-07 has 32 GB of RAM", NEAR),
        # a named time after the verb is still a value
        ("The review is due on the 14th", "The review is due on the 21st", Op.UPDATE),
    ],
)
def test_restatements_and_updates_still_fold(old: str, new: str, op: Op | str) -> None:
    assert offered(old, new) if op == NEAR else compare(old, new) == op


def test_persons_apart_needs_a_person_on_each_side() -> None:
    assert persons_apart("I cook on Sundays", "He cooks on Sundays")
    assert not persons_apart("We deploy on Tuesdays", "Deploys happen on Tuesdays")
    assert not persons_apart("I booked my hotel", "My hotel is booked under my name")
