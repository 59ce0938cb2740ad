"""Text normalisation shared by dedup, hashing and entity ids.

Two memories that differ only in case, spacing, Unicode form or trailing
punctuation are the same memory; these helpers decide what "the same" means, in one
place, so the SQLite and PostgreSQL stores agree on every hash.
"""

from __future__ import annotations

import functools
import hashlib
import unicodedata
from collections.abc import Set

import regex

# Entries of each cache keyed by one whole text: a save at 10,000 memories meets ~8
# candidates a line, spread over thousands of texts, and at 2,048 entries the per-text
# analyses (tokens, names, negations) were evicted before a candidate came round again
# (an import of bench/reconcile_identity.py's workload met 7,700 distinct texts).
TEXT_CACHE_SIZE = 16384

_SPACE = regex.compile(r"\s+")
_INVISIBLE = regex.compile(r"[\p{Cc}\p{Cf}--[\n\t]]", flags=regex.V1)
_EDGE_PUNCT = regex.compile(r"^[\p{P}\s]+|[\p{P}\s]+$")
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_APOSTROPHES = regex.compile(r"['’‘`]")


def clean_text(text: str) -> str:
    """What we store: NFC, control and format characters removed, spaces collapsed."""
    text = unicodedata.normalize("NFC", text)
    text = _INVISIBLE.sub("", text)
    return _SPACE.sub(" ", text).strip()


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def normalize_content(text: str) -> str:
    """The comparison form: NFKC, case-folded, whitespace collapsed, edge punctuation off.
    Cached: a save's reconciliation compares its text with each candidate, and the
    workspace's common memories are candidates of many saves."""
    text = unicodedata.normalize("NFKC", clean_text(text)).casefold()
    return _EDGE_PUNCT.sub("", text)


def content_hash(text: str) -> str:
    """A stable hash of the comparison form (exact-duplicate detection)."""
    return hashlib.sha256(normalize_content(text).encode("utf-8")).hexdigest()[:32]


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def trigrams(text: str) -> frozenset[str]:
    """Character trigrams of the comparison form, words padded with spaces."""
    norm = " " + " ".join(_WORD.findall(normalize_content(text))) + " "
    return frozenset(norm[i : i + 3] for i in range(len(norm) - 2))


def jaccard(a: Set[str], b: Set[str]) -> float:
    if not a and not b:
        return 1.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)  # |a ∪ b| without building the union


def similarity(a: str, b: str) -> float:
    """Character-trigram Jaccard similarity of two texts (0..1)."""
    return jaccard(trigrams(a), trigrams(b))


def entity_id(name: str) -> str:
    """Normalised entity id (SPEC §3): lower-case, trimmed, spaces → _, apostrophes dropped."""
    name = unicodedata.normalize("NFKC", name).strip().casefold()
    name = _APOSTROPHES.sub("", name)
    return _SPACE.sub("_", name)


# Caches keyed by a whole text (a save brings new ones; benches empty them to time that).
TEXT_CACHES = (normalize_content, trigrams)


def words(text: str) -> list[str]:
    """Unicode-aware word tokens, case-folded."""
    return [w.casefold() for w in _WORD.findall(text)]
