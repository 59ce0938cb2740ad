"""Which patterns can match a text at all, and where, found with one scan.

A guard holds some two hundred patterns; run one by one, each scanned the whole text,
so a 2,000-character message cost ~20 ms while a short one cost ~1 ms. Each pattern's
required literals and possible first words are read from its own source
(`core.guards.literals`); one Aho–Corasick pass over the text finds all of them, linear
in the text whatever their number. A pattern whose clauses are not met does not run;
one whose matches can only start at a few places found by that pass is tried at those
places only, instead of at every character; one that cannot hold whitespace and spans
more characters than the text's longest chunk does not run. All three only ever skip
work that could not have found a match, so a verdict is the same as scanning everything.

Plugging a detector in (nothing here names a detector):

- Patterns: take a `Family` from the pool that reads your text (`TEXT`: the NFKC text
  of a privacy check; `UNMASKED`: its unmasked views; `VIEWS`: the folded views of an
  injection check) at import, `TEXT.family([...])`, and loop with
  `run = family.over(text, budget)`, `for index in run.candidates()` and
  `run.matches(index, pattern)`: each pattern is gated and tried where it can start
  with the pool's one pass. Run `tests/data/guards/make_gates.py` after adding or
  changing a pattern (its gates and Hyperscan condition ship in `data/`).
- A pattern kept only to gate a costlier one: ask `family.possible(gate, text, budget)`
  (its gates alone, no regex run) rather than searching it.
- A pattern that can start at any word (a name or a value first: "x.session_id=…")
  and so is scanned over the whole text: give it a cheap `near` pattern every match of
  it contains (a head the pass can find: a keyword) and, when the place a match starts
  follows from where its near match starts, `near_starts` (`in_run`: the run of a
  class that leads up to the near match; `in_tokens`: some words before it), then use
  `near_places` (see `core.guards.privacy`): the pattern is tried at those places only.
- A validator that is a pure function of a digit string or a value: work it out once
  per text (a dict in the scanning function), as the card and Virtual ID checks do: an
  adversarial text repeats one number hundreds of times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import ahocorasick
import regex

from core.guards import shipped
from core.guards.accelerator import AVAILABLE, Accelerator, accelerate, holds, register
from core.guards.budget import Budget
from core.guards.lazy import lazy
from core.guards.literals import Clause, fold, longest_chunk
from core.guards.superset import Condition

# Whether gates may skip work (False: every pattern runs over all of every text, the
# reference the gates are checked against), and whether Hyperscan may be one of them.
SKIP = True
USE_HYPERSCAN = True

# A pattern keeps its strongest clauses only: each further clause narrows little and adds
# literals (matches) to the one scan every text pays for.
_MAX_CLAUSES = 3
# Beyond this many possible starts a pattern scans the text as usual: trying it at each
# start would be no cheaper, and the number of regex calls stays bounded.
MAX_STARTS = 96
_MIN_HEAD = 2  # a one-character head would be found all over a text
# A head of this many two-character literals (an IBAN's country codes) is found more than
# `MAX_STARTS` times in a long text, so it would only ever fall back to a full scan while
# its hits filled three quarters of the automaton's output: such a head is not kept.
_MAX_PAIRS = 32


def _strength(clause: Clause) -> tuple[int, int]:
    return (min(len(s) for s in clause), -len(clause))


def _strongest(found: Sequence[Clause]) -> tuple[Clause, ...]:
    ranked = sorted(found, key=_strength, reverse=True)
    if ranked and _strength(ranked[0])[0] >= 3:
        ranked = [c for c in ranked if _strength(c)[0] >= 3]
    return tuple(ranked[:_MAX_CLAUSES])


class Seen:
    """What the passes over a text found: the pieces Hyperscan reported (`pieces`, None
    without it) and, computed when first asked, the literals of every pattern, where
    each head literal starts (`starts` is None when case folding moved characters, so
    positions do not carry) and the length of the longest whitespace-free chunk."""

    __slots__ = (
        "_gate", "_literals", "_longest", "_starts", "_starts_read", "pieces", "places", "text",
    )  # fmt: skip

    def __init__(self, gate: Prefilter, text: str, pieces: set[int] | None) -> None:
        self._gate = gate
        self.text = text
        self.pieces = pieces
        self._literals: tuple[frozenset[str], dict[str, list[int]] | None] | None = None
        self._starts: dict[str, list[int]] | None = None
        self._starts_read = False
        self._longest: int | None = None
        # Where a head's matches may start, by head: the phrase patterns share one head
        # (the password words), and each asked for the same places over again.
        self.places: dict[frozenset[str], list[int] | None] = {}

    def _read(self) -> tuple[frozenset[str], dict[str, list[int]] | None]:
        if self._literals is None:
            self._literals = self._gate.literals(self.text)
        return self._literals

    @property
    def found(self) -> frozenset[str]:
        return self._read()[0]

    @property
    def starts(self) -> dict[str, list[int]] | None:
        if not self._starts_read:
            if self.pieces is None or self._literals is not None:
                self._starts = self._read()[1]
            else:  # with Hyperscan only the heads are asked for: a smaller automaton
                self._starts = self._gate.head_starts(self.text)
            self._starts_read = True
        return self._starts

    @property
    def longest(self) -> int:
        if self._longest is None:
            self._longest = longest_chunk(self.text)
        return self._longest


class Prefilter:
    """One pass over a text telling which of many patterns can match it, and where."""

    def __init__(
        self,
        requirements: Sequence[tuple[Clause, ...]],
        heads: Sequence[frozenset[str] | None],
        widths: Sequence[int | None],
        conditions: Callable[[], Sequence[Condition | None]] | None = None,
    ) -> None:
        self._requirements = list(requirements)
        self._accelerator = Accelerator(conditions) if conditions and AVAILABLE else None
        if self._accelerator is not None:
            register(self._accelerator)
        self._widths = list(widths)
        # Equal heads made one object, so a head's places are looked up by identity.
        interned: dict[frozenset[str], frozenset[str]] = {}
        self._heads = [interned.setdefault(h, h) if h and _useful_head(h) else None for h in heads]
        head_literals = {lit for h in self._heads if h for lit in h}
        literals = {lit for req in self._requirements for clause in req for lit in clause}
        literals |= head_literals
        self._automaton: Any = None
        if literals:
            self._automaton = ahocorasick.Automaton()
            for lit in literals:
                self._automaton.add_word(lit, (lit, lit in head_literals))
            self._automaton.make_automaton()
        self._head_literals = head_literals
        self._head_automaton: Any = None

    @property
    def accelerated(self) -> bool:
        """Whether Hyperscan's database for these patterns is built."""
        return self._accelerator is not None and self._accelerator.ready

    def scan(self, text: str) -> Seen:
        """A pass over `text`: Hyperscan's now when it is built, the literals' when asked."""
        accelerator = self._accelerator
        if accelerator is None or not (SKIP and USE_HYPERSCAN):
            return Seen(self, text, None)
        return Seen(self, text, accelerator.found(text))

    def literals(self, text: str) -> tuple[frozenset[str], dict[str, list[int]] | None]:
        """The literals of every pattern that occur in `text` (compared folded), and where
        each head literal starts."""
        if self._automaton is None:
            return frozenset(), None
        folded = fold(text)
        found: set[str] = set()
        starts: dict[str, list[int]] = {}
        for end, (lit, is_head) in self._automaton.iter(folded):
            found.add(lit)
            if is_head:
                starts.setdefault(lit, []).append(end - len(lit) + 1)
        return frozenset(found), starts if len(folded) == len(text) else None

    def head_starts(self, text: str) -> dict[str, list[int]] | None:
        """Where each head literal starts in `text` (as `literals` gives), read with an
        automaton of the heads alone: with Hyperscan the clause literals are not asked."""
        if not self._head_literals:
            return None
        if self._head_automaton is None:
            automaton = ahocorasick.Automaton()
            for lit in self._head_literals:
                automaton.add_word(lit, (lit, len(lit) - 1))
            automaton.make_automaton()
            self._head_automaton = automaton
        folded = fold(text)
        if len(folded) != len(text):
            return None
        starts: dict[str, list[int]] = {}
        for end, (lit, back) in self._head_automaton.iter(folded):
            if lit in starts:
                starts[lit].append(end - back)
            else:
                starts[lit] = [end - back]
        return starts

    def may_match(self, index: int, seen: Seen) -> bool:
        """False only when pattern `index` certainly cannot match the scanned text: its
        Hyperscan condition fails, a word it needs is missing, or it spans more characters
        than any chunk of the text has (`candidates` of one pattern)."""
        return bool(self.candidates(index, 1, seen))

    def starts(self, index: int, seen: Seen) -> list[int] | None:
        """Every place a match of pattern `index` could start, ascending; None to scan all.
        (The list is shared by the patterns of one head: read it, do not change it.)"""
        literals = self._heads[index]
        if literals is None or not SKIP:
            return None
        memo = seen.places
        if literals in memo:
            return memo[literals]
        places = self._head_places(literals, seen)
        memo[literals] = places
        return places

    def _head_places(self, literals: frozenset[str], seen: Seen) -> list[int] | None:
        found = seen.starts
        if found is None:
            return None
        places: set[int] = set()
        if len(literals) < len(found):  # walk the fewer: the head's literals or those found
            for lit in literals:
                at = found.get(lit)
                if at is not None:
                    places.update(at)
                    if len(places) > MAX_STARTS:
                        return None
            return sorted(places)
        for lit, at in found.items():
            if lit in literals:
                places.update(at)
                if len(places) > MAX_STARTS:
                    return None
        return sorted(places)

    def candidates(self, offset: int, count: int, seen: Seen) -> list[int]:
        """Of patterns `offset` to `offset + count`, those that may match (numbered from
        `offset`; see `may_match`), in one loop: it runs for every view of a text. A
        Hyperscan condition, where there is one, is stricter than the words and decides."""
        if not SKIP:
            return list(range(count))
        widths, requirements = self._widths, self._requirements
        pieces: set[int] = set() if seen.pieces is None else seen.pieces
        conditions = None
        if seen.pieces is not None:
            assert self._accelerator is not None
            conditions = self._accelerator.conditions
        longest: int | None = None
        out: list[int] = []
        for i in range(count):
            where = offset + i
            width = widths[where]
            if width is not None:
                if longest is None:
                    longest = seen.longest
                if longest < width:
                    continue
            if conditions is not None:
                condition = conditions[where]
                if condition is not None:
                    required, groups = condition
                    if required <= pieces and (not groups or holds(condition, pieces)):
                        out.append(i)
                    continue
            needs = requirements[where]
            if needs:
                found = seen.found
                if any(clause.isdisjoint(found) for clause in needs):
                    continue
            out.append(i)
        return out

    def finditer(
        self,
        index: int,
        seen: Seen,
        pattern: regex.Pattern[str],
        text: str,
        budget: Budget,
        places: list[int] | None = None,
    ) -> Iterator[regex.Match[str]]:
        """`pattern.finditer(text)` — the same matches — trying only the possible starts:
        its head's, or `places` (ascending) when the caller knows better ones."""
        if places is None or not SKIP:
            places = self.starts(index, seen)
        # A `LazyRegex` forwards each attribute through Python: take the compiled pattern.
        pattern = getattr(pattern, "compiled", pattern)
        if places is None:
            yield from budget.finditer(pattern, text)
            return
        resume = 0  # like finditer: the next match begins where the last one ended
        match, timeout = pattern.match, budget.timeout  # `budget.match`, one call fewer a place
        for place in places:
            if place < resume:
                continue
            m = match(text, place, timeout=timeout())
            if m is not None:
                yield m
                resume = max(m.end(), place + 1)


# Where a pattern can start, from the places its near match starts (see `near_places`).
StartsFrom = Callable[[str, Sequence[int]], "list[int] | None"]


def in_run(chars: str) -> StartsFrom:
    """Starts for a pattern whose every match runs through characters of the class
    `chars` from its start to the start of one of its near matches (a cookie's name
    before "session"): every place from the start of that run up to the near match."""
    back = lazy(r"(?r)" + chars + "*")

    def starts(text: str, anchors: Sequence[int]) -> list[int] | None:
        places: set[int] = set()
        for anchor in anchors:
            floor = max(0, anchor - MAX_STARTS)
            m = back.match(text, floor, anchor)
            start = anchor if m is None else m.start()
            if start == floor and floor > 0:
                return None  # the run reaches further back than it is worth walking
            places.update(range(start, anchor + 1))
            if len(places) > MAX_STARTS:
                return None
        return sorted(places)

    return starts


def in_tokens(first: int, last: int, openers: str = "") -> StartsFrom:
    """Starts for a pattern whose every match begins `first` to `last` whitespace-separated
    tokens before one of its near matches ("hunter2 is my password": three to five before
    "password"), at a token's start or just after one of `openers` inside it."""
    back = lazy(r"(?r)(?:(\S+)\s+){1," + str(last) + "}")
    reach = 80 * last  # characters walked back at most

    def starts(text: str, anchors: Sequence[int]) -> list[int] | None:
        places: set[int] = set()
        for anchor in anchors:
            floor = max(0, anchor - reach)
            m = back.match(text, floor, anchor)
            if m is None:
                continue  # no token before it: nothing can start there
            if m.start() == floor and floor > 0:
                return None  # a token may run on past the walk
            for a, b in m.spans(1)[first - 1 : last]:  # nearest first
                places.add(a)
                places.update(i + 1 for i in range(a, b - 1) if text[i] in openers)
            if len(places) > MAX_STARTS:
                return None
        return sorted(places)

    return starts


def near_places(
    nears: Family,
    near: regex.Pattern[str] | None,
    starts_from: StartsFrom | None,
    text: str,
    budget: Budget,
) -> tuple[bool, list[int] | None]:
    """Whether a pattern gated by `near` (a cheap pattern every match of it contains, one
    of the family `nears`) may match `text`, and the places it can start when
    `starts_from` tells them from where `near` matches (None: wherever its gate allows).
    A pattern with no `near` may match anywhere its gate allows."""
    if near is None:
        return True, None
    at = nears.matching_places(near, text, budget)
    if at is None:  # where the near match could start is not known: one search says
        return nears.search(near, text, budget), None
    if not at:
        return False, None
    return True, None if starts_from is None else starts_from(text, at)


def prefilter(patterns: Iterable[tuple[str, int]]) -> Prefilter:
    """The prefilter of (source, flags) pairs, each gated by its strongest clauses and,
    with Hyperscan, by its condition."""
    pairs = list(patterns)
    gates = [shipped.gate(source, flags) for source, flags in pairs]
    return Prefilter(
        [_strongest(found) for found, _, _ in gates],
        [start for _, start, _ in gates],
        [_useful_width(width) for _, _, width in gates],
        lambda: [shipped.shipped_condition(source, flags) for source, flags in pairs],
    )


def _useful_head(head: frozenset[str] | None) -> bool:
    """A head worth finding: no literal of one character, and not a crowd of pairs."""
    if not head or min(map(len, head)) < _MIN_HEAD:
        return False
    return sum(len(lit) == 2 for lit in head) <= _MAX_PAIRS


def _useful_width(width: int) -> int | None:
    """Short runs say nothing: nearly every text has a chunk of eight characters."""
    return width if width > 8 else None


class Pool:
    """Patterns from several modules that read the same text, gated by one pass over it.

    Each module takes a `Family` of its patterns from the pool at import; the pool's
    prefilter, over every family's patterns, is built on first use, and the pass over a
    text is kept on the check's budget, so one check scans its text once in all.
    """

    def __init__(self) -> None:
        self.patterns: list[regex.Pattern[str]] = []
        self._prefilter: Prefilter | None = None

    def family(self, patterns: Sequence[regex.Pattern[str]]) -> Family:
        offset = len(self.patterns)
        self.patterns.extend(patterns)
        self._prefilter = None  # rebuilt with the new patterns on next use
        return Family(self, offset, patterns)

    def prefilter(self) -> Prefilter:
        if self._prefilter is None:
            self._prefilter = prefilter((p.pattern, p.flags) for p in self.patterns)
        return self._prefilter

    def seen(self, text: str, budget: Budget) -> Seen:
        key = (id(self), id(text))
        memo = budget.shared.get(key)
        if isinstance(memo, Seen) and memo.text is text:
            return memo
        seen = self.prefilter().scan(text)
        budget.shared[key] = seen
        _count_scan()
        return seen


class Family:
    """Some patterns of a `Pool`, run each only when and where the pass allows."""

    def __init__(self, pool: Pool, offset: int, patterns: Sequence[regex.Pattern[str]]) -> None:
        self._pool = pool
        self._offset = offset
        self.patterns = tuple(patterns)
        self._index = {id(p): offset + i for i, p in enumerate(patterns)}

    def over(self, text: str, budget: Budget) -> Run:
        """The family's patterns over `text`, with the pool's pass over it."""
        seen = self._pool.seen(text, budget)
        return Run(self._pool.prefilter(), seen, self._offset, len(self.patterns), budget)

    def may_match(self, index: int, text: str, budget: Budget) -> bool:
        """False only when the family's pattern `index` cannot match `text`."""
        return self.over(text, budget).may_match(index)

    def possible(self, pattern: regex.Pattern[str], text: str, budget: Budget) -> bool:
        """False only when `pattern` (one of the family's) cannot match `text`, read from
        the pass alone: a pattern kept as a gate is asked without running its regex."""
        return self.may_match(self._index[id(pattern)] - self._offset, text, budget)

    def starts(self, index: int, text: str, budget: Budget) -> list[int] | None:
        """Where a match of the family's pattern `index` could start; None: anywhere."""
        return self.over(text, budget).starts(index)

    def finditer_at(
        self, index: int, pattern: regex.Pattern[str], text: str, budget: Budget
    ) -> Iterator[regex.Match[str]]:
        """`budget.finditer(pattern, text)` for the family's pattern `index`, skipped or
        tried only at its possible starts, as the pass allows: the same matches."""
        return self.over(text, budget).finditer(index, pattern)

    def finditer(
        self, pattern: regex.Pattern[str], text: str, budget: Budget
    ) -> Iterator[regex.Match[str]]:
        return self.finditer_at(self._index[id(pattern)] - self._offset, pattern, text, budget)

    def matching_places(
        self, pattern: regex.Pattern[str], text: str, budget: Budget
    ) -> list[int] | None:
        """Every place where `pattern` matches, each tried on its own (not one after another
        as `finditer` goes, so a match inside another is found too); None when where it can
        start is not known (no head, too many starts, or case folding moved characters)."""
        index = self._index[id(pattern)] - self._offset
        run = self.over(text, budget)
        if not run.may_match(index):
            return []
        places = run.starts(index)
        if places is None or not SKIP:
            return None
        compiled = getattr(pattern, "compiled", pattern)
        return [place for place in places if budget.match(compiled, text, place) is not None]

    def search(self, pattern: regex.Pattern[str], text: str, budget: Budget) -> bool:
        """Whether `pattern` occurs in `text` (the first match `finditer` would give)."""
        return next(self.finditer(pattern, text, budget), None) is not None


class Run:
    """A family's patterns over one text: what the pass allows each of them."""

    __slots__ = ("_budget", "_count", "_gate", "_offset", "_seen")

    def __init__(
        self, gate: Prefilter, seen: Seen, offset: int, count: int, budget: Budget
    ) -> None:
        self._gate = gate
        self._seen = seen
        self._offset = offset
        self._count = count
        self._budget = budget

    def may_match(self, index: int) -> bool:
        return self._gate.may_match(self._offset + index, self._seen)

    def candidates(self) -> list[int]:
        """The family's patterns that may match, in order: the only ones worth a loop."""
        return self._gate.candidates(self._offset, self._count, self._seen)

    def matches(
        self, index: int, pattern: regex.Pattern[str], places: list[int] | None = None
    ) -> Iterator[regex.Match[str]]:
        """`finditer` for a pattern `candidates` named (its gate is not asked again), tried
        only at `places` when given: the caller vouches no match starts elsewhere."""
        where = self._offset + index
        seen = self._seen
        return self._gate.finditer(where, seen, pattern, seen.text, self._budget, places)

    def starts(self, index: int) -> list[int] | None:
        return self._gate.starts(self._offset + index, self._seen)

    def finditer(self, index: int, pattern: regex.Pattern[str]) -> Iterator[regex.Match[str]]:
        where = self._offset + index
        if not self._gate.may_match(where, self._seen):
            return iter(())
        return self._gate.finditer(where, self._seen, pattern, self._seen.text, self._budget)


# A process that has scanned this many texts is long-lived enough to pay for Hyperscan's
# compile (a second or two of CPU, in the background); a one-shot CLI call never does.
ACCELERATE_AFTER = 256
_scans = 0


def _count_scan() -> None:
    global _scans
    _scans += 1
    if _scans == ACCELERATE_AFTER:
        accelerate()


# The text a privacy check reads (NFKC-folded), the unmasked views of it, and the views
# an injection check reads: each pool's patterns share one pass per text.
TEXT = Pool()
UNMASKED = Pool()
VIEWS = Pool()
