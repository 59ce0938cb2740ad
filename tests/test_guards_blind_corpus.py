"""The blind guard corpus (tests/data/guards/blind.jsonl) is exactly what its generator
writes, and its split is by variant: a hand edit or a reseeded generator would change the
figures reported for it without anyone saying so."""

from __future__ import annotations

import importlib
import json
import sys
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "guards"


def generated() -> list[dict[str, str]]:
    sys.path.insert(0, str(DATA))
    try:
        import make_blind
    finally:
        sys.path.remove(str(DATA))
    return make_blind.rows([*make_blind.SECRETS, *make_blind.PII, *make_blind.INJECTIONS,
                            *make_blind.CLEAN])


def test_the_blind_corpus_is_what_its_generator_writes() -> None:
    stored = [json.loads(line) for line in (DATA / "blind.jsonl").read_text("utf-8").splitlines()]
    assert stored == generated()


def test_the_blind_corpus_has_both_halves_of_every_category() -> None:
    rows = generated()
    counts = Counter((row["split"], row["expect"]) for row in rows)
    assert len(rows) >= 600
    assert sum(n for (_, kind), n in counts.items() if kind == "clean") >= 250
    for split in ("blind-dev", "blind-test"):
        for kind in ("secret", "pii", "injection", "clean"):
            assert counts[(split, kind)] >= 40, (split, kind)


def stored_and_written(name: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The rows of tests/data/guards/NAME.jsonl and what make_NAME.py writes now."""
    sys.path.insert(0, str(DATA))
    try:
        generator = importlib.import_module(f"make_{name}")
    finally:
        sys.path.remove(str(DATA))
    text = (DATA / f"{name}.jsonl").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines()], generator.rows()


def test_the_heldout_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("heldout")
    assert stored == written
    assert {row["split"] for row in stored} == {"heldout"}
    assert Counter(row["expect"] for row in stored)["clean"] >= 50


def test_the_second_round_dev_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("dev_outside")
    assert stored == written


def test_the_third_round_heldout_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("heldout2")
    assert stored == written
    assert len(stored) >= 180
    counts = Counter(row["expect"] for row in stored)
    assert counts["clean"] >= 60
    assert min(counts[kind] for kind in ("secret", "pii", "injection")) >= 30


def test_the_fourth_round_heldout_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("heldout3")
    assert stored == written
    assert {row["split"] for row in stored} == {"heldout3"}
    counts = Counter(row["expect"] for row in stored)
    assert counts["clean"] >= 100
    assert min(counts[kind] for kind in ("secret", "pii", "injection")) >= 60


def test_the_fifth_round_heldout_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("heldout4")
    assert stored == written
    assert {row["split"] for row in stored} == {"heldout4"}
    counts = Counter(row["expect"] for row in stored)
    assert counts["secret"] >= 90 and counts["pii"] >= 65
    assert counts["injection"] >= 115 and counts["clean"] >= 130


def test_the_sixth_round_heldout_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("heldout5")
    assert stored == written
    assert {row["split"] for row in stored} == {"heldout5"}
    assert len({row["text"] for row in stored}) == len(stored)
    counts = Counter(row["expect"] for row in stored)
    assert counts["secret"] >= 90 and counts["pii"] >= 70
    assert counts["injection"] >= 120 and counts["clean"] >= 140


def test_the_fourth_round_intent_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("dev_injection2")
    assert stored == written
    counts = Counter(row["expect"] for row in stored)
    assert counts["injection"] >= 100 and counts["clean"] >= 60


def test_the_fifth_round_injection_corpus_is_what_its_generator_writes() -> None:
    stored, written = stored_and_written("dev_injection3")
    assert stored == written
    counts = Counter(row["expect"] for row in stored)
    assert counts["injection"] >= 60 and counts["clean"] >= 60
