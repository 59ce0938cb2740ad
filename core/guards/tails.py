"""Patterns that end in a long list of acts, run only where one of the acts can match.

The addressee-then-act patterns (`core.guards.readers`, `core.guards.addressed`) end in
the same alternation of some hundred acts, 14,000 characters of it. Gated by their
addressee's first words they still start at a few dozen places a look-alike text, and at
each place the regex engine tries the whole act list again after every word of the gap
(up to 21 times): most of a check's regex time on such text went there, on texts where
no act occurs at all (docs/guards.md, "Where a look-alike's time goes").

A match of `prefix + tail` that starts at `p` holds a match of `tail` starting at some
`s >= p` (the tail is the pattern's last top-level group, matched standalone at `s` with
the same flags: its look-behinds see the same text). So the tail's matches are found
once per view — the tail split into its alternatives, each with the literals it starts
with (`core.guards.literals.head`), one Aho–Corasick pass for all of them, each
alternative tried only where its literals begin, from the end of the view back to the
first that matches — and the pattern is not run when the tail matches nowhere, or only
tried at the starts before the last place it matches. Nothing here reads what a pattern
means: any pattern whose source ends so is covered, and one that does not is run as
before (`Tails.reach` says None).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

import ahocorasick
import regex

from core.guards import prefilter
from core.guards.budget import Budget
from core.guards.literals import fold, head

# A tail shorter than this costs little to try: not worth a pass of its own.
MIN_TAIL = 2000
# A global inline flag ("(?i)" anywhere) or a back-reference ties the tail to the rest of
# the pattern: such a pattern is left as it is.
_TIED = re.compile(r"\(\?[a-zA-Z0-9]+\)|\\[1-9]|\(\?P=|\\g<|\(\?\(")


def _scan(source: str) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The top-level `|` positions and the top-level groups (where each opens and
    closes) of `source`; None when its brackets do not balance."""
    bars: list[int] = []
    groups: list[tuple[int, int]] = []
    opened = 0
    depth = 0
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a class: up to its closing bracket (one first is a member)
            i += 1
            if i < n and source[i] == "^":
                i += 1
            if i < n and source[i] == "]":
                i += 1
            while i < n and source[i] != "]":
                i += 2 if source[i] == "\\" else 1
            if i >= n:
                return None
        elif c == "(":
            if depth == 0:
                opened = i
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                groups.append((opened, i))
        elif c == "|" and depth == 0:
            bars.append(i)
        i += 1
    return (bars, groups) if depth == 0 else None


def split_tail(source: str) -> str | None:
    """The last top-level `(?:…)` group of `source` when the pattern is a plain sequence
    ending in it (no top-level `|`), else None.

    >>> split_tail(r"\\bbot\\s+(?:say|tell)")
    '(?:say|tell)'
    >>> split_tail(r"a|b(?:c|d)") is None
    True
    """
    if _TIED.search(source) or not source.endswith(")"):
        return None
    scanned = _scan(source)
    if scanned is None or scanned[0] or not scanned[1]:
        return None
    start, end = scanned[1][-1]
    tail = source[start:]
    if start == 0 or end != len(source) - 1 or not tail.startswith("(?:"):
        return None
    return tail


def _alternatives(group: str) -> list[str] | None:
    """The top-level alternatives of `(?:a|b|c)`, or None when `group` is not one group."""
    whole = _scan(group)
    if whole is None or whole[0] or whole[1] != [(0, len(group) - 1)]:
        return None
    if not group.startswith("(?:"):
        return None
    inner = group[3:-1]
    scanned = _scan(inner)
    if scanned is None:
        return None
    bars = scanned[0]
    cuts = [-1, *bars, len(inner)]
    return [inner[a + 1 : b] for a, b in itertools.pairwise(cuts)]


def leaves(source: str, flags: int, depth: int = 0) -> list[tuple[str, frozenset[str]]] | None:
    """`source` as alternatives, each with the literals its matches start with: a group
    is split into its alternatives first (a smaller head each, and the whole list is
    never parsed in one piece), anything else keeps its own head; None when some
    alternative may start anywhere."""
    parts = _alternatives(source) if depth < 8 else None
    if parts is None or len(parts) < 2:
        starts = head(source, flags)
        if starts is not None:
            return [(source, starts)]
        if parts is None:
            return None
    out: list[tuple[str, frozenset[str]]] = []
    for part in parts:
        found = leaves(part, flags, depth + 1)
        if found is None:
            return None
        out.extend(found)
    return out


class Tail:
    """A tail's alternatives, compiled, and one automaton of the literals they start with."""

    def __init__(self, parts: Sequence[tuple[str, frozenset[str]]], flags: int) -> None:
        # compiled here, where the tails are built (off the hot path), not in a check
        self.patterns = [regex.compile(source, flags) for source, _ in parts]
        by_literal: dict[str, set[int]] = {}
        for i, (_, starts) in enumerate(parts):
            for lit in starts:
                by_literal.setdefault(lit, set()).add(i)
        automaton: Any = ahocorasick.Automaton()
        for lit, which in by_literal.items():
            automaton.add_word(lit, (len(lit) - 1, tuple(sorted(which))))
        automaton.make_automaton()
        self._automaton = automaton

    def last_start(self, view: str, budget: Budget) -> int | None:
        """The last place in `view` where the tail matches, -1 when nowhere; None when
        positions are not known (case folding changed the view's length)."""
        folded = fold(view)
        if len(folded) != len(view):
            return None
        at: dict[int, set[int]] = {}
        for end, (back, which) in self._automaton.iter(folded):
            at.setdefault(end - back, set()).update(which)
        patterns = self.patterns
        for place in sorted(at, reverse=True):
            for i in sorted(at[place]):
                if budget.match(patterns[i], view, place) is not None:
                    return place
        return -1


class Tails:
    """The tails of a list of patterns, shared where equal. Built by `build` (a few
    tenths of a second of parsing and compiling), which `core.guards.accelerator` runs
    in its background thread beside the Hyperscan databases: until then, and in a
    process that never accelerates, no pattern has a tail and every one runs as before."""

    def __init__(self, patterns: Sequence[regex.Pattern[str]]) -> None:
        self._patterns = list(patterns)
        self._tails: list[Tail | None] | None = None
        self.failed = False

    @property
    def ready(self) -> bool:
        return self._tails is not None

    def build(self) -> None:
        if self._tails is not None:
            return
        made: dict[tuple[str, int], Tail | None] = {}
        tails: list[Tail | None] = []
        for pattern in self._patterns:
            # a `LazyRegex` gives its source and flags without compiling
            source = getattr(pattern, "source", None) or pattern.pattern
            flags = pattern.flags
            tail = split_tail(source)
            if tail is None or len(tail) < MIN_TAIL:
                tails.append(None)
                continue
            key = (tail, flags)
            if key not in made:
                parts = leaves(tail, flags)
                made[key] = None if parts is None else Tail(parts, flags)
            tails.append(made[key])
        self._tails = tails  # one assignment: a check in another thread sees all or none

    def covered(self, index: int) -> bool:
        """Whether pattern `index` has a tail (False until built)."""
        return self._tails is not None and self._tails[index] is not None

    def reach(self, index: int, view: str, budget: Budget) -> int | None:
        """The last place pattern `index`'s tail matches in `view` (-1: nowhere), so no
        match of the pattern starts after it; None when not known (not built, no tail,
        gates off, or folding moved positions). Once per tail and view in a check."""
        tails = self._tails
        if tails is None or not prefilter.SKIP:
            return None
        tail = tails[index]
        if tail is None:
            return None
        key = (id(tail), id(view))
        memo = budget.shared.get(key)
        if isinstance(memo, tuple) and memo[0] is view:
            return memo[1]  # type: ignore[no-any-return]
        found = tail.last_start(view, budget)
        budget.shared[key] = (view, found)
        return found

    def places(
        self, index: int, view: str, budget: Budget, starts: list[int] | None
    ) -> tuple[bool, list[int] | None]:
        """Whether pattern `index` may match `view`, and the places to try it at: those of
        `starts` (its gated starts, ascending; None: everywhere) up to its tail's reach,
        or None to try it where its gates allow."""
        reach = self.reach(index, view, budget)
        if reach is None:
            return True, None
        if reach < 0:
            return False, None  # its tail matches nowhere: neither can the pattern
        if starts is None or not starts or starts[-1] <= reach:
            return True, None
        return True, [place for place in starts if place <= reach]
