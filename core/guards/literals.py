"""The words a pattern cannot match without, read from the pattern's own source.

Almost every guard pattern needs some word or prefix to be present ("ignore", "sk-",
"passport"), and many can only start with one of a few ("send|forward|…"). Both are
derived here from the regex itself — never written by hand, so a pattern cannot drift
from its gate — as `clauses` (every clause must have one of its literals in the text)
and a `head` (every match starts with one of these). Literals are case-folded, so what
is derived holds for a superset of the texts a pattern (case-sensitive or not) can
match: `core.guards.prefilter` may run a pattern in vain, never keep it from a match.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

# The stdlib's own regex parser (typeshed has no stubs for these modules): reading
# patterns with it means no second regex grammar to maintain here.
sre: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")

Clause = frozenset[str]

# A literal shorter than this is in nearly every text: a clause holding one is dropped.
_MIN_LITERAL = 2
_MAX_CLASS = 10  # characters a class may hold and still count as a set of literals
_MAX_EXACT = 64  # strings an exact-set product may hold before it is given up
_MAX_HEAD = 512  # strings a head (what a match starts with) may hold
# `regex`-only syntax the stdlib parser lacks, replaced by a class of the same width:
# \w for letters, digits and marks of a script (never a space), \s for anything else.
_REGEX_ONLY = re.compile(r"\\([pP])(?:\{([^}]*)\}|([A-Za-z]))")
_NEVER_SPACE = re.compile(
    r"[LNM][a-z]?|Han|Katakana|Hiragana|Hangul|Extended_Pictographic|Emoji\w*"
    r"|Script=(?!Common|Zyyy|Inherited|Zinh)\w+"
)


def _stdlib_syntax(source: str) -> str:
    def replace(m: re.Match[str]) -> str:
        name = m.group(2) or m.group(3)
        return r"\w" if m.group(1) == "p" and _NEVER_SPACE.fullmatch(name) else r"\s"

    return _REGEX_ONLY.sub(replace, source)


@dataclass(frozen=True)
class _Info:
    """What a piece of a pattern tells about every string it can match.

    `exact`: the complete set of strings it can match, when small and known;
    `clauses`: literals it must contain (each clause: at least one of its members);
    `head`: strings one of which every match starts with, when known ("" among them: the
    piece may match nothing, and what follows it starts the match).
    """

    exact: frozenset[str] | None
    clauses: tuple[Clause, ...]
    head: frozenset[str] | None = None


_EMPTY = _Info(frozenset({""}), ())
_UNKNOWN = _Info(None, ())


# Every whitespace character outside ASCII (`\s` takes no other: a test checks), as a space:
# folded so, `\s` is the six ASCII spaces, few enough to spell out as literals.
_ASCII_SPACES = " \t\n\r\x0b\x0c"
_WIDE_SPACES = {code: " " for code in range(0x80, 0x3001) if chr(code).isspace()}


def fold(text: str) -> str:
    """The form literals are compared in. Case folding maps every character a
    case-insensitive match accepts for a Latin letter to that letter, except the
    dotless ı, mapped by hand; wide spaces become " ". Lengths stay (for text without
    characters that fold to two, such as ß), so positions carry over."""
    folded = text.casefold()
    if folded.isascii():
        return folded
    folded = folded.replace("ı", "i")
    if any(chr(code) in folded for code in _WIDE_SPACES):  # a few C scans, not a translate
        folded = folded.translate(_WIDE_SPACES)
    return folded


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


def _head_of(info: _Info) -> frozenset[str] | None:
    return info.exact if info.exact is not None else info.head


def _concat(items: Iterable[_Info]) -> _Info:
    pieces = list(items)
    clauses: list[Clause] = []
    run: frozenset[str] = frozenset({""})  # every string the current run of exact pieces spells
    all_exact = True
    for info in pieces:
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
    return _Info(None, (*clauses, *_clause_of(run)), _concat_head(pieces))


def _concat_head(pieces: Sequence[_Info]) -> frozenset[str] | None:
    """What a sequence starts with: the pieces spelled out while they are exact, cut at
    the first piece that is not (its own start appended); a piece that may be empty
    ("" in its start) lets the next one's start through as well."""
    spelled: set[str] = {""}  # the match so far is exactly one of these
    cut: set[str] = set()  # the match starts with one of these, then anything
    for info in pieces:
        starts = _head_of(info)
        if starts is None or len(spelled) * len(starts) + len(cut) > _MAX_HEAD:
            if "" in spelled:
                return None  # nothing spelled yet: the match may start with anything
            return frozenset(cut | spelled)  # anything may follow what was spelled
        if info.exact is not None:
            spelled = {a + b for a in spelled for b in starts}
            continue
        cut |= {a + b for a in spelled for b in starts if b}
        if "" not in starts:
            return frozenset(cut)
    return frozenset(cut | spelled)


def _usable(head: frozenset[str] | None) -> frozenset[str] | None:
    """A head that may be empty says nothing about where a match starts."""
    return head if head and "" not in head else None


def _branch(alternatives: Iterable[_Info]) -> _Info:
    infos = list(alternatives)
    if all(info.exact is not None for info in infos):
        exact = frozenset().union(*(info.exact or () for info in infos))
        if len(exact) <= _MAX_EXACT:
            return _Info(exact, ())
    heads = [_head_of(info) for info in infos]
    head = None if None in heads else frozenset().union(*(h or () for h in heads))
    union: set[str] = set()
    for info in infos:
        best = _best(info.clauses + (_clause_of(info.exact) if info.exact is not None else ()))
        if best is None:
            return _Info(None, (), head)  # one alternative needs nothing, so the whole neither
        union |= best
    return _Info(None, _clause_of(frozenset(union)), head)


def _repeat(low: int, high: int, body: _Info) -> _Info:
    start = _head_of(body)  # a repetition starts as its first copy does
    if low == 0:
        if high == 0:
            return _EMPTY
        if high == 1 and body.exact is not None:
            return _Info(body.exact | {""}, ())
        return _Info(None, (), None if start is None else start | {""})
    if body.exact is not None and low == high and low <= 4:
        return _concat([body] * low)
    # At least one copy is there, so its clauses hold and it starts the match; what it
    # spells exactly is lost.
    own = body.clauses + (_clause_of(body.exact) if body.exact is not None else ())
    return _Info(None, own, start)


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
        elif kind is sre.CATEGORY and str(value) in ("CATEGORY_SPACE", "CATEGORY_UNI_SPACE"):
            chars.update(_ASCII_SPACES)  # what `\\s` matches, once folded
        else:
            return _UNKNOWN  # negated, a category (\\d, \\w) or a wide range
    return _Info(frozenset(chars), ()) if len(chars) <= _MAX_CLASS else _UNKNOWN


@cache  # patterns are code, not input: a few hundred entries for the process
def _read(source: str, flags: int) -> _Info:
    # Only the literal structure matters here; IGNORECASE is covered by folding, the
    # `regex`-only flags (VERSION0/1, FULLCASE…) do not change which literals a match holds.
    try:
        parsed = _parse(source, flags)
    except (re.error, OverflowError, RecursionError):
        return _UNKNOWN
    return _info(list(parsed))


@cache
def _parse(source: str, flags: int) -> Any:
    return sre_parse.parse(_stdlib_syntax(source), flags & (re.X | re.S | re.M))


def clauses(source: str, flags: int = 0) -> tuple[Clause, ...]:
    """The literal clauses every match of `source` satisfies; () when none are known.

    >>> [sorted(c) for c in clauses(r"\\b(?:ignore|disregard)\\s+previous\\s+instructions?")]
    [['disregard', 'ignore'], ['previous'], ['instruction']]
    """
    found = _read(source, flags)
    extra = _clause_of(found.exact) if found.exact is not None else ()
    unique: dict[Clause, None] = dict.fromkeys(found.clauses + extra)
    return tuple(unique)


def head(source: str, flags: int = 0) -> frozenset[str] | None:
    """Literals one of which every match of `source` starts with (after zero-width
    assertions), or None when a match may start anywhere.

    >>> sorted(head(r"(?<![a-z])(?:AKIA|ASIA)[A-Z0-9]{16}"))
    ['akia', 'asia']
    """
    return _usable(_head_of(_read(source, flags)))


def chunk_width(source: str, flags: int = 0) -> int:
    """The fewest characters of one whitespace-free run that every match of `source`
    holds (a key after "token=", the whole match of a key format): a text whose chunks
    (`text.split()`, see `longest_chunk`) are all shorter cannot match.

    >>> chunk_width(r"(?<![A-Za-z0-9])dapi[a-f0-9]{32}")
    36
    >>> chunk_width(r"(?i)token\\s*[=:]\\s*(?P<v>[A-Za-z0-9]{16,})")
    16
    >>> chunk_width(r"password\\s*=\\s*\\S+")
    8
    """
    try:
        parsed = _parse(source, flags)
    except (re.error, OverflowError, RecursionError):
        return 0
    return _runs(list(parsed)).need


@dataclass(frozen=True)
class _Runs:
    """Whitespace-free runs in every match of a piece: `need`, the longest run it is
    sure to hold; `lead`/`trail`, the run it surely starts/ends with; `width`, its
    fewest characters; `spaceless`, whether it never consumes whitespace."""

    need: int
    lead: int
    trail: int
    width: int
    spaceless: bool


_NO_RUN = _Runs(0, 0, 0, 0, False)
_ZERO_WIDTH = _Runs(0, 0, 0, 0, True)


def _runs(parsed: Any) -> _Runs:
    need = lead = run = width = 0
    leading = spaceless = True
    for op, av in parsed:
        piece = _piece_runs(op, av)
        width += piece.width
        if piece.spaceless:
            run += piece.width
            if leading:
                lead += piece.width
            continue
        need = max(need, run + piece.lead, piece.need)
        if leading:
            lead += piece.lead
            leading = False
        spaceless = False
        run = piece.trail
    need = max(need, run)
    return _Runs(need, lead, run if not spaceless else width, width, spaceless)


def _piece_runs(op: Any, av: Any) -> _Runs:
    if op is sre.LITERAL:
        return _Runs(1, 1, 1, 1, True) if not chr(av).isspace() else _Runs(0, 0, 0, 1, False)
    if op is sre.IN:
        if all(_spaceless_item(kind, value) for kind, value in av) or _excludes_space(av):
            return _Runs(1, 1, 1, 1, True)
        return _Runs(0, 0, 0, 1, False)
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return _ZERO_WIDTH
    if op is sre.SUBPATTERN:
        return _runs(av[-1])
    if op is sre.ATOMIC_GROUP:
        return _runs(av)
    if op is sre.BRANCH:
        alternatives = [_runs(alternative) for alternative in av[1]]
        return _Runs(
            min(a.need for a in alternatives),
            min(a.lead for a in alternatives),
            min(a.trail for a in alternatives),
            min(a.width for a in alternatives),
            all(a.spaceless for a in alternatives),
        )
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _high, body = av
        inner = _runs(body)
        if low == 0:
            return _Runs(0, 0, 0, 0, inner.spaceless)
        if inner.spaceless:
            total = low * inner.width
            return _Runs(total, total, total, total, True)
        return _Runs(inner.need, inner.lead, inner.trail, low * inner.width, False)
    return _NO_RUN  # any character, a negated literal, a back-reference, a conditional


def _excludes_space(items: Any) -> bool:
    """A negated class that leaves out `\\s` (`[^\\s"']`): it takes no whitespace but the
    four separators \\x1c-\\x1f, which `longest_chunk` removes before splitting."""
    return (
        bool(items)
        and items[0][0] is sre.NEGATE
        and any(
            kind is sre.CATEGORY and str(value) in ("CATEGORY_SPACE", "CATEGORY_UNI_SPACE")
            for kind, value in items[1:]
        )
    )


_SEPARATORS = dict.fromkeys(range(0x1C, 0x20))  # whitespace to `str.split`, not to `\s`


def longest_chunk(text: str) -> int:
    """The longest run of `text` without whitespace (as `\\s` or `str.split` see it)."""
    if any(chr(code) in text for code in _SEPARATORS):
        text = text.translate(_SEPARATORS)
    return max(map(len, text.split()), default=0)


_SPACELESS_CATEGORIES = frozenset({"CATEGORY_DIGIT", "CATEGORY_WORD", "CATEGORY_UNI_DIGIT",
                                   "CATEGORY_UNI_WORD"})  # fmt: skip


def _spaceless_item(kind: Any, value: Any) -> bool:
    if kind is sre.LITERAL:
        return not chr(value).isspace()
    if kind is sre.RANGE:
        low, high = value
        return not any(chr(code).isspace() for code in range(low, min(high, 0x3000) + 1))
    if kind is sre.CATEGORY:
        return str(value) in _SPACELESS_CATEGORIES
    return False  # a negated class can hold whitespace
