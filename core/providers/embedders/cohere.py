"""An Embedder for Cohere's v2 /v2/embed API.

Cohere embeds stored texts and search queries differently (`input_type`
"search_document" vs "search_query") and recall is better when each side uses its
own. The Embedder port has one `embed(texts)`, so rather than widen it for one
provider, a CohereEmbedder is bound to one input type: the instance you build
embeds documents (memories), and `for_queries()` returns a sibling view, sharing
the same HTTP session, that embeds queries. Recall code that does not know about
this (see `core.providers.presets.for_queries`) just uses the document view,
which still works, slightly less well.
"""

from __future__ import annotations

from typing import Any

from core.ports import ProviderError
from core.providers.embedders.batching import BatchingEmbedder
from core.providers.embedders.openai_compat import check_vector
from core.providers.http import JsonPoster

COHERE_BASE_URL = "https://api.cohere.com"
MAX_BATCH = 96  # Cohere's limit of texts per call
DOCUMENT, QUERY = "search_document", "search_query"


class CohereEmbedder(BatchingEmbedder):
    """`embed()` against {base_url}/v2/embed with float embeddings.

    >>> docs = CohereEmbedder(COHERE_BASE_URL, "embed-v4.0", 1536, api_key="...")
    >>> queries = docs.for_queries()
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        dimensions: int,
        api_key: str | None = None,
        *,
        input_type: str = DOCUMENT,
        timeout: float = 30.0,
        max_retries: int = 2,
        batch_size: int = MAX_BATCH,
        backoff: float = 0.5,
        _http: JsonPoster | None = None,
    ) -> None:
        if dimensions <= 0:
            raise ValueError("dimensions must be positive")
        self.name = model
        self.model = model
        self.dimensions = dimensions
        self.input_type = input_type
        self.batch_size = max(1, min(batch_size, MAX_BATCH))
        self._http = _http or JsonPoster(
            "the Cohere embedder",
            base_url or COHERE_BASE_URL,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )

    def __repr__(self) -> str:
        return f"CohereEmbedder({self.model!r}, input_type={self.input_type!r})"

    def _view(self, input_type: str) -> CohereEmbedder:
        return CohereEmbedder(
            self._http.base_url,
            self.model,
            self.dimensions,
            input_type=input_type,
            batch_size=self.batch_size,
            _http=self._http,
        )

    def for_queries(self) -> CohereEmbedder:
        """The same model and session, embedding search queries."""
        return self if self.input_type == QUERY else self._view(QUERY)

    def for_documents(self) -> CohereEmbedder:
        """The same model and session, embedding texts to store."""
        return self if self.input_type == DOCUMENT else self._view(DOCUMENT)

    async def _embed_batch(self, batch: list[str]) -> list[list[float]]:
        body: dict[str, Any] = {
            "model": self.model,
            "texts": batch,
            "input_type": self.input_type,
            "embedding_types": ["float"],
        }
        if self.model.startswith("embed-v4"):  # only v4+ can shorten its vectors
            body["output_dimension"] = self.dimensions
        data = await self._http.post_json("/v2/embed", body)
        where = self._http.where("/v2/embed")
        embeddings = data.get("embeddings") if isinstance(data, dict) else None
        if isinstance(embeddings, dict):
            embeddings = embeddings.get("float")
        if not isinstance(embeddings, list):
            raise ProviderError(f"{where} answered without float embeddings")
        if len(embeddings) != len(batch):
            raise ProviderError(
                f"{where} returned {len(embeddings)} vectors for {len(batch)} texts"
            )
        return [check_vector(v, self.dimensions, where) for v in embeddings]
