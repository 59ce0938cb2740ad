"""How real OpenAI-compatible servers answer a structured-output request: which
forms each accepts, which it enforces, and the exact error it sends otherwise.

Recorded from the servers' source and docs (see core/providers/chat/structured_modes.py
for the versions), so the fake server refuses exactly as they do:

* llama-cpp-python 0.3.x — `response_format.type` is Literal["text", "json_object"];
  its RouteErrorHandler turns the FastAPI validation error into HTTP 500 with
  `{"error": {"message": str(exc), "type": "internal_server_error", ...}}`;
  `{"type": "json_object", "schema": …}` is enforced with a grammar.
* Ollama ≥ 0.5 — /v1 enforces json_schema, json_object means "json"; /api/chat
  enforces `format: <schema>`. Its /v1 errors are `{"error": {"message", "type":
  "invalid_request_error"}}`, native ones `{"error": "…"}`.
* Ollama 0.4 — /api/chat's `format` is a string: an object is a 400 from Go's JSON
  decoder; /v1 silently ignores json_schema (only json_object is read).
* vLLM ≥ 0.12 — json_schema and `structured_outputs.json` enforced, `guided_json`
  gone (extra fields are ignored with a warning); errors `{"error": {"message",
  "type": "BadRequestError", "code": 400}}`.
* vLLM 0.5 — `response_format.type` Literal["text", "json_object"], a 400
  `{"object": "error", "message": "[{'type': 'literal_error', …}]", "type":
  "BadRequestError", "code": 400}`; `guided_json` enforced.
* LM Studio — json_schema only; json_object is a 400 `{"error": "…"}`.
* openai — the fake's historical behaviour: the formats in `response_formats`.
"""

from __future__ import annotations

from typing import Any

DIALECTS = ("openai", "llama-cpp-python", "ollama", "ollama-0.4", "vllm", "vllm-0.5", "lm-studio")
NATIVE_DIALECTS = frozenset({"ollama", "ollama-0.4"})


def pydantic_literal_error(given: str) -> dict[str, Any]:
    return {
        "type": "literal_error",
        "loc": ("body", "response_format", "type"),
        "msg": "Input should be 'text' or 'json_object'",
        "input": given,
        "ctx": {"expected": "'text' or 'json_object'"},
    }


def _fastapi_str(error: dict[str, Any]) -> str:
    """str(RequestValidationError) as FastAPI 0.165 prints it, as served by
    llama-cpp-python 0.3.36 (captured from the real server on this machine)."""
    where = "/usr/lib/python3/site-packages/llama_cpp/server/app.py"
    return (
        f"1 validation error:\n  {error!r}\n\n"
        f'  File "{where}", line 376, in create_chat_completion\n'
        "    POST /v1/chat/completions"
    )


def refusal(
    dialect: str, native: bool, body: dict[str, Any], accepted: set[str]
) -> tuple[int, Any] | None:
    """(status, JSON body) when the server refuses the request's structured form."""
    fmt = body.get("response_format") or {}
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if native:
        if dialect not in NATIVE_DIALECTS:
            return 404, {"detail": "Not Found"}
        if dialect == "ollama-0.4" and isinstance(body.get("format"), dict):
            message = (
                "json: cannot unmarshal object into Go struct field "
                "ChatRequest.format of type string"
            )
            return 400, {"error": message}
        return None
    if kind in (None, "text"):
        return None
    if dialect == "openai" and kind not in accepted:
        message = f"Invalid parameter: 'response_format' of type '{kind}' is not supported"
        return 400, {"error": {"message": message, "type": "invalid_request_error"}}
    if dialect == "llama-cpp-python" and kind != "json_object":
        error = {
            "message": _fastapi_str(pydantic_literal_error(kind)),
            "type": "internal_server_error",
            "param": None,
            "code": None,
        }
        return 500, {"error": error}
    if dialect == "vllm-0.5" and kind != "json_object":
        return 400, {
            "object": "error",
            "message": repr([pydantic_literal_error(kind)]),
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        }
    if dialect == "lm-studio" and kind != "json_schema":
        return 400, {"error": "'response_format.type' must be 'json_schema'"}
    return None


def enforced_schema(dialect: str, native: bool, body: dict[str, Any]) -> dict[str, Any] | None:
    """The schema the server constrains decoding to for this (accepted) request."""
    if native:
        fmt = body.get("format")
        return fmt if isinstance(fmt, dict) else None
    fmt = body.get("response_format") or {}
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    json_schema = (fmt.get("json_schema") or {}).get("schema") if kind == "json_schema" else None
    if dialect == "llama-cpp-python":
        return fmt.get("schema") if kind == "json_object" else None
    if dialect == "ollama-0.4":
        return None  # json_schema silently ignored
    if dialect == "vllm-0.5":
        return body.get("guided_json")
    if dialect == "vllm":
        return json_schema or (body.get("structured_outputs") or {}).get("json")
    return json_schema


def wants_json(dialect: str, native: bool, body: dict[str, Any]) -> bool:
    """The server constrains the answer to *some* JSON (JSON mode, or a schema)."""
    if enforced_schema(dialect, native, body) is not None:
        return True
    if native:
        return body.get("format") == "json"
    fmt = body.get("response_format") or {}
    return isinstance(fmt, dict) and fmt.get("type") == "json_object"


def error_body(dialect: str, status: int, message: str, native: bool = False) -> Any:
    """An ordinary error (rate limit, 500) in the dialect's own shape."""
    if native or dialect == "lm-studio":
        return {"error": message}
    if dialect == "vllm-0.5":
        return {
            "object": "error",
            "message": message,
            "type": "BadRequestError",
            "param": None,
            "code": status,
        }
    if dialect == "vllm":
        return {"error": {"message": message, "type": "BadRequestError", "code": status}}
    if dialect == "llama-cpp-python":
        error = {"message": message, "type": "internal_server_error", "param": None, "code": None}
        return {"error": error}
    kind = "invalid_request_error" if status == 400 else "api_error"
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}
