"""Choosing how to extract, and what of a turn may wait in the job queue.

`extract` runs the rules and merges in the chat model's validated candidates when a
model answers; `extraction_payload` decides what of a chat turn
may be queued at all (nothing that trips a guard).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from core import guards
from core.extraction.candidates import CONTEXT_MESSAGES, Extraction, Said, merged
from core.extraction.model import ExtractionFailed, extract_with_model
from core.extraction.rules import extract_with_rules
from core.logsafe import loggable
from core.ports import ChatMessage, ChatModel, ProviderError

log = logging.getLogger(__name__)

KIND = "extract"


def extraction_payload(
    workspace: str, user: str, channel: str, message: str, thread: Sequence[ChatMessage] = ()
) -> dict[str, Any] | None:
    """The job's payload, or None when the message must not be kept even in a queue.

    A message that trips the privacy or injection guard (a pasted key, a card
    number, an attempt to steer the model) is not extracted from at all: otherwise
    the secret would sit in the job queue, and conservative beats clever here.
    """
    if guards.checked(message) is not None:
        return None
    context = tuple(
        (m.role, m.content)
        for m in thread
        if m.role in ("user", "assistant")
        and m.content.strip()
        and guards.checked(m.content) is None
    )[-CONTEXT_MESSAGES:]
    said = Said(message, context)
    return {"workspace": workspace, "user": user, "channel": channel, **said.to_payload()}


async def extract(model: ChatModel | None, said: Said) -> Extraction:
    """The rules' candidates, merged with the model's validated ones when there is a
    model that answers (an empty model answer never drops what the rules caught)."""
    rules = extract_with_rules(said)
    if model is None:
        return rules
    try:
        found = await extract_with_model(model, said)
    except (ProviderError, ExtractionFailed) as exc:
        log.info("model extraction failed, using the rules alone: %s", loggable(exc))
        return rules
    return merged(rules, found)
