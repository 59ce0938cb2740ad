"""What every HTTP embedder shares: batching, and closing its HTTP session.

A subclass sets `batch_size` and `_http` (a `JsonPoster`) and implements
`_embed_batch`; `embed` splits the texts and keeps their order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from core.providers.http import JsonPoster


class BatchingEmbedder:
    batch_size: int
    _http: JsonPoster

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            vectors.extend(await self._embed_batch(list(texts[start : start + self.batch_size])))
        return vectors

    async def _embed_batch(self, batch: list[str]) -> list[list[float]]:
        raise NotImplementedError

    async def close(self) -> None:
        await self._http.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
