"""Embedders over HTTP: OpenAI-compatible (OpenAI, Ollama, …) and Cohere v2."""

from __future__ import annotations

import pytest

from core.ports import Embedder, ProviderError
from core.providers.embedders.cohere import CohereEmbedder
from core.providers.embedders.openai_compat import OpenAICompatEmbedder
from core.providers.presets import EmbedConfig, build_embedder, for_queries
from tests.fakes.embedder import hash_embed
from tests.fakes.openai_server import FAKE_API_KEY, error, raw, reply

TEXTS = [f"memory number {i} about topic {i % 7}" for i in range(70)]


async def test_batching_splits_70_texts_into_3_requests_of_at_most_32_and_keeps_order(
    provider_server, server_embedder
):
    vectors = await server_embedder.embed(TEXTS)
    assert isinstance(server_embedder, Embedder)
    assert [len(r.json["input"]) for r in provider_server.requests] == [32, 32, 6]
    assert [t for r in provider_server.requests for t in r.json["input"]] == TEXTS
    assert vectors == [hash_embed(t, 64) for t in TEXTS]
    assert all(r.bearer == FAKE_API_KEY for r in provider_server.requests)


async def test_the_batch_size_is_configurable(provider_server):
    async with OpenAICompatEmbedder(provider_server.openai_url, "m", 64, batch_size=50) as embedder:
        await embedder.embed(TEXTS)
    assert [len(r.json["input"]) for r in provider_server.requests] == [50, 20]


async def test_vectors_answered_out_of_order_are_sorted_by_index(provider_server, server_embedder):
    provider_server.reverse_embedding_order = True
    vectors = await server_embedder.embed(["alpha", "beta", "gamma"])
    assert vectors == [hash_embed(t, 64) for t in ["alpha", "beta", "gamma"]]


async def test_a_wrong_dimension_is_a_provider_error(provider_server, server_embedder):
    provider_server.script_embeddings([reply(lambda body: [[0.5] * 3 for _ in body["input"]])])
    with pytest.raises(ProviderError, match="returned 3-dimensional vectors, expected 64"):
        await server_embedder.embed(["a", "b"])


async def test_a_wrong_number_of_vectors_is_a_provider_error(provider_server, server_embedder):
    provider_server.script_embeddings([reply([hash_embed("a", 64)])])
    with pytest.raises(ProviderError, match="returned 1 vectors for 2 texts"):
        await server_embedder.embed(["a", "b"])


@pytest.mark.parametrize(
    "body",
    [
        {"data": [{"index": 0, "embedding": [0.1] * 64}, {"index": 0, "embedding": [0.1] * 64}]},
        {"data": [{"index": 0, "embedding": [0.1] * 64}, {"index": 5, "embedding": [0.1] * 64}]},
        {"data": [{"index": 0, "embedding": [0.1] * 64}, {"index": 1, "embedding": "abc"}]},
        {"data": [{"index": 0, "embedding": [0.1] * 64}, {"index": 1, "embedding": [None] * 64}]},
        {"error": "no data"},
    ],
    ids=["duplicate index", "index out of range", "not numbers", "nulls", "no data"],
)
async def test_garbled_embedding_answers_are_provider_errors(
    provider_server, server_embedder, body
):
    provider_server.script_embeddings([raw(body)])
    with pytest.raises(ProviderError):
        await server_embedder.embed(["a", "b"])


async def test_dimensions_is_sent_only_to_models_that_support_it(provider_server):
    for model in ("text-embedding-3-small", "nomic-embed-text"):
        async with OpenAICompatEmbedder(provider_server.openai_url, model, 64) as embedder:
            await embedder.embed(["x"])
    small, nomic = (r.json for r in provider_server.requests)
    assert small["dimensions"] == 64
    assert "dimensions" not in nomic


async def test_no_texts_means_no_request(provider_server, server_embedder):
    assert await server_embedder.embed([]) == []
    assert provider_server.requests == []


async def test_ollama_presets_use_the_openai_compatible_endpoint_without_a_key(provider_server):
    provider_server.embed_dimensions = 768
    embedder = build_embedder(
        EmbedConfig(preset="ollama-nomic-embed-text", base_url=provider_server.openai_url)
    )
    assert embedder is not None and embedder.dimensions == 768
    vectors = await embedder.embed(["we deploy on Tuesdays"])
    await embedder.close()
    (request,) = provider_server.requests
    assert request.path == "/v1/embeddings"
    assert request.json == {"model": "nomic-embed-text", "input": ["we deploy on Tuesdays"]}
    assert "Authorization" not in request.headers
    assert len(vectors[0]) == 768


async def test_cohere_embeds_memories_as_documents_and_queries_as_queries(provider_server):
    documents = CohereEmbedder(provider_server.url, "embed-v4.0", 64, FAKE_API_KEY, backoff=0)
    queries = for_queries(documents)
    assert queries.for_queries() is queries and queries.for_documents() is not queries
    stored = await documents.embed(["staging DB is on port 6543"])
    asked = await queries.embed(["which port is staging on?"])
    await documents.close()

    first, second = provider_server.requests
    assert first.path == second.path == "/v2/embed"
    assert first.bearer == FAKE_API_KEY
    assert first.json == {
        "model": "embed-v4.0",
        "texts": ["staging DB is on port 6543"],
        "input_type": "search_document",
        "embedding_types": ["float"],
        "output_dimension": 64,
    }
    assert second.json["input_type"] == "search_query"
    assert stored == [hash_embed("staging DB is on port 6543", 64)]
    assert asked == [hash_embed("which port is staging on?", 64)]


async def test_cohere_batches_at_most_96_texts(provider_server):
    embedder = CohereEmbedder(provider_server.url, "embed-v4.0", 64, batch_size=500)
    await embedder.embed([f"t{i}" for i in range(100)])
    await embedder.close()
    assert [len(r.json["texts"]) for r in provider_server.requests] == [96, 4]


async def test_cohere_v3_models_are_not_sent_an_output_dimension(provider_server):
    provider_server.embed_dimensions = 1024
    embedder = CohereEmbedder(provider_server.url, "embed-english-v3.0", 1024)
    await embedder.embed(["x"])
    await embedder.close()
    assert "output_dimension" not in provider_server.requests[0].json


async def test_cohere_errors_carry_the_servers_message(provider_server):
    provider_server.script_cohere([error(400, "invalid request: model not found")])
    embedder = CohereEmbedder(provider_server.url, "embed-v9", 64)
    with pytest.raises(ProviderError, match=r"Cohere embedder .* answered 400: invalid request"):
        await embedder.embed(["x"])
    await embedder.close()


async def test_cohere_wrong_dimension_is_a_provider_error(provider_server):
    provider_server.script_cohere([reply([[0.1] * 8])])
    embedder = CohereEmbedder(provider_server.url, "embed-v4.0", 64)
    with pytest.raises(ProviderError, match="8-dimensional vectors, expected 64"):
        await embedder.embed(["x"])
    await embedder.close()


async def test_the_in_process_and_http_fakes_give_the_same_vectors(
    server_embedder, hashing_embedder
):
    texts = ["we deploy on Tuesdays", "staging DB is on port 6543"]
    assert await server_embedder.embed(texts) == await hashing_embedder.embed(texts)
