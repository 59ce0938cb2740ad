"""The guards meet their recall targets on the dev split (tests/data/guards: corpus.jsonl
and dev_*.jsonl), the part they are tuned on. The held-out test split (test.jsonl) is only
measured and reported, by bench/guards_quality.py.

The real acceptance runs on a held-out corpus with lower bars (secret ≥ 0.95,
PII ≥ 0.90, injection ≥ 0.85, clean refused ≤ 5%); these stricter bars on the
dev corpus leave room for phrasing the dev corpus does not contain.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.guards import check
from core.guards.findings import TIMEOUT_LABEL
from core.guards.injection import HIDDEN, HIDDEN_MARKUP, LEARNT, SPLIT_WORDS
from core.guards.injection_languages import OTHER_LANGUAGES
from core.guards.injection_patterns import ENCODED, ENGLISH
from core.guards.intent import INTENT
from core.guards.pii import PII_CHECKS
from core.guards.privacy import PHRASES, STRUCTURE_CHECKS
from core.guards.secret_patterns import SECRET_PATTERNS
from core.guards.steering import STEERING

DATA = Path(__file__).parent / "data" / "guards"
DEV_SPLIT = [DATA / "corpus.jsonl", *sorted(DATA.glob("dev_*.jsonl"))]
RECALL = {"secret": 0.97, "pii": 0.95, "injection": 0.90}
MAX_CLEAN_REFUSED = 0.03


@pytest.fixture(scope="module")
def outcomes() -> list[tuple[dict[str, str], str]]:
    rows = [
        json.loads(line)
        for path in DEV_SPLIT
        for line in path.read_text(encoding="utf-8").splitlines()
        if line
    ]
    results = []
    for row in rows:
        finding = check(row["text"])
        results.append((row, finding.category if finding else "clean"))
    return results


def test_the_corpus_is_large_and_balanced_enough_to_mean_something(
    outcomes: list[tuple[dict[str, str], str]],
) -> None:
    counts = Counter(row["expect"] for row, _ in outcomes)
    assert len(outcomes) >= 450
    assert counts["clean"] >= 150
    assert len({row["family"] for row, _ in outcomes if row["expect"] == "secret"}) >= 35


@pytest.mark.parametrize("category", sorted(RECALL))
def test_each_category_is_caught_at_its_recall_threshold(
    outcomes: list[tuple[dict[str, str], str]], category: str
) -> None:
    rows = [(row, got) for row, got in outcomes if row["expect"] == category]
    missed = [row["text"][:80] for row, got in rows if got != category]
    recall = 1 - len(missed) / len(rows)
    assert recall >= RECALL[category], missed


def test_few_clean_look_alikes_are_refused(outcomes: list[tuple[dict[str, str], str]]) -> None:
    clean = [(row, got) for row, got in outcomes if row["expect"] == "clean"]
    refused = [row["text"][:80] for row, got in clean if got != "clean"]
    assert len(refused) / len(clean) <= MAX_CLEAN_REFUSED, refused


def test_every_label_is_one_of_the_fixed_kinds_never_built_from_the_text(
    outcomes: list[tuple[dict[str, str], str]],
) -> None:
    known = (
        {p.label for p in SECRET_PATTERNS}
        | {p.label for p in PHRASES}
        | {c.label for c in PII_CHECKS}
        | {c.label for c in STRUCTURE_CHECKS}
        | {p.label for p in ENGLISH + OTHER_LANGUAGES + INTENT + STEERING}
        | {HIDDEN.label, HIDDEN_MARKUP.label, SPLIT_WORDS.label, LEARNT.label, ENCODED[1]}
        | {TIMEOUT_LABEL}
    )
    for row, _ in outcomes:
        finding = check(row["text"])
        if finding is not None:
            assert finding.label in known
