"""What makes two similar texts different facts: identifiers, numbers, names, negation.

Character trigrams say "item 1 codeword con1q" and "item 11 codeword con11q" are 0.8
alike; a person says they are two items. Reconciliation asks these helpers before it
folds one text into another (SPEC §4.4: texts that differ in an identifier, number,
date, name or negation are different memories unless the new one restates the same
subject with a changed value). Pure functions over the text, no store, no model.
"""

from __future__ import annotations

import regex

from core.recall.textsearch import STOPWORDS, light_stem
from core.remember.canonical import normalize_content, words

# Tokens as typed (case kept), so a capitalised name can be told from a common word.
_TOKEN = regex.compile(r"[\p{L}\p{N}]+")
_NEGATION = regex.compile(
    r"\b(?:not|no|never|none|nobody|nothing|nowhere|neither|nor|cannot|"
    r"no\s+longer|any\s*more)\b|n['’]t\b",
    flags=regex.IGNORECASE,
)
# Words that add no fact of their own: a restatement may add or drop them freely.
_FILLER_TEXT = """really always currently now usually also just actually still again please
    basically generally typically normally indeed anyway okay ok yes yeah note fyi
    careful remember"""
FILLER: frozenset[str] = frozenset(_FILLER_TEXT.split())
# Pronouns are capitalised only at a sentence start; they are never names.
_NOT_NAMES: frozenset[str] = frozenset({"i", "i'm", "im"})


def negated(text: str) -> int:
    """How many negations the text holds ("not", "never", "no longer", "don't", ...)."""
    return len(_NEGATION.findall(normalize_content(text)))


def _marked(text: str) -> set[str]:
    """Light-stemmed tokens that name something: digits anywhere in the token, or a
    capital letter in a token that does not open the text ("Berlin", "DB", "Acme")."""
    found: set[str] = set()
    for index, token in enumerate(_TOKEN.findall(text)):
        folded = token.casefold()
        if any(ch.isdigit() for ch in token):
            found.add(folded)
        elif index > 0 and token[0].isupper() and folded not in _NOT_NAMES:
            found.add(stem(folded))
    return found


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


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)} | set(words(text))


def distinguishing(old: str, new: str) -> set[str]:
    """Names, numbers and identifiers one text holds and the other does not mention at all.

    A name need only appear somewhere in the other text (any case) to count as shared:
    "Tea is what Alice likes" and "Alice likes tea" name the same person.
    """
    old_stems, new_stems = _stems(old), _stems(new)
    return {m for m in _marked(old) if m not in new_stems} | {
        m for m in _marked(new) if m not in old_stems
    }


def content_stems(text: str) -> set[str]:
    """Light-stemmed words that carry meaning (stopwords and filler removed)."""
    return {stem(w) for w in words(text) if w not in STOPWORDS and w not in FILLER}


def same_polarity(old: str, new: str) -> bool:
    return negated(old) == negated(new)


def content_words(text: str) -> dict[str, set[str]]:
    """`content_stems` with the words as written behind each stem (for synonym lookup)."""
    out: dict[str, set[str]] = {}
    for w in words(text):
        if w not in STOPWORDS and w not in FILLER:
            out.setdefault(stem(w), set()).add(w)
    return out
