"""How each chat server enforces a JSON schema, which form each preset tries first,
and what the process has learned about each endpoint.

The servers behind our presets all speak /chat/completions, but each enforces a
schema its own way, and a schema sent only as prompt text is no schema at all for
a small model (SmolLM2 repeats it back). What they accept, from their docs and
source:

* OpenAI, LM Studio, vLLM ≥ 0.6, llama.cpp's llama-server, Ollama ≥ 0.5 (on /v1):
  `response_format: {"type": "json_schema", "json_schema": {"name", "schema"}}`.
* llama-cpp-python (0.3.x): `response_format.type` may only be "text" or
  "json_object" — anything else is a pydantic error that its route handler turns
  into HTTP **500** ("Input should be 'text' or 'json_object'" at
  ('body','response_format','type')) — and it enforces
  `{"type": "json_object", "schema": {…}}` with a grammar. Old llama-server
  answered 500 too ('response_format type must be one of "text" or "json_object"').
* vLLM < 0.6: 400 with the same pydantic message; guided decoding takes the
  schema as the extra parameter `guided_json` (deprecated in 0.10.2, removed in
  0.12, whose `structured_outputs` every json_schema-capable vLLM also serves
  through `response_format`, so json_schema comes first).
* Ollama's native /api/chat takes the schema as `format` (≥ 0.5); before 0.5
  `format` was a string and an object is refused with 400 "json: cannot unmarshal
  object into Go struct field ChatRequest.format of type string", while its /v1
  endpoint silently ignored json_schema — so for Ollama the native form comes
  first and a refusal steps down to JSON mode, never to an ignored json_schema.

A refusal is any error whose text names the structured-output request, whatever
the status (llama-cpp-python's is a 500): it is not retried, and the next weaker
form is tried at once. The form that worked is remembered per endpoint for the
process, so a server costs at most one refused request per weaker step, once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

JSON_OBJECT_INSTRUCTION = "Reply with one JSON object only, no prose, matching this JSON Schema:\n"


@dataclass(frozen=True)
class Mode:
    """One way to ask for JSON. `enforced`: the server constrains decoding to the
    schema; otherwise the schema travels as prompt text. `native`: Ollama's own
    /api/chat instead of /chat/completions."""

    name: str
    enforced: bool
    native: bool = False
    describe: str = ""


MODES: dict[str, Mode] = {
    m.name: m
    for m in (
        Mode("json_schema", True, describe="response_format json_schema"),
        Mode("json_object_schema", True, describe="response_format json_object with schema"),
        Mode("ollama_format", True, native=True, describe="Ollama's native format schema"),
        Mode("guided_json", True, describe="vLLM guided_json"),
        Mode("json_object", False, describe="JSON mode, schema in the prompt"),
        Mode("none", False, describe="schema in the prompt only"),
    )
}

# Strongest first, per preset ("" and unknown presets: any OpenAI-compatible server).
PRESET_MODES: dict[str, tuple[str, ...]] = {
    "openai": ("json_schema", "json_object", "none"),
    "lm-studio": ("json_schema", "none"),  # LM Studio refuses json_object
    "llama-cpp": ("json_schema", "json_object_schema", "json_object", "none"),
    "vllm": ("json_schema", "guided_json", "json_object", "none"),
    "ollama": ("ollama_format", "json_object", "none"),
    "": ("json_schema", "json_object", "none"),
}

_NAMES_FORMAT = re.compile(
    r"response_format|json_schema|json_object|guided_json|guided_decoding|structured_output",
    re.IGNORECASE,
)
_NAMES_OLLAMA_FORMAT = re.compile(r"\bformat\b", re.IGNORECASE)

# The process's knowledge: endpoint (base URL) -> the mode it accepted.
_LEARNED: dict[str, str] = {}


def modes_for(preset: str, base_url: str) -> tuple[str, ...]:
    """The forms to try for `preset`, strongest first. Ollama's native form needs the
    server root, which we only know when the base URL ends in /v1."""
    names = PRESET_MODES.get(preset.strip().lower(), PRESET_MODES[""])
    if "ollama_format" in names and native_root(base_url) is None:
        names = ("json_schema", *(n for n in names if n != "ollama_format"))
    return names


def native_root(base_url: str) -> str | None:
    """http://host:11434 for http://host:11434/v1, else None."""
    trimmed = base_url.rstrip("/")
    return trimmed[: -len("/v1")] if trimmed.endswith("/v1") else None


def learned(endpoint: str) -> str | None:
    return _LEARNED.get(endpoint)


def learn(endpoint: str, mode: str) -> None:
    _LEARNED[endpoint] = mode


def forget_learned() -> None:
    """Forget every endpoint (tests start each fake server from scratch)."""
    _LEARNED.clear()


def refuses(mode: str, status: int, detail: str) -> bool:
    """Whether an error answer refuses the structured-output form itself (so a
    weaker form may work), rather than the messages, the model or the key."""
    if mode == "none":
        return False
    if MODES[mode].native and status in (404, 405):
        return True  # no native endpoint here: not an Ollama
    if _NAMES_FORMAT.search(detail):
        return status >= 400
    return MODES[mode].native and status == 400 and bool(_NAMES_OLLAMA_FORMAT.search(detail))


def apply(mode: str, body: dict[str, Any], name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """`body` (an OpenAI chat request) asking for `schema` the way `mode` does."""
    body = dict(body)
    if mode == "json_schema":
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": schema, "strict": True},
        }
    elif mode == "json_object_schema":
        body["response_format"] = {"type": "json_object", "schema": schema}
    elif mode == "guided_json":
        body["guided_json"] = schema
    elif mode == "ollama_format":
        body["format"] = schema
    else:
        # Without enforcement the model only learns the shape from the prompt.
        # (OpenAI's json_object mode also insists the messages mention JSON.)
        instruction = JSON_OBJECT_INSTRUCTION + json.dumps(schema, ensure_ascii=False)
        body["messages"] = [*body["messages"], {"role": "system", "content": instruction}]
        if mode == "json_object":
            body["response_format"] = {"type": "json_object"}
    return body
