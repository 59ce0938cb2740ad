"""Which patterns can match a text at all, found with one scan instead of one per pattern.

A guard holds some two hundred patterns; run one by one, each scans the whole text,
so a 2,000-character message cost ~20 ms while a short one cost ~1 ms. Almost every
pattern needs some word or prefix to be present ("ignore", "sk-", "passport"). This
module derives those words from each pattern's own source — never written by hand,
so a pattern cannot drift from its gate — as clauses: every clause must have one of
its literals in the text, or the pattern cannot match. One Aho–Corasick pass finds
every literal at once, and only the patterns whose clauses are all met run.
Literals are compared case-folded, so the gate admits a superset of the texts a
pattern (case-sensitive or not) can match: it may let a pattern run in vain, never
keep it from a text it would match.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ahocorasick

# The stdlib's own regex parser (typeshed has no stubs for these modules): reading
# patterns with it means no second regex grammar to maintain here.
sre: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")

Clause = frozenset[str]

# A literal shorter than this is in nearly every text: a clause holding one is dropped.
_MIN_LITERAL = 2
_MAX_CLASS = 10  # characters a class may hold and still count as a set of literals
_MAX_EXACT = 64  # strings an exact-set product may hold before it is given up
# `regex`-only syntax the stdlib parser lacks; replaced by something of the same width.
_REGEX_ONLY = re.compile(r"\\[pP]\{[^}]*\}|\\[pP][A-Za-z]")


@dataclass(frozen=True)
class _Info:
    """What a piece of a pattern tells about every string it can match.

    `exact`: the complete set of strings it can match, when small and known;
    `clauses`: literals it must contain (each clause: at least one of its members).
    """

    exact: frozenset[str] | None
    clauses: tuple[Clause, ...]


_EMPTY = _Info(frozenset({""}), ())
_UNKNOWN = _Info(None, ())


def fold(text: str) -> str:
    """The form literals are compared in. Case folding maps every character a
    case-insensitive match accepts for a Latin letter to that letter, except the
    dotless ı, mapped by hand."""
    return text.casefold().replace("ı", "i")


def _clause_of(exact: frozenset[str]) -> tuple[Clause, ...]:
    if not exact or min(len(s) for s in exact) < _MIN_LITERAL:
        return ()
    # A literal containing another adds nothing: the shorter one is present whenever it is.
    kept = {s for s in exact if not any(t != s and t in s for t in exact)}
    return (frozenset(kept),)


def _strength(clause: Clause) -> tuple[int, int]:
    return (min(len(s) for s in clause), -len(clause))


def _best(clauses: Sequence[Clause]) -> Clause | None:
    return max(clauses, key=_strength) if clauses else None


def _concat(items: Iterable[_Info]) -> _Info:
    clauses: list[Clause] = []
    run: frozenset[str] = frozenset({""})  # every string the current run of exact pieces spells
    all_exact = True
    for info in items:
        clauses.extend(info.clauses)
        if info.exact is None:
            all_exact = False
            clauses.extend(_clause_of(run))
            run = frozenset({""})
            continue
        product = frozenset(a + b for a in run for b in info.exact)
        if len(product) <= _MAX_EXACT:
            run = product
        else:
            all_exact = False
            clauses.extend(_clause_of(run))
            run = info.exact
    if all_exact:
        return _Info(run, tuple(clauses))
    return _Info(None, (*clauses, *_clause_of(run)))


def _branch(alternatives: Iterable[_Info]) -> _Info:
    infos = list(alternatives)
    if all(info.exact is not None for info in infos):
        exact = frozenset().union(*(info.exact or () for info in infos))
        if len(exact) <= _MAX_EXACT:
            return _Info(exact, ())
    union: set[str] = set()
    for info in infos:
        best = _best(info.clauses + (_clause_of(info.exact) if info.exact is not None else ()))
        if best is None:
            return _UNKNOWN  # one alternative needs nothing, so the whole needs nothing
        union |= best
    return _Info(None, _clause_of(frozenset(union)))


def _repeat(low: int, high: int, body: _Info) -> _Info:
    if low == 0:
        if high == 1 and body.exact is not None:
            return _Info(body.exact | {""}, ())
        return _EMPTY if high == 0 else _Info(None, ())
    if body.exact is not None and low == high and low <= 4:
        return _concat([body] * low)
    # At least one copy is there, so its clauses hold; what it spells exactly is lost.
    own = body.clauses + (_clause_of(body.exact) if body.exact is not None else ())
    return _Info(None, own)


def _info(parsed: Any) -> _Info:
    return _concat(_node(op, av) for op, av in parsed)


def _node(op: Any, av: Any) -> _Info:
    if op is sre.LITERAL:
        return _Info(frozenset({fold(chr(av))}), ())
    if op is sre.IN:
        return _class(av)
    if op is sre.SUBPATTERN:
        return _info(av[-1])
    if op is sre.ATOMIC_GROUP:
        return _info(av)
    if op is sre.BRANCH:
        return _branch(_info(alternative) for alternative in av[1])
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, body = av
        return _repeat(low, high, _info(body))
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return _EMPTY  # zero width: needs nothing of the text it stands in
    return _UNKNOWN  # any character, a class, a back-reference, a conditional


def _class(items: Any) -> _Info:
    """A small set of characters (`[pousr]`, `[_\\-]`) is exact; anything wider is unknown."""
    chars: set[str] = set()
    for kind, value in items:
        if kind is sre.LITERAL:
            chars.add(fold(chr(value)))
        elif kind is sre.RANGE and value[1] - value[0] < _MAX_CLASS:
            chars.update(fold(chr(code)) for code in range(value[0], value[1] + 1))
        else:
            return _UNKNOWN  # negated, a category (\\d, \\w) or a wide range
    return _Info(frozenset(chars), ()) if len(chars) <= _MAX_CLASS else _UNKNOWN


def clauses(source: str, flags: int = 0) -> tuple[Clause, ...]:
    """The literal clauses every match of `source` satisfies; () when none are known.

    >>> [sorted(c) for c in clauses(r"\\b(?:ignore|disregard)\\s+previous\\s+instructions?")]
    [['disregard', 'ignore'], ['previous'], ['instruction']]
    """
    # Only the literal structure matters here; IGNORECASE is covered by folding, the
    # `regex`-only flags (VERSION0/1, FULLCASE…) do not change which literals a match holds.
    try:
        parsed = sre_parse.parse(_REGEX_ONLY.sub(r"\\w", source), flags & (re.X | re.S | re.M))
    except (re.error, OverflowError, RecursionError):
        return ()
    found = _info(list(parsed))
    extra = _clause_of(found.exact) if found.exact is not None else ()
    unique: dict[Clause, None] = dict.fromkeys(found.clauses + extra)
    return tuple(unique)


# A pattern keeps its strongest clauses only: each further clause narrows little and adds
# literals (matches) to the one scan every text pays for.
_MAX_CLAUSES = 3


def _strongest(found: Sequence[Clause]) -> tuple[Clause, ...]:
    ranked = sorted(found, key=_strength, reverse=True)
    if ranked and _strength(ranked[0])[0] >= 3:
        ranked = [c for c in ranked if _strength(c)[0] >= 3]
    return tuple(ranked[:_MAX_CLAUSES])


class Prefilter:
    """One pass over a text telling which of many patterns can match it.

    `requirements[i]` are the clauses of pattern i (see `clauses`; () runs it always).
    The literals are found by an Aho–Corasick automaton, linear in the text whatever
    their number, so the pass cannot be made slow by input.
    """

    def __init__(self, requirements: Sequence[tuple[Clause, ...]]) -> None:
        self._requirements = list(requirements)
        literals = {lit for req in self._requirements for clause in req for lit in clause}
        # One-character literals (a hint such as ":") would match all over a text: they are
        # looked up with `in`, the rest by the automaton.
        self._chars = sorted(lit for lit in literals if len(lit) == 1)
        self._automaton: Any = None
        if len(literals) > len(self._chars):
            self._automaton = ahocorasick.Automaton()
            for lit in literals:
                if len(lit) > 1:
                    self._automaton.add_word(lit, lit)
            self._automaton.make_automaton()

    def found(self, text: str) -> frozenset[str]:
        """Every literal of any pattern that occurs in `text`, compared folded."""
        folded = fold(text)
        out = {ch for ch in self._chars if ch in folded}
        if self._automaton is not None:
            out.update(lit for _end, lit in self._automaton.iter(folded))
        return frozenset(out)

    def may_match(self, index: int, found: frozenset[str]) -> bool:
        """False only when pattern `index` certainly cannot match the text `found` came from."""
        return all(not clause.isdisjoint(found) for clause in self._requirements[index])


def prefilter(patterns: Iterable[tuple[str, int]]) -> Prefilter:
    """The prefilter of (source, flags) pairs, each gated by its strongest clauses."""
    return Prefilter([_strongest(clauses(source, flags)) for source, flags in patterns])
