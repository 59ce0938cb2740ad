"""SPEC §4.2 — the act-list short cut (`core.guards.tails`) skips only places where no
match can start: a pattern is tried up to the last place its tail matches, never past
a place where a match begins, wherever the acts stand (after a line break, at the very
place the pattern starts, in text whose case folding moves positions)."""

from __future__ import annotations

import random

import regex

from bench.guards_quality import SPLITS, load
from core.guards import injection, prefilter
from core.guards.budget import Budget
from core.guards.injection_patterns import alt
from core.guards.tails import MIN_TAIL, Tails, leaves, split_tail

# A synthetic addressee-then-act pattern: the prefix may be empty (a match may start
# where its act does) and may cross lines; the acts are many and long enough to count.
_VERBS = [f"verb{i}" for i in range(160)]
_ACTS = alt(
    *(rf"\b{v}\s+(?:the|a)\s+\w+" for v in _VERBS),
    r"(?<=\()note\)", r"\bsay\b[^\n]{0,30}?\bapproved\b", r"(?<![a-z])tell\s+them\b",
)  # fmt: skip
_SOURCE = r"(?:(?:bot|agent)\s+(?:\w+\s+){0,3}?)?" + _ACTS
_PATTERN = regex.compile(_SOURCE, regex.VERSION0)
_WORDS = ["bot", "agent", "the", "a", "say", "approved", "tell", "them", "(note)", "x",
          "İ", "ß", "Bot", "verb7", "verb150", "nothing", "\n", "\n\n", "them,", "(",
          "note)"]  # fmt: skip


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 40))).replace(" \n ", "\n")


def _short_cut(tails: Tails, text: str) -> list[tuple[int, int]]:
    """`finditer`'s spans as `core.guards.injection._match` finds them: tried at the
    places `Tails.places` leaves of every place in the text."""
    may, places = tails.places(0, text, Budget(), list(range(len(text) + 1)))
    if not may:
        return []
    spans, resume = [], 0
    for place in range(len(text) + 1) if places is None else places:
        if place < resume:
            continue
        m = _PATTERN.match(text, place)
        if m is not None:
            spans.append(m.span())
            resume = max(m.end(), place + 1)
    return spans


def test_the_synthetic_pattern_is_covered() -> None:
    tail = split_tail(_SOURCE)
    assert tail == _ACTS and len(tail) >= MIN_TAIL
    parts = leaves(tail, regex.VERSION0)
    assert parts is not None and len(parts) == len(_VERBS) + 3
    tails = Tails([_PATTERN])
    assert not tails.covered(0)  # nothing before it is built
    tails.build()
    assert tails.covered(0)


def test_no_match_is_lost_on_random_text() -> None:
    tails = Tails([_PATTERN])
    tails.build()
    rng = random.Random(12)
    matched = unknown = 0
    for _ in range(3000):
        text = _text(rng)
        expected = [m.span() for m in _PATTERN.finditer(text)]
        assert _short_cut(tails, text) == expected, text
        matched += bool(expected)
        unknown += tails.reach(0, text, Budget()) is None
    assert matched > 300 and unknown > 100  # both kinds of text were there


def test_an_act_right_after_a_line_break_and_at_the_start_is_kept() -> None:
    tails = Tails([_PATTERN])
    tails.build()
    for text in ("bot\nverb7 the plan", "verb150 a b", "x bot agent\n\nsay it was approved",
                 "(note) bot\ntell them", "bot x x\nx verb7 the\nverb7 a y"):  # fmt: skip
        expected = [m.span() for m in _PATTERN.finditer(text)]
        assert expected, text
        reach = tails.reach(0, text, Budget())
        assert reach is not None and reach >= expected[-1][0], text
        assert _short_cut(tails, text) == expected, text


def test_split_tail_refuses_what_it_cannot_split() -> None:
    assert split_tail(r"a|b(?:c|d)") is None  # a top-level alternation
    assert split_tail(r"(?i)bot\s+(?:c|d)") is None  # a global flag
    assert split_tail(r"(bot)\s+(?:\1|d)") is None  # a back-reference
    assert split_tail(r"bot\s+(?:c|d)\)") is None  # ends in an escaped bracket
    assert split_tail(r"bot\s+(?:c|d)+") is None  # a repeated group
    assert split_tail(r"bot[)](?:c|d)") == "(?:c|d)"
    assert split_tail(r"(?:c|d)") is None  # nothing before the tail


def test_injection_verdicts_are_the_same_with_and_without_the_tails() -> None:
    tails = injection._TAILS
    tails.build()
    covered = [i for i in range(len(injection._PATTERNS)) if tails.covered(i)]
    assert len(covered) >= 7  # the readers and addressed act lists
    rows = [row["text"] for row in load(*SPLITS["dev"])]  # tuning data only
    items = rows + [row.replace(" ", "\n", 2) for row in rows[::3]]
    items += ["\n".join(rows[i : i + 6]) for i in range(0, len(rows), 6)]
    saved = tails._tails
    try:
        with_tails = [repr(injection.check_injection(t)) for t in items]
        tails._tails = None
        without = [repr(injection.check_injection(t)) for t in items]
    finally:
        tails._tails = saved
    assert with_tails == without
    assert sum(v != "None" for v in without) > 200
    assert prefilter.SKIP
