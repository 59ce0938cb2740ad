"""A ChatModel for any server that speaks OpenAI's /chat/completions.

OpenAI, Ollama, vLLM, llama.cpp server and LM Studio all accept the same request,
so one adapter covers them; local servers simply need no API key. Where they
differ is how a JSON schema is enforced (`structured_modes`: each preset knows its
server's forms, strongest first, and a refusal steps down once per process) and
which repetition controls they take (`penalties`).

Replies are bounded: a token cap, stop sequences and a repetition penalty from
the settings, and they are streamed, so a reply that outlives the timeout is
cancelled by closing the connection — the server stops generating it instead of
making the next turn wait behind it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.ports import ChatMessage, ChatReply, ProviderError
from core.providers.chat import structured_modes
from core.providers.http import JsonPoster, ProviderHTTPError

log = logging.getLogger("memorybot.providers")

CHAT_PATH, NATIVE_PATH = "/chat/completions", "/api/chat"
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]+")
_THINK = re.compile(r"^\s*<think>.*?</think>\s*", re.DOTALL)
DEFAULT_STOP = ("\nUser:", "\nuser:")


@dataclass(frozen=True)
class ReplyLimits:
    """How long a reply may run and how hard repetition is discouraged.
    `frequency_penalty` is OpenAI's additive one (0 = off); `repeat_penalty` the
    multiplicative one llama.cpp and vLLM also take (1 = off)."""

    max_tokens: int = 400
    stop: tuple[str, ...] = DEFAULT_STOP
    frequency_penalty: float = 0.3
    repeat_penalty: float = 1.1


# Which repetition controls each preset's server takes besides frequency_penalty.
_REPEAT_PARAMETER = {"llama-cpp": "repeat_penalty", "vllm": "repetition_penalty"}


def penalties(preset: str, limits: ReplyLimits) -> dict[str, float]:
    found: dict[str, float] = {}
    if limits.frequency_penalty:
        found["frequency_penalty"] = limits.frequency_penalty
    name = _REPEAT_PARAMETER.get(preset)
    if name and limits.repeat_penalty != 1.0:
        found[name] = limits.repeat_penalty
    return found


class OpenAICompatChatModel:
    """`complete()` against {base_url}/chat/completions, e.g. base_url
    "http://localhost:11434/v1" (Ollama) or "https://api.openai.com/v1".

    >>> model = OpenAICompatChatModel("http://localhost:11434/v1", "llama3.2", preset="ollama")
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
        preset: str = "",
        limits: ReplyLimits | None = None,
    ) -> None:
        self.name = model
        self.model = model
        self.preset = preset.strip().lower()
        self.limits = limits or ReplyLimits()
        self.endpoint = base_url.rstrip("/")
        self._http = JsonPoster(
            "the chat model",
            base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )
        self._native: JsonPoster | None = None
        self._settings = (api_key, timeout, max_retries, backoff)
        self.modes = structured_modes.modes_for(self.preset, base_url)

    def __repr__(self) -> str:
        return f"OpenAICompatChatModel({self._http.base_url!r}, {self.model!r})"

    @property
    def json_mode(self) -> str:
        """The structured-output form used next: what this endpoint accepted in this
        process, else the preset's strongest."""
        return structured_modes.learned(self.endpoint) or self.modes[0]

    async def close(self) -> None:
        await self._http.close()
        if self._native is not None:
            await self._native.close()

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
        stop: Sequence[str] | None = None,
        stream: bool = False,
    ) -> ChatReply:
        """The model's reply text. With json_schema, ask for JSON in the strongest
        form the server accepts; the caller still validates what comes back.
        Without one it is a reply: bounded by the limits, streamed when asked."""
        wire = [{"role": m.role, "content": m.content} for m in messages]
        body: dict[str, Any] = {"model": self.model, "messages": wire, "temperature": temperature}
        if json_schema is not None:
            if max_tokens is not None:
                body["max_tokens"] = max_tokens
            return await self._structured(body, json_schema)
        body["max_tokens"] = max_tokens if max_tokens is not None else self.limits.max_tokens
        stops = list(self.limits.stop if stop is None else stop)[:4]  # OpenAI takes 4 at most
        if stops:
            body["stop"] = stops
        body.update(penalties(self.preset, self.limits))
        if not stream:
            return self._reply(await self._http.post_json(CHAT_PATH, body))
        body["stream"] = True
        events = await self._http.post_json(CHAT_PATH, body, stream=True)
        return self._streamed(events)

    async def probe(self) -> str:
        """The structured-output form this endpoint accepts, found with a tiny
        request (stepping down as `complete` does); for `memorybot doctor`."""
        schema = {
            "title": "probe",
            "type": "object",
            "properties": {"ok": {"type": "boolean"}},
            "required": ["ok"],
            "additionalProperties": False,
        }
        await self.complete(
            [ChatMessage("user", 'Answer {"ok": true}.')], json_schema=schema, max_tokens=16
        )
        return self.json_mode

    async def _structured(self, body: dict[str, Any], json_schema: dict[str, Any]) -> ChatReply:
        name, schema = _named_schema(json_schema)
        while True:
            mode = self.json_mode
            try:
                reply = await self._ask(mode, body, name, schema)
            except ProviderHTTPError as exc:
                weaker = self._weaker(mode)
                if weaker is None or not structured_modes.refuses(mode, exc.status, exc.detail):
                    raise
                log.info("%s refused %s; using %s from now on", self._http.where(), mode, weaker)
                structured_modes.learn(self.endpoint, weaker)
                continue
            structured_modes.learn(self.endpoint, mode)
            return reply

    def _weaker(self, mode: str) -> str | None:
        names = self.modes if mode in self.modes else structured_modes.PRESET_MODES[""]
        index = names.index(mode) if mode in names else len(names) - 1
        return names[index + 1] if index + 1 < len(names) else None

    async def _ask(
        self, mode: str, body: dict[str, Any], name: str, schema: dict[str, Any]
    ) -> ChatReply:
        request = structured_modes.apply(mode, body, name, schema)

        def refused(status: int, detail: str) -> bool:
            return structured_modes.refuses(mode, status, detail)

        if structured_modes.MODES[mode].native:
            data = await self._native_poster().post_json(
                NATIVE_PATH, _native_body(request), refused=refused
            )
            return self._reply(_from_native(data))
        return self._reply(await self._http.post_json(CHAT_PATH, request, refused=refused))

    def _native_poster(self) -> JsonPoster:
        if self._native is None:
            api_key, timeout, max_retries, backoff = self._settings
            root = structured_modes.native_root(self.endpoint) or self.endpoint
            self._native = JsonPoster(
                "the chat model",
                root,
                api_key=api_key,
                timeout=timeout,
                max_retries=max_retries,
                backoff=backoff,
            )
        return self._native

    def _reply(self, data: Any) -> ChatReply:
        where = self._http.where(CHAT_PATH)
        try:
            choice = data["choices"][0]
            message = choice["message"]
            content = message.get("content")
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ProviderError(f"{where} answered without choices[0].message.content") from None
        if not isinstance(content, str):
            refusal = message.get("refusal") if isinstance(message, dict) else None
            if isinstance(refusal, str) and refusal:
                # The refusal's words can quote the prompt: detail, never the summary.
                raise ProviderError(f"{where} refused", self._http.scrub(refusal)[:200])
            raise ProviderError(f"{where} answered with no text")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        model = data.get("model") if isinstance(data.get("model"), str) else self.model
        # Local reasoning models (DeepSeek-R1, Qwen3 via Ollama) prefix their
        # thoughts; callers want the answer, and JSON parsing would choke on them.
        return ChatReply(text=_THINK.sub("", content, count=1), model=model, usage=usage)

    def _streamed(self, events: list[Any]) -> ChatReply:
        """One reply from the chunks of a streamed one."""
        where = self._http.where(CHAT_PATH)
        parts: list[str] = []
        model = self.model
        usage: dict[str, Any] = {}
        for event in events:
            if not isinstance(event, dict):
                continue
            if isinstance(event.get("error"), dict | str):
                raise ProviderError(f"{where} failed while streaming")
            named, counted = event.get("model"), event.get("usage")
            model = named if isinstance(named, str) else model
            usage = counted if isinstance(counted, dict) else usage
            for choice in event.get("choices") or ():
                delta = choice.get("delta") if isinstance(choice, dict) else None
                if isinstance(delta, dict) and isinstance(delta.get("content"), str):
                    parts.append(delta["content"])
        text = "".join(parts)
        return ChatReply(text=_THINK.sub("", text, count=1), model=model, usage=usage)


def _native_body(request: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI chat request as Ollama's /api/chat takes it."""
    options: dict[str, Any] = {"temperature": request.get("temperature", 0.0)}
    if "max_tokens" in request:
        options["num_predict"] = request["max_tokens"]
    return {
        "model": request["model"],
        "messages": request["messages"],
        "format": request["format"],
        "stream": False,
        "options": options,
    }


def _from_native(data: Any) -> Any:
    """Ollama's /api/chat answer in the OpenAI shape `_reply` reads."""
    if not isinstance(data, dict) or not isinstance(data.get("message"), dict):
        return data
    usage = {
        "prompt_tokens": data.get("prompt_eval_count", 0),
        "completion_tokens": data.get("eval_count", 0),
    }
    return {"model": data.get("model"), "choices": [{"message": data["message"]}], "usage": usage}


def _named_schema(json_schema: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Accept either a bare JSON Schema or OpenAI's {"name": ..., "schema": ...}."""
    if isinstance(json_schema.get("schema"), dict) and "name" in json_schema:
        name, schema = str(json_schema["name"]), json_schema["schema"]
    else:
        name, schema = str(json_schema.get("title") or "reply"), json_schema
    return (_SCHEMA_NAME.sub("_", name).strip("_")[:64] or "reply"), schema
