"""Reconciliation keeps distinct facts apart (SPEC §4.4): losing a fact is worse than
keeping a duplicate. Measured on the labelled probe set; exercised through the service
on both stores."""

from __future__ import annotations

import json

import pytest

from bench.reconcile_quality import main as reconcile_bench
from core.governance import consolidation
from core.models import SaveStatus
from core.remember.reconcile import Op, compare
from core.remember.synonyms import lemmas, synonymous
from tests.near_miss import offered

NEAR = "near miss"  # retired from folding (recon10): an ADD that names the old text

WS, ALICE = "acme", "alice"


def test_the_probe_set_keeps_distinct_facts_and_catches_duplicates_on_both_splits(capsys):
    assert reconcile_bench(["--no-ingest", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dev"]["pairs"] + report["test"]["pairs"] >= 300
    # every tuning split, test6 and test7 (read pair by pair since recon8) included
    for split in ("dev", "test", "test3", "test4", "test6", "test7", "test8"):
        assert report[split]["distinct_folded"] <= 0.01, report[split]
        assert report[split]["per_op"]["NOOP"]["recall"] == 1.0
    # folds only on proven transformations and typed slots (recon10): an update only for
    # a typed value (a time, date, quantity, version, owner, place, state), so a changed
    # common word ("allergic to peanuts" / "gluten") is kept too
    assert report["dev"]["updates_caught"] >= 0.55, report["dev"]
    # trust over caught: the open-ended pairing that caught 92 % of dev's duplicates
    # also folded 3–6 % of three blind splits' distinct facts; the proven
    # transformations catch about half, and most of the rest are offered for review
    assert report["dev"]["duplicates_caught"] >= 0.45
    assert report["dev"]["missed_duplicates_with_near_miss"] >= 0.8
    # the hold-outs are measured and printed as aggregates only: nothing here to tune on
    assert report["test2"]["pairs"] >= 200
    assert report["test3"]["pairs"] >= 150
    assert report["test4"]["pairs"] >= 220
    assert report["test5"]["pairs"] >= 200
    assert report["test6"]["pairs"] >= 300
    assert report["test7"]["pairs"] >= 330
    assert report["test8"]["pairs"] >= 350
    assert report["test9"]["pairs"] >= 400
    for split in ("test2", "test5", "test9"):
        assert "distinct_folded_by_kind" not in report[split]


@pytest.mark.parametrize("split", ["test2", "test5", "test9"])
def test_the_probe_benchmark_refuses_to_list_a_hold_out_pair_by_pair(split, capsys):
    assert reconcile_bench(["--misses", split]) == 2
    assert "not a tuning split" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("item 1 codeword con1q", "item 11 codeword con11q"),
        ("Ticket INC-4411 is assigned to Bob", "Ticket INC-4412 is assigned to Bob"),
        ("The coffee machine on floor 3 is broken", "The coffee machine on floor 4 is broken"),
        ("Dana's birthday is on June 4", "Omar's birthday is on June 4"),
        ("we deploy on Fridays", "we never deploy on Fridays"),
        ("The support hotline opens at 8 am", "The support hotline closes at 8 am"),
    ],
)
def test_texts_told_apart_by_an_id_number_name_negation_or_verb_are_added(old, new):
    assert compare(old, new) == Op.ADD


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        ("the staging DB is on port 6543", "the staging DB is on port 5432", Op.UPDATE),
        ("Release 2.4 is planned for May 12", "Release 2.4 is planned for June 2", Op.UPDATE),
        # retired from folding (recon10): an extension, a passive, another verb form
        ("We deploy on Tuesdays", "We deploy on Tuesdays and Thursdays", NEAR),
        ("Project Falcon uses PostgreSQL", "PostgreSQL is used by project Falcon", NEAR),
        ("Order 5521 ships to Berlin", "Order 5521 is shipping to Berlin", NEAR),
    ],
)
def test_same_subject_changes_update_and_restatements_merge(old, new, op):
    assert offered(old, new) if op == NEAR else compare(old, new) == op


async def test_saving_numbered_items_keeps_every_one(service):
    texts = [f"item {n} codeword con{n}q" for n in range(1, 30)]
    statuses = [(await service.remember(WS, ALICE, text)).status for text in texts]
    assert statuses == [SaveStatus.SAVED] * len(texts)
    view = await service.memories(WS, ALICE, limit=50)
    assert sorted(m.content for m in view.items) == sorted(texts)


async def test_consolidation_never_folds_items_told_apart_by_a_number(service):
    for text in ("item 1 codeword con1q", "item 11 codeword con11q"):
        await service.remember(WS, ALICE, text, reconcile=False)
    report = await consolidation.consolidate(service, WS)
    assert report.merged == 0
    assert len((await service.memories(WS, ALICE)).items) == 2


@pytest.mark.parametrize(
    ("old", "new", "op"),
    [
        # a state after "is" for a state: the typed slot updates (no fact is lost)
        ("The meeting room is shut on Sundays", "The meeting room is closed on Sundays", Op.UPDATE),
        # WordNet synonyms and a class word are retired from folding (recon10)
        ("The pilot project finishes in spring", "The pilot project ends in spring", NEAR),
        ("The kitchen door is shut at night", "The kitchen door closes at night", NEAR),
        (
            "The board review is planned for spring",
            "The board review is scheduled for spring",
            NEAR,
        ),
        ("Ticket INC-7 is assigned to Bob", "INC-7 is assigned to Bob", NEAR),  # the id names it
    ],
)
def test_a_word_swapped_for_its_synonym_is_a_restatement(old, new, op):
    assert offered(old, new) if op == NEAR else compare(old, new) == op


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # WordNet says minute and second can both mean "a moment": a unit is a value
        ("The API allows 100 requests per minute", "The API allows 100 requests per second"),
        ("Sprint 14 ends on Friday", "Sprint 15 finishes on Friday"),  # synonym + number
        ("The office shuts early on Fridays", "The office never closes early on Fridays"),
        ("The office opens early on Fridays", "The office closes early on Fridays"),
        ("The lab is shut on Mondays", "The shop is closed on Mondays"),  # a word besides
        ("Olga's laptop runs Linux", "Olga's old laptop runs Linux"),  # the subject grew
        ("The design team meets on Mondays", "The design leads team meets on Mondays"),
    ],
)
def test_a_synonym_never_hides_a_changed_value_number_negation_or_subject(old, new):
    assert compare(old, new) != Op.MERGE


def test_synonyms_come_from_the_shipped_lexicon_with_lemmas_of_irregular_forms():
    assert {"leave"} <= lemmas("left") and "run" in lemmas("running")
    assert synonymous("shuts", "closed") and synonymous("finishing", "ends")
    assert not synonymous("opens", "closes") and not synonymous("minute", "second")
    assert not synonymous("deploy", "test") and not synonymous("zzqx", "zzqx")
    assert synonymous("scheduled", "plans")  # a verb and its direct hypernym
    assert not synonymous("speaks", "writes")  # related verbs, not one for the other


async def test_saving_a_synonym_paraphrase_merges_and_a_grown_subject_stays_apart(service):
    first = await service.remember(WS, ALICE, "The meeting room is shut on Sundays")
    again = await service.remember(WS, ALICE, "The meeting room is closed on Sundays")
    other = await service.remember(WS, ALICE, "The small meeting room is shut on Sundays")
    # "shut" / "closed": a state after "is" for a state, the typed slot (recon10)
    assert (first.status, again.status, other.status) == (
        SaveStatus.SAVED, SaveStatus.UPDATED, SaveStatus.SAVED,
    )  # fmt: skip
    assert again.memory is not None and again.memory.id == first.memory.id
    view = await service.memories(WS, ALICE, limit=10)
    assert len(view.items) == 2
