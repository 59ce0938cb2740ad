"""SPEC §4.1–4.2 — Hyperscan may skip a guard pattern only where the pattern cannot match:
each pattern's `superset` condition holds on every text the pattern matches."""

from __future__ import annotations

import base64
import itertools
import re
import sys
import unicodedata
from functools import cache

import pytest
import regex

from core.guards import accelerator, superset
from core.guards.normalize import views
from core.guards.prefilter import TEXT, UNMASKED, VIEWS
from core.guards.superset import Condition, condition, encode
from tests.test_guards_prefilter import corpus

EVERY_CHAR = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)


@cache
def _leaf(piece: str) -> re.Pattern[bytes]:
    return re.compile(piece.encode("ascii"), re.S)


def holds(found: Condition, scanned: bytes) -> bool:
    """The condition evaluated with Python's `re` on the scanned bytes (no Hyperscan)."""
    if isinstance(found, str):
        return _leaf(found).search(scanned) is not None
    kind, parts = found
    test = all if kind == "all" else any
    return test(holds(part, scanned) for part in parts)


def texts() -> list[str]:
    rows = corpus()
    nfkc = [unicodedata.normalize("NFKC", t) for t in rows]
    spaced = [" ".join(t) for t in rows[::5]]
    encoded = [base64.b64encode(t.encode()).decode() for t in rows[::3]]
    inside = [f"ok so {a}\n\n  and then {b}  " for a, b in itertools.pairwise(rows)]
    # Digits outside ASCII are scanned as their own byte: the rows with Arabic-Indic digits.
    arabic = [t.translate(_ARABIC_INDIC) for t in rows if any(ch.isdigit() for ch in t)]
    return rows + nfkc + spaced + encoded + inside + arabic + [t[::-1] for t in rows]


_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def test_case_folding_reaches_outside_ascii_only_from_these_letters() -> None:
    """A case-insensitive ASCII letter that matches a character outside ASCII must keep
    "?" (anything outside ASCII) in its class: the Kelvin sign, the long s, the dotted
    and dotless i."""
    outside = {ch for ch in regex.findall(r"(?i)[\x00-\x7f]", EVERY_CHAR) if ord(ch) > 0x7F}
    letters = {
        chr(code)
        for code in range(128)
        if any(regex.fullmatch("(?i)" + regex.escape(chr(code)), ch) for ch in outside)
    }
    assert letters == superset.FOLDS_OUTSIDE_ASCII


def test_whitespace_is_what_the_regex_module_calls_whitespace() -> None:
    assert set(regex.findall(r"\s", EVERY_CHAR)) == superset.WHITESPACE


def test_scanned_text_has_one_space_per_run_and_a_question_mark_outside_ascii() -> None:
    assert encode("ab  c\t\n d") == b"ab c d"
    assert encode("café\u00a0\u3000ok") == b"caf? ok"
    assert encode("a\x1cb \x1f") == b"a\x1cb \x1f"  # not whitespace to `\s`


def test_a_digit_outside_ascii_is_scanned_as_its_own_byte() -> None:
    """A digit such as "٣" is a `\\d`, "日" is not: Japanese must not read as digits."""
    assert encode("café ١٢٣ 日本 x৭") == b"caf? \x80\x80\x80 ?? x\x80"
    assert set(superset.other_digits()) == {
        ch for ch in regex.findall(r"\d", EVERY_CHAR) if ord(ch) > 0x7F
    }
    digits = condition(r"(?<!\d)\d{9}(?!\d)")
    assert digits is not None
    assert holds(digits, encode("id ١٢٣٤٥٦٧٨٩ ok")) and holds(digits, encode("id 123456789"))
    assert not holds(digits, encode("パスワードを忘れました"))


@pytest.mark.parametrize(
    ("pattern", "flags", "matching", "other"),
    [
        (r"(?<![a-z])sk-[A-Za-z0-9]{4}\b", 0, "x sk-Ab12 y", "sk-Ab1"),
        (r"(?i)pass\s+word", 0, "PASS \t\n WORD", "pass-word"),
        (r"(?i)k", 0, "\u212a", "x"),  # the Kelvin sign folds to k
        (r"(?P<s>[ -]?)\d{3}(?P=s)\d{2}", 0, "x-123-45", "12-45"),
        (r"\bignore\s+(?:\w+\s+){0,3}?rules\b", 0, "ignore all   the rules", "ignore"),
        (r"[^\s\"']{4,8}\s+is\s+my\s+pw", regex.I, "Hunter2 IS my PW", "is my pw"),
        (r"\p{L}{2}\d", 0, "été5", "5"),
        (r"\p{L}{2}\d", 0, "été٥", "ét日"),
        (r"[\d\-]{5}", 0, "x ١-٢-٣ y", "日本語です"),
        (r"(?m)^\s*system\s*:", 0, "x\n   system :", "system"),
    ],
)
def test_a_condition_holds_where_its_pattern_matches(
    pattern: str, flags: int, matching: str, other: str
) -> None:
    found = condition(pattern, flags)
    assert found is not None
    assert regex.search(pattern, matching, flags)
    assert holds(found, encode(matching))
    assert not regex.search(pattern, other, flags) and not holds(found, encode(other))


def test_a_pattern_it_cannot_read_gets_no_condition() -> None:
    assert condition(r"(?<=x)") is None  # matches the empty string: nothing to require
    assert condition(r"(?(1)a|b)") is None  # a reference to a group not yet seen


def pools() -> list[tuple[str, list[regex.Pattern[str]], list[str]]]:
    every = texts()
    injection_views = [v for t in every[::2] for v in views(t)]
    return [
        ("text", TEXT.patterns, every),
        ("unmasked", UNMASKED.patterns, every),
        ("views", VIEWS.patterns, injection_views),
    ]


def test_every_guard_pattern_has_a_condition_that_holds_wherever_it_matches() -> None:
    misses, matched, conditions = [], 0, 0
    for name, patterns, items in pools():
        scanned = [encode(t) for t in items]
        for index, pattern in enumerate(patterns):
            found = condition(pattern.pattern, pattern.flags)
            conditions += found is not None
            if found is None:
                continue
            for number, text in enumerate(items):
                if pattern.search(text):
                    matched += 1
                    if not holds(found, scanned[number]):
                        misses.append(f"{name} pattern {index} on text #{number}")
    assert misses == []
    assert matched > 3000 and conditions > 150


@pytest.mark.skipif(not accelerator.AVAILABLE, reason="Hyperscan has no wheel here")
def test_hyperscan_finds_the_pieces_pythons_re_finds() -> None:
    patterns = TEXT.patterns
    conditions = [condition(p.pattern, p.flags) for p in patterns]
    fast = accelerator.Accelerator(conditions)
    fast.build()
    assert fast.ready
    for text in texts()[::4]:
        found = fast.found(text)
        assert found is not None
        for index, compiled in enumerate(fast.conditions):
            expected = conditions[index]
            if compiled is not None and expected is not None:
                assert accelerator.holds(compiled, found) == holds(expected, encode(text))
