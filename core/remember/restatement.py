"""Is the new text a restatement of the old one — the same fact in other words?

Why its own module: this is the rule that folds one memory into another (MERGE at
save time, and consolidation's `same_fact`), so it is the one that can lose a fact.
It says yes only when the two texts use the same meaningful words once each word of
one side is paired with an equal or synonymous word of the other (`synonyms`) — and,
for words still unpaired, a collocation of two or three words with a word or
collocation that says the same ("out of order" / "broken", "takes place" / "happens";
only as a fallback, since "runs on" and "works out" are collocations too) — and:

- both sides have the same polarity and neither names a number, identifier or name
  the other lacks (`distinctions`);
- no unit is swapped for another that is not its synonym, and none for its opposite
  ("early"/"late", "in"/"out", "on"/"off", WordNet antonyms) — among function words too —
  nor for a function word that carries the fact ("is slow" / "is down", "has" /
  "needs"); both quantify alike ("most" / "few" customers);
- one side adds at most `MAX_RESTATEMENT_EXTRA` units, and never to the subject
  ("Olga's old laptop", "Sam's son": another thing), also when the verb that ends the
  subject is not one the rules know ("Sam's mother's flight lands").

Texts are compared as `wording.tokens` (filler openers dropped, spelling, numerals and
contractions made one) with compounds aligned ("log in" beside "login").
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Collection, Sequence

from core.recall.textsearch import STOPWORDS
from core.remember import distinctions
from core.remember.distinctions import (
    FILLER,
    distinguishing,
    is_verb,
    persons_apart,
    same_polarity,
    stem,
)
from core.remember.slots import TIME_WORDS, past_event, verb_like
from core.remember.synonyms import (
    MAX_RANK,
    lemmas,
    opposite,
    parts_of_speech,
    phrase_at,
    synonymous,
)
from core.remember.wording import joined, tokens

MAX_RESTATEMENT_EXTRA = 2
MAX_SYNONYM_SWAPS = 2  # units of one text replaced by a synonym in the other
SUBJECT_RANK = 2  # a subject word's synonym: a sense among its two commonest (dev+test)

_AUXILIARIES_TEXT = """is are was were be been am has have had will would shall should can could
    might must do does did"""
AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())
_MEANINGFUL_TEXT = """off out up down without this that these those
    has have had can could should must might"""
MEANINGFUL_FUNCTION_WORDS = frozenset(_MEANINGFUL_TEXT.split())
# How many a statement is about ("each"/"every" say the same and are left out).
QUANTIFIERS = frozenset(["all", "most", "many", "some", "few", "several", "both", "none"])
Units = dict[str, frozenset[str]]  # comparison key (stem or collocation) → forms as written


def is_restatement(old: str, new: str) -> bool:
    """True when the two say the same thing (see the module docstring)."""
    if not same_polarity(old, new) or distinguishing(old, new) or persons_apart(old, new):
        return False
    words_old, words_new = aligned(old, new)
    if opposed(words_old, words_new) or quantified_apart(words_old, words_new):
        return False
    a, b = units(words_old), units(words_new)
    shared = a.keys() & b.keys()
    fewer, more = sorted((len(a) - len(shared), len(b) - len(shared)))
    if fewer > MAX_SYNONYM_SWAPS or more - fewer > MAX_RESTATEMENT_EXTRA + 1:
        return False  # too many units differ for synonyms to pair them off (cheap exit)
    subject = subject_stems(words_old, words_new) | subject_stems(words_new, words_old)
    only_old, only_new, swapped = unmatched_synonyms(
        {s: a[s] for s in a.keys() - shared}, {s: b[s] for s in b.keys() - shared}, subject
    )
    if only_old and only_new:
        only_old, only_new, by_phrase = paired_phrases(
            (words_old, only_old, a), (words_new, only_new, b)
        )
        swapped += by_phrase
    if len(shared) + swapped < 2 or swapped > MAX_SYNONYM_SWAPS:
        return False
    if only_old and only_new:
        return False  # a unit was swapped for another: that may be another thing
    if swapped_for_function_word(only_old, words_old, words_new) or swapped_for_function_word(
        only_new, words_new, words_old
    ):
        return False  # "has a large kitchen" / "needs a large kitchen": not an addition
    if only_old & subject_stems(words_old, words_new) or only_new & subject_stems(
        words_new, words_old
    ):
        return False  # "Olga's old laptop runs Linux": a word added to the subject names another
    if inserted_before_verb(only_old, words_old, words_new) or inserted_before_verb(
        only_new, words_new, words_old
    ):
        return False  # "Sam's mother's flight lands": the subject grew, though no verb is known
    if narrowed(only_old, words_old, words_new) or narrowed(only_new, words_new, words_old):
        return False  # "reviews urgent pull requests": a kind of the thing, not a detail
    return len(only_old | only_new) <= MAX_RESTATEMENT_EXTRA


@functools.lru_cache(maxsize=8192)
def aligned(old: str, new: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Both texts' comparison words, compounds written as one word on the other side
    joined ("log in" beside "login")."""
    a, b = tokens(old), tokens(new)
    return joined(a, b), joined(b, a)


@functools.lru_cache(maxsize=8192)
def units(words: tuple[str, ...]) -> Units:
    """The meaningful words of a text (neither stopwords nor filler), keyed by stem."""
    out: dict[str, set[str]] = {}
    for word in words:
        if word not in STOPWORDS and word not in FILLER:
            out.setdefault(stem(word), set()).add(word)
    return {key: frozenset(forms) for key, forms in out.items()}


@functools.lru_cache(maxsize=8192)
def phrases(words: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    """The collocations the lexicon knows in a text ("takes place" → "take_place"), each
    with the stems of the meaningful words it covers."""
    found = []
    for start in range(len(words) - 1):
        phrase = phrase_at(words, start)
        if phrase is not None:
            key, size = phrase
            found.append((key, frozenset(units(words[start : start + size]))))
    return tuple(found)


Side = tuple[tuple[str, ...], set[str], Units]  # words, unpaired unit keys, all units


def paired_phrases(old: Side, new: Side) -> tuple[set[str], set[str], int]:
    """Pair what words left unpaired through collocations: a phrase whose meaningful
    words are all unpaired on one side ("out of order") says what an unpaired word or
    phrase of the other side says ("broken"). Returns both sides' keys left and the
    number of pairs made."""
    left_old, left_new = set(old[1]), set(new[1])
    pairs = 0
    for mine, theirs, left_mine, left_theirs in (
        (old, new, left_old, left_new),
        (new, old, left_new, left_old),
    ):
        for key, covered in phrases(mine[0]):
            if not covered or not covered <= left_mine:
                continue
            match = _phrase_match(key, theirs, left_theirs)
            if match is not None:
                left_mine.difference_update(covered)
                left_theirs.difference_update(match)
                pairs += 1
    return left_old, left_new, pairs


def _phrase_match(key: str, theirs: Side, left: set[str]) -> frozenset[str] | None:
    """The unpaired keys of the other side that say what phrase `key` says: one word
    that is its synonym, or a phrase of unpaired words that is the same or a synonym."""
    for unit in sorted(left):
        if any(synonymous(key, form) for form in theirs[2][unit]):
            return frozenset({unit})
    for other, covered in phrases(theirs[0]):
        if covered and covered <= left and (other == key or synonymous(key, other)):
            return covered
    return None


def swapped_for_function_word(
    extra: Collection[str], mine: Sequence[str], other: Sequence[str]
) -> bool:
    """True when my side has meaningful words the other lacks (`extra`) and the other
    has a function word that carries the fact and I lack — a particle, a demonstrative
    or a verb of having or modality: "is down" / "is slow", "this week" / "last week",
    "has" / "needs". Then the words were swapped, not added."""
    return bool(extra) and bool(set(other) - set(mine) & MEANINGFUL_FUNCTION_WORDS)


def inserted_before_verb(extra: Collection[str], mine: Sequence[str], other: Sequence[str]) -> bool:
    """True when my side holds words put into the run of words the texts share, before
    any verb of my text, and they hold a unit only my side has (`extra`): the subject
    grew ("the night on-call rotation", "Sam's mother's flight"), whatever verb follows.
    `subject_stems` knows a subject only up to a verb it recognises; this needs none.
    Words put in front of the text ("so", "quick note") frame it and do not count."""
    if not extra:
        return False
    matcher = difflib.SequenceMatcher(None, other, mine, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if any(verb_like(w) for w in mine[:j2]):
            return False  # what follows the first verb is the value, not the subject
        adds = bool({stem(w) for w in mine[j1:j2]} & set(extra))
        if tag == "insert" and 0 < i1 < len(other) and adds:
            return True
        if tag == "replace" and adds and all(w in STOPWORDS for w in other[i1:i2]):
            return True  # "I signed the lease" / "my brother signed": another one did it
    return False


def narrowed(extra: Collection[str], mine: Sequence[str], other: Sequence[str]) -> bool:
    """True when my side puts a word that only it has (`extra`) right before a noun both
    texts hold: "reserved for [exit] interviews", "serves [tomato] soup" — a kind of
    the thing, so another fact, wherever in the text it stands. Filler, function words,
    adverbs and words of time ("every [single] Monday" aside) do not narrow."""
    if not extra:
        return False
    shared = set(other)
    matcher = difflib.SequenceMatcher(None, other, mine, autojunk=False)
    for tag, _, _, _, j2 in matcher.get_opcodes():
        if tag != "insert" or j2 >= len(mine) or mine[j2] not in shared:
            continue
        word, head = mine[j2 - 1], mine[j2]
        if stem(word) not in extra or word in STOPWORDS or word in FILLER:
            continue
        parts = parts_of_speech(word)
        if not parts or parts == {"r"} or verb_like(word) or stem(word) in TIME_WORDS:
            continue
        if any(ch.isdigit() for w in mine[j2 : j2 + 2] for ch in w):
            continue  # "[Server] web-03", "[Ticket] OPS-7": a class word before an id
        if head not in STOPWORDS and _noun(head) and stem(head) not in TIME_WORDS:
            return True
    return False


def _noun(word: str) -> bool:
    """A noun as typed or by one of its lemmas ("interviews" → "interview")."""
    return any("n" in parts_of_speech(form) for form in (word, *lemmas(word)))


def quantified_apart(a: Sequence[str], b: Sequence[str]) -> bool:
    """True when the two quantify differently: "most customers" / "few customers"."""
    return {w for w in a if w in QUANTIFIERS} != {w for w in b if w in QUANTIFIERS}


def opposed(a: Sequence[str], b: Sequence[str]) -> bool:
    """True when a word only one side has is the opposite of a word only the other has
    ("check in" / "check out", "early" / "late", "junior" / "senior")."""
    only_a, only_b = set(a) - set(b), set(b) - set(a)
    return any(opposite(x, y) for x in only_a for y in only_b)


def _rank(key_old: str, key_new: str, subject: Collection[str]) -> int:
    return SUBJECT_RANK if key_old in subject or key_new in subject else MAX_RANK


def subject_stems(mine: Sequence[str], other: Sequence[str]) -> set[str]:
    """The stems of the words before the text's verb — its first auxiliary ("is",
    "would"), else its first verb the other text shares (so a noun that can be a verb,
    "report", ends no subject unless both use it) — or none when there is no such verb
    or the subject holds an identifier: "Ticket INC-4411" and "INC-4411" name the same
    ticket."""
    verb = next((i for i, w in enumerate(mine) if w in AUXILIARIES), None)
    if verb is None:
        theirs = {stem(w) for w in other}
        verb = next((i for i, w in enumerate(mine) if is_verb(w) and stem(w) in theirs), None)
    if verb is None or any(ch.isdigit() for w in mine[:verb] for ch in w):
        return set()
    return {stem(w) for w in mine[:verb]}


def unmatched_synonyms(
    old: Units, new: Units, subject: Collection[str] = ()
) -> tuple[set[str], set[str], int]:
    """The keys of each side left once every unit that has a synonym on the other side
    is paired off with it (each unit pairs once), and the number of pairs:
    ("shut"), ("close") → (), (), 1. A word of the subject (`subject`: stems) pairs
    only through a commoner sense (`SUBJECT_RANK`): the subject names the thing, and a
    near-synonym there often names another ("lunch"/"dinner")."""
    left_new = set(new)
    left_old = set()
    for key_old, forms_old in old.items():
        match = next(
            (
                s
                for s in sorted(left_new)
                if any(
                    synonymous(a, b, _rank(key_old, s, subject)) for a in forms_old for b in new[s]
                )
            ),
            None,
        )
        if match is None:
            left_old.add(key_old)
        else:
            left_new.discard(match)
    return left_old, left_new, len(old) - len(left_old)


# Every cache keyed by a text or a pair of texts, for benches that time unseen texts.
TEXT_CACHES = (*distinctions.TEXT_CACHES, tokens, aligned, units, phrases, past_event)
