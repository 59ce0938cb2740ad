"""A deterministic embedder for tests: words hashed into a fixed-size vector.

Texts that share words get a positive cosine similarity, so recall tests can
reason about which memory should win without a real model. The same function
backs the fake HTTP server's embeddings endpoints, so a test gets the same
vectors in-process or over HTTP.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence

_WORD = re.compile(r"\w+")


def hash_embed(text: str, dimensions: int) -> list[float]:
    """A unit vector: each lower-cased word adds ±1 at a position fixed by its hash."""
    vector = [0.0] * dimensions
    for word in _WORD.findall(text.lower()):
        digest = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "big")
        vector[digest % dimensions] += 1.0 if (digest >> 32) & 1 else -1.0
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0:
        vector[0], norm = 1.0, 1.0  # no words: a fixed direction, never a zero vector
    return [x / norm for x in vector]


class HashingEmbedder:
    """In-process Embedder built on `hash_embed`; records every batch it embeds."""

    def __init__(self, dimensions: int = 64, name: str = "fake-hashing") -> None:
        self.name = name
        self.dimensions = dimensions
        self.calls: list[list[str]] = []

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [hash_embed(t, self.dimensions) for t in texts]
