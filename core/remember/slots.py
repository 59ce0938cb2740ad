"""Is the changed span of a revision a new value of the same subject, or another thing?

Why: the update rule (`reconcile.is_revision`) replaces a memory when two texts share
their subject and verb and differ in a short span after it — "the staging DB is on
port 6543" → "5432". That shape also fits two distinct facts, and an UPDATE loses the
old one, so these helpers name the spans that are not a value:

- the span opens right after an auxiliary and swaps one verb's participle for another
  ("the index is rebuilt every 6 hours" / "is backed up every 6 hours", "has been
  painting" / "has been selling"), or after a modal or "to" one verb for another ("we
  need to renew the cert" / "to revoke"): another event, unless the words are synonyms
  or opposites, or either is typed as an adjective — a state ("is broken" / "is
  fixed", "is frozen" / "is open") is the value of the subject;
- the span names what a role is for or of ("the point of contact for the Globex
  account" / "for the Initech account", "the owner of the billing repo"): one can hold
  a role for two things, so the new one is a second fact;
- one span gives a time or a number, the other a name ("runs at 2 am" / "runs in
  Docker"): two things about the subject;
- the span swaps "this" for "next" or "last" before a word of time ("cancelled this
  week" / "next week"): another occasion (`other_occasion`);
- both texts tell of a past occasion ("I visited my aunt in May" / "in June", "Eli
  started kindergarten" / "started swimming lessons"): two occasions, not a correction
  of one (`past_event`);
- the span is the last word, a common noun under a modifier the texts share ("the
  billing service" / "the billing team", "64 GB of RAM" / "of disk"): the head of the
  thing changed, not its value. A name for a name, numbers, ids, dates and units of
  time are values ("Toyota" / "Honda", "every hour" / "every day") and keep the update.

Pure functions over `wording.tokens` and the lexicon's parts of speech.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence

from core.recall.textsearch import STOPWORDS
from core.remember.distinctions import FILLER, is_verb, stem
from core.remember.synonyms import irregular, lemmas, opposite, parts_of_speech, synonymous

# Words after which a participle is the main verb ("is rebuilt", "has been painting").
_AUXILIARIES_TEXT = "is are was were be been being am has have had get gets got getting"
AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())
# Words after which a verb's bare form is the main verb ("we should renew").
_MODALS_TEXT = "will would shall should can could might must may do does did"
MODALS = frozenset(_MODALS_TEXT.split())
# Verbs whose "to" opens an infinitive, not a place or a person ("need to renew").
_TO_INFINITIVE_TEXT = "need needs want wants have has had going plan plans try tries decided agreed"
_TO_INFINITIVE = frozenset(_TO_INFINITIVE_TEXT.split())
_PARTICLES_TEXT = "on off in out up down over away back"
PARTICLES = frozenset(_PARTICLES_TEXT.split())
_DETERMINERS_TEXT = "the a an this that these those my our your his her their its"
_DETERMINERS = frozenset(_DETERMINERS_TEXT.split())
# Words that quantify or relate rather than modify a head ("every hour", "per minute").
_NOT_MODIFIERS = frozenset(["every", "each", "per"]) | _DETERMINERS | STOPWORDS | FILLER
_INFLECTIONS = ("s", "ed", "ing")  # a verb's endings; "-er" makes a noun ("owner")
_TIME_TEXT = """second minute hour day week fortnight month quarter year decade night
    morning afternoon evening noon midnight weekend weekday today tomorrow yesterday
    monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december spring summer autumn fall
    winter"""
TIME_WORDS = frozenset(stem(w) for w in _TIME_TEXT.split())


def _inflected_verb(word: str) -> bool:
    """An inflection of a verb the lexicon lists ("lands" of "land", "refunded")."""
    return any(lemma != word and "v" in parts_of_speech(lemma) for lemma in lemmas(word))


def verb_like(word: str) -> bool:
    """An auxiliary, a common verb (`distinctions.is_verb`) or an inflected form of a
    verb the lexicon knows ("lands", "switched", "got"); a word that may be a verb
    only as typed ("mother", "flight") is not taken for one."""
    if word in AUXILIARIES or is_verb(word):
        return True
    lemma = irregular(word)
    if lemma is not None:
        return "v" in parts_of_speech(lemma)
    # "lands", "switched", not "owner" (-er makes nouns of verbs)
    return word.endswith(_INFLECTIONS) and _inflected_verb(word)


_BEFORE_A_NON_VERB = AUXILIARIES | _DETERMINERS  # "was [paid]", "the [shared] drive"


@functools.lru_cache(maxsize=2048)
def past_event(words: tuple[str, ...]) -> bool:
    """True when the text tells of a past occasion: a verb in the past tense not after
    an auxiliary ("I visited my aunt last June", "we went hiking in May"; not "was
    paid", "has moved"). Two such texts that differ in when are two occasions, not a
    correction of one."""
    for index, word in enumerate(words):
        if index and words[index - 1] in _BEFORE_A_NON_VERB:
            continue  # "was paid", "has moved", "the shared drive"
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in ("had", "did") and not _participle(following):
            return True  # "we had pizza on Friday": "had" is the verb, not an auxiliary
        if word in AUXILIARIES or word.endswith(("s", "ing")) or not word.isalpha():
            continue
        if word.endswith("ed") and "a" not in parts_of_speech(word) and _inflected_verb(word):
            return True  # "visited", "adopted"
        lemma = irregular(word)
        if lemma is not None and "v" in parts_of_speech(lemma) and "v" not in parts_of_speech(word):
            return True  # "went", "ran", "left"
    return False


_DEICTIC = frozenset(["this", "next", "last", "previous", "coming", "following"])


def other_occasion(old_span: Sequence[str], new_span: Sequence[str], after: Sequence[str]) -> bool:
    """True when the span swaps one word that points at a time from now for another
    before a word of time ("cancelled [this] week" / "[next] week", "on call [this]
    weekend" / "[next] weekend"): each names its own occasion, both can hold, so the new
    one is a second fact. A named time stays a value ("due on the 14th" / "the 21st")."""
    return (
        len(old_span) == 1
        and len(new_span) == 1
        and old_span[0] in _DEICTIC
        and new_span[0] in _DEICTIC
        and bool(after)
        and stem(after[0]) in TIME_WORDS
    )


def names_time(span: Sequence[str]) -> bool:
    """True when the span holds a number or a word of time ("May", "Friday", "summer")."""
    return any(any(ch.isdigit() for ch in w) or stem(w) in TIME_WORDS for w in span)


def kinds_apart(old_span: Sequence[str], new_span: Sequence[str], named: Collection[str]) -> bool:
    """True when one span gives a time or number and the other a name instead: "runs
    at 2 am" / "runs in Docker" say two things about the export, not one changed."""
    for mine, theirs in ((old_span, new_span), (new_span, old_span)):
        if names_time(mine) and not names_time(theirs) and any(stem(w) in named for w in theirs):
            return True
    return False


def role_for_another(
    before: Sequence[str], old_span: Sequence[str], new_span: Sequence[str]
) -> bool:
    """True when the span names what a noun of the text is for or of ("the point of
    contact for the [Globex] account", "the owner of the [billing] repo"): someone can be
    that for more than one thing, so another one is another fact. Times and numbers
    stay values ("the first week of April" / "of May")."""
    if names_time(old_span) or names_time(new_span):
        return False
    index = len(before) - 1
    while index >= 0 and before[index] in _DETERMINERS:
        index -= 1
    if index < 1 or before[index] not in ("for", "of"):
        return False
    noun = before[index - 1]
    return not (noun in STOPWORDS or noun in AUXILIARIES or verb_like(noun))


def _participle(word: str) -> bool:
    """A verb form that is not typed as an adjective: "rebuilt", "refunded", "painting"."""
    if not word.isalpha() or word in PARTICLES or "a" in parts_of_speech(word):
        return False
    if word.endswith(("ing", "ed", "en")):
        return True
    return _inflected_verb(word)


def _related(a: str, b: str) -> bool:
    return synonymous(a, b) or opposite(a, b)


def _bare_verb(word: str, strict: bool) -> bool:
    """A verb as typed, not an adjective ("renew", "revoke"); `strict`: nor a noun, for
    a "to" that may as well be a preposition ("sent to finance")."""
    parts = parts_of_speech(word)
    return "v" in parts and "a" not in parts and not (strict and "n" in parts)


def verb_swapped(before: Sequence[str], old_span: Sequence[str], new_span: Sequence[str]) -> bool:
    """True when the changed spans open right after an auxiliary with two unrelated
    participles ("is [rebuilt]" / "is [backed] up", see the module docstring), or
    after a modal or "to" with two unrelated verbs ("should [renew]" / "[cancel]")."""
    if not before or not old_span or not new_span:
        return False
    a, b = old_span[0], new_span[0]
    if _related(a, b):
        return False
    if before[-1] in AUXILIARIES:
        return _participle(a) and _participle(b)
    infinitive = before[-1] == "to" and len(before) > 1 and before[-2] in _TO_INFINITIVE
    if before[-1] in MODALS or infinitive:
        return all(_participle(w) or _bare_verb(w, strict=False) for w in (a, b))
    if before[-1] == "to":
        return all(_bare_verb(w, strict=True) for w in (a, b))
    return False


def head_swapped(
    before: Sequence[str],
    old_span: Sequence[str],
    new_span: Sequence[str],
    after: Sequence[str],
    named: Collection[str],
) -> bool:
    """True when the last word, a common noun, is swapped under a shared modifier:
    "the billing [service]" / "[team]", "64 GB of [RAM]" / "[disk]". `named`: the stems
    the texts mark as names, numbers or ids (`distinctions.marked`)."""
    if after or len(old_span) != 1 or len(new_span) != 1 or not before:
        return False
    a, b = old_span[0], new_span[0]
    if stem(a) in named and stem(b) in named:
        return False  # "Toyota" / "Honda": one name for another is a value
    for word in (a, b):
        if not word.isalpha() or stem(word) in TIME_WORDS:
            return False
        if word in _NOT_MODIFIERS or is_verb(word):
            return False
    modifier = before[-1]
    if modifier == "of" and len(before) >= 2:
        modifier = before[-2]  # "64 GB of RAM": the measure modifies the head
    if modifier in _NOT_MODIFIERS or is_verb(modifier) or modifier in AUXILIARIES:
        return False
    if any(ch.isdigit() for ch in modifier):
        return False  # "64 [GB]" / "64 [TB]", "30 [days]": a number's unit is its value
    return not _related(a, b)
