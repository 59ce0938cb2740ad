"""MERGE needs positive evidence (issue 11): every meaningful word of each text is paired
with one of the other, and nothing that tells facts apart differs. Examples written for
these tests, none taken from the probe set."""

from __future__ import annotations

import pytest

from core.remember.paraphrase import classifiers, is_paraphrase, leftover, typo
from core.remember.reconcile import Op, compare
from core.remember.wording import plain_numbers
from tests.near_miss import offered

NEAR = "near miss"  # retired from folding (recon10): an ADD that names the old text


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        # light verbs, a class word, roles restated, passive, "above" for "over": the
        # retired pairing folded these; no proven transformation does (recon10)
        ("The quiz night happens on Thursdays", "The quiz night takes place on Thursdays", NEAR),
        ("We restock the fridge on Mondays", "Restocking the fridge happens on Mondays", NEAR),
        ("The spare keys are in the top drawer", "The spare keys are kept in the top drawer", NEAR),
        ("Runbook RB-7 covers the failover", "RB-7 covers the failover", NEAR),  # a class word
        ("Ilse speaks Dutch and Polish", "Ilse speaks Polish and Dutch", Op.MERGE),  # a list
        ("Kofi's favourite singer is Adele", "Adele is Kofi's favourite singer", NEAR),
        ("Pablo manages Rosa", "Rosa is managed by Pablo", NEAR),
        ("The garden party is on every Sunday", "The garden party is on Sundays", Op.MERGE),
        ("Refills over 40 euros need a receipt", "Refills above 40 euros need a receipt", NEAR),
        (
            "The plumber fixes the boiler on Friday",
            "The plumber fixes the bolier on Friday",
            Op.MERGE,
        ),
        (
            "The gym reopens after the holidays",
            "oh yeah, the gym reopens after the holidays",
            Op.NOOP,
        ),
        ("The roof repair fund is 12k", "The roof repair fund is 12,000", Op.NOOP),  # one number
    ],
)
def test_a_text_whose_every_word_is_accounted_for_merges(old, new, op):
    assert offered(old, new) if op == NEAR else compare(old, new) == op


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ines mentors Bruno", "Bruno mentors Ines"),  # the names swap roles
        ("Ines is the mentor for Bruno", "Bruno is the mentor for Ines"),
        ("Ines is Bruno's mentor", "Bruno is Ines's mentor"),
        ("jonas walks the dog at 7", "jonah walks the dog at 7"),  # a letter changed: a name
        ("Rack R-12 holds the backups", "Rack R-13 holds the backups"),
        ("Host app-03 runs the cron jobs", "Host web-03 runs the cron jobs"),
        ("The tram stops outside the bakery", "The tram stops inside the bakery"),
        ("Luca works with the design team", "Luca works for the design team"),
        ("Refills over 40 euros need a receipt", "Refills under 40 euros need a receipt"),
        ("We used Trello for planning", "We use Trello for planning"),  # no longer, or still
        ("The garden party is on Sundays", "The small garden party is on Sundays"),
        ("Mina picks up the twins at 4", "Mina drops off the twins at 4"),
        # a verb and a kind of it: one who bakes cooks, not the reverse (a rarer sense
        # pairs them, as it would "coaches" / "trains": that duplicate is kept as two)
        ("My partner cooks on weekends", "My partner bakes on weekends"),
    ],
)
def test_a_word_left_unpaired_or_a_distinction_keeps_both(old, new):
    assert compare(old, new) == Op.ADD
    assert compare(new, old) == Op.ADD


def test_the_helpers_say_why():
    assert typo("bolier", "boiler") and typo("calendr", "calendar")
    assert typo("calender", "calendar") is False  # a letter changed: no slip
    assert not typo("jonas", "jonah") and not typo("sofa", "soda")
    assert classifiers("Runbook RB-7 covers", "RB-7 covers") == {"runbook"}
    assert classifiers("Host app-03 runs", "Host web-03 runs") == set()
    assert leftover("Ines is here", "Ines is not here") is None  # polarity: no fold at all
    assert leftover("The van is blue", "The old van is blue") == (frozenset(), {"old"})
    assert is_paraphrase("Backups run nightly", "backups run nightly!")
    assert plain_numbers("40k, 1,200 and 3,5") == "40000, 1200 and 3,5"


def test_a_light_collocation_left_unpaired_does_not_break_the_pairing():
    # "takes place" stands as one light verb ("take_place"), a key of no single word:
    # the pairing used to look it up among the words and raised KeyError, which
    # aborted a whole import batch holding both texts
    # a light verb is no proven transformation (recon10): a near miss each way, no fold
    assert offered("The team lunch takes place on Fridays", "The team lunch is on Fridays")
    assert offered("The team lunch is on Fridays", "The team lunch takes place on Fridays")
    assert compare("We deploy on Fridays", "The team lunch takes place on Fridays") == Op.ADD
