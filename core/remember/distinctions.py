"""What makes two similar texts different facts: identifiers, numbers, names, negation.

Character trigrams say "item 1 codeword con1q" and "item 11 codeword con11q" are 0.8
alike; a person says they are two items. Reconciliation asks these helpers before it
folds one text into another (SPEC §4.4: texts that differ in an identifier, number,
date, name or negation are different memories unless the new one restates the same
subject with a changed value). Pure functions over the text, no store, no model.
"""

from __future__ import annotations

import functools

import regex

from core.recall.textsearch import STOPWORDS, light_stem
from core.remember import canonical
from core.remember.canonical import TEXT_CACHE_SIZE, normalize_content
from core.remember.wording import normal_word, plain_numbers, split_unit, tokens

# Tokens as typed (case kept), so a capitalised name can be told from a common word.
_TOKEN = regex.compile(r"[\p{L}\p{N}]+")
_NEGATION = regex.compile(
    r"\b(?:not|no|never|none|nobody|nothing|nowhere|neither|nor|cannot|"
    r"no\s+longer|any\s*more)\b|n['’]t\b",
    flags=regex.IGNORECASE,
)
# Words that add no fact of their own: a restatement may add or drop them freely.
_FILLER_TEXT = """really always currently now usually also just actually still again please
    basically generally typically normally indeed anyway okay ok yes yeah note fyi btw fwiw
    psa careful remember ever"""
FILLER: frozenset[str] = frozenset(_FILLER_TEXT.split())
# Verbs (light-stemmed) that end a statement's subject: what follows them is its value.
_VERBS_TEXT = """is are was were be been am has have had will would shall should can could
    might must do does did use uses run runs work works live lives start starts begin
    begins end ends finish finishes open opens close closes happen happens need needs
    require requires cost costs take takes leave leaves depart departs arrive arrives ship
    ships own owns lead leads prefer prefers like likes speak speaks drive drives study
    studies pay pays renew renews change changes deploy deploys meet meets move moves sit
    sits report reports belong belongs keep keeps kept get gets go goes stay stays"""
_VERBS: frozenset[str] = frozenset(light_stem(w) for w in _VERBS_TEXT.split())
# Pronouns are capitalised only at a sentence start; they are never names.
# Nor are stopwords and filler ("Btw, The VPN ...").
_NOT_WORDS: frozenset[str] = frozenset({"i", "im"}) | STOPWORDS | FILLER


# Function words that, typed in capitals inside a cased text, are acronyms ("IT", "US").
_ACRONYM_LIKE: frozenset[str] = STOPWORDS - FILLER


def is_verb(word: str) -> bool:
    """One of the common verbs that end a statement's subject ("is", "runs", "meets")."""
    return light_stem(word) in _VERBS


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def negated(text: str) -> int:
    """How many negations the text holds ("not", "never", "no longer", "don't", ...)."""
    return len(_NEGATION.findall(normalize_content(text)))


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def marked(text: str) -> frozenset[str]:
    """Light-stemmed tokens that name something: digits anywhere in the token, a
    capital letter in a token that does not open the text ("Berlin", "DB", "Acme"), or
    a function word in capitals ("IT", "US") in a text that is not all capitals."""
    found: set[str] = set()
    text = plain_numbers(text)
    cased = any(ch.islower() for ch in text)  # a text in capitals marks no acronym
    for index, token in enumerate(_TOKEN.findall(text)):
        folded = normal_word(token.casefold())
        if any(ch.isdigit() for ch in folded):
            found.add((split_unit(folded) or (folded,))[0])  # "64GB" names 64, as "64 GB"
        elif cased and len(token) > 1 and token.isupper() and folded in _ACRONYM_LIKE:
            found.add(folded)  # "the IT vault": an acronym spelled like a function word
        elif index > 0 and token[0].isupper() and folded not in _NOT_WORDS:
            if len(token) > 2 and token[:-1].isupper() and token[-1] == "s":
                folded = folded[:-1]  # "PRs": the plural of the acronym "PR"
            found.add(stem(folded))
    return frozenset(found)


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A comparison form a little bolder than `light_stem`: -ing/-ed/-es/-s come off
    down to a two-letter base, then a final "e" and a doubled final consonant, so that
    "using"/"uses"/"used" and "shipping"/"ships" meet. Words of three letters or
    fewer stay as they are ("is", "was", "bus")."""
    if len(word) <= 3:
        return word
    s = light_stem(word)
    if s == word:
        for suffix in ("ing", "ed", "es", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                s = word[: -len(suffix)]
                break
    if len(s) > 2 and s.endswith("e"):
        s = s[:-1]
    if len(s) > 3 and s[-1] == s[-2] and s[-1] not in "aeiouls":
        s = s[:-1]
    return s


_ACRONYM_PLURAL = regex.compile(r"\b\p{Lu}{2,}s\b")


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _stems(text: str) -> frozenset[str]:
    found = tokens(text)
    numbers = {unit[0] for w in found if (unit := split_unit(w))}  # "3pm" holds 3
    acronyms = {w.casefold()[:-1] for w in _ACRONYM_PLURAL.findall(text)}  # "PRs" holds "pr"
    return frozenset({stem(w) for w in found} | set(found) | numbers | acronyms)


def distinguishing(old: str, new: str) -> set[str]:
    """Names, numbers and identifiers one text holds and the other does not mention at all.

    A name need only appear somewhere in the other text (any case) to count as shared:
    "Tea is what Alice likes" and "Alice likes tea" name the same person.
    """
    old_stems, new_stems = _stems(old), _stems(new)
    return {m for m in marked(old) if m not in new_stems} | {
        m for m in marked(new) if m not in old_stems
    }


def same_polarity(old: str, new: str) -> bool:
    return negated(old) == negated(new)


# Personal pronouns by the person they name: "I love hiking" and "She loves hiking" are
# two people's facts, though every meaningful word is shared.
_PERSONS = {
    **dict.fromkeys(("i", "me", "my", "mine", "myself"), "1s"),
    **dict.fromkeys(("we", "us", "our", "ours", "ourselves"), "1p"),
    **dict.fromkeys(("you", "your", "yours", "yourself", "yourselves"), "2"),
    **dict.fromkeys(("he", "him", "his", "himself"), "3m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "3f"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "3p"),
}


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def persons(text: str) -> frozenset[str]:
    """The grammatical persons the text's pronouns name ("1s" for I/my, "3f" for she/her)."""
    return frozenset(_PERSONS[w] for w in tokens(text) if w in _PERSONS)


def persons_apart(old: str, new: str) -> bool:
    """True when each text names a person by pronoun that the other does not: "I moved
    to Austin" / "They moved to Austin" tell of two people. A text without pronouns
    ("Deploys happen on Tuesdays" for "We deploy on Tuesdays") is not apart."""
    a, b = persons(old), persons(new)
    return bool(a - b) and bool(b - a)


# Caches keyed by a whole text (a save brings new ones; benches empty them to time that).
TEXT_CACHES = (*canonical.TEXT_CACHES, marked, _stems, negated, persons)
