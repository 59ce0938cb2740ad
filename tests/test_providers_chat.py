"""The OpenAI-compatible chat model, against a real local server."""

from __future__ import annotations

import json

import pytest

from core.ports import ChatMessage, ChatModel, ProviderError
from core.providers.chat.openai_compat import OpenAICompatChatModel
from core.providers.http import ProviderHTTPError
from tests.fakes.openai_server import (
    FAKE_API_KEY,
    error,
    not_schema_valid,
    raw,
    rejects_response_format,
)

MESSAGES = [ChatMessage("system", "You are terse."), ChatMessage("user", "which port?")]
SCHEMA = {
    "title": "extracted memories",
    "type": "object",
    "properties": {"memories": {"type": "array", "items": {"type": "string"}}},
    "required": ["memories"],
    "additionalProperties": False,
}


def formats(server) -> list[str | None]:
    return [(r.json.get("response_format") or {}).get("type") for r in server.requests]


async def test_it_posts_messages_and_model_with_the_key_as_bearer(
    provider_server, server_chat_model
):
    reply = await server_chat_model.complete(MESSAGES, temperature=0.2, max_tokens=50)
    assert isinstance(server_chat_model, ChatModel)
    assert reply.text == "echo: which port?"
    assert reply.model == "fake-chat"
    assert reply.usage["total_tokens"] == 2
    (request,) = provider_server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["Authorization"] == f"Bearer {FAKE_API_KEY}"
    assert request.json == {
        "model": "fake-chat",
        "messages": [
            {"role": "system", "content": "You are terse."},
            {"role": "user", "content": "which port?"},
        ],
        "temperature": 0.2,
        "max_tokens": 50,
        "stop": ["\nUser:", "\nuser:"],
        "frequency_penalty": 0.3,
    }


async def test_a_local_server_is_called_without_any_key(provider_server):
    async with OpenAICompatChatModel(provider_server.openai_url, "llama3.2") as model:
        await model.complete(MESSAGES)
    assert "Authorization" not in provider_server.requests[0].headers


async def test_a_json_schema_is_requested_as_strict_structured_output(
    provider_server, server_chat_model
):
    provider_server.script_chat([{"memories": ["staging DB is on port 6543"]}])
    reply = await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert json.loads(reply.text) == {"memories": ["staging DB is on port 6543"]}
    body = provider_server.requests[0].json
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "extracted_memories", "schema": SCHEMA, "strict": True},
    }
    assert body["messages"] == [{"role": m.role, "content": m.content} for m in MESSAGES]


async def test_an_openai_style_named_schema_is_passed_through(provider_server, server_chat_model):
    await server_chat_model.complete(MESSAGES, json_schema={"name": "ops", "schema": SCHEMA})
    sent = provider_server.requests[0].json["response_format"]["json_schema"]
    assert (sent["name"], sent["schema"]) == ("ops", SCHEMA)


async def test_json_schema_falls_back_to_json_object_then_to_none_and_remembers(
    provider_server, server_chat_model
):
    provider_server.response_formats = set()  # like an old llama.cpp server
    await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert formats(provider_server) == ["json_schema", "json_object", None]
    assert server_chat_model.json_mode == "none"
    # Without schema support the schema travels in a system message instead.
    last = provider_server.requests[-1].json["messages"][-1]
    assert last["role"] == "system" and json.dumps(SCHEMA) in last["content"]

    await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert formats(provider_server)[3:] == [None]  # straight to what worked


async def test_json_schema_falls_back_to_json_object_when_only_that_is_supported(
    provider_server, server_chat_model
):
    provider_server.response_formats = {"json_object"}
    await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert formats(provider_server) == ["json_schema", "json_object", "json_object"]
    assert "JSON" in provider_server.requests[-1].json["messages"][-1]["content"]


async def test_a_scripted_response_format_refusal_steps_down_once(
    provider_server, server_chat_model
):
    provider_server.script_chat([rejects_response_format(), '{"memories": []}'])
    reply = await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert reply.text == '{"memories": []}'
    assert server_chat_model.json_mode == "json_object"


async def test_a_400_about_something_else_does_not_change_the_json_mode(
    provider_server, server_chat_model
):
    provider_server.script_chat([error(400, "maximum context length exceeded")])
    with pytest.raises(ProviderHTTPError, match="maximum context length"):
        await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert server_chat_model.json_mode == "json_schema"
    assert len(provider_server.requests) == 1


async def test_without_a_schema_no_response_format_is_sent_and_the_reply_is_bounded(
    provider_server, server_chat_model
):
    await server_chat_model.complete(MESSAGES)
    sent = provider_server.requests[0].json
    assert "response_format" not in sent
    assert sent["max_tokens"] == 400  # the settings' reply length, not unlimited


async def test_json_that_does_not_fit_the_schema_is_returned_for_the_caller_to_validate(
    provider_server, server_chat_model
):
    provider_server.script_chat([not_schema_valid()])
    reply = await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert "memories" not in json.loads(reply.text)


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        ({"choices": []}, "without choices"),
        ({"id": "x"}, "without choices"),
        ([1, 2, 3], "without choices"),
        ({"choices": [{"message": "hi"}]}, "without choices"),
        ({"choices": [{"message": {"content": None}}]}, "no text"),
        ({"choices": [{"message": {"content": None, "refusal": "I can't"}}]}, "refused: I can't"),
    ],
)
async def test_reply_bodies_without_text_are_provider_errors(
    provider_server, server_chat_model, body, complaint
):
    provider_server.script_chat([raw(body)])
    with pytest.raises(ProviderError, match=complaint):
        await server_chat_model.complete(MESSAGES)


async def test_a_reasoning_models_think_block_is_removed(provider_server, server_chat_model):
    provider_server.script_chat(['<think>\nthe user wants JSON\n</think>\n\n{"memories": []}'])
    reply = await server_chat_model.complete(MESSAGES, json_schema=SCHEMA)
    assert reply.text == '{"memories": []}'


async def test_the_reply_can_be_computed_from_the_request(provider_server, server_chat_model):
    provider_server.chat_reply = lambda body: str(len(body["messages"]))
    reply = await server_chat_model.complete(MESSAGES)
    assert reply.text == "2"
