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
link) within `MAX_RANK` senses of both; a word's lemmas
come from WordNet's irregular forms ("left" → "leave") and its detachment rules
("-ies" → "-y", "-ing" → "", ...), as WordNet's own `morphy` does.

Pure functions over a read-only table loaded once, on first use.
"""

from __future__ import annotations

import functools
import gzip
from importlib import resources

MAX_RANK = 3  # a synset counts only among each word's three commonest senses (dev-tuned)
_DATA = "data/synonyms.txt.gz"
# WordNet's detachment rules (morphy), all parts of speech together.
_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
    ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)  # fmt: skip


@functools.cache
def _lexicon() -> tuple[dict[str, tuple[tuple[int, int], ...]], dict[str, str]]:
    """word → ((synset number, sense rank), ...) and irregular form → lemma."""
    raw = resources.files("core.remember").joinpath(_DATA).read_bytes()
    senses: dict[str, list[tuple[int, int]]] = {}
    irregular: dict[str, str] = {}
    for number, line in enumerate(gzip.decompress(raw).decode("utf-8").splitlines()):
        head, _, rest = line.partition(" ")
        if head == "x":
            form, _, lemma = rest.partition(" ")
            irregular.setdefault(form, lemma)
            continue
        for item in rest.split():
            word, _, rank = item.partition(":")
            senses.setdefault(word, []).append((number, int(rank)))
    return {w: tuple(s) for w, s in senses.items()}, irregular


def lemmas(word: str) -> set[str]:
    """The dictionary forms `word` may be an inflection of (itself included), those the
    lexicon knows: "shuts" → {"shut"}, "left" → {"left", "leave"}, "running" → {"run"}."""
    senses, irregular = _lexicon()
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
    return found


@functools.lru_cache(maxsize=8192)
def _synsets(word: str, max_rank: int) -> frozenset[int]:
    senses, _ = _lexicon()
    return frozenset(
        n for lemma in lemmas(word) for n, rank in senses.get(lemma, ()) if rank <= max_rank
    )


def synonymous(a: str, b: str, max_rank: int = MAX_RANK) -> bool:
    """True when the two words share a common sense (within `max_rank` of each)."""
    return bool(_synsets(a, max_rank) & _synsets(b, max_rank))
