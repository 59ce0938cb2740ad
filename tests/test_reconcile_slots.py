"""Reconciliation never folds two facts because the update or restatement rule mistook
another thing for a changed value (SPEC §4.4, issue 11): a swapped verb, a swapped head
noun, a subject that grew, a past occasion at another time. Examples written for these
tests, none taken from the probe set."""

from __future__ import annotations

import pytest

from core.remember.reconcile import Op, compare
from core.remember.revision import past_event, value_kind, verb_like
from core.remember.wording import tokens
from tests.near_miss import offered


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # another verb after an auxiliary, a modal or "need to": another event
        ("The payroll export was downloaded on Friday", "The payroll export was deleted on Friday"),
        ("Our nanny has been cooking dinner on Tuesdays",
         "Our nanny has been skipping dinner on Tuesdays"),
        ("Ravi will review the budget on Monday", "Ravi will approve the budget on Monday"),
        ("We need to renew the cert", "We need to revoke the cert"),
        # the head of the thing swapped under a modifier both keep: another thing
        ("The mobile team owns the push service", "The mobile team owns the push gateway"),
        ("The laptop has 16 GB of memory", "The laptop has 16 GB of storage"),
        # a word put into the subject, whatever verb follows it
        ("My daughter takes piano lessons on Tuesdays",
         "My daughter's friend takes piano lessons on Tuesdays"),
        ("The Denver warehouse ships orders on Mondays",
         "The new Denver warehouse ships orders on Mondays"),
        # a past occasion at another time is another occasion
        ("I visited my grandparents in Ohio last summer",
         "I visited my grandparents in Ohio last winter"),
        ("We had pizza at Luigi's on Friday", "We had pizza at Luigi's on Saturday"),
        ("My son Eli started kindergarten in September",
         "My son Eli started swimming lessons in September"),
        # a plural that looks like a verb opens the subject: the real verb comes later
        ("Deploys to eu-west-1 need two approvals", "Deploys to eu-west-2 need two approvals"),
        # what a role is for or of: someone can hold it for two things
        ("Dana is the owner of the billing repo", "Dana is the owner of the search repo"),
        ("Ivo is the contact for the Umbra account", "Ivo is the contact for the Lumen account"),
        # a time swapped for a name: another kind of value
        ("The nightly import runs at 3 am", "The nightly import runs in Airflow"),
        # one character or one digit away in an id or a name, a number in the subject
        ("Server app-04 reboots at midnight", "Server app-05 reboots at midnight"),
        ("Our cat Miso sleeps on the sofa", "Our cat Mino sleeps on the sofa"),
        ("The June 5 webinar covers onboarding", "The June 15 webinar covers onboarding"),
    ],
)  # fmt: skip
def test_another_event_thing_subject_or_occasion_is_added(old, new):
    assert compare(old, new) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The backup job is scheduled for 1am", "The backup job is scheduled for 3am"),
        ("Ravi will review the budget on Monday", "Ravi will review the budget on Tuesday"),
        ("The shuttle leaves the hotel at 7", "The shuttle leaves the hotel at 8"),
        ("The night bus leaves at 11pm on Fridays", "The night bus leaves at 11pm on Saturdays"),
        ("The printer is on floor 2", "The printer is on floor 3"),
        (
            "The retro happens in the last week of June",
            "The retro happens in the last week of July",
        ),
        ("The side door is locked", "The side door is open"),  # a state, not an event
    ],
)
def test_a_changed_value_of_the_same_subject_is_still_an_update(old, new):
    assert compare(old, new) == Op.UPDATE


def test_a_name_in_no_typed_slot_is_offered_as_a_near_miss():
    # a name for a name, but not after "to"/"by"/"in"/"at": no typed slot (recon10)
    assert offered("The demo laptop runs Fedora", "The demo laptop runs Arch")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The demo is at 3pm on Wed", "The demo is at 3 pm on Wednesday"),
        ("The disk holds 500GB", "The disk holds 500 GB"),
        ("Our reply time is 10 min", "Our reply time is 10 minutes"),
        ("The sync job runs every 12h", "The sync job runs every 12 hours"),
        ("The prod db is backed up nightly", "The production database is backed up nightly"),
    ],
)
def test_units_written_on_and_short_forms_are_the_same_words(old, new):
    assert compare(old, new) in (Op.NOOP, Op.MERGE)


def test_the_short_forms_keep_what_names_something():
    assert tokens("the HR office") == ("the", "hr", "office")  # "HR" alone is no hour
    assert tokens("at 8 am") == tokens("at 8am") == ("at", "8am")  # not the verb "am"
    assert tokens("room 4B") == ("room", "4b")  # an id, not a unit


def test_the_revision_helpers_say_why():
    assert value_kind(("5432",), (), frozenset()) == "quantity"
    assert value_kind(("on", "friday"), (), frozenset()) == "quantity"
    assert value_kind(("honda",), (), frozenset({"toyota", "honda"})) == "name"
    assert value_kind(("dublin",), ("team",), frozenset({"dublin"})) is None  # which team
    assert value_kind(("broken",), (), frozenset()) == "state"
    assert value_kind(("off",), (), frozenset()) == "state"
    assert value_kind(("peanuts",), (), frozenset()) is None  # may be a second fact
    assert past_event(tokens("we went hiking in May"))
    assert not past_event(tokens("Invoice 88 was paid on May 2"))  # a state after "was"
    assert not past_event(tokens("Large files go to the shared drive"))
    assert verb_like("lands") and verb_like("went") and verb_like("switched")
    assert not verb_like("owner") and not verb_like("mother") and not verb_like("flight")
