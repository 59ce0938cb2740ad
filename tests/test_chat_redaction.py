"""Redaction before a model (SPEC §4.1, §6): a secret or identifier in a chat turn is
masked before the turn is sent to a chat model, and never appears in the reply;
an admin may instead refuse such turns, or send them as they are (a local model)."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

import pytest

from core import texts
from core.chat.redaction import redact
from core.chat.turn import ChatTurn
from core.ports import ChatMessage
from core.providers.presets import ChatConfig
from tests.fakes.openai_server import CHAT_PATH, default_chat_reply

WS, ALICE, CHANNEL = "acme", "alice", "general"
# Shaped like a real OpenAI project key, so the privacy guard knows it for one.
KEY = "sk-proj-lcOtrM3ARkZuU5kxkPJqSlboSrWtZnJKVj6ZYJ3qMgYOsZXO"
MASKED = "[an OpenAI API key removed]"


def turn(text: str, **kwargs) -> ChatTurn:
    return ChatTurn(WS, ALICE, CHANNEL, text, **kwargs)


def policy(service, name: str) -> None:
    service.providers.chat_config = replace(service.providers.chat_config, redact=name)


def bodies(provider_server) -> list[str]:
    return [r.body.decode() for r in provider_server.requests_to(CHAT_PATH)]


async def test_a_turn_with_an_api_key_reaches_the_model_with_the_key_masked(
    model_service, provider_server, model_script
):
    model_script.reply = lambda body: f"Sure — I'll remember {KEY} for staging."
    result = await model_service.chat(turn(f"the staging key is {KEY}, can you keep it?"))
    await model_service.jobs.drain()

    (reply_body,) = bodies(provider_server)  # the turn is not extracted from at all
    assert KEY not in reply_body
    sent = json.loads(reply_body)["messages"][-1]["content"]
    assert sent == f"the staging key is {MASKED}, can you keep it?"
    assert result.by_model and KEY not in result.text
    assert result.text == "Sure — I'll remember [a secret removed] for staging."
    assert (await model_service.stats(WS, ALICE)).memories == 0


async def test_a_key_the_model_echoes_back_never_reaches_the_reply(
    model_service, provider_server, model_script
):
    model_script.reply = default_chat_reply  # echoes the user's message, as a small model does
    result = await model_service.chat(turn(f"use {KEY} for the staging deploy"))
    await model_service.jobs.drain()
    assert result.text == f"echo: use {MASKED} for the staging deploy"
    assert KEY not in "".join(bodies(provider_server))


async def test_earlier_messages_of_the_thread_are_masked_too(model_service, provider_server):
    thread = (ChatMessage("user", f"my password is hunter2x and the key is {KEY}"),)
    await model_service.chat(turn("what did I just tell you?", thread=thread))
    await model_service.jobs.drain()
    messages = json.loads(bodies(provider_server)[0])["messages"]
    assert messages[1]["content"] == f"my password is [a password removed] and the key is {MASKED}"
    assert "hunter2x" not in bodies(provider_server)[0]


async def test_with_the_refuse_policy_the_turn_is_not_sent_and_the_kind_is_named(
    model_service, provider_server
):
    policy(model_service, "refuse")
    result = await model_service.chat(turn(f"deploy with {KEY}"))
    assert provider_server.requests_to(CHAT_PATH) == []
    assert result.text == texts.NOT_SENT_TO_MODEL.format(kind="an OpenAI API key")
    assert not result.by_model and KEY not in result.text


async def test_with_the_send_policy_a_trusted_model_gets_the_text_as_written(
    model_service, provider_server
):
    policy(model_service, "send")
    await model_service.chat(turn(f"deploy with {KEY}"))
    await model_service.jobs.drain()
    assert KEY in bodies(provider_server)[0]


async def test_a_clean_turn_goes_to_the_model_unchanged(
    model_service, provider_server, model_script
):
    model_script.reply = default_chat_reply
    said = "we use sk-learn and commit 3f2a9c1d7e8b4a6f0c2d5e9b1a7c3f4e8d2b6a0c"
    result = await model_service.chat(turn(said))
    await model_service.jobs.drain()
    assert json.loads(bodies(provider_server)[0])["messages"][-1]["content"] == said
    assert result.text == f"echo: {said}"


async def test_the_key_never_reaches_the_logs(model_service, model_script, caplog):
    caplog.set_level(logging.DEBUG)
    model_script.reply = lambda body: f"your key is {KEY}"
    await model_service.chat(turn(f"the key is {KEY}"))
    await model_service.jobs.drain()
    assert KEY not in caplog.text


def test_an_unknown_policy_is_a_configuration_error():
    with pytest.raises(ValueError, match="MEMORYBOT_LLM_REDACT"):
        ChatConfig("http://localhost:8080/v1", "smollm2", redact="maybe").resolve()


@pytest.mark.parametrize(
    ("said", "masked", "gone"),
    [
        (f"use {KEY} for staging", f"use {MASKED} for staging", KEY),
        (
            "my password is hunter2x and the db is up",
            "my password is [a password removed] and the db is up",
            "hunter2x",
        ),
        (
            "card 4111 1111 1111 1111 please",
            "card [a payment card number removed] please",
            "1111",
        ),
        ("my ssn is 123 45 6789", "my ssn is [a US social security number removed]", "6789"),
        (
            "connect to postgres://bob:s3cretpw@db/x now",
            "connect to [a password inside a URL removed] now",
            "s3cretpw",
        ),
    ],
)
def test_only_the_secret_is_masked_and_all_of_it(said, masked, gone):
    redacted = redact(said)
    assert redacted.text == masked
    assert gone not in redacted.text


@pytest.mark.parametrize(
    "said", ["we use sk-learn for the baseline", "order 12345 shipped", "lunch is at noon"]
)
def test_look_alikes_are_not_masked(said):
    assert redact(said).text == said
