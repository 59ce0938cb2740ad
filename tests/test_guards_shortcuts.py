"""SPEC §4.1–4.2 — the guards' short cuts compute what the long way computes: card
candidates, the Luhn sum, and blob searches confined to a text's long chunks.

Each reference below is the code as first written; the short cut must agree with it on
the corpus and on seeded random input."""

from __future__ import annotations

import random
from collections.abc import Iterator

import regex

from core.guards import injection, prefilter, unmask
from core.guards.budget import Budget
from core.guards.checksums import luhn, luhn_digit_by_digit
from core.guards.pii import _LISTED, _card_candidates
from tests.test_guards_prefilter import corpus


def reference_candidates(run: str) -> Iterator[tuple[str, bool]]:
    parts = regex.split(r"([ \-])", run)
    groups, seps = parts[0::2], parts[1::2]
    for i in range(len(groups)):
        for j in range(i, len(groups)):
            span = groups[i : j + 1]
            digits = "".join(span)
            if len(digits) > 19:
                break
            if len(digits) < 13 or len(set(seps[i:j])) > 1:
                continue
            if j > i and min(len(g) for g in span[:-1]) < 3:
                continue
            yield digits, j > i


def digit_runs(rnd: random.Random, count: int) -> list[str]:
    runs = []
    for _ in range(count):
        sizes = [
            rnd.choice([1, 2, 3, 4, 4, 4, 5, 6, 8, 13, 16, 19]) for _ in range(rnd.randint(1, 10))
        ]
        groups = ["".join(rnd.choice("0123456789") for _ in range(n)) for n in sizes]
        runs.append("".join(g + rnd.choice(" -") for g in groups)[:-1])
    return runs


def reference_listed(run: str) -> Iterator[str]:
    """The spans of 13-19 digits the first version left out (short groups or mixed
    separators): candidates since pii7, but only beside a card word."""
    plain = {digits for digits, _ in reference_candidates(run)}
    groups = regex.split(r"[ \-]", run)
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            digits = "".join(groups[i : j + 1])
            if len(digits) > 19:
                break
            if len(digits) >= 13 and digits not in plain:
                yield digits


def test_card_candidates_are_the_spans_the_first_version_tried() -> None:
    rnd = random.Random(12)
    for run in [*digit_runs(rnd, 20000), "4111 1111 1111 1111 12 26", "3782-822463-10005"]:
        found = list(_card_candidates(run))
        assert [c for c in found if c[1] is not _LISTED] == list(reference_candidates(run)), run
        listed = [digits for digits, separated in found if separated is _LISTED]
        assert sorted(set(listed)) == sorted(set(reference_listed(run))), run


def test_the_luhn_sum_in_c_passes_is_the_luhn_sum() -> None:
    rnd = random.Random(13)
    numbers = [
        "".join(rnd.choice("0123456789") for _ in range(rnd.randint(0, 20))) for _ in range(50_000)
    ]
    for digits in [*numbers, "", "4242424242424242", "79927398713", "٣٤٥", "x1", "1²"]:
        assert luhn(digits) == luhn_digit_by_digit(digits), digits


def test_a_blob_search_in_long_chunks_finds_what_the_whole_text_search_finds() -> None:
    rnd = random.Random(14)
    alphabet = "aZ09+/=_-.:  \n\tf\u00a0\x1cé"
    noise = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 120))) for _ in range(3000)]
    keys = [
        f"x {'ab12' * rnd.randint(1, 30)}{'=' * rnd.randint(0, 3)} AKIA-ABCD-EFGH-IJKL.MNOP y"
        for _ in range(300)
    ]
    budget = Budget(60.0)
    for text in corpus() + noise + keys:
        chunks = text.split()
        for pattern, shortest in (
            (unmask._BLOB, 24),
            (unmask._HEX, 24),
            (injection._BASE64_BLOB, 24),
        ):
            long_chunks = [c for c in chunks if len(c) >= shortest]
            assert list(unmask.within(pattern, long_chunks, budget)) == [
                m.group(0) for m in pattern.finditer(text)
            ], text[:60]
        grouped = [c for c in chunks if len(c) >= 15 and ("-" in c or "." in c)]
        in_chunks = any(unmask._GROUPED.search(c) for c in grouped)
        assert in_chunks == (unmask._GROUPED.search(text) is not None), text[:60]


def test_the_heads_alone_start_where_the_full_automaton_says_they_start() -> None:
    """With Hyperscan a prefilter reads only its head literals: same places."""
    texts = corpus()
    for pool in (prefilter.TEXT, prefilter.UNMASKED, prefilter.VIEWS):
        gate = pool.prefilter()
        for text in texts + [t.casefold() for t in texts[::3]]:
            assert gate.head_starts(text) == gate.literals(text)[1], text[:60]
