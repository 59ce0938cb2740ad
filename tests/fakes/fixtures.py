"""Pytest fixtures for the provider fakes.

Load them with `pytest_plugins = ["tests.fakes.fixtures"]` in the root
tests/conftest.py (or in a test module until that exists).

    async def test_extraction_asks_for_json(provider_server, server_chat_model):
        provider_server.script_chat(['{"memories": []}'])
        ...
        assert provider_server.requests[-1].json["response_format"]["type"] == "json_schema"
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from core.ports import Embedder
from core.providers.chat.openai_compat import OpenAICompatChatModel
from core.providers.chat.structured_modes import forget_learned
from core.providers.embedders.openai_compat import OpenAICompatEmbedder
from core.providers.presets import (
    EmbedConfig,
    build_embedder,
    register_embedder_provider,
    unregister_embedder_provider,
)
from tests.fakes.embedder import HashingEmbedder
from tests.fakes.openai_server import FAKE_API_KEY, FakeProviderServer
from tests.fakes.scripted import ModelScript

HASHING_PROVIDER = "fake-hashing"
HASHING_DIMENSIONS = 64


@pytest.fixture
async def provider_server() -> AsyncIterator[FakeProviderServer]:
    """A started fake server on 127.0.0.1 (random port), closed after the test.
    What earlier tests' servers taught the process about structured output is
    forgotten (a new server may get an old one's port)."""
    forget_learned()
    async with FakeProviderServer(embed_dimensions=HASHING_DIMENSIONS) as server:
        yield server


@pytest.fixture
async def server_chat_model(
    provider_server: FakeProviderServer,
) -> AsyncIterator[OpenAICompatChatModel]:
    """A real OpenAICompatChatModel pointed at the fake, with near-instant backoff."""
    model = OpenAICompatChatModel(
        provider_server.openai_url, "fake-chat", FAKE_API_KEY, timeout=5.0, backoff=0.001
    )
    yield model
    await model.close()


@pytest.fixture
async def server_embedder(
    provider_server: FakeProviderServer,
) -> AsyncIterator[OpenAICompatEmbedder]:
    """A real OpenAICompatEmbedder against the fake's hashing /v1/embeddings."""
    embedder = OpenAICompatEmbedder(
        provider_server.openai_url,
        "fake-embed",
        provider_server.embed_dimensions,
        FAKE_API_KEY,
        timeout=5.0,
        backoff=0.001,
    )
    yield embedder
    await embedder.close()


@pytest.fixture
def hashing_embedder() -> Iterator[Embedder]:
    """The in-process deterministic embedder, built through the real registry
    (provider "fake-hashing"), registered only for this test."""
    register_embedder_provider(HASHING_PROVIDER, lambda cfg: HashingEmbedder(cfg.dimensions))
    try:
        embedder = build_embedder(
            EmbedConfig(provider=HASHING_PROVIDER, dimensions=HASHING_DIMENSIONS)
        )
        assert embedder is not None
        yield embedder
    finally:
        unregister_embedder_provider(HASHING_PROVIDER)


@pytest.fixture
def model_script(provider_server: FakeProviderServer) -> ModelScript:
    """The fake server's chat endpoint, answering replies, extractions and
    reconciliations from one script."""
    script = ModelScript()
    provider_server.chat_reply = script
    return script


@pytest.fixture
async def model_service(service, server_chat_model, model_script):
    """The `service` fixture (every store backend) with the HTTP chat model attached."""
    service.chat_model = server_chat_model
    return service
