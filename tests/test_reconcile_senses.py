"""Reconciliation catches more restatements without folding look-alikes (SPEC §4.4).

Each rule added for that has its cases here, both what it must fold and what it must
keep apart: a word's commonest sense may be a rarer sense of the other word
("coaches" / "trains"), phrasal verbs say what one verb says ("looks at" / "checks"),
"is able to" says "can" and "is given" says "gets", an acronym spelled like a
function word ("IT") names something; and a short opening shared before values of
another kind is no update ("on Tuesdays" / "with Helm"). The sentences are written
for these tests (none from a probe split).
"""

from __future__ import annotations

import pytest

from core.models import SaveStatus
from core.remember.distinctions import distinguishing
from core.remember.reconcile import Op, compare
from core.remember.synonyms import phrase_at, synonymous
from core.remember.wording import tokens
from tests.near_miss import offered

WS, ALICE = "acme", "alice"


def test_a_words_commonest_sense_may_be_a_rarer_sense_of_the_other():
    assert synonymous("coaches", "trains")  # coach's first sense, train's seventh
    assert synonymous("kick_off", "starts")  # through its hypernym, start's sixth sense
    assert not synonymous("checks", "trains")  # a shared sense, but neither's commonest
    assert not synonymous("coaches", "trains", 2)  # a subject word keeps the strict rank
    assert not synonymous("opens", "closes") and not synonymous("speaks", "writes")


def test_phrasal_verbs_and_modern_senses_are_read_as_one_verb():
    assert phrase_at(("she", "signs", "off", "on", "it"), 1) == ("sign_off_on", 3)
    assert synonymous("look_at", "checks") and synonymous("sign_off_on", "approves")
    assert synonymous("come_with", "includes") and synonymous("reboots", "restarted")
    assert not synonymous("sign_up", "approves") and not synonymous("set_up", "shut_down")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Priya checks the error budget every morning",
         "Priya looks at the error budget every morning"),
        ("The enterprise plan includes phone support",
         "The enterprise plan comes with phone support"),
        ("The release captain approves the changelog",
         "The release captain signs off on the changelog"),
        ("The staging box restarts every Sunday", "The staging box reboots every Sunday"),
        ("The migration starts at 9", "The migration kicks off at 9"),
        ("Interns get a mentor in their first week",
         "Interns are given a mentor in their first week"),
        ("Ana can't join the Friday retro", "Ana won't be able to join the Friday retro"),
    ],
)  # fmt: skip
def test_a_phrasal_verb_a_rarer_sense_or_a_modal_in_other_words_is_a_near_miss(old, new):
    # retired from folding (recon10): WordNet senses and phrasal verbs are open-ended
    # pairing, no proven transformation; the save is added and names the old text
    assert offered(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nora sets up the demo laptops", "Nora shuts down the demo laptops"),
        ("The release captain approves the changelog",
         "The release captain signs up for the changelog"),
        ("Mira coaches the junior designers", "Mira checks the junior designers"),
        ("Ana can join the Friday retro", "Ana won't be able to join the Friday retro"),
        ("Interns get a mentor in their first week",
         "Interns are given a laptop in their first week"),
    ],
)  # fmt: skip
def test_another_verb_or_a_changed_polarity_keeps_both_facts(old, new):
    assert compare(old, new) != Op.MERGE
    assert compare(old, new) in (Op.ADD, Op.UPDATE)


def test_is_able_to_is_can_and_negation_stays():
    assert tokens("Sam is able to deploy") == tokens("Sam can deploy")
    assert tokens("Sam won't be able to deploy") == ("sam", "will", "not", "can", "deploy")
    assert tokens("the able-bodied crew") == ("the", "able", "bodied", "crew")


def test_an_acronym_spelled_like_a_function_word_names_something():
    assert distinguishing("Spare chargers are in the IT room", "Spare chargers are in the room")
    assert not distinguishing("spare chargers are in it", "Spare chargers are in it")
    assert not distinguishing("SPARE CHARGERS ARE IN THE ROOM", "spare chargers are in the room")
    # "IT" for "HR" after the verb: not the same text reworded; a name that says which
    # office is no value of the chargers' place (both offices may keep some): kept apart
    old, new = "Chargers are kept in the HR office", "Chargers are kept in the IT office"
    assert compare(old, new) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("meeting note — pricing tiers", "meeting note — hiring plan"),
        ("we deploy on Tuesdays", "we deploy with Helm"),
        ("The nightly export runs at 2 am", "The nightly export runs in Docker"),
    ],
)
def test_a_value_of_another_kind_after_a_short_opening_is_another_fact(old, new):
    assert compare(old, new) == Op.ADD


async def test_saving_a_phrasal_verb_restatement_merges(service):
    first = await service.remember(WS, ALICE, "Priya checks the error budget every morning")
    again = await service.remember(WS, ALICE, "Priya looks at the error budget every morning")
    other = await service.remember(WS, ALICE, "Priya skips the error budget every morning")
    # the phrasal verb is no proven transformation (recon10): kept apart, as a near miss
    assert (first.status, again.status, other.status) == (
        SaveStatus.SAVED, SaveStatus.SAVED, SaveStatus.SAVED,
    )  # fmt: skip
