"""A scripted chat model behind the fake server: answers by what it is asked.

The service asks the chat model three kinds of question — a chat reply, an
extraction (schema "memory_extraction") and a reconciliation (schema
"memory_reconciliation") — and the fake answers each from its own script. Set
`server.chat_reply = script`; a queued behaviour (`server.script_chat`) still
takes precedence, so a test can make the *next* request fail.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

EXTRACTION, RECONCILIATION = "memory_extraction", "memory_reconciliation"
NO_PROFILE = dict.fromkeys(("name", "role", "company", "timezone", "style", "language"))

Answer = str | dict[str, Any] | Callable[[dict[str, Any]], str | dict[str, Any]]


def purpose(body: dict[str, Any]) -> str:
    """ "extract", "reconcile" or "reply", from the schema the request carries."""
    text = json.dumps(body)
    if EXTRACTION in text:
        return "extract"
    if RECONCILIATION in text:
        return "reconcile"
    return "reply"


def memory(content: str, **overrides: Any) -> dict[str, Any]:
    """One extraction item, stated and confident unless overridden."""
    item = {
        "content": content,
        "kind": "fact",
        "confidence": 0.9,
        "stated": True,
        "entities": [],
        "sensitive": False,
    }
    return {**item, **overrides}


def extraction(*memories: dict[str, Any], **profile: str) -> dict[str, Any]:
    return {"memories": list(memories), "profile": {**NO_PROFILE, **profile}}


@dataclass
class ModelScript:
    reply: Answer = "Here is my answer."
    extract: Answer = field(default_factory=extraction)
    reconcile: Answer = field(default_factory=lambda: {"op": "ADD", "id": None, "content": None})
    asked: list[str] = field(default_factory=list)  # purposes, in arrival order

    def __call__(self, body: dict[str, Any]) -> str:
        kind = purpose(body)
        self.asked.append(kind)
        answer = getattr(self, kind)
        if callable(answer):
            answer = answer(body)
        return answer if isinstance(answer, str) else json.dumps(answer)
