"""Would finding the act list's matches once per view pay? Measured: no (a negative result).

The addressee-then-act patterns (`core.guards.readers` 150-152, `core.guards.addressed`
108-111, and a few more) end in the same alternation of some hundred acts, ~14,000
characters. Issue 12 item 5 proposed finding where acts can start once per view and
trying a pattern only where one follows. This is that short cut, built exactly, and the
measurement of what it costs beside what it saves, so nobody rebuilds it blind:

- A match of `prefix + tail` starting at `p` holds a match of `tail` starting at some
  `s >= p` (the tail is the pattern's last top-level group, matched standalone at `s`
  with the same flags; its look-behinds see the same text). The tails are split into
  their alternatives (121 distinct ones for 7 tails covering 12 patterns), each with the
  literals it starts with and must hold (`core.guards.literals`); one Aho–Corasick pass
  finds them; the view is searched from its end, each alternative tried only where its
  head begins and its clauses still occur later, down to the pattern's first gated start.
  A pattern whose tail matches nowhere there is skipped, else tried only up to the last
  tail match. Verdicts: identical (the script checks every text).
- Act heads alone are no gate: "in", "to", "you", "what", "at", "on" begin acts, so on
  the dev look-alikes a form start has an act head before its line ends 85 % of the time,
  and the literals alone (heads plus positional clauses) allow a tail match in 78-80 of 80
  views. Running the alternatives settles it (a tail really matches in 14 of 80 views),
  but costs ~200 `regex` calls a view: the pass is 0.36 ms a view, the calls 0.44 ms,
  while everything the covered patterns cost is ~0.43 ms a view
  (`bench/guards_pattern_profile.py`). One `search` of a whole tail is worse (2.5 ms a
  view: `regex` has no fast path into a large alternation).
- Net, in the injection matching of 2,000-character look-alikes (this script, 5 rounds,
  min): ~+0.85-1.0 ms a text with the short cut (3.7 vs 2.8 ms; heads-only automaton
  +2.2 ms). A first version wired into `core.guards.injection` measured, with
  `bench/guards_interleaved.py --against main --rounds 2`: look-alike 2,000 p95 x1.45,
  sum x1.25; chat 2,000 p95 x1.61. So it is not in the engine.

What could still make it pay is an act pass that costs no Python per place (Hyperscan
with start-of-match positions over the alternatives' superset conditions).

    nice -n 10 .venv/bin/python -m bench.research.guards_tail_reach [--chars 2000] [--rounds 5]
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
from core.guards.literals import Clause, clauses, fold, head

# A tail shorter than this costs little to try: not worth a pass of its own.
MIN_TAIL = 2000
# Whether alternatives are tried only where their required literals still occur later.
CLAUSES = True
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


class _Acts:
    """Every tail's alternatives (shared where equal), compiled, and one automaton of the
    literals they start with and of those they must hold (`literals.clauses`)."""

    def __init__(self, tails: Sequence[Sequence[tuple[str, frozenset[str]]]], flags: int) -> None:
        ids: dict[str, int] = {}
        heads: dict[str, set[int]] = {}
        self.owners: list[list[int]] = []  # per alternative, the tails it is part of
        sources: list[str] = []
        for t, parts in enumerate(tails):
            for source, starts in parts:
                i = ids.setdefault(source, len(ids))
                if i == len(sources):
                    sources.append(source)
                    self.owners.append([])
                if t not in self.owners[i]:
                    self.owners[i].append(t)
                for lit in starts:
                    heads.setdefault(lit, set()).add(i)
        # compiled here, where the tails are built (off the hot path), not in a check
        self.patterns = [regex.compile(source, flags) for source in sources]
        # Each alternative's clauses, numbered: a clause holds at a place when one of its
        # literals starts there or later (a match starting there holds one).
        numbered: dict[Clause, int] = {}
        self.needs = [
            tuple(
                numbered.setdefault(c, len(numbered))
                for c in (clauses(source, flags) if CLAUSES else ())
            )
            for source in sources
        ]
        in_clauses: dict[str, list[int]] = {}
        for clause, number in numbered.items():
            for lit in clause:
                in_clauses.setdefault(lit, []).append(number)
        automaton: Any = ahocorasick.Automaton()
        for lit in heads.keys() | in_clauses.keys():
            which = tuple(sorted(heads.get(lit, ())))
            automaton.add_word(lit, (len(lit) - 1, which, tuple(in_clauses.get(lit, ()))))
        automaton.make_automaton()
        self.automaton = automaton
        self.clauses = len(numbered)
        self.count = len(tails)

    def over(self, view: str) -> _Scan | None:
        """The act places of `view`, to be searched from its end; None when positions are
        not known (case folding changed the view's length)."""
        folded = fold(view)
        if len(folded) != len(view):
            return None
        at: dict[int, set[int]] = {}
        last = [-1] * self.clauses  # the last place a literal of each clause starts
        for end, (back, which, numbers) in self.automaton.iter(folded):
            place = end - back
            if which:
                if place in at:
                    at[place].update(which)
                else:
                    at[place] = set(which)
            for number in numbers:
                if place > last[number]:
                    last[number] = place
        return _Scan(self, view, at, last)


class _Scan:
    """The tails' matches in one view, searched from its end as far as queries need."""

    __slots__ = ("_acts", "_at", "_last", "_next", "_order", "reach", "view")

    def __init__(self, acts: _Acts, view: str, at: dict[int, set[int]], last: list[int]) -> None:
        self._acts = acts
        self.view = view
        self._at = at
        self._last = last
        self._order = sorted(at, reverse=True)
        self._next = 0  # places before this index in `_order` are searched
        self.reach = [-1] * acts.count  # the last place each tail matches, once found

    def last_from(self, tail: int, floor: int, budget: Budget) -> int:
        """The last place at or after `floor` where `tail` matches, or -1."""
        reach = self.reach
        if reach[tail] >= 0:
            return reach[tail] if reach[tail] >= floor else -1
        acts, order, at, last = self._acts, self._order, self._at, self._last
        patterns, needs, owners = acts.patterns, acts.needs, acts.owners
        k = self._next
        while k < len(order) and order[k] >= floor:
            place = order[k]
            k += 1
            for i in at[place]:
                if any(reach[t] < 0 for t in owners[i]) and all(last[n] >= place for n in needs[i]):
                    if budget.match(patterns[i], self.view, place) is None:
                        continue
                    for t in owners[i]:
                        if reach[t] < 0:
                            reach[t] = place
            if reach[tail] >= 0:
                break
        self._next = k
        return reach[tail]


class Tails:
    """The tails of a list of patterns. `build` costs a few tenths of a second of parsing
    and compiling (in the engine it would run beside the Hyperscan build); until then no
    pattern has a tail."""

    def __init__(self, patterns: Sequence[regex.Pattern[str]]) -> None:
        self._patterns = list(patterns)
        self._tails: list[int | None] | None = None  # per pattern, its tail's number
        self._acts: _Acts | None = None
        self.failed = False

    @property
    def ready(self) -> bool:
        return self._tails is not None

    def build(self) -> None:
        if self._tails is not None:
            return
        numbers: dict[tuple[str, int], int | None] = {}
        found: list[list[tuple[str, frozenset[str]]]] = []
        tails: list[int | None] = []
        flags_seen: set[int] = set()
        for pattern in self._patterns:
            # a `LazyRegex` gives its source and flags without compiling
            source = getattr(pattern, "source", None) or pattern.pattern
            flags = pattern.flags
            tail = split_tail(source)
            if tail is None or len(tail) < MIN_TAIL:
                tails.append(None)
                continue
            key = (tail, flags)
            if key not in numbers:
                parts = leaves(tail, flags)
                # one automaton and one set of compiled alternatives: one flag set
                if parts is None or (flags_seen and flags not in flags_seen):
                    numbers[key] = None
                else:
                    flags_seen.add(flags)
                    numbers[key] = len(found)
                    found.append(parts)
            tails.append(numbers[key])
        self._acts = _Acts(found, next(iter(flags_seen))) if found else None
        self._tails = tails  # last: a check in another thread sees all of it or none

    def covered(self, index: int) -> bool:
        """Whether pattern `index` has a tail (False until built)."""
        return self._tails is not None and self._tails[index] is not None

    def reach(self, index: int, view: str, budget: Budget, floor: int = 0) -> int | None:
        """The last place at or after `floor` where pattern `index`'s tail matches in
        `view` (-1: nowhere), so no match of the pattern starts after it; None when not
        known (not built, no tail, gates off, or folding moved positions). The view's
        act places are found once in a check, and searched from its end only as far as
        the patterns asking need."""
        tails, acts = self._tails, self._acts
        if tails is None or acts is None or not prefilter.SKIP:
            return None
        number = tails[index]
        if number is None:
            return None
        key = (id(self), id(view))
        scan = budget.shared.get(key)
        if not (isinstance(scan, _Scan) and scan.view is view):
            scan = acts.over(view)
            if scan is None:
                return None
            budget.shared[key] = scan
        return scan.last_from(number, floor, budget)

    def places(
        self, index: int, view: str, budget: Budget, starts: list[int] | None
    ) -> tuple[bool, list[int] | None]:
        """Whether pattern `index` may match `view`, and the places to try it at: those of
        `starts` (its gated starts, ascending; None: everywhere) up to its tail's reach,
        or None to try it where its gates allow."""
        reach = self.reach(index, view, budget, starts[0] if starts else 0)
        if reach is None:
            return True, None
        if reach < 0:
            return False, None  # its tail matches nowhere it could: neither can the pattern
        if starts is None or not starts or starts[-1] <= reach:
            return True, None
        return True, [place for place in starts if place <= reach]


def _match_with_tails(tails: Tails, view: str, budget: Budget) -> object:
    """`core.guards.injection._match` with the short cut: the same loop, each covered
    pattern skipped or tried only up to its tail's last match."""
    from core.guards import injection

    run = injection._GATED.over(view, budget)
    for index in run.candidates():
        ip = injection._PATTERNS[index]
        places = None
        if tails.covered(index):
            may, places = tails.places(index, view, budget, run.starts(index))
            if not may:
                continue
        for m in run.matches(index, ip.pattern, places):
            if not injection._is_mention(view, m.start(), m.end(), budget):
                return ip.rule
    return None


def main(argv: list[str] | None = None) -> None:
    import argparse
    import time

    from bench.guards_latency import warm_lookalikes
    from core.guards import injection
    from core.guards.normalize import views

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    texts = warm_lookalikes(args.chars)
    all_views = [v for t in texts for v in views(t, Budget())]
    tails = Tails([ip.pattern for ip in injection._PATTERNS])
    tails.build()
    covered = sum(tails.covered(i) for i in range(len(injection._PATTERNS)))

    def plain(view: str) -> object:
        found = injection._match(view, Budget())
        return None if found is None else found.rule

    same = all(plain(v) == _match_with_tails(tails, v, Budget()) for v in all_views)
    spent: dict[str, list[float]] = {"without": [], "with the short cut": []}
    for _ in range(args.rounds):
        start = time.thread_time()
        for v in all_views:
            plain(v)
        spent["without"].append(time.thread_time() - start)
        start = time.thread_time()
        for v in all_views:
            _match_with_tails(tails, v, Budget())
        spent["with the short cut"].append(time.thread_time() - start)
    print(f"{len(texts)} look-alike texts of {args.chars} chars, {len(all_views)} views; "
          f"{covered} patterns covered; same findings: {same}")  # fmt: skip
    for name, times in spent.items():
        print(f"  injection matching {name}: {min(times) * 1000 / len(texts):.3f} ms/text")


if __name__ == "__main__":
    main()
