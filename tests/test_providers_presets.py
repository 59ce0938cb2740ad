"""Presets fill provider, model, base URL and dimensions together; explicit settings win."""

from __future__ import annotations

import re

import pytest

from core.providers.chat.openai_compat import OpenAICompatChatModel
from core.providers.embedders.cohere import CohereEmbedder
from core.providers.embedders.openai_compat import OpenAICompatEmbedder
from core.providers.presets import (
    CHAT_PRESETS,
    EMBED_PRESETS,
    EMBEDDER_PROVIDERS,
    ChatConfig,
    EmbedConfig,
    ProviderConfigError,
    build_chat_model,
    build_embedder,
    describe,
    register_embedder_provider,
    unregister_embedder_provider,
)
from core.texts import install_hint
from tests.fakes.embedder import HashingEmbedder
from tests.fakes.openai_server import FAKE_API_KEY

OPENAI, OLLAMA = "https://api.openai.com/v1", "http://localhost:11434/v1"


@pytest.mark.parametrize(
    ("preset", "provider", "model", "base_url", "dimensions"),
    [
        ("openai-3-small", "openai", "text-embedding-3-small", OPENAI, 1536),
        ("openai-3-large", "openai", "text-embedding-3-large", OPENAI, 3072),
        ("ollama-nomic-embed-text", "openai", "nomic-embed-text", OLLAMA, 768),
        ("ollama-mxbai-embed-large", "openai", "mxbai-embed-large", OLLAMA, 1024),
        ("ollama-bge-m3", "openai", "bge-m3", OLLAMA, 1024),
        ("ollama-embeddinggemma", "openai", "embeddinggemma", OLLAMA, 768),
        ("cohere-embed-v4", "cohere", "embed-v4.0", "https://api.cohere.com", 1536),
        ("local", "local", "local-minilm", "", 384),
    ],
)
def test_a_preset_fills_provider_model_base_url_and_dimensions(
    preset, provider, model, base_url, dimensions
):
    cfg = EmbedConfig(preset=preset, api_key=FAKE_API_KEY).resolve()
    assert (cfg.provider, cfg.model, cfg.base_url, cfg.dimensions) == (
        provider,
        model,
        base_url,
        dimensions,
    )


def test_explicit_settings_override_the_preset():
    cfg = EmbedConfig(
        preset="ollama-nomic-embed-text",
        base_url="http://gpu-box:11434/v1/",
        model="nomic-embed-text:v1.5",
        dimensions=512,
        batch_size=8,
    ).resolve()
    assert cfg.provider == "openai"
    assert cfg.base_url == "http://gpu-box:11434/v1"
    assert (cfg.model, cfg.dimensions, cfg.batch_size) == ("nomic-embed-text:v1.5", 512, 8)


def test_preset_names_are_case_and_space_insensitive():
    assert EmbedConfig(preset="  Ollama-BGE-M3 ").resolve().model == "bge-m3"


def test_an_unknown_preset_error_lists_the_valid_names():
    with pytest.raises(ProviderConfigError) as caught:
        EmbedConfig(preset="openai-4-huge").resolve()
    message = str(caught.value)
    assert "unknown embedder preset 'openai-4-huge'" in message
    assert all(name in message for name in EMBED_PRESETS)


def test_an_openai_preset_without_a_key_names_the_setting_to_set():
    with pytest.raises(ProviderConfigError, match=r"api.openai.com.*MEMORYBOT_EMBED_API_KEY"):
        build_embedder(EmbedConfig(preset="openai-3-small"))


def test_an_openai_preset_pointed_at_a_local_proxy_needs_no_key():
    cfg = EmbedConfig(preset="openai-3-small", base_url="http://localhost:4000/v1").resolve()
    assert cfg.api_key is None


@pytest.mark.parametrize(
    ("fields", "setting"),
    [
        ({"model": "m", "dimensions": 8}, "MEMORYBOT_EMBED_BASE_URL"),
        ({"base_url": "http://vllm:8000/v1", "dimensions": 8}, "MEMORYBOT_EMBED_MODEL"),
        ({"base_url": "http://vllm:8000/v1", "model": "m"}, "MEMORYBOT_EMBED_DIMENSIONS"),
    ],
)
def test_openai_compatible_needs_a_base_url_a_model_and_dimensions(fields, setting):
    with pytest.raises(ProviderConfigError, match=setting):
        EmbedConfig(preset="openai-compatible", **fields).resolve()


def test_an_unknown_provider_lists_the_registered_ones():
    with pytest.raises(ProviderConfigError, match=r"unknown embedder provider 'magic'.*openai"):
        EmbedConfig(provider="magic").resolve()


def test_the_none_preset_and_an_empty_config_build_no_embedder():
    assert build_embedder(EmbedConfig(preset="none")) is None
    assert build_embedder(EmbedConfig()) is None


def test_build_embedder_makes_the_http_adapters_without_touching_the_network():
    openai = build_embedder(EmbedConfig(preset="openai-3-large", api_key=FAKE_API_KEY))
    cohere = build_embedder(EmbedConfig(preset="cohere-embed-v4", api_key=FAKE_API_KEY))
    assert isinstance(openai, OpenAICompatEmbedder) and openai.dimensions == 3072
    assert isinstance(cohere, CohereEmbedder) and cohere.input_type == "search_document"
    assert openai._http._session is None  # created lazily, on first use


def test_a_fake_embedder_is_built_through_the_same_registry(hashing_embedder):
    assert isinstance(hashing_embedder, HashingEmbedder)
    assert hashing_embedder.dimensions == 64


def test_a_registered_embedder_of_the_wrong_width_is_refused():
    register_embedder_provider("fixed-8", lambda cfg: HashingEmbedder(8))
    try:
        with pytest.raises(ProviderConfigError, match=r"makes 8-dimensional vectors.*is 16"):
            build_embedder(EmbedConfig(provider="fixed-8", dimensions=16))
    finally:
        unregister_embedder_provider("fixed-8")


def test_the_local_embedder_is_referenced_lazily_by_import_path():
    assert EMBEDDER_PROVIDERS["local"] == "core.providers.embedders.local:LocalMiniLMEmbedder"


def test_a_missing_optional_embedder_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(EMBEDDER_PROVIDERS, "local", "core.providers.embedders.no_such:Nope")
    with pytest.raises(ProviderConfigError, match=re.escape(install_hint("local"))):
        build_embedder(EmbedConfig(preset="local"))


def test_configs_never_show_the_key():
    embed = EmbedConfig(preset="openai-3-small", api_key=FAKE_API_KEY)
    chat = ChatConfig("https://api.openai.com/v1", "gpt-4o-mini", FAKE_API_KEY)
    for cfg in (embed, embed.resolve(), chat, chat.resolve()):
        assert FAKE_API_KEY not in repr(cfg) + str(describe(cfg))
        assert describe(cfg)["api_key"] == "set"
    assert describe(EmbedConfig())["api_key"] == "not set"


def test_no_chat_model_is_configured_by_default():
    assert build_chat_model(ChatConfig()) is None
    assert build_chat_model(ChatConfig(preset="none", model="x")) is None


def test_a_chat_preset_fills_the_base_url_and_an_explicit_one_wins():
    model = build_chat_model(ChatConfig(preset="ollama", model="llama3.2"))
    assert isinstance(model, OpenAICompatChatModel)
    assert model._http.base_url == CHAT_PRESETS["ollama"]
    cfg = ChatConfig("http://gpu:8000/v1", "qwen", preset="vllm").resolve()
    assert cfg.base_url == "http://gpu:8000/v1"


def test_a_chat_model_without_a_name_or_key_says_which_setting_to_set():
    with pytest.raises(ProviderConfigError, match="MEMORYBOT_LLM_MODEL"):
        build_chat_model(ChatConfig(preset="lm-studio"))
    with pytest.raises(ProviderConfigError, match="MEMORYBOT_LLM_API_KEY"):
        build_chat_model(ChatConfig(preset="openai", model="gpt-4o-mini"))
    with pytest.raises(ProviderConfigError, match="MEMORYBOT_LLM_BASE_URL"):
        build_chat_model(ChatConfig(model="llama3.2"))


def test_an_unknown_chat_preset_lists_the_valid_names():
    with pytest.raises(ProviderConfigError) as caught:
        ChatConfig(preset="gemini").resolve()
    assert all(name in str(caught.value) for name in CHAT_PRESETS)
