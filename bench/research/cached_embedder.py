"""An embedder that remembers its vectors, on disk, across research runs.

Tuning scripts ask the same questions under many settings and save the same turns on
every run; embedding them again each time is most of their cost on a shared machine.
The vectors are the inner embedder's own, so results do not change.
"""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Sequence
from pathlib import Path

from core.ports import Embedder


class CachedEmbedder:
    def __init__(self, inner: Embedder, path: Path | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self.path = path or Path(
            tempfile.gettempdir(), f"embed-cache-{inner.name.replace('/', '_')}.pickle"
        )
        self.vectors: dict[str, list[float]] = {}
        if self.path.is_file():
            self.vectors = pickle.loads(self.path.read_bytes())
        self.added = 0

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in self.vectors]
        if missing:
            for text, vector in zip(missing, await self.inner.embed(missing), strict=True):
                self.vectors[text] = vector
            self.added += len(missing)
        return [self.vectors[t] for t in texts]

    def save(self) -> None:
        if self.added:
            self.path.write_bytes(pickle.dumps(self.vectors))
            self.added = 0


def cached(embedder: Embedder | None) -> CachedEmbedder | None:
    return CachedEmbedder(embedder) if embedder is not None else None
