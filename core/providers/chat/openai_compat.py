"""A ChatModel for any server that speaks OpenAI's /chat/completions.

OpenAI, Ollama, vLLM, llama.cpp server and LM Studio all accept the same request,
so one adapter covers them; local servers simply need no API key. Where they
differ is structured output: OpenAI and recent vLLM/Ollama/llama.cpp accept
`response_format: json_schema`, some only `json_object`, some neither. We try the
strongest form first and step down once per refusal, remembering what worked, so
a server that lacks the feature costs one extra request per process, not per call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from core.ports import ChatMessage, ChatReply, ProviderError
from core.providers.http import JsonPoster, ProviderHTTPError

# The structured-output forms we try, strongest first.
JSON_MODES = ("json_schema", "json_object", "none")
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]+")
_THINK = re.compile(r"^\s*<think>.*?</think>\s*", re.DOTALL)


class OpenAICompatChatModel:
    """`complete()` against {base_url}/chat/completions, e.g. base_url
    "http://localhost:11434/v1" (Ollama) or "https://api.openai.com/v1".

    >>> model = OpenAICompatChatModel("http://localhost:11434/v1", "llama3.2")
    >>> reply = await model.complete([ChatMessage("user", "hi")])  # doctest: +SKIP
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        *,
        backoff: float = 0.5,
    ) -> None:
        self.name = model
        self.model = model
        self._http = JsonPoster(
            "the chat model",
            base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )
        self.json_mode = JSON_MODES[0]  # steps down when the server refuses it

    def __repr__(self) -> str:
        return f"OpenAICompatChatModel({self._http.base_url!r}, {self.model!r})"

    async def close(self) -> None:
        await self._http.close()

    async def __aenter__(self) -> OpenAICompatChatModel:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema: dict[str, Any] | None = None,
        temperature: float = 0.0,
        max_tokens: int | None = None,
    ) -> ChatReply:
        """The model's reply text. With json_schema, ask for JSON in the strongest
        form the server accepts; the caller still validates what comes back."""
        while True:
            mode = self.json_mode if json_schema is not None else "none"
            body = self._body(messages, json_schema, mode, temperature, max_tokens)
            try:
                data = await self._http.post_json("/chat/completions", body)
            except ProviderHTTPError as exc:
                if mode != "none" and _refuses_response_format(exc):
                    self.json_mode = JSON_MODES[JSON_MODES.index(mode) + 1]
                    continue
                raise
            return self._reply(data)

    def _body(
        self,
        messages: Sequence[ChatMessage],
        json_schema: dict[str, Any] | None,
        mode: str,
        temperature: float,
        max_tokens: int | None,
    ) -> dict[str, Any]:
        wire = [{"role": m.role, "content": m.content} for m in messages]
        body: dict[str, Any] = {"model": self.model, "messages": wire, "temperature": temperature}
        if max_tokens is not None:
            body["max_tokens"] = max_tokens
        if json_schema is None:
            return body
        name, schema = _named_schema(json_schema)
        if mode == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": name, "schema": schema, "strict": True},
            }
            return body
        # Without schema support the model only learns the shape from the prompt.
        # (OpenAI's json_object mode also insists the messages mention JSON.)
        instruction = (
            "Reply with one JSON object only, no prose, matching this JSON Schema:\n"
            + json.dumps(schema, ensure_ascii=False)
        )
        body["messages"] = [*wire, {"role": "system", "content": instruction}]
        if mode == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body

    def _reply(self, data: Any) -> ChatReply:
        where = self._http.where("/chat/completions")
        try:
            choice = data["choices"][0]
            message = choice["message"]
            content = message.get("content")
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ProviderError(f"{where} answered without choices[0].message.content") from None
        if not isinstance(content, str):
            refusal = message.get("refusal") if isinstance(message, dict) else None
            if isinstance(refusal, str) and refusal:
                raise ProviderError(f"{where} refused: {self._http.scrub(refusal)[:200]}")
            raise ProviderError(f"{where} answered with no text")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        model = data.get("model") if isinstance(data.get("model"), str) else self.model
        # Local reasoning models (DeepSeek-R1, Qwen3 via Ollama) prefix their
        # thoughts; callers want the answer, and JSON parsing would choke on them.
        return ChatReply(text=_THINK.sub("", content, count=1), model=model, usage=usage)


def _named_schema(json_schema: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Accept either a bare JSON Schema or OpenAI's {"name": ..., "schema": ...}."""
    if isinstance(json_schema.get("schema"), dict) and "name" in json_schema:
        name, schema = str(json_schema["name"]), json_schema["schema"]
    else:
        name, schema = str(json_schema.get("title") or "reply"), json_schema
    return (_SCHEMA_NAME.sub("_", name).strip("_")[:64] or "reply"), schema


def _refuses_response_format(exc: ProviderHTTPError) -> bool:
    """A 400/422 that blames the structured-output request, not the messages."""
    detail = exc.detail.lower()
    return exc.status in (400, 422) and (
        "response_format" in detail or "json_schema" in detail or "json_object" in detail
    )
