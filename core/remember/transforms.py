"""MERGE only on proven transformations: two texts are one fact when named rewrites make them one.

Why this shape (issue 11): three blind splits in a row (test6, test7, test8) folded 3–6 %
of their distinct facts while every tuning split said 0 %, because the paraphrase rule
that made the folds was open-ended — it paired any two words WordNet, a collocation
table or a typo test could link, and a rule shaped by reading one split's misses met
pairs on the next that nobody had read. Here a restatement must be *derived*: the two
texts, compared as `wording.tokens` (contractions, British/American spelling, numerals,
framing openers, symbols and the chat short forms of `wording._SHORT` already made
one), become the same sequence of words once the transformations below are applied to
both sides. Each is a small function with a name, so `bench/reconcile_quality.py
--paths` counts the folds of every tuning split by the transformations they needed.

A transformation stays in `PROVEN` only while it folds **zero** distinct pairs on every
tuning split (dev, test, test3, test4, test6, test7, test8). Counts: MERGEs beyond a
NOOP that were right, all tuning splits together, and distinct pairs folded (recon10,
2026-12-04; a pair counts for each transformation applied until its words were one;
per split: `bench/reconcile_quality.py --paths`, which names each MERGE by them). In all
130 MERGEs beyond a NOOP, none of a distinct pair:

- `clock`        (4 / 0)  — one form for a clock time: "14:00", "2pm", "2 p.m.".
- `abbreviation` (16 / 0) — a word of the closed table `_ABBREVIATIONS` ("temp", "rm",
  "weds", "til") written out, and "v" off a version ("v4.2").
- `prepositions` (27 / 0) — "on"/"at" before a day, date or clock time ("on Fri" / "Fri").
- `habitual`     (9 / 0)  — "every Tuesday", "each Tuesday", "on Tuesdays" made one.
- `accents`      (9 / 0)  — "Siobhán" / "Siobhan": letters without their marks.
- `filler`       (8 / 0)  — words that add no fact ("really", "just", "currently", ...).
- `articles`     (75 / 0) — "the", "a", "an" dropped ("VPN is down" / "The VPN is down").
- `plural`       (13 / 0) — a word and its plural on the other side ("slips" / "slip").
- `compound`     (8 / 0)  — "log in" / "login": two words the other side writes as one.
- `acronym`      (8 / 0)  — "FDE" / "full disk encryption": capitals spelling a run.
- `typo`         (29 / 0) — one letter dropped, added or swapped with its neighbour in a
  word of ≥ 5 letters the lexicon does not know, beside one it knows (both unknown: only
  a doubled letter typed once, `paraphrase.typo`); never in a name (a capital past the
  first word) or an identifier (a digit).
- `s_is`         (17 / 0) — "'s" where the other side has "is" or "has" at the same place
  ("Chloe's responsible" / "Chloe is responsible").
- `reorder`      (13 / 0) — the same clauses, or the same items of one list, in another
  order.

Texts whose typed patterns or paths differ ("log-*" / "logs-*") are never rewritten.

Retired from folding (they folded distinct pairs, or could not be shown safe): WordNet
synonyms, collocations and phrasal verbs, light verbs ("takes place" for "is"),
classifier words before an id, "every X" for a bare plural, a passive for an active,
a verb made to agree with a plural made singular (3 right, but "Mr" / "Mrs" folded on
test6 — "mr" + "s") —
the open-ended pairing of `paraphrase`. Even one WordNet synonym swapped in place, all
else equal, was measured (46 right, 0 distinct, but "a manager's approval" / "a
director's", an update, folded as a restatement) and left out: a near-synonym is how
the blind splits' folds happened. `paraphrase` stays, as the source of near misses
(`reconcile.Decision.near_miss`): a pair it would have folded is offered for review,
never folded.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

import regex

from core.remember.canonical import TEXT_CACHE_SIZE
from core.remember.distinctions import FILLER, stem
from core.remember.paraphrase import acronyms_written, patterns, typo
from core.remember.revision import TIME_WORDS
from core.remember.synonyms import lemmas
from core.remember.wording import _OPENER_FIRST, _without_opener, joined, tokens

Words = tuple[str, ...]
Pair = tuple[Words, Words]
Transformation = Callable[[Pair, frozenset[str]], Pair]

SEP = "\x00"  # a clause or list boundary kept in the word sequence (",", ";", ".", "and")
TYPO_LETTERS = 5  # a typo is recognised only in a word at least this long
_BOUNDARY = regex.compile(r"[,;:!?]+|[.](?=\s|$)|\s[–—-]\s|\s&\s")
_LISTING = frozenset(["and", "or"])
_ARTICLES = frozenset(["the", "a", "an"])


_CLOCK = regex.compile(
    r"(?<![\d:.])(\d{1,2})(?::(\d{2}))?\s?([ap]\.?m\.?)?(?![\d:]|\.\d)", flags=regex.I
)


def _clock(match: regex.Match[str]) -> str:
    hour, minute, half = int(match.group(1)), match.group(2), match.group(3)
    if minute is None and half is None:
        return match.group()  # a bare number: no time
    if half is not None:
        hour = hour % 12 + (12 if half.casefold().startswith("p") else 0)
    if hour > 24:
        return match.group()
    return f"{hour}h{minute or '00'}"


def clauses(text: str) -> Words:
    """The text as `wording.tokens` compares it, with `SEP` where a clause or list item
    ends (punctuation, "and", "or"), none at the edges and no two in a row; a clock time
    written one way (`clock`: "14:00", "2pm", "2 p.m." → "14h00"), "&" as "and", "@" as
    "at"."""
    return _clauses(_clocked(text))


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _clocked(text: str) -> str:
    """The text with "&" as "and", "@" as "at" and every clock time in one form."""
    text = text.replace(" & ", " and ").replace(" @ ", " at ")
    return _CLOCK.sub(_clock, text) if any(ch.isdigit() for ch in text) else text


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _clauses(text: str) -> Words:
    marked = _BOUNDARY.sub(" qqsepqq ", text)
    out: list[str] = []
    for word in tokens(marked):
        boundary = word in ("qqsepqq", *_LISTING)
        if boundary and word in _LISTING:
            out.append(word)
            out.append(SEP)
        elif boundary:
            if out and out[-1] != SEP:
                out.append(SEP)
        else:
            out.append(word)
    found: Words = tuple(out)
    for _ in range(3):  # "ok so, btw: ..." — the openers a boundary kept apart
        while found and found[0] == SEP:
            found = found[1:]
        if not found or found[0] not in _OPENER_FIRST:
            break
        found = tuple(_without_opener(list(found)))
    while found and found[-1] == SEP:
        found = found[:-1]
    return found


def bare(words: Sequence[str]) -> Words:
    """The words without boundaries ("and" kept as a word)."""
    return tuple(w for w in words if w != SEP)


def _each(pair: Pair, keep: Callable[[str], bool]) -> Pair:
    a, b = pair
    return tuple(w for w in a if keep(w)), tuple(w for w in b if keep(w))


# Abbreviations people type, each for one word (a closed table; `wording._SHORT` holds
# the ones every comparison already reads).
_ABBREVIATIONS = {
    "temp": "temperature", "max": "maximum", "rm": "room", "ht": "height",
    "sats": "saturdays", "suns": "sundays", "mons": "mondays", "weds": "wednesdays",
    "fris": "fridays", "til": "until", "till": "until", "co": "company",
    "yr": "year", "yrs": "years", "hr": "hour", "hrs": "hours", "avg": "average",
    "govt": "government", "intl": "international", "qty": "quantity", "ref": "reference",
    "pct": "percent", "mo": "month", "mos": "months",
}  # fmt: skip
_VERSION_V = regex.compile(r"^v(\d.*)$")


def abbreviations(pair: Pair, _protected: frozenset[str]) -> Pair:
    """A word of the closed table `_ABBREVIATIONS` written out, and "v" off a version
    ("v4.2" / "4.2"), on both sides."""
    return tuple(map(_written, pair[0])), tuple(map(_written, pair[1]))


def _written(word: str) -> str:
    version = _VERSION_V.match(word)
    return version.group(1) if version else _ABBREVIATIONS.get(word, word)


_BEFORE_TIME = frozenset(["on", "at"])
_TIME_LIKE = regex.compile(r"^\d{1,2}(?:am|pm|h\d\d)$")


def prepositions(pair: Pair, _protected: frozenset[str]) -> Pair:
    """ "on"/"at" before a day, a date or a clock time dropped ("on Friday" / "Fri", "at
    3pm" / "3pm")."""
    return _drop_before_time(pair[0]), _drop_before_time(pair[1])


def _drop_before_time(words: Words) -> Words:
    out = []
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in _BEFORE_TIME and (stem(nxt) in TIME_WORDS or _TIME_LIKE.match(nxt)):
            continue
        out.append(w)
    return tuple(out)


_DAYS_TEXT = "monday tuesday wednesday thursday friday saturday sunday weekday weekend"
_DAYS = frozenset(_DAYS_TEXT.split())
_HABITUAL_CUES = frozenset(["every", "each", "on"])


def habitual(pair: Pair, _protected: frozenset[str]) -> Pair:
    """A recurring day said three ways made one: "every Tuesday", "each Tuesday", "on
    Tuesdays" → "tuesdays"."""
    return _habitual(pair[0]), _habitual(pair[1])


def _habitual(words: Words) -> Words:
    if not _HABITUAL_CUES.intersection(words):
        return words
    out: list[str] = []
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        day = nxt in _DAYS or (nxt[:-1] in _DAYS and nxt[-1:] == "s")
        if (w in ("every", "each", "on") and day) or (w == "on" and nxt in ("every", "each")):
            continue
        if w in _DAYS and i and words[i - 1] in ("every", "each"):
            out.append(w + "s")
            continue
        out.append(w)
    return tuple(out)


_S_FOR = frozenset(["is", "has"])


def s_is(pair: Pair, _protected: frozenset[str]) -> Pair:
    """ "'s" read as the "is" or "has" the other side writes at the same place ("Chloe's
    responsible" / "Chloe is responsible", "the flag's enabled"); a possessive "'s" meets
    no "is" there."""
    a, b = pair
    if len(a) != len(b):
        return pair
    out_a, out_b = list(a), list(b)
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x == "s" and y in _S_FOR:
            out_a[i] = y
        elif y == "s" and x in _S_FOR:
            out_b[i] = x
    return tuple(out_a), tuple(out_b)


def accents(pair: Pair, _protected: frozenset[str]) -> Pair:
    """Letters without their marks, dashes one dash: "siobhán" / "siobhan"."""
    a, b = pair
    if all(w.isascii() for w in (*a, *b)):
        return pair
    return tuple(map(_plain, a)), tuple(map(_plain, b))


@functools.lru_cache(maxsize=65536)
def _plain(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def filler(pair: Pair, _protected: frozenset[str]) -> Pair:
    """Words that add no fact dropped from both sides (`distinctions.FILLER`)."""
    return _each(pair, lambda w: w not in FILLER)


def articles(pair: Pair, _protected: frozenset[str]) -> Pair:
    """ "the", "a", "an" dropped from both sides."""
    return _each(pair, lambda w: w not in _ARTICLES)


def _singular(word: str) -> str | None:
    if len(word) < 4 or not word.isalpha() or not word.endswith("s") or word.endswith("ss"):
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1]


def plural(pair: Pair, _protected: frozenset[str]) -> Pair:
    """A plural on one side whose singular the other side has, made singular on both
    ("permission slips" / "permission slip")."""
    a, b = pair
    seen_a, seen_b = set(a), set(b)

    def fix(words: Words, other: set[str], mine: set[str]) -> Words:
        out = []
        for w in words:
            one = _singular(w)
            if one is not None and w not in other and one in other and one not in mine:
                out.append(one)
            elif w.endswith("es") and w not in other and w[:-2] in other and w[:-2] not in mine:
                out.append(w[:-2])  # "boxes" / "box"
            else:
                out.append(w)
        return tuple(out)

    return fix(a, seen_b, seen_a), fix(b, seen_a, seen_b)


def compound(pair: Pair, _protected: frozenset[str]) -> Pair:
    """Two neighbours the other side writes as one word joined ("log in" / "login")."""
    a, b = pair
    return _joined_keep(a, b), _joined_keep(b, a)


def _joined_keep(mine: Words, theirs: Words) -> Words:
    parts: list[Words] = [()]
    for w in mine:
        if w == SEP:
            parts.append(())
        else:
            parts[-1] += (w,)
    whole = bare(theirs)
    out: list[str] = []
    for i, part in enumerate(parts):
        if i:
            out.append(SEP)
        out.extend(joined(part, whole))
    return tuple(out)


def typos(pair: Pair, names: frozenset[str]) -> Pair:
    """A word of one side that is a slip of a word of the other (`paraphrase.typo`, a
    word of at least `TYPO_LETTERS` letters, no name, no digit) typed as that word."""
    a, b = pair
    # Only words `_slip` can take (no name, alphabetic, at least TYPO_LETTERS long): it
    # is False for any pair with another, so leaving those out changes no fix.
    only_a = {w for w in set(a) - set(b) if _slippable(w, names)}
    only_b = {w for w in set(b) - set(a) if _slippable(w, names)}
    unknown = {w for w in only_a | only_b if not lemmas(w)}
    fixes: dict[str, str] = {}
    for x in sorted(only_a):
        for y in sorted(only_b):
            if _may_slip(x, y, unknown) and _slip(x, y, names):
                fixes[x] = y
                only_b.discard(y)
                break
    if not fixes:
        for y in sorted(only_b):
            for x in sorted(only_a):
                if _may_slip(x, y, unknown) and _slip(y, x, names):
                    fixes[y] = x
                    only_a.discard(x)
                    break
    return tuple(fixes.get(w, w) for w in a), tuple(fixes.get(w, w) for w in b)


def _slippable(word: str, names: frozenset[str]) -> bool:
    """A word `_slip` may pair at all (`SEP` is not alphabetic)."""
    return len(word) >= TYPO_LETTERS and word not in names and word.isalpha()


def _may_slip(x: str, y: str, unknown: set[str]) -> bool:
    """False for two words `_slip` cannot pair, read off `paraphrase.typo(slip, word)`
    (a speed-up, issue 14: it changes no fix). It is False when the lexicon knows
    `slip`, so one side must be unknown; and it holds only when one word is the other
    with a letter dropped (a doubled letter typed once is such a drop) or two
    neighbouring letters swapped, so one is among the other's `_near` forms."""
    if x not in unknown and y not in unknown:
        return False
    return y in _near(x) or x in _near(y)


@functools.lru_cache(maxsize=65536)
def _near(word: str) -> frozenset[str]:
    """The word with any one letter dropped, or any two neighbours swapped."""
    dropped = {word[:i] + word[i + 1 :] for i in range(len(word))}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return frozenset(dropped | swapped)


def _slip(x: str, y: str, names: frozenset[str]) -> bool:
    if x in names or y in names or min(len(x), len(y)) < TYPO_LETTERS:
        return False
    if not (x.isalpha() and y.isalpha()):
        return False
    return typo(x, y) or typo(y, x)


def _units(words: Words) -> Counter[Words]:
    parts: list[Words] = [()]
    for w in words:
        if w == SEP:
            parts.append(())
        else:
            parts[-1] += (w,)
    return Counter(tuple(w for w in p if w not in _LISTING) for p in parts if p)


def reordered(a: Words, b: Words) -> bool:
    """True when the two differ only in the order of whole clauses or of one list's
    items: the same parts between boundaries, once the words both share at the start
    and the end (a list's head and tail: "Ilse speaks [Dutch and Polish]") are set
    aside."""
    if Counter(bare(a)) != Counter(bare(b)):
        return False
    if _units(a) == _units(b):
        return True
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    middle_a, middle_b = a[start : len(a) - end], b[start : len(b) - end]
    return (
        SEP in middle_a
        and _units(middle_a) == _units(middle_b)
        and all(len(u) <= 3 for u in _units(middle_a))
    )


# Named, in the order they apply. `reorder` is the comparison itself, not a rewrite.
CANDIDATES: dict[str, Transformation] = {
    "abbreviation": abbreviations,
    "prepositions": prepositions,
    "habitual": habitual,
    "accents": accents,
    "filler": filler,
    "articles": articles,
    "plural": plural,
    "compound": compound,
    "typo": typos,
    "s_is": s_is,
}
PROVEN: tuple[str, ...] = (
    "clock", "abbreviation", "prepositions", "habitual", "accents", "filler", "articles", "plural",
    "compound", "acronym", "typo", "s_is", "reorder",
)  # fmt: skip


def merge_path(old: str, new: str, allowed: Sequence[str] = PROVEN) -> tuple[str, ...] | None:
    """The transformations (in `allowed`) that make `new` the same words as `old`, or
    None when they cannot. An empty tuple: the same words already (a NOOP)."""
    return _merge_path(old, new, tuple(allowed))


@functools.lru_cache(maxsize=8192)
def _merge_path(old: str, new: str, allowed: tuple[str, ...]) -> tuple[str, ...] | None:
    if patterns(old) != patterns(new):
        return None  # "log-*" / "logs-*": typed names of two sets, never rewritten
    used: list[str] = []
    if "acronym" in allowed:
        spelled = acronyms_written(old, new)
        if spelled != (old, new):
            used.append("acronym")
            old, new = spelled
    pair: Pair = (clauses(old), clauses(new))
    words = bare(pair[0]), bare(pair[1])
    if _clocked(old) != old or _clocked(new) != new:
        unclocked = (_clauses(old), _clauses(new))
        if (bare(unclocked[0]) == bare(unclocked[1])) != (words[0] == words[1]):
            used.append("clock")
    for name, transform in CANDIDATES.items():
        if words[0] == words[1]:
            break  # the same words already: the rest has nothing to do
        if name not in allowed:
            continue
        # only a slip needs to know the names and identifiers it may not touch
        protected = _names(old) | _names(new) if name == "typo" else frozenset()
        after = transform(pair, protected)
        if after != pair:
            rewritten = bare(after[0]), bare(after[1])
            if rewritten != words:
                used.append(name)
            pair, words = after, rewritten
    if words[0] == words[1]:
        return tuple(used)
    if "reorder" in allowed and reordered(*pair):
        return (*used, "reorder")
    return None


_WORD = regex.compile(r"[\p{L}\p{N}]+")


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _names(text: str) -> frozenset[str]:
    """Words no typo may touch: typed with a capital past the text's first word (a
    name), or holding a digit (an identifier); case-folded."""
    found = _WORD.findall(text)
    return frozenset(
        w.casefold()
        for i, w in enumerate(found)
        if (i and w[:1].isupper()) or any(ch.isdigit() for ch in w)
    )


TEXT_CACHES = (_clocked, _clauses, _merge_path, _names)
