"""The last few thousand vectors a model made, by a digest of their text.

Why: the same text is embedded again and again — a question asked twice, the message a
chat turn recalls with and then weighs, a save repeated or imported twice — and with the
local model each costs 5-15 ms of a core. Keyed by a BLAKE2b digest, so no text is
kept; vectors are stored as float32 (what the model gives), 1.5 KB each at 384
dimensions, so the default 4,096 entries hold about 6 MB.
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from hashlib import blake2b


def digest(text: str) -> bytes:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class VectorCache:
    """A thread-safe LRU map from text digests to vectors."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._vectors: OrderedDict[bytes, array[float]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: bytes) -> list[float] | None:
        with self._lock:
            found = self._vectors.get(key)
            if found is None:
                self.misses += 1
                return None
            self._vectors.move_to_end(key)
            self.hits += 1
        return list(found)

    def put(self, key: bytes, vector: list[float]) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._vectors[key] = array("f", vector)
            self._vectors.move_to_end(key)
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)
