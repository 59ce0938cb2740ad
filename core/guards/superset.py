"""A guard pattern rewritten as a condition Hyperscan can test on a whole text at once.

`core.guards.prefilter` runs a pattern only when its words are in the text; on text that
holds the words without the pattern (look-alikes: "password" as a topic, "token = …"),
some twenty patterns ran for nothing. Hyperscan tests hundreds of regexes in one pass,
but it speaks PCRE over bytes, not the `regex` module over `str`: its `\\w`, case
folding and look-arounds differ. So each pattern is rewritten here into a condition
that holds on every text the pattern matches (a superset, never a miss):

- The text is scanned as bytes (`encode`): each run of whitespace as one space, each
  digit outside ASCII ("٣", "৭") as 0x80, each other character outside ASCII as "?",
  every other character as itself.
- Every character class becomes the exact set of ASCII characters it matches, tested
  with the `regex` module itself under the pattern's flags; the space if it takes any
  whitespace; 0x80 if it takes a digit outside ASCII; "?" if it takes "?" or any other
  character outside ASCII (asked of every such character). A pattern that needs spaces
  or other characters in a row stays satisfiable, since every piece that may take
  whitespace is optional. (With one byte for all of them, a run of Japanese or
  Cyrillic letters read as a run of `\\d`, and each identifier pattern ran on it.)
- Look-arounds, anchors and word boundaries match nothing wider than themselves, so they
  are dropped; a back-reference becomes the group it copies; possessive and lazy
  repeats become plain ones.
- Repeats of more than one character lose their upper bound, and a sequence is cut at
  such repeats (and at long runs of nearly any character) into pieces that must all be
  present: a pattern's match holds each piece, and cut so, Hyperscan compiles the set
  in well under a second instead of minutes.

The result is a `Condition`: a byte regex, or all/any of conditions; None when nothing
useful can be required (the pattern then runs as the literal gates allow). Derived
ahead of time with the other gates (`core.guards.shipped`).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import regex

sre: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")

# A condition: a byte regex (str of \\xHH escapes), or ("all"|"any", parts).
Condition = str | tuple[str, tuple["Condition", ...]]

NON_ASCII = 0x3F  # "?": what every character outside ASCII but a digit is scanned as
OTHER_DIGIT = 0x80  # what a digit outside ASCII (one `\\d` takes) is scanned as
SPACE = 0x20  # the byte every run of whitespace is scanned as
# What `\\s` takes in the `regex` module: a class holding one of these may take a
# space of the scanned text (`tests/test_guards_superset.py` checks the list).
WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
    "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_STRAY_SPACES = "\x1c\x1d\x1e\x1f"
_SPACE_RUN = regex.compile(r"\s+")
# ASCII characters that a case-insensitive `regex` match pairs with one outside ASCII
# (K and the Kelvin sign, s and the long s, i and the dotted/dotless i);
# `tests/test_guards_superset.py` checks the list against all of Unicode.
FOLDS_OUTSIDE_ASCII = frozenset("iIkKsS")
_ALL = frozenset(range(128)) | {OTHER_DIGIT}
_ASCII_BYTES = bytes(range(128))
# A run of one class longer than this keeps only its lower bound.
_MAX_BOUND = 32
# A class with at least this many members, the space among them, is "nearly any
# character": a long run of it says little, and keeping it inside a piece makes
# Hyperscan's compile explode.
_BROAD = 90
_SHORT_BODY = 8  # a repeated body of at most this many characters keeps its bounds
_FLAGS = re.I | re.M | re.S | re.X

# `\p{…}`/`\P{…}` are `regex` syntax the stdlib parser lacks: each is parsed as a
# private-use character standing for it, and its members are asked of `regex`.
_ESCAPE = re.compile(r"\\(?:[pP](?:\{[^}]*\}|[A-Za-z])|.)", re.S)
_PROPERTY_BASE = 0xF0000


class Untranslatable(ValueError):
    """The pattern uses syntax this rewriting does not know: it gets no condition."""


def encode(text: str) -> bytes:
    """`text` as scanned: each run of whitespace one space, each character outside ASCII
    "?", every other character itself (two C passes)."""
    # `str.split` also splits at \x1c-\x1f, which `\s` does not take.
    stray = any(ch in text for ch in _STRAY_SPACES)  # four C scans, not one per character
    spaced = _SPACE_RUN.sub(" ", text) if stray else " ".join(text.split())
    scanned = spaced.encode("ascii", "replace")  # one byte per character
    if spaced.isascii():
        return scanned
    # Digits outside ASCII are rare: the characters outside ASCII alone (C passes over
    # the UTF-8 bytes) are searched first, and the text only when one is there.
    others = spaced.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES)
    if not _DIGIT.search(others.decode("utf-8", "surrogatepass")):
        return scanned
    marked = bytearray(scanned)
    for m in _DIGIT.finditer(spaced):
        if ord(m.group()) > 0x7F:
            marked[m.start()] = OTHER_DIGIT
    return bytes(marked)


_DIGIT = regex.compile(r"\d")


@cache
def other_digits() -> str:
    """Every digit outside ASCII, as `\\d` takes them: what is scanned as 0x80."""
    return "".join(_DIGIT.findall(_every_char()))


@cache
def _every_char() -> str:
    return "".join(chr(c) for c in range(0x80, sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)


@cache
def _other_chars() -> str:
    """Every character outside ASCII that is scanned as "?" (not a digit, not whitespace),
    letters first, so a class that takes one is told at once."""
    skip = set(other_digits()) | WHITESPACE
    chars = [ch for ch in _every_char() if ch not in skip]
    return "".join(sorted(chars, key=lambda ch: not ch.isalpha()))


@dataclass(frozen=True)
class _Part:
    """One node rewritten: `inline`, a byte regex for exactly what it spans, when it can be
    written as one; `need`, conditions any match of it satisfies (beside `inline`);
    `empty`, whether it may match the empty string."""

    inline: str | None
    need: tuple[Condition, ...]
    empty: bool


_NOTHING = _Part("", (), True)


def condition(source: str, flags: int = 0) -> Condition | None:
    """What every text `regex.compile(source, flags)` matches satisfies, or None.

    >>> condition(r"\\bsk-[a-z]{3}\\s+x")
    '\\\\x73\\\\x6b\\\\x2d[\\\\x61-\\\\x7a]{3}\\\\x20?\\\\x78'
    """
    try:
        return _condition(source, flags & _FLAGS)
    except (Untranslatable, re.error, regex.error, OverflowError, RecursionError):
        return None


@cache
def _condition(source: str, flags: int) -> Condition | None:
    text, properties = _with_placeholders(source)
    parsed = sre_parse.parse(text, flags)
    writer = _Writer(properties)
    part = writer.sequence(list(parsed), (parsed.state.flags | flags) & _FLAGS)
    return _finish(part)


def _finish(part: _Part) -> Condition | None:
    needs = list(part.need)
    if part.inline is not None and not part.empty:
        needs.insert(0, part.inline)
    return _all(needs)


def _all(needs: Sequence[Condition]) -> Condition | None:
    unique = tuple(dict.fromkeys(needs))
    if not unique:
        return None
    return unique[0] if len(unique) == 1 else ("all", unique)


def _with_placeholders(source: str) -> tuple[str, dict[int, str]]:
    properties: dict[int, str] = {}

    def replace(m: re.Match[str]) -> str:
        if m.group(0)[1] not in "pP":
            return m.group(0)
        code = _PROPERTY_BASE + len(properties)
        properties[code] = m.group(0)
        return chr(code)

    return _ESCAPE.sub(replace, source), properties


_CATEGORIES = {
    "DIGIT": r"\d", "NOT_DIGIT": r"\D", "SPACE": r"\s", "NOT_SPACE": r"\S",
    "WORD": r"\w", "NOT_WORD": r"\W",
}  # fmt: skip


def _category(value: Any) -> str:
    name = str(value).removeprefix("CATEGORY_").removeprefix("UNI_")
    if name not in _CATEGORIES:
        raise Untranslatable(name)
    return _CATEGORIES[name]


@cache
def _members(item_source: str, ignore_case: bool, ascii_only: bool) -> frozenset[int]:
    """The bytes a one-character `regex` class may be scanned as, asked of `regex` itself:
    its ASCII characters but whitespace, the space if it takes any whitespace, 0x80 if it
    takes a digit outside ASCII, and "?" if it takes any other character outside ASCII."""
    pattern = regex.compile(item_source, (regex.I if ignore_case else 0) | regex.V0)
    found = {c for c in range(128) if chr(c) not in WHITESPACE and pattern.fullmatch(chr(c))}
    if any(pattern.fullmatch(ch) for ch in WHITESPACE):
        found.add(SPACE)
    if not ascii_only:
        if pattern.search(other_digits()):
            found.add(OTHER_DIGIT)
        if pattern.search(_other_chars()):
            found.add(NON_ASCII)
    return frozenset(found)


def _escaped(code: int) -> str:
    return f"\\U{code:08x}"


class _Writer:
    def __init__(self, properties: dict[int, str]) -> None:
        self._properties = properties
        self._groups: dict[int, tuple[Any, int]] = {}

    # ---- one character -------------------------------------------------------------
    def _literal(self, code: int, flags: int, negate: bool = False) -> frozenset[int]:
        folds = bool(flags & re.I)
        if code in self._properties:
            item, ascii_only = self._properties[code], False
        else:
            item = _escaped(code)
            ascii_only = code < 128 and not (folds and chr(code) in FOLDS_OUTSIDE_ASCII)
        if negate:
            item, ascii_only = "[^" + item + "]", False
        return _members(item, folds, ascii_only)

    def _class(self, items: Any, flags: int) -> frozenset[int]:
        folds = bool(flags & re.I)
        parts: list[str] = []
        ascii_only = True
        negate = False
        for kind, value in items:
            if kind is sre.NEGATE:
                negate, ascii_only = True, False
            elif kind is sre.LITERAL:
                if value in self._properties:
                    parts.append(self._properties[value])
                    ascii_only = False
                else:
                    parts.append(_escaped(value))
                    ascii_only &= value < 128 and not (folds and chr(value) in FOLDS_OUTSIDE_ASCII)
            elif kind is sre.RANGE:
                low, high = value
                if low in self._properties or high in self._properties:
                    raise Untranslatable("a range ending in a property")
                parts.append(_escaped(low) + "-" + _escaped(high))
                ascii_only &= high < 128 and not (
                    folds and any(chr(c) in FOLDS_OUTSIDE_ASCII for c in range(low, high + 1))
                )
            elif kind is sre.CATEGORY:
                parts.append(_category(value))
                ascii_only &= parts[-1] == r"\s"  # whitespace is scanned as a space
            else:
                raise Untranslatable(str(kind))
        return _members("[" + ("^" if negate else "") + "".join(parts) + "]", folds, ascii_only)

    def _char(self, op: Any, av: Any, flags: int) -> frozenset[int] | None:
        if op is sre.LITERAL:
            return self._literal(av, flags)
        if op is sre.NOT_LITERAL:
            return self._literal(av, flags, negate=True)
        if op is sre.IN:
            return self._class(av, flags)
        if op is sre.ANY:
            return _ALL if flags & re.S else _ALL - {10}
        return None

    # ---- structure -----------------------------------------------------------------
    def sequence(self, parsed: Any, flags: int) -> _Part:
        """A concatenation, cut into pieces at its gaps (see the module docstring)."""
        items = [(self.node(op, av, flags), self._is_gap(op, av, flags)) for op, av in parsed]
        return _joined(items)

    def _is_gap(self, op: Any, av: Any, flags: int) -> bool:
        if op not in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            return False
        _low, high, body = av
        chars = self._single(body, flags)
        if chars is None:
            if high <= 1 or _short(body):
                return False
            return not _narrow(self._reach(list(body), flags))
        return not _narrow(chars) and high > _MAX_BOUND

    def _reach(self, parsed: Any, flags: int) -> frozenset[int] | None:
        """Every byte a piece of pattern may consume (None: unknown)."""
        found: set[int] = set()
        for op, av in parsed:
            chars = self._char(op, av, flags)
            if chars is not None:
                found |= chars
            elif op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
                continue
            elif op is sre.SUBPATTERN:
                inner = self._reach(list(av[-1]), (flags | av[1]) & ~av[2])
                if inner is None:
                    return None
                found |= inner
            elif op is sre.ATOMIC_GROUP:
                inner = self._reach(list(av), flags)
                if inner is None:
                    return None
                found |= inner
            elif op is sre.BRANCH:
                for alternative in av[1]:
                    inner = self._reach(list(alternative), flags)
                    if inner is None:
                        return None
                    found |= inner
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                inner = self._reach(list(av[2]), flags)
                if inner is None:
                    return None
                found |= inner
            else:
                return None  # a back-reference or a conditional: not worth following
        return frozenset(found)

    def _single(self, body: Any, flags: int) -> frozenset[int] | None:
        items = list(body)
        if len(items) != 1:
            return None
        return self._char(items[0][0], items[0][1], flags)

    def node(self, op: Any, av: Any, flags: int) -> _Part:
        chars = self._char(op, av, flags)
        if chars is not None:
            return _one(chars)
        if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
            return _NOTHING  # zero width: requires nothing wider than itself
        if op is sre.SUBPATTERN:
            group, add, remove, body = av
            inner = (flags | add) & ~remove
            if group is not None:
                self._groups[group] = (body, inner)
            return _grouped(self.sequence(list(body), inner))
        if op is sre.ATOMIC_GROUP:
            return _grouped(self.sequence(list(av), flags))
        if op is sre.BRANCH:
            return _branch([self.sequence(list(a), flags) for a in av[1]])
        if op is sre.GROUPREF_EXISTS:
            _group, yes, no = av
            return _branch([self.sequence(list(yes), flags), self.sequence(list(no or []), flags)])
        if op is sre.GROUPREF:
            if av not in self._groups:
                raise Untranslatable("a reference to a group not yet seen")
            body, inner = self._groups[av]
            # A case-insensitive copy of the group covers both ways it may compare.
            return _grouped(self.sequence(list(body), inner | re.I))
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            return self._repeat(av, flags)
        raise Untranslatable(str(op))

    def _repeat(self, av: Any, flags: int) -> _Part:
        low, high, body = av
        if high == 0:
            return _NOTHING
        chars = self._single(body, flags)
        if chars is not None:
            if SPACE in chars:
                if chars == {SPACE}:
                    return _one(chars)  # a run of whitespace is one space when scanned
                low = 0  # its spaces may have been merged with a neighbouring run
            if high != sre.MAXREPEAT and high > _MAX_BOUND:
                high = sre.MAXREPEAT
            return _Part(_quantified(_emit(chars), low, high), (), low == 0)
        inner = self.sequence(list(body), flags)
        needs = inner.need if low > 0 else ()
        if inner.inline is None or inner.inline == "":
            return _Part(None if inner.inline is None else "", needs, inner.empty or low == 0)
        if not _short(body) and high > 1:
            # Many copies of a long body: whatever they span is a run of the bytes it may
            # consume (a few words: letters and spaces), written as one class.
            reach = self._reach(list(body), flags)
            if reach is not None and _narrow(reach):
                spaced = SPACE in reach or low == 0 or inner.empty
                return _Part(_emit(reach) + ("*" if spaced else "+"), needs, spaced)
            low, high = min(low, 1), sre.MAXREPEAT
        elif high != sre.MAXREPEAT and high > _MAX_BOUND:
            high = sre.MAXREPEAT
        return _Part(_quantified(inner.inline, low, high), needs, inner.empty or low == 0)


def _joined(items: list[tuple[_Part, bool]]) -> _Part:
    """Parts in a row, each with whether it is a gap: the inline runs between gaps (and
    parts that cannot be written inline) become pieces, all of which must be present.
    (Trying an optional gap away as a second row kept more words together but made the
    pieces slower to scan than the patterns they spared: measured, dropped.)"""
    needs: list[Condition] = []
    run: list[str] = []
    run_empty = inline_ok = empty = True

    def flush() -> None:
        nonlocal run_empty
        if run and not run_empty:
            needs.append("".join(run))
        run.clear()
        run_empty = True

    for part, gap in items:
        needs.extend(part.need)
        empty = empty and part.empty
        if part.inline is None or gap:
            inline_ok = False
            flush()
            continue
        run.append(part.inline)
        run_empty = run_empty and part.empty
    if inline_ok:
        return _Part("".join(run), tuple(needs), empty)
    flush()
    return _Part(None, tuple(needs), empty)


def _narrow(chars: frozenset[int] | None) -> bool:
    """Not "nearly any character, spaces included": a run of it stays in its piece.
    (A run that may span words and almost anything else is where a sequence is cut.)"""
    return chars is not None and (SPACE not in chars or len(chars) < _BROAD)


def _one(chars: frozenset[int]) -> _Part:
    """One character. One that may be whitespace is optional: in the scanned text a run
    of whitespace is one space, which a neighbouring piece of the pattern may have taken."""
    if SPACE in chars:
        return _Part((_hex(SPACE) if chars == {SPACE} else _emit(chars)) + "?", (), True)
    return _Part(_emit(chars), (), False)


def _short(body: Any) -> bool:
    """A body of a few characters at most (`[ \\-]?[A-Za-z0-9]`), cheap to repeat as written."""
    return bool(body.getwidth()[1] <= _SHORT_BODY)


def _grouped(part: _Part) -> _Part:
    if part.inline:
        return _Part("(?:" + part.inline + ")", part.need, part.empty)
    return part


def _branch(alternatives: Sequence[_Part]) -> _Part:
    empty = any(a.empty for a in alternatives)
    if all(a.inline is not None and not a.need for a in alternatives):
        written = [a.inline for a in alternatives if a.inline]
        if not written:
            return _NOTHING
        body = "(?:" + "|".join(dict.fromkeys(written)) + ")"
        return _Part(body + "?" if len(written) < len(alternatives) else body, (), empty)
    # Some alternative was cut into pieces: the branch needs one alternative's pieces.
    options: list[Condition] = []
    for a in alternatives:
        found = _finish(a)
        if found is None:
            return _Part(None, (), empty)  # one alternative needs nothing: neither does the branch
        options.append(found)
    unique = tuple(dict.fromkeys(options))
    return _Part(None, (unique[0] if len(unique) == 1 else ("any", unique),), empty)


def _quantified(inline: str, low: int, high: int) -> str:
    body = inline if _atom(inline) else "(?:" + inline + ")"
    if high == sre.MAXREPEAT:
        return body + ("*" if low == 0 else "+" if low == 1 else f"{{{low},}}")
    if low == high:
        return body if low == 1 else body + f"{{{low}}}"
    return body + ("?" if (low, high) == (0, 1) else f"{{{low},{high}}}")


def _atom(inline: str) -> bool:
    """One escaped byte or one class: quantifiable without a group."""
    if re.fullmatch(r"\\x[0-9a-f]{2}", inline):
        return True
    return inline.startswith("[") and inline.endswith("]") and inline.count("]") == 1


def _hex(code: int) -> str:
    return f"\\x{code:02x}"


def _emit(chars: frozenset[int]) -> str:
    if not chars:
        raise Untranslatable("a class that matches nothing")
    if len(chars) == 1:
        return _hex(next(iter(chars)))
    if chars >= _ALL:
        return "[\\x00-\\xff]"
    missing = sorted(_ALL - chars)
    if len(missing) < len(chars):
        return "[^" + _ranges(missing) + "]"
    return "[" + _ranges(sorted(chars)) + "]"


def _ranges(codes: Sequence[int]) -> str:
    out: list[str] = []
    i = 0
    while i < len(codes):
        j = i
        while j + 1 < len(codes) and codes[j + 1] == codes[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(_hex(codes[i]) + "-" + _hex(codes[j]))
        else:
            out.extend(_hex(c) for c in codes[i : j + 1])
        i = j + 1
    return "".join(out)
