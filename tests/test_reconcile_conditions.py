"""An UPDATE replaces the old text, so it must change the fact's value, never what says
which fact it is (issue 11): a condition of a measured quantity, the version in a
thing's name, a vague part of the day, a typed pattern. A recurring day moved is an
update wherever it stands (the probe set's label convention). Examples written for
these tests, none taken from the probe set."""

from __future__ import annotations

import pytest

from core.remember.paraphrase import patterns
from core.remember.reconcile import Op, compare
from core.remember.revision import part_of_day, qualifier, recurring_day
from core.remember.wording import tokens


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a condition of the quantity both keep: another measurement, period or occasion
        ("The pump delivers 40 litres at 2 bar", "The pump delivers 40 litres at 3 bar"),
        ("Kofi sold 9 cars in March and topped the board",
         "Kofi sold 9 cars in April and topped the board"),
        ("The ferry sails at 06:40 on 3 May from pier 2",
         "The ferry sails at 06:40 on 3 June from pier 2"),
        # the version in the name of what the fact is about
        ("The plugin adds support for Django 4 templates",
         "The plugin adds support for Django 5 templates"),
        # a part of the day said once: one day can hold both
        ("Our choir sings at St Ann's on Sunday morning",
         "Our choir sings at St Ann's on Sunday evening"),
    ],
)  # fmt: skip
def test_a_changed_condition_or_name_is_another_fact(old, new):
    assert compare(old, new) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the value itself: the same subject and verb
        ("The pump delivers 40 litres at 2 bar", "The pump delivers 55 litres at 2 bar"),
        ("The ferry sails at 06:40 on 3 May from pier 2",
         "The ferry sails at 07:10 on 3 May from pier 2"),
        ("The build box runs Fedora 39", "The build box runs Fedora 40"),
        ("Lina turns nine on Saturday", "Lina turns nine on Sunday"),
        # a recurring day moved is an update, after a time or before "evenings" too
        ("The choir rehearses at 19:30 on Wednesdays", "The choir rehearses at 19:30 on Mondays"),
        ("The book group meets in room 12 on Monday evenings",
         "The book group meets in room 12 on Thursday evenings"),
        ("The cleaner comes every Friday at 10", "The cleaner comes every Tuesday at 10"),
    ],
)  # fmt: skip
def test_the_value_or_a_recurring_day_changed_is_still_an_update(old, new):
    assert compare(old, new) == Op.UPDATE


def test_the_guards_read_the_tokens_they_are_given():
    a = tokens("The pump delivers 40 litres at 2 bar")
    assert qualifier(a, a.index("2"))
    assert not qualifier(a, a.index("40"))
    b = tokens("We meet on Tuesday evenings")
    assert recurring_day(b, b.index("tuesday"), ["tuesday"], ["thursday"])
    c = tokens("We meet on Tuesday at noon")
    assert not recurring_day(c, c.index("tuesday"), ["tuesday"], ["thursday"])
    assert part_of_day(["night"], ["afternoon"]) and not part_of_day(["night"], ["week"])


def test_a_pattern_or_path_must_be_typed_the_same():
    assert patterns("Rotate the app-* buckets and release/3.x") == {"app-*", "release/3.x"}
    assert patterns("The API allows 60 req/min") == frozenset()
    old = "The app-* buckets are purged weekly"
    assert compare(old, "The apps-* buckets are purged weekly") == Op.ADD
    assert compare(old, "The app-* buckets are purged every week") != Op.ADD


def test_the_probe_benchmark_counts_folds_by_path_on_tuning_splits_only(capsys):
    from bench.reconcile_quality import main as reconcile_bench

    assert reconcile_bench(["--paths"]) == 0
    out = capsys.readouterr().out
    assert "test7:" in out and "UPDATE (quantity)" in out and "MERGE (typo" in out
    assert "test2:" not in out and "test5:" not in out
