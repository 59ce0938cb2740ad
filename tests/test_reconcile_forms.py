"""Reconciliation reads symbols, chat shorthand, acronyms and light verbs as the words
they stand for, and keeps identifiers and lists apart (SPEC §4.4, issue 11).

Examples are written by hand in the register of the tuning splits (never copied from
the test2/test5 hold-outs): each mechanism is general — "%" is "percent" wherever it
stands, an acronym is the initials of any run of words.
"""

from __future__ import annotations

import pytest

from core.remember.paraphrase import acronyms_written
from core.remember.reconcile import Op, compare
from core.remember.synonyms import same_sense, synonymous
from core.remember.wording import tokens
from tests.near_miss import offered

NEAR = "near miss"  # retired from folding (recon10): an ADD that names the old text


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("The cache holds 20% of reads", "The cache holds 20 percent of reads"),
        ("The cache holds 20 per cent of reads", "The cache holds 20 percent of reads"),
        ("Parking costs $12.50 a day", "Parking costs 12.50 dollars per day"),
        ("The queue takes 300 jobs/min", "The queue takes 300 jobs per minute"),
        ("Lunch w/ the vendor moved bc of rain", "Lunch with the vendor moved because of rain"),
        ("Logs stay for 6 mo", "Logs stay for 6 months"),
        ("The mtg is this wknd", "The meeting is this weekend"),
        ("It takes roughly an hour", "It takes about an hour"),
    ],
)  # fmt: skip
def test_symbols_and_shorthand_are_read_as_their_words(typed, written):
    assert [w.rstrip("s") for w in tokens(typed)] == [w.rstrip("s") for w in tokens(written)]


def test_an_article_before_a_unit_is_per_only_after_a_count():
    assert tokens("twice a week") == ("twice", "per", "week")
    assert "per" not in tokens("I took a day off")


def test_an_acronym_stands_for_the_run_of_words_it_spells():
    old, new = acronyms_written(
        "The QA team signs off releases", "The quality assurance team signs off releases"
    )
    assert old == new == "The QA team signs off releases"
    # not when the initials are not the run's ("quality control" is no "QA")
    assert (
        acronyms_written("The QA team", "The quality control team")[1] == "The quality control team"
    )
    assert (
        compare("Every SRE carries a pager", "Every site reliability engineer carries a pager")
        == Op.MERGE
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The wiki lives on the old server", "The wiki is stored on the old server"),
        ("The build cache sits in S3", "The build cache is in S3"),
        ("We rent a flat near the station", "We rent an apartment near the station"),
    ],
)
def test_light_verbs_and_one_sense_synonyms_are_offered_as_near_misses(old, new):
    # retired from folding (recon10): open-ended pairing, no proven transformation
    assert offered(old, new)


def test_a_verb_and_its_kind_never_share_a_sense():
    assert synonymous("cooks", "bakes")  # the lexicon's link from a kind to its verb ...
    assert not same_sense("cooks", "bakes")  # ... is no synset of their own
    assert same_sense("flat", "apartment")


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        ("Old builds are kept for 30 days", "Old builds are kept for 60 days", Op.UPDATE),
        ("Ines runs the tier-3 escalation queue", "Ines runs the tier-2 escalation queue", Op.ADD),
        ("Dan drives Lea and Sam to swim class", "Dan drives Lea and Max to swim class", Op.ADD),
    ],
)
def test_a_value_updates_but_an_identifier_or_a_list_member_is_another_fact(old, new, op):
    assert compare(old, new) == op


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        # "each"/"every" before a noun says what the bare plural says; "the" does not
        # ... but that is no proven transformation (recon10): offered as a near miss
        ("Each support ticket is triaged by Ravi", "Support tickets are triaged by Ravi", NEAR),
        ("Every RFC needs a reviewer", "RFCs need a reviewer", NEAR),
        ("Every RFC needs a reviewer", "The RFCs need a reviewer", Op.ADD),
        # a doubled letter typed once, in words no lexicon knows
        ("The kiosk sells croissants", "The kiosk sells croisants", Op.MERGE),
        ("The kiosk sells croissants", "The kiosk sells croissant", Op.MERGE),
        # a day before a time is the value, not a word that classes the time
        ("the office closes friday 5pm", "the office closes monday 5pm", Op.UPDATE),
        ("The audit report is due by Friday", "The audit report is due by next Tuesday", Op.UPDATE),
    ],
)
def test_quantifiers_slips_and_times(old, new, op):
    assert offered(old, new) if op == NEAR else compare(old, new) == op


def test_a_label_before_a_colon_frames_the_statement_as_an_opener_does():
    assert tokens("Team update: the VPN is down") == tokens("the VPN is down")
    assert tokens("Policy reminder - badges stay visible") == tokens("badges stay visible")
    assert tokens("The update: is done")[:2] == ("the", "update")  # a subject, not a label


def test_get_before_an_irregular_participle_is_a_passive():
    # no proven transformation rewrites "got" as "was" (recon10): a near miss, not a fold
    assert offered("The deposit was paid on May 2", "The deposit got paid on May 2")
