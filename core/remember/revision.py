"""UPDATE on positive evidence: the same subject and verb, and a new value in one slot.

Since recon10 (2026-12-04) an UPDATE needs `slot`: `revision_kind`'s conditions and a
typed value (a time, a date, a recurring day, a quantity with its unit, a version, an
owner, a place after a fixed preposition, a state after "is"), no identifier and not in
the subject. `is_revision` and `is_extension` alone fold nothing: they name the near miss
an ADD offers (`reconcile.near_miss`).

Why this shape: an UPDATE replaces the old text, so a wrong one loses a fact. The rules
before this one updated whenever two texts shared an opening and differed in a short
span after it, unless some rule recognised the span as another thing; rules written
for one split recognised none of a blind split's. Here the span must prove itself a
value:

- `is_revision`: the texts are the same up to and past the subject's verb, differ in
  one span of at most `MAX_SPAN` words and are the same after it; the old and the new
  span are values of one kind — a quantity or time ("port 6543" / "5432", "on Friday"
  / "on Monday", "at noon" / "at 9 am"), a name that ends its phrase ("assigned to
  Bob" / "Kenji", "in Porto on May 4" / "in Seville on May 4"; not "the Dublin team" /
  "the Cork team", another team, nor "meets Ana for lunch" / "Bo": another lunch), or a state
  after a form of "be" ("is broken" / "is fixed"); a name not under way ("is learning
  Portuguese" / "Spanish": a second language). A common word ("allergic to
  peanuts" / "shellfish") may be a second fact, so it is no value. Nor is a new date
  of a past occasion ("we went hiking in May" / "in June": two hikes), nor a new time
  for what one has or gets ("a meeting on Friday" / "on Monday": two meetings).
- `is_extension`: the new text is the old one with a short tail of detail that opens
  with a connective, a number or a time ("on Tuesdays" → "on Tuesdays and
  Thursdays"): the new text still says all the old one did.

Both need the same polarity and the same persons.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence

import regex

from core.recall.textsearch import STOPWORDS
from core.remember.canonical import TEXT_CACHE_SIZE
from core.remember.distinctions import FILLER, is_verb, marked, negated, persons, stem
from core.remember.synonyms import irregular, lemmas, parts_of_speech
from core.remember.wording import split_unit, tokens

MAX_SPAN = 3  # words of the changed span on either side
MAX_TAIL = 5  # words an extension may add

_TIME_TEXT = """second minute hour day week fortnight month quarter year decade night
    morning afternoon evening noon midnight weekend weekday today tomorrow tonight
    monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december spring summer autumn fall
    winter daily nightly weekly monthly yearly annually hourly"""
TIME_WORDS = frozenset(stem(w) for w in _TIME_TEXT.split())
# States a thing is in, one at a time ("is broken" / "is fixed"): general English, not
# any probe's pair.
# Days named from the day it was said: two such texts may tell of two days, or of one.
_DEICTIC_DAYS_TEXT = "today tomorrow tonight yesterday"
_DEICTIC_DAYS = frozenset(_DEICTIC_DAYS_TEXT.split())
_STATE_TEXT = """on off open closed shut up down broken fixed working online offline enabled
    disabled active inactive available unavailable busy free full empty done finished
    complete pending ready cancelled canceled postponed delayed approved rejected paid
    unpaid locked unlocked public private blocked unblocked live frozen remote required
    optional allowed valid invalid expired sick healthy married single engaged retired
    deprecated stable slow fast down green red yellow late early"""
STATES = frozenset(_STATE_TEXT.split())
# Words that open a noun phrase ("the", "my"): paraphrase pairs a phrase without them too.
_DETERMINERS_TEXT = "the a an this that these those my our your his her their its"
DETERMINERS = frozenset(_DETERMINERS_TEXT.split())
_BE_TEXT = "is are am be been being"
_BE = frozenset(_BE_TEXT.split())
_AUXILIARIES_TEXT = "is are was were be been being am has have had get gets got"
_AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())
# Words that place a time word ("next Monday", "this Friday"): part of the same value.
_TIME_MODIFIERS_TEXT = "next this coming following"
_TIME_MODIFIERS = frozenset(_TIME_MODIFIERS_TEXT.split())
_LISTING = frozenset(["and", "or"])
_PRESENT_FORMS_TEXT = "is are am be been being has have do does"
_PRESENT_FORMS = frozenset(_PRESENT_FORMS_TEXT.split())
_HAVING_TEXT = "has have had get gets got getting having"
_HAVING = frozenset(_HAVING_TEXT.split())
# Words that may open an extension's tail ("… on Tuesdays [and] Thursdays").
_CONNECTIVES_TEXT = (
    "and at on in for with from every each until by since during before after to per plus"
)
_CONNECTIVES = frozenset(_CONNECTIVES_TEXT.split())
_EDGE = STOPWORDS | FILLER | frozenset(["every", "each", "per"])


def is_revision(old: str, new: str) -> bool:
    """True when `new` gives the same subject and verb a new value (module docstring)."""
    return revision_kind(old, new) is not None


@functools.lru_cache(maxsize=4096)
def revision_kind(old: str, new: str) -> str | None:
    """The kind of value `new` changes ("quantity", "name", "state"), or None when it
    is no revision; `bench/reconcile_quality.py --paths` counts folds by it."""
    if negated(old) != negated(new) or persons(old) != persons(new):
        return None
    a, b = tokens(old), tokens(new)
    if a == b or not a or not b:
        return None
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    span_a, span_b = a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
    after = a[len(a) - suffix :]
    if not span_a or not span_b or len(span_a) > MAX_SPAN or len(span_b) > MAX_SPAN:
        return None
    verb = main_verb(a[:prefix])
    if verb is None or past_event(a) or past_event(b):
        return None
    if _in_identifier(span_a, old) or _in_identifier(span_b, new):
        return None  # "the tier-2 rota" / "tier-1": another thing's name, not a new value
    named = marked(old) | marked(new)
    kind = value_kind(span_a, after, named)
    if kind is None or kind != value_kind(span_b, after, named):
        return None
    if kind == "quantity" and not_the_value(a, prefix, span_a, span_b, named):
        return None  # "38 mA at [3.3 V]", "Python 3.[8]", "Saturday [night]"
    verbs = set(a[:prefix])
    if kind == "state":
        return kind if verbs & _BE else None
    if kind == "name" and progressive(a[:prefix]):
        return None  # "I've been learning Portuguese" / "Spanish": one more, not another
    if kind == "name" and _LISTING & {a[prefix - 1], *after[:1]}:
        return None  # "for Ava and Max" / "Ava and Mia": one of a list, another list
    # "a meeting on Friday" / "on Monday": two meetings, not a new time
    if kind == "quantity" and verbs & _HAVING and not _counted(span_a, span_b):
        return None
    return kind


_DAYS_TEXT = "monday tuesday wednesday thursday friday saturday sunday weekday weekend"
_DAYS = frozenset(stem(w) for w in _DAYS_TEXT.split())
_PARTS_OF_DAY_TEXT = "morning afternoon evening night"
_PARTS_OF_DAY = frozenset(_PARTS_OF_DAY_TEXT.split())
# Prepositions that attach a condition to a measured quantity ("38 mA at 3.3 V", "14
# deals in Q3", "07:56 on 18 December"); not those of a range ("from 9 to 12", "until").
_CONDITION_TEXT = "at in on during for"
_CONDITION = frozenset(_CONDITION_TEXT.split())
_RANGE_TEXT = "to and through"
_RANGE = frozenset(_RANGE_TEXT.split())


def not_the_value(
    a: Sequence[str],
    prefix: int,
    span_a: Sequence[str],
    span_b: Sequence[str],
    named: Collection[str],
) -> bool:
    """True when a changed quantity says which fact it is rather than its value: a
    condition (`qualifier`), a version in a name (`named_number`), a part of the day
    (`part_of_day`); never for a recurring day (`recurring_day`)."""
    if recurring_day(a, prefix, span_a, span_b):
        return False
    return qualifier(a, prefix) or named_number(a, prefix, named) or part_of_day(span_a, span_b)


def recurring_day(
    a: Sequence[str], prefix: int, span_a: Sequence[str], span_b: Sequence[str]
) -> bool:
    """True when both spans name days of the week and the day recurs: a plural ("on
    Mondays"), after "every"/"each", or before a plural part of the day ("on Tuesday
    evenings"). By the probe set's convention a recurring day moved is an update,
    wherever it stands in the text (tests/data/reconcile/README.md)."""
    if not all(stem(w) in _DAYS or w in _LISTING for w in (*span_a, *span_b)):
        return False
    before = a[prefix - 1] if prefix else ""
    after = a[prefix + len(span_a)] if prefix + len(span_a) < len(a) else ""
    plural = all(w.endswith("s") for w in (*span_a, *span_b) if w not in _LISTING)
    evenings = stem(after) in _PARTS_OF_DAY and after.endswith("s")
    return plural or before in ("every", "each") or evenings


def _value_start(a: Sequence[str], prefix: int) -> int:
    """Where the changed value begins once the parts it shares with the old text are
    taken in: the day and month of a date whose year changed ("30 August [2027]"), the
    first number of a range ("from 20 to [27]"), the hour of a time ("10:[05]")."""
    start = prefix
    while start and (
        any(ch.isdigit() for ch in a[start - 1])
        or stem(a[start - 1]) in TIME_WORDS
        or (a[start - 1] in _RANGE and start > 1 and any(ch.isdigit() for ch in a[start - 2]))
    ):
        start -= 1
    while start and a[start - 1] in DETERMINERS:
        start -= 1
    return start


def qualifier(a: Sequence[str], prefix: int) -> bool:
    """True when the changed value is a condition of a measured quantity the texts share
    after the verb, joined to it by a preposition: "draws 38 mA at [3.3] V", "closed 14
    deals in [Q3]", "leaves at 07:56 on 18 [December]". The shared quantity is the
    fact's value and the condition says which measurement or occasion it is: another
    condition is another fact (the current at 5 V, another quarter's deals, another
    train). Only a number with what it counts or a clock time holds a condition; a bare
    count ("turns seven on [Saturday]") or a date ("on 14 November for [$312,400]")
    does not, nor a number of the subject ("Sprint 14 ends on [Friday]")."""
    start = _value_start(a, prefix)
    verb = main_verb(a[:prefix])
    if verb is None or start - 3 <= verb or a[start - 1] not in _CONDITION:
        return False
    last, first = a[start - 2], a[start - 3]
    if not _digits(first):
        return False
    if _digits(last):
        return first.isdigit() and last.isdigit() and len(last) == 2  # "07:56", as "07 56"
    counted = last.isalpha() and last not in DETERMINERS and last not in _CONDITION
    return counted and stem(last) not in TIME_WORDS  # "38 mA", "14 deals"


def named_number(a: Sequence[str], prefix: int, named: Collection[str]) -> bool:
    """True when the changed number is part of a name after a preposition ("support for
    Python 3.[8]", "built with Qt [5]"): a version that says which thing is meant, not
    a value of the subject's ("the build server runs Ubuntu [22].04" is one)."""
    start = prefix
    while start and a[start - 1].isdigit():
        start -= 1
    name = stem(a[start - 1]) if start else ""
    return start >= 2 and name in named and name not in TIME_WORDS and a[start - 2] in _PREPOSITIONS


_PREPOSITIONS_TEXT = "for of with on in at by from about"
_PREPOSITIONS = frozenset(_PREPOSITIONS_TEXT.split())


def part_of_day(span_a: Sequence[str], span_b: Sequence[str]) -> bool:
    """True when the change is only a part of the day, said once ("on Saturday [night]"
    / "afternoon"): a vague time that two occasions of one day may each have; a
    recurring one ("every [night]" / "week") is a schedule and stays a value."""
    words = [w for w in (*span_a, *span_b) if w not in FILLER]
    return bool(words) and all(w in _PARTS_OF_DAY for w in words)


def _digits(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


_IDENTIFIER = regex.compile(r"(?<![\p{L}\p{N}])\p{L}+-(\p{N}+)(?![\p{L}\p{N}])")


def _in_identifier(span: Sequence[str], text: str) -> bool:
    """True when a number of the span is typed glued to a word before it ("tier-2",
    "db-07"): the pair is an identifier, which names a thing rather than its value."""
    numbers = {w for w in span if w.isdigit()}
    return bool(numbers) and any(m.group(1) in numbers for m in _IDENTIFIER.finditer(text))


def is_extension(old: str, new: str) -> bool:
    """True when `new` is `old` and a short tail of detail (module docstring)."""
    if negated(old) != negated(new) or persons(old) != persons(new):
        return False
    a, b = tokens(old), tokens(new)
    if len(b) <= len(a) or main_verb(a) is None or past_event(a):
        return False
    if [stem(w) for w in b[: len(a)]] != [stem(w) for w in a]:
        return False  # "the design review happens" / "reviews happen": one subject
    tail = b[len(a) :]
    if len(tail) > MAX_TAIL:
        return False
    opener = tail[0]
    return opener in _CONNECTIVES or opener in FILLER or _quantity_word(opener)


def progressive(words: Sequence[str]) -> bool:
    """True when a verb in -ing follows a form of "be" ("is learning", "have been
    learning"): an activity under way, which a second one joins rather than replaces."""
    return any(
        w.endswith("ing") and verb_like(w) and words[i - 1] in _BE | {"was", "were"}
        for i, w in enumerate(words)
        if i
    )


def main_verb(words: Sequence[str]) -> int | None:
    """The index of the first verb after at least one word of subject, or None."""
    return next((i for i, w in enumerate(words) if i and verb_like(w)), None)


def value_kind(span: Sequence[str], after: Sequence[str], named: Collection[str]) -> str | None:
    """ "quantity", "name" or "state" for a span that is a value, else None."""
    words = [w for w in span if w not in FILLER]
    if len(words) == 1 and words[0] in STATES:
        return "state"  # before the edges go: "on", "off" and "down" are function words
    while words and words[0] in _EDGE:
        words.pop(0)
    while words and words[-1] in _EDGE:
        words.pop()
    if not words:
        return None
    if any(stem(w) in TIME_WORDS for w in words):
        words = [w for w in words if w not in _TIME_MODIFIERS]  # "by [next] Monday"
    if all(_quantity_word(w) for w in words) or (
        any(any(ch.isdigit() for ch in w) for w in words)
        and all(_quantity_word(w) or w in STOPWORDS or stem(w) in named for w in words)
    ):
        return "quantity"
    if all(stem(w) in named for w in words):
        rest = [w for w in after if w not in FILLER]
        if all(w in STOPWORDS or _quantity_word(w) for w in rest):
            return "name"
        # "the [Dublin] team": the name says which team; "I meet [Ana] for lunch": the
        # name is one of the fact's parts, and someone else is another fact
        return None
    return None


def _quantity_word(word: str) -> bool:
    if word in _DEICTIC_DAYS:
        return False  # "out sick today" / "tomorrow": each day its own fact
    return any(ch.isdigit() for ch in word) or stem(word) in TIME_WORDS


def _counted(span_a: Sequence[str], span_b: Sequence[str]) -> bool:
    """True when both spans are plain counts ("64" / "128"), not times or days."""
    return all(w.isdigit() for w in (*span_a, *span_b))


def _inflected_verb(word: str) -> bool:
    """An inflection of a verb the lexicon lists ("lands" of "land", "refunded")."""
    return any(lemma != word and "v" in parts_of_speech(lemma) for lemma in lemmas(word))


@functools.lru_cache(maxsize=16384)
def verb_like(word: str) -> bool:
    """An auxiliary, a common verb (`distinctions.is_verb`) or an inflected form of a
    verb the lexicon knows ("lands", "switched", "went"); a word that may be a verb
    only as typed ("mother", "flight") is not taken for one."""
    if word in _AUXILIARIES or is_verb(word):
        return True
    lemma = irregular(word)
    if lemma is not None:
        return "v" in parts_of_speech(lemma)
    return word.endswith(("s", "ed", "ing")) and _inflected_verb(word)


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def past_event(words: tuple[str, ...]) -> bool:
    """True when the text tells of a past occasion: a verb in the past tense not after
    an auxiliary or determiner ("we went hiking in May", "I visited my aunt"; not "was
    paid", "the shared drive"). Two such texts that differ in when are two occasions."""
    for index, word in enumerate(words):
        if word in _PRESENT_FORMS:
            continue  # "are" is listed as an irregular form of "be", but of the present
        if index and (words[index - 1] in _AUXILIARIES or words[index - 1] in DETERMINERS):
            continue
        if word in ("had", "did", "was", "were"):
            following = words[index + 1] if index + 1 < len(words) else ""
            if word in ("had", "did") and not following.endswith(("ed", "en")):
                return True  # "we had pizza on Friday": "had" is the verb
            continue
        if not word.isalpha() or word.endswith(("s", "ing")):
            continue
        if word.endswith("ed") and "a" not in parts_of_speech(word) and _inflected_verb(word):
            return True
        lemma = irregular(word)
        if lemma is not None and "v" in parts_of_speech(lemma) and "v" not in parts_of_speech(word):
            return True
    return False


# Typed value slots (recon10): an UPDATE needs the changed span to be one of these.
_OWNER_BEFORE_TEXT = "to by owner owners lead assignee contact captain manager with"
_OWNER_BEFORE = frozenset(_OWNER_BEFORE_TEXT.split())
_PLACE_BEFORE_TEXT = "in at from to near"
_PLACE_BEFORE = frozenset(_PLACE_BEFORE_TEXT.split())
_MONTHS_TEXT = """january february march april may june july august september october
    november december"""
_MONTHS = frozenset(stem(w) for w in _MONTHS_TEXT.split())
_CLOCK = regex.compile(r"^\d{1,2}(?::\d{2})?(?:am|pm)?$|^(?:noon|midnight)$")
_VERSION = regex.compile(r"^v?\d+(?:\.\d+)+$")


@functools.lru_cache(maxsize=4096)
def slot(old: str, new: str) -> str | None:
    """The typed slot whose value `new` changes — "time", "date", "recurring_day",
    "month" (a date's month alone), "quantity" (a number with its unit or what it
    counts), "version", "owner", "place",
    "state" — or None when the texts differ in anything else (`revision_kind`'s
    conditions, and: the span no identifier — letters and digits in one word, "BA1426" —
    and not in the subject, i.e. no verb follows it in its clause: "the Year [3] zoo trip
    goes", "the rollout for [4.12.0] is at 20 %")."""
    kind = revision_kind(old, new)
    if kind is None:
        return None
    a, b = tokens(old), tokens(new)
    prefix = 0
    while a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    span_a, span_b = a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
    after = a[len(a) - suffix :]
    if any(_identifier(w) for w in (*span_a, *span_b)):
        return None
    if _verb_follows(after):
        return None
    if kind == "state":
        return "state"
    before = a[prefix - 1] if prefix else ""
    if kind == "name":
        if before in _OWNER_BEFORE:
            return "owner"
        return "place" if before in _PLACE_BEFORE else None
    return _quantity_slot(a, prefix, span_a, span_b)


def _identifier(word: str) -> bool:
    """Letters and digits typed as one word, not a number with its unit ("ba1426";
    not "64gb", "3pm")."""
    if not (any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)):
        return False
    return not split_unit(word) and not _CLOCK.match(word) and not word.rstrip("stndrh").isdigit()


def _verb_follows(after: Sequence[str]) -> bool:
    """True when one of the common verbs (`distinctions.is_verb`) comes within four words
    after the span, before an "and"/"or": the span was in the subject."""
    for word in after[:4]:
        if word in _LISTING:
            return False
        if is_verb(word):
            return True
    return False


def _quantity_slot(
    a: Sequence[str], prefix: int, span_a: Sequence[str], span_b: Sequence[str]
) -> str | None:
    words = [w for w in (*span_a, *span_b) if w not in _EDGE | FILLER and w not in _TIME_MODIFIERS]
    if not words:
        return None
    if recurring_day(a, prefix, span_a, span_b):
        return "recurring_day"
    if all(_VERSION.match(w) for w in words):
        return "version"
    if all(_CLOCK.match(w) or w in _LISTING for w in words) and any(
        ":" in w or w.endswith(("am", "pm")) for w in words
    ):
        return "time"
    if all(stem(w) in TIME_WORDS or stem(w) in _MONTHS or w.isdigit() for w in words):
        if all(stem(w) in _MONTHS for w in words) and prefix and a[prefix - 1].isdigit():
            return "month"  # "20 to 27 [December]": the days kept, the month moved
        if any(stem(w) in TIME_WORDS or stem(w) in _MONTHS for w in words):
            return "date"
    following = a[prefix + len(span_a)] if prefix + len(span_a) < len(a) else ""
    if all(w.isdigit() or split_unit(w) for w in words) and following.isalpha():
        return "quantity"  # "3 replicas", "20 percent", "45 minutes"
    if all(w.isdigit() for w in words) and prefix and a[prefix - 1].isalpha():
        return "quantity"  # "port 6543", "a limit of 500"
    return None
