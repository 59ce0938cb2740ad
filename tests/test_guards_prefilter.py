"""SPEC §4.1–4.2 — the guards stay fast on long text: a pattern runs only when the
words it needs are in the text, and that gate never hides a match."""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import regex

from core.guards import check, identifiers, injection, normalize, pii, privacy, shipped, wallets
from core.guards.budget import Budget
from core.guards.credential_phrases import PHRASES
from core.guards.literals import chunk_width, clauses, fold, head, longest_chunk
from core.guards.normalize import views
from core.guards.prefilter import Family
from core.guards.secret_patterns import SECRET_PATTERNS
from core.guards.superset import condition
from tests.data.guards import make_gates
from tests.guard_budget_spy import CountingBudget

DATA = Path(__file__).parent / "data" / "guards"


def corpus() -> list[str]:
    rows = []
    for path in sorted(DATA.glob("*.jsonl")):
        rows += [json.loads(line)["text"] for line in path.open(encoding="utf-8") if line.strip()]
    return rows


def families() -> list[tuple[str, Family, list[str]]]:
    """Every family of gated patterns, with the corpus as each reads it."""
    texts = [unicodedata.normalize("NFKC", t) for t in corpus()]
    return [
        ("formats", privacy._FORMATS, texts),
        ("phrases", privacy._PHRASES, texts),
        ("wallets", wallets._GATED, texts),
        ("identifiers", identifiers._GATED, texts),
        ("pii", pii._GATED, texts),
        ("injection", injection._GATED, [v for t in corpus()[::2] for v in views(t)]),
    ]


def test_a_gate_never_hides_a_match_on_the_guard_corpus() -> None:
    misses = []
    for name, family, texts in families():
        assert len(texts) > 500
        for number, text in enumerate(texts):
            budget = Budget(60.0)
            for index, pattern in enumerate(family.patterns):
                if pattern.search(text) and not family.may_match(index, text, budget):
                    misses.append(f"{name} pattern {index} on text #{number}")
    assert misses == []


def test_the_shipped_gates_are_what_the_patterns_derive() -> None:
    """data/gates.json spares each process the derivation; stale, it would gate a pattern
    by words it no longer needs. Rewrite it: python tests/data/guards/make_gates.py."""
    pairs = make_gates.every_pattern()
    assert len(pairs) > 150
    assert json.loads(make_gates.FILE.read_text("utf-8")) == make_gates.table_for(pairs)
    conditions = json.loads(make_gates.CONDITIONS.read_text("utf-8"))
    assert conditions == make_gates.conditions_for(pairs)
    for source, flags in pairs:
        assert shipped.gate(source, flags) == shipped.derive(source, flags)
        assert shipped.shipped_condition(source, flags) == condition(source, flags)


def test_clauses_are_read_from_the_pattern_itself() -> None:
    assert [sorted(c) for c in clauses(r"(?i)\bsk-(?:proj-)?[A-Za-z0-9]{20,}")] == [["sk-"]]
    # Every alternative must bring a literal, or the pattern needs none.
    assert clauses(r"\b(?:ignore|\w+)\s+rules") == (frozenset({"rules"}),)
    assert clauses(r"[A-Za-z0-9+/]{40}") == ()
    # Small classes and optional letters multiply out: xoxb-, xoxp-, …; passwords?
    assert "xoxb-" in clauses(r"xox[bp]-\d+")[0]
    assert clauses(r"passwords?\s*=") == (frozenset({"password"}),)


def test_a_pattern_that_needs_a_long_unbroken_run_is_skipped_on_short_words() -> None:
    # The key after "token=" is one run of 16+ characters, whatever comes before it.
    assert chunk_width(r"(?i)\btoken\s*[=:]\s*(?P<v>[A-Za-z0-9]{16,})") == 16
    assert chunk_width(r"(?P<v>[^\s\"']{4,64})\s+is\s+my\s+password") == 8
    assert chunk_width(r"\w+\s+\w+") == 1
    # \x1c-\x1f split words for str.split, not for \s: they never shorten a run.
    assert longest_chunk("abc\x1cdefg hi") == 7


def test_what_a_match_can_start_with_is_read_from_the_pattern_too() -> None:
    assert head(r"(?<![a-z])(?:AKIA|ASIA)[A-Z0-9]{16}") == {"akia", "asia"}
    # An optional word lets the next one start the match as well.
    assert {"ai ", "bot ", "the "} <= (head(r"\b(?:the\s+)?(?:ai|bot)\s+must") or set())
    # A pattern that may start with any letter has no head.
    assert head(r"\w+@example\.com") is None
    assert head(r"(?:sk-)?\d+") is None


def test_folding_maps_every_case_insensitive_match_of_a_letter_to_that_letter() -> None:
    """A case-insensitive `k` also matches the Kelvin sign, `s` the long s, `i` the
    dotted capital I: the gate compares folded text, so each must fold to the letter."""
    every_char = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        for ch in set(regex.findall(f"(?i){letter}", every_char)):
            assert letter in fold(ch), (letter, hex(ord(ch)))


def test_folding_turns_every_wide_space_into_a_plain_space() -> None:
    """`\\s` counts as the six ASCII spaces in a gate, so every other space folds to " "."""
    wide = "".join(chr(c) for c in range(0x80, sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    for ch in set(regex.findall(r"\\s", wide)):
        assert fold(ch) == " ", hex(ord(ch))


ORDINARY = (
    "Caroline went to the LGBTQ support group yesterday and said it was powerful. "
    "We moved the standup to 10:30 because half the team is in Lisbon this week. "
    "Melanie painted a sunrise over the lake and is thinking about a pottery class. "
    "The staging deploy failed on the migration step; Priya is rerunning it now. "
)


def test_a_long_ordinary_text_runs_only_the_patterns_its_words_call_for(
    counting_budget: type[CountingBudget],
) -> None:
    """2,000 characters of chat: far fewer regex calls than the guards have patterns."""
    text = (ORDINARY * 8)[:2000]
    assert check(text) is None
    patterns = len(SECRET_PATTERNS) + len(PHRASES) + len(injection._PATTERNS)
    assert 0 < counting_budget.calls < patterns // 3


def test_trying_a_pattern_only_where_it_can_start_finds_what_a_full_scan_finds() -> None:
    anchored = 0
    for name, family, texts in families():
        for number, text in enumerate(texts):
            budget = Budget(60.0)
            for index, pattern in enumerate(family.patterns):
                if not family.may_match(index, text, budget):
                    continue
                anchored += family.starts(index, text, budget) is not None
                spans = [m.span() for m in family.finditer_at(index, pattern, text, budget)]
                full = [m.span() for m in pattern.finditer(text)]
                assert spans == full, (name, index, number)
    assert anchored > 1000  # the short cut was taken, not only the full scan


SEED = (
    "1. abandon 2) ability, able - about; above/absent (absorb) abstract 'absurd' abuse"
    " access accident"
)


def _reference_run(text: str) -> int:
    """Seed-phrase runs as first written: tokenise, then walk the tokens."""
    words = wallets.bip39_words()
    run = best = 0
    for token in regex.findall(r"[A-Za-z]+|[^A-Za-z\s]+", text):
        if token.lower() in words:
            run += 1
            best = max(best, run)
        elif token[0].isalpha() or not regex.match(r"^(?:[,;/|\-–—.:()\[\]\"'`]|\d)+$", token):
            run = 0
    return best


def test_a_seed_phrase_run_is_counted_as_the_tokeniser_counts_it() -> None:
    """The count runs in C passes over bytes; it must agree with walking the tokens."""
    budget = Budget(60.0)
    broken = SEED.replace("abstract", "abstract!")
    texts = [SEED, SEED.upper(), broken, SEED + " 🎉", SEED.replace(" ", "\u00a0"),
             SEED.replace(",", "–"), SEED.replace("able", "ablé"), "café " + SEED]  # fmt: skip
    texts += corpus()
    for text in texts:
        assert wallets.longest_run(text, budget) == _reference_run(text), text[:40]
    assert wallets.longest_run(SEED, budget) == 12 and wallets.longest_run(broken, budget) == 8
    assert wallets.seed_phrases("wallet words: " + SEED, budget)


def test_folding_skips_a_pass_only_when_the_text_has_nothing_it_rewrites() -> None:
    """l33t, spaced-letter, joiner and look-alike passes run on their trigger only; the
    folded text is the one running every pass on every text gives."""

    def every_pass(base: str) -> str:
        base = base.translate(normalize._CONFUSABLES)
        base = normalize._undiacritic_if_steering(base, None)
        base = normalize._LEET_WORD.sub(lambda m: m.group(0).translate(normalize._LEET), base)
        base = normalize._SPACED.sub(lambda m: normalize._unspaced(m.group(0)), base)
        return str(normalize._SPACES.sub(" ", normalize._WORD_JOINERS.sub(" ", base)))

    samples = ["p4ssw0rd is h3r3", "i g n o r e all", "a.b.c.d", "10am 2pm, r2-d2 @home", "іgnore"]
    for text in samples + corpus():
        base = unicodedata.normalize("NFKC", text).casefold()
        assert normalize._fold(base, None) == every_pass(base), text[:40]
