"""Configuration (SPEC §8): providers from the environment, validated at start with
clear errors; the console bot uses the chat model when one is configured."""

from __future__ import annotations

import io

import pytest

from adapters.console import ConsoleContext
from bots.config import ConfigError, load_config
from bots.console import run_console
from bots.wiring import open_service
from core.providers.chat.openai_compat import OpenAICompatChatModel
from core.providers.embedders.openai_compat import OpenAICompatEmbedder
from core.providers.encryption import SecretBox
from tests.fakes.openai_server import CHAT_PATH, EMBED_PATH, FAKE_API_KEY


def config(tmp_path, **env: str):
    return load_config({"MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/m.db", **env}, None)


def test_standalone_mode_needs_no_embedder_and_no_chat_model(tmp_path):
    cfg = config(tmp_path)
    assert cfg.mode == "standalone"
    assert cfg.embed.provider == "none" and cfg.chat.base_url == "" and cfg.secret_keys == ()


def test_the_chat_model_is_configured_by_the_memorybot_llm_settings(tmp_path):
    cfg = config(
        tmp_path,
        MEMORYBOT_LLM_BASE_URL="http://localhost:11434/v1/",
        MEMORYBOT_LLM_MODEL="llama3.2",
        MEMORYBOT_LLM_TIMEOUT="12.5",
    )
    assert (cfg.chat.base_url, cfg.chat.model, cfg.chat.timeout) == (
        "http://localhost:11434/v1",
        "llama3.2",
        12.5,
    )
    preset = config(tmp_path, MEMORYBOT_LLM_PRESET="ollama", MEMORYBOT_LLM_MODEL="qwen3")
    assert preset.chat.base_url == "http://localhost:11434/v1"


@pytest.mark.parametrize(
    ("env", "names"),
    [
        ({"MEMORYBOT_LLM_BASE_URL": "http://localhost:8000/v1"}, "MEMORYBOT_LLM_MODEL"),
        ({"MEMORYBOT_LLM_MODEL": "gpt-4o-mini"}, "MEMORYBOT_LLM_BASE_URL"),
        (
            {"MEMORYBOT_LLM_PRESET": "openai", "MEMORYBOT_LLM_MODEL": "gpt-4o-mini"},
            "MEMORYBOT_LLM_API_KEY",
        ),
        ({"MEMORYBOT_LLM_PRESET": "gpt"}, "MEMORYBOT_LLM_PRESET"),
        ({"MEMORYBOT_LLM_TIMEOUT": "soon"}, "MEMORYBOT_LLM_TIMEOUT"),
        ({"MEMORYBOT_EMBED_PRESET": "word2vec"}, "MEMORYBOT_EMBED_PRESET"),
        ({"MEMORYBOT_EMBED_BASE_URL": "http://vllm:8000/v1"}, "MEMORYBOT_EMBED_MODEL"),
        (
            {"MEMORYBOT_EMBED_BASE_URL": "http://vllm:8000/v1", "MEMORYBOT_EMBED_MODEL": "e5"},
            "MEMORYBOT_EMBED_DIMENSIONS",
        ),
        ({"MEMORYBOT_EMBED_DIMENSIONS": "many"}, "MEMORYBOT_EMBED_DIMENSIONS"),
        ({"MEMORYBOT_EMBED_PRESET": "openai-3-small"}, "MEMORYBOT_EMBED_API_KEY"),
    ],
)
def test_a_wrong_provider_setting_fails_at_start_naming_the_variable(tmp_path, env, names):
    with pytest.raises(ConfigError, match=names):
        config(tmp_path, **env)


def test_an_embedder_preset_fills_the_rest_and_explicit_settings_win(tmp_path):
    cfg = config(
        tmp_path,
        MEMORYBOT_EMBED_PRESET="ollama-nomic-embed-text",
        MEMORYBOT_EMBED_BASE_URL="http://gpu-box:11434/v1",
    )
    assert (cfg.embed.model, cfg.embed.dimensions, cfg.embed.base_url) == (
        "nomic-embed-text",
        768,
        "http://gpu-box:11434/v1",
    )


def test_a_malformed_secret_key_fails_at_start_without_echoing_it(tmp_path):
    good = SecretBox.generate_key()
    with pytest.raises(ConfigError, match="MEMORYBOT_SECRET_KEY") as caught:
        config(tmp_path, MEMORYBOT_SECRET_KEY=f"{good},hunter2-not-a-key")
    assert "hunter2" not in str(caught.value) and good not in str(caught.value)
    assert config(tmp_path, MEMORYBOT_SECRET_KEY=f" {good} ").secret_keys == (good,)


def test_api_keys_never_appear_in_the_configuration_repr(tmp_path):
    secret = SecretBox.generate_key()
    cfg = config(
        tmp_path,
        MEMORYBOT_LLM_BASE_URL="http://localhost:8000/v1",
        MEMORYBOT_LLM_MODEL="m",
        MEMORYBOT_LLM_API_KEY=FAKE_API_KEY,
        MEMORYBOT_SECRET_KEY=secret,
    )
    assert cfg.chat.api_key == FAKE_API_KEY
    assert FAKE_API_KEY not in repr(cfg) and secret not in repr(cfg)


async def test_the_console_bot_answers_with_the_configured_model_and_learns_after(
    tmp_path, provider_server, model_script
):
    cfg = config(
        tmp_path,
        MEMORYBOT_LLM_BASE_URL=provider_server.openai_url,
        MEMORYBOT_LLM_MODEL="fake-chat",
        MEMORYBOT_LLM_API_KEY=FAKE_API_KEY,
        MEMORYBOT_EMBED_BASE_URL=provider_server.openai_url,
        MEMORYBOT_EMBED_MODEL="fake-embed",
        MEMORYBOT_EMBED_DIMENSIONS=str(provider_server.embed_dimensions),
    )
    model_script.reply = "Noted, and port 6543 it is."
    out = io.StringIO()
    async with open_service(cfg) as service:
        assert isinstance(service.chat_model, OpenAICompatChatModel)
        assert isinstance(service.embedder, OpenAICompatEmbedder)
        await service.remember(cfg.workspace, cfg.user, "the staging DB is on port 6543")
        stdin = io.StringIO("which port is staging on?\n")
        await run_console(service, ConsoleContext(cfg.workspace, cfg.user, "general"), stdin, out)
    assert out.getvalue().splitlines()[:2] == ["Noted, and port 6543 it is.", "🧠 used 1 memory"]
    assert model_script.asked == ["reply", "extract"]  # learning ran after the reply
    chat = provider_server.requests_to(CHAT_PATH)[0]
    assert chat.bearer == FAKE_API_KEY and "6543" in chat.json["messages"][0]["content"]
    assert provider_server.requests_to(EMBED_PATH)  # the memory and the question were embedded


async def test_the_pool_size_setting_sizes_each_stores_connections(tmp_path):
    """MEMORYBOT_DATABASE_POOL_SIZE: SQLite's reader connections, PostgreSQL's pool."""
    from core.stores import open_store

    cfg = config(tmp_path, MEMORYBOT_DATABASE_POOL_SIZE="2")
    async with open_service(cfg) as service:
        await service.stats("acme", "alice")
        assert service.store._readers.size == 2  # type: ignore[attr-defined]
    connected = open_store("postgresql://app@db.internal/memorybot", pool_size=3)
    assert connected._max_size == 3  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="MEMORYBOT_DATABASE_POOL_SIZE"):
        config(tmp_path, MEMORYBOT_DATABASE_POOL_SIZE="0")
