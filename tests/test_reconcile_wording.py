"""Reconciliation reads past the form of a text, never past its meaning (SPEC §4.4).

The same fact typed with "btw" in front, "cannot" for "can't", British spelling, "Apr"
for "April", or a collocation for a word ("out of order" for "broken") is one memory;
a word swapped for its opposite ("early"/"late", "in"/"out", "on"/"off") or a word
added to the subject is another. Examples come from the probe set's dev split only
(never from the test2 hold-out).
"""

from __future__ import annotations

import pytest

from core.governance import consolidation
from core.models import SaveStatus
from core.remember.reconcile import Op, compare
from core.remember.synonyms import opposite, phrase_at, synonymous
from core.remember.wording import joined, normal_word, tokens
from tests.near_miss import offered

WS, ALICE = "acme", "alice"


@pytest.mark.parametrize(
    ("word", "one_form"),
    [
        ("colour", "color"), ("favourite", "favorite"), ("organised", "organized"),
        ("organisation", "organization"), ("centre", "center"), ("travelled", "traveled"),
        ("five", "5"), ("3rd", "3"), ("apr", "april"), ("thurs", "thursday"),
        ("third", "3"), ("first", "1"),
        ("hours", "hours"), ("your", "your"), ("filled", "filled"), ("second", "second"),
    ],
)  # fmt: skip
def test_spelling_numerals_and_abbreviations_have_one_form(word, one_form):
    assert normal_word(word) == one_form


def test_openers_are_dropped_and_contractions_keep_their_negation():
    assert tokens("btw, the weekly sync starts at 11") == tokens("The weekly sync starts at 11")
    assert tokens("just so you know, the weekly sync starts at 11")[:2] == ("the", "weekly")
    assert tokens("Tariq cannot make it") == ("tariq", "can", "not", "make", "it")
    assert tokens("btw") == ("btw",)  # an opener alone is the whole text, kept
    assert joined(("the", "log", "in", "page"), ("the", "login", "page")) == (
        "the", "login", "page",
    )  # fmt: skip


def test_the_lexicon_knows_collocations_opposites_and_derived_nouns():
    assert phrase_at(("it", "takes", "place", "daily"), 1) == ("take_place", 2)
    assert phrase_at(("it", "is", "out", "of", "order"), 2) == ("out_of_order", 3)
    assert synonymous("take_place", "happens") and synonymous("out_of_order", "broken")
    assert opposite("early", "late") and opposite("junior", "senior") and opposite("on", "off")
    assert not opposite("early", "soon") and not opposite("manager", "director")
    assert synonymous("allergic", "allergy")  # an adjective and the noun it comes from


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Early check-in at the Lisbon hotel costs 20 euros",
         "btw early check-in at the Lisbon hotel costs 20 euros"),
        ("Tariq can't make the Tuesday planning session",
         "Tariq cannot make the Tuesday planning session"),
        ("Ingrid wants the report organised by region",
         "Ingrid wants the report organized by region"),
        ("The April 2 outage was caused by an expired certificate",
         "The Apr 2 outage was caused by an expired certificate"),
        ("The weekly sync starts at 11", "just so you know, the weekly sync starts at 11"),
    ],
)  # fmt: skip
def test_the_same_words_in_another_form_are_a_known_fact(old, new):
    assert compare(old, new) == Op.NOOP


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The coffee machine on the second floor is broken",
         "The coffee machine on the second floor is out of order"),
        ("Alex manages the billing service", "Alex is in charge of the billing service"),
        ("Chloe is responsible for the hiring pipeline",
         "Chloe is in charge of the hiring pipeline"),
        ("Ingrid wants the report organised by region",
         "Ingrid would like the report organised by region"),
    ],
)  # fmt: skip
def test_a_collocation_is_offered_as_a_near_miss(old, new):
    # retired from folding (recon10): collocations are no proven transformation; the
    # save is added and names the old text for review
    assert offered(old, new)


def test_a_framing_opener_and_s_for_is_are_a_restatement():
    # the opener is dropped and "'s" reads as the "is" the other side has (`s_is`)
    old, new = "The heating in the east wing is on", "heads up, the heating in the east wing's on"
    assert compare(old, new) == Op.MERGE


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Early check-in at the Lisbon hotel costs 20 euros",
         "Early check-out at the Lisbon hotel costs 20 euros"),
        ("Refunds over 500 dollars need a manager's approval",
         "Refunds under 500 dollars need a manager's approval"),
        ("The senior engineers review the security patches",
         "The junior engineers review the security patches"),
        ("Inbound calls are routed to the Dublin team",
         "Outbound calls are routed to the Dublin team"),
        ("The upper parking deck is closed for repairs",
         "The lower parking deck is closed for repairs"),
        ("Chloe is responsible for the hiring pipeline",
         "Chloe's boss is responsible for the hiring pipeline"),
        ("Our favourite vendor for laptops is Lenovo",
         "Our least favourite vendor for laptops is Lenovo"),
        ("Most enterprise customers pay annually", "Few enterprise customers pay annually"),
        ("The new office has a large kitchen", "The new office needs a large kitchen"),
        ("The staging site is slow this week", "The staging site was slow last week"),
    ],
)  # fmt: skip
def test_an_opposite_or_a_word_added_to_the_subject_keeps_both_facts(old, new):
    assert compare(old, new) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The heating in the east wing is on", "The heating in the east wing is off"),
        ("The staging site is slow this week", "The staging site is down this week"),
    ],
)
def test_a_state_turned_to_another_is_an_update_not_a_restatement(old, new):
    assert compare(old, new) == Op.UPDATE


async def test_saving_a_collocation_merges_and_an_opposite_stays_apart(service):
    first = await service.remember(WS, ALICE, "The coffee machine on the second floor is broken")
    again = await service.remember(
        WS, ALICE, "The coffee machine on the second floor is out of order"
    )
    other = await service.remember(WS, ALICE, "The senior engineers review the security patches")
    apart = await service.remember(WS, ALICE, "The junior engineers review the security patches")
    # the collocation is no proven transformation (recon10): kept, as a near miss
    assert (first.status, again.status, other.status, apart.status) == (
        SaveStatus.SAVED, SaveStatus.SAVED, SaveStatus.SAVED, SaveStatus.SAVED,
    )  # fmt: skip
    assert len((await service.memories(WS, ALICE, limit=10)).items) == 4


async def test_consolidation_folds_what_reconciliation_folds_and_keeps_opposites(service):
    for text in (
        "Early check-in at the Lisbon hotel costs 20 euros",
        "btw early check-in at the Lisbon hotel costs 20 euros",
        "Early check-out at the Lisbon hotel costs 20 euros",
    ):
        await service.remember(WS, ALICE, text, reconcile=False)
    report = await consolidation.consolidate(service.ports, WS)
    assert report.merged == 1
    kept = [m.content for m in (await service.memories(WS, ALICE)).items]
    assert len(kept) == 2 and "Early check-out at the Lisbon hotel costs 20 euros" in kept
