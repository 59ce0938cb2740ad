"""Keyword searches remembered until the next commit: a save searches once, not twice.

Why: a save plans its reconciliation on a snapshot (a reader connection), then its
write transaction looks the similar memories up again to check that the plan still
holds (`core.remember.saving`). When nothing was committed in between — every
sequential save, most saves under a light load — that second search reads the very
state the first one read, and it was a quarter of a save's CPU (bench/scale.py).

So the store counts its commits (`SQLiteStore.version`: every write session that
changed a row, the touches, the migrations, and any commit by another connection or
process, seen through `PRAGMA data_version` when the writer begins). A read session
labels its searches with the count at its start, before its snapshot is taken: a
commit that lands meanwhile makes the label older than the snapshot, never newer, so a
doubt is a miss. A write session that has changed nothing yet reuses a search whose
label is the current count — the database is then the one the search read, row for
row — and runs it otherwise. Nothing else is kept: a hit is copied on the way out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from core.models import Memory
from core.ports import TextHit

ENTRIES = 256  # a few concurrent saves' plans; recalls' searches pass through too


class SearchMemo:
    """(principal, search) → (commit count, hits), the newest `ENTRIES` kept. Reader
    threads and the writer's share it, hence the lock."""

    def __init__(self, entries: int = ENTRIES) -> None:
        self.entries = entries
        self._kept: OrderedDict[Hashable, tuple[int, list[TextHit]]] = OrderedDict()
        self._lock = threading.Lock()
        self.reused = 0  # searches answered from the memo (tests, benchmarks)

    def put(self, key: Hashable, version: int, hits: list[TextHit]) -> None:
        with self._lock:
            self._kept[key] = (version, hits)
            self._kept.move_to_end(key)
            while len(self._kept) > self.entries:
                self._kept.popitem(last=False)

    def get(self, key: Hashable, version: int) -> list[TextHit] | None:
        """The hits of `key` if they were read at commit count `version`, else None."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept[0] != version:
                return None
            self.reused += 1
        return [TextHit(_copy(h.memory), h.relevance) for h in kept[1]]


def _copy(memory: Memory) -> Memory:
    """A shallow copy, as `copy.copy` makes, without its reduce protocol (a tenth of
    the time: a save copies the ten memories it looked up)."""
    twin = object.__new__(type(memory))
    twin.__dict__.update(memory.__dict__)
    return twin
