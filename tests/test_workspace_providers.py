"""Per-workspace chat model and embedder (SPEC settings): an admin's preset and key are used."""

from __future__ import annotations

import logging

import pytest

from core import texts
from core.chat.turn import ChatTurn
from core.providers.encryption import SecretBox
from core.providers.keys import ProviderKeys
from core.providers.presets import ChatConfig, EmbedConfig
from core.service import MemoryService
from core.workspace_settings import InvalidSetting
from tests.fakes.openai_server import CHAT_PATH, EMBED_PATH, FAKE_API_KEY

ACME, OTHER, ADMIN = "acme", "other", "root"
ACME_KEY = "sk-acme-Zq8Lw3Rt6Yp1Ks9Dh2Fj5Gx7Cv4Bn0Mm"


@pytest.fixture
async def deployment(store, clock, provider_server, server_chat_model, server_embedder):
    """A deployment whose own chat model and embedder are the fake server's, configured
    like bots/wiring does it (preset + base URL from the environment)."""
    service = MemoryService(
        store,
        clock=clock,
        chat_model=server_chat_model,
        embedder=server_embedder,
        chat_config=ChatConfig(
            preset="openai",
            base_url=provider_server.openai_url,
            model="fake-chat",
            api_key=FAKE_API_KEY,
            timeout=5.0,
        ),
        embed_config=EmbedConfig(
            preset="openai-compatible",
            base_url=provider_server.openai_url,
            model="fake-embed",
            dimensions=server_embedder.dimensions,
            api_key=FAKE_API_KEY,
        ),
    )
    service.keys = ProviderKeys(store, SecretBox([SecretBox.generate_key()]), clock)
    for workspace in (ACME, OTHER):  # only the replies reach the fake, no extraction
        await service.update_settings(workspace, ADMIN, is_admin=True, auto_extract=False)
    yield service
    await service.jobs.drain()
    await service.providers.close()


def bearers(provider_server, path: str) -> list[str | None]:
    return [r.bearer for r in provider_server.requests_to(path)]


async def test_a_workspace_that_picked_a_chat_preset_is_answered_with_its_own_key_and_others_with_the_deployments(  # noqa: E501
    deployment, provider_server, caplog
):
    caplog.set_level(logging.DEBUG)
    await deployment.update_settings(ACME, ADMIN, is_admin=True, chat_preset="openai")
    await deployment.keys.set(ACME, ADMIN, "chat", ACME_KEY, is_admin=True)
    provider_server.script_chat(["from acme's model", "from the deployment's model"])

    mine = await deployment.chat(ChatTurn(ACME, "alice", "general", "hi"))
    theirs = await deployment.chat(ChatTurn(OTHER, "bob", "general", "hi"))

    assert (mine.text, theirs.text) == ("from acme's model", "from the deployment's model")
    assert bearers(provider_server, CHAT_PATH) == [ACME_KEY, FAKE_API_KEY]
    assert await deployment.chat_model_for(ACME) is not deployment.chat_model
    assert await deployment.chat_model_for(ACME) is await deployment.chat_model_for(ACME)
    assert ACME_KEY not in caplog.text


async def test_a_chat_preset_that_cannot_be_built_falls_back_to_the_deployment_model_without_logging_keys(  # noqa: E501
    deployment, provider_server, caplog
):
    # The deployment's key is only for the deployment's endpoint: "ollama" gets none,
    # and a hosted preset with no workspace key cannot be built at all.
    deployment.providers.chat_config = ChatConfig(
        base_url=provider_server.openai_url, model="fake-chat", api_key=FAKE_API_KEY
    )
    await deployment.update_settings(ACME, ADMIN, is_admin=True, chat_preset="openai")
    provider_server.script_chat(["still answered"])

    with caplog.at_level(logging.WARNING):
        result = await deployment.chat(ChatTurn(ACME, "alice", "general", "hi"))

    assert result.by_model and result.text == "still answered"
    assert bearers(provider_server, CHAT_PATH) == [FAKE_API_KEY]
    assert "chat preset 'openai' cannot be used" in caplog.text
    assert FAKE_API_KEY not in caplog.text


async def test_the_default_chat_preset_keeps_the_deployment_model(deployment):
    assert await deployment.chat_model_for(ACME) is deployment.chat_model
    assert await deployment.embedder_for(ACME) is deployment.embedder


async def test_an_embedder_of_another_size_is_refused_with_a_clear_text_and_nothing_changes(
    deployment,
):
    before = await deployment.settings(ACME)
    with pytest.raises(InvalidSetting) as refused:
        await deployment.update_settings(
            ACME, ADMIN, is_admin=True, embed_preset="ollama-nomic-embed-text"
        )
    assert str(refused.value) == texts.EMBEDDER_WRONG_SIZE.format(made=768, stored=64)
    assert "768-number vectors but this deployment stores 64" in str(refused.value)
    assert await deployment.settings(ACME) == before


async def test_a_workspace_embedder_of_the_same_size_embeds_its_memories_with_its_own_key(
    deployment, provider_server
):
    await deployment.update_settings(ACME, ADMIN, is_admin=True, embed_preset="openai-compatible")
    await deployment.keys.set(ACME, ADMIN, "embed", ACME_KEY, is_admin=True)

    saved = await deployment.remember(ACME, "alice", "the staging DB is on port 6543")
    await deployment.remember(OTHER, "bob", "lunch is at noon")
    hits = await deployment.recall(ACME, "alice", "staging database port")

    assert saved.memory.has_embedding
    assert [h.id for h in hits] == [saved.memory.id]
    assert bearers(provider_server, EMBED_PATH) == [ACME_KEY, FAKE_API_KEY, ACME_KEY]


async def test_a_workspace_may_turn_vectors_off_for_itself(deployment, provider_server):
    await deployment.update_settings(ACME, ADMIN, is_admin=True, embed_preset="none")
    saved = await deployment.remember(ACME, "alice", "the staging DB is on port 6543")
    assert not saved.memory.has_embedding
    assert bearers(provider_server, EMBED_PATH) == []
