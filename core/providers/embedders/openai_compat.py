"""An Embedder for any server that speaks OpenAI's /embeddings: OpenAI itself,
Ollama (http://localhost:11434/v1), vLLM, LM Studio, llama.cpp server.

Vectors land in a fixed-width database column, so a wrong count, a wrong width or
an out-of-order answer must fail loudly here rather than corrupt recall later.
"""

from __future__ import annotations

import math
from typing import Any

from core.ports import ProviderError
from core.providers.embedders.batching import BatchingEmbedder
from core.providers.http import JsonPoster

# Models that accept the `dimensions` request field (Matryoshka truncation).
# Other servers reject or ignore unknown fields, so we only send it to these.
_DIMENSIONS_PREFIXES = ("text-embedding-3",)


def supports_dimensions(model: str) -> bool:
    return model.startswith(_DIMENSIONS_PREFIXES)


class OpenAICompatEmbedder(BatchingEmbedder):
    """`embed()` against {base_url}/embeddings in batches of `batch_size` texts.

    Batches go one after another, not in parallel: a local Ollama serves one at a
    time anyway, and hosted APIs rate-limit bursts.

    >>> e = OpenAICompatEmbedder("http://localhost:11434/v1", "nomic-embed-text", 768)
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        dimensions: int,
        api_key: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        batch_size: int = 32,
        send_dimensions: bool | None = None,
        name: str | None = None,
        backoff: float = 0.5,
    ) -> None:
        if dimensions <= 0:
            raise ValueError("dimensions must be positive")
        if batch_size <= 0:
            raise ValueError("batch_size must be positive")
        self.name = name or model
        self.model = model
        self.dimensions = dimensions
        self.batch_size = batch_size
        self.send_dimensions = (
            supports_dimensions(model) if send_dimensions is None else send_dimensions
        )
        self._http = JsonPoster(
            "the embedder",
            base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )

    def __repr__(self) -> str:
        return f"OpenAICompatEmbedder({self._http.base_url!r}, {self.model!r})"

    async def _embed_batch(self, batch: list[str]) -> list[list[float]]:
        body: dict[str, Any] = {"model": self.model, "input": batch}
        if self.send_dimensions:
            body["dimensions"] = self.dimensions
        data = await self._http.post_json("/embeddings", body)
        where = self._http.where("/embeddings")
        items = data.get("data") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise ProviderError(f"{where} answered without a data list")
        if len(items) != len(batch):
            raise ProviderError(f"{where} returned {len(items)} vectors for {len(batch)} texts")
        ordered: list[list[float] | None] = [None] * len(batch)
        for position, item in enumerate(items):
            index = item.get("index", position) if isinstance(item, dict) else None
            in_range = isinstance(index, int) and 0 <= index < len(batch)
            if not isinstance(index, int) or not in_range or ordered[index] is not None:
                raise ProviderError(f"{where} returned a vector with a bad index")
            ordered[index] = check_vector(item.get("embedding"), self.dimensions, where)
        return [v for v in ordered if v is not None]


def check_vector(value: Any, dimensions: int, where: str) -> list[float]:
    """A list of `dimensions` finite floats, or ProviderError saying what was wrong."""
    if not isinstance(value, list) or not all(
        isinstance(x, int | float) and not isinstance(x, bool) for x in value
    ):
        raise ProviderError(f"{where} returned something that is not a vector of numbers")
    if len(value) != dimensions:
        raise ProviderError(
            f"{where} returned {len(value)}-dimensional vectors, expected {dimensions}: "
            "check the model and the dimensions setting"
        )
    vector = [float(x) for x in value]
    if not all(math.isfinite(x) for x in vector):
        raise ProviderError(f"{where} returned a vector with NaN or infinite values")
    return vector
