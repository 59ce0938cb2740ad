"""The model extractor: ask the chat model for JSON candidates, keep only sound ones.

Everything the model returns is checked before it can become a memory: the shape
against the schema we sent (a malformed item is dropped, a malformed answer is a
failure), confidence at least MIN_CONFIDENCE, a short self-contained text, and
grounding — every entity it declares, and every proper noun in its text, must
appear in the conversation it read. (Elsewhere, names from a prompt's few-shot
examples leaked into other users' memories; our examples use placeholders only,
and this check catches any name the model brings from anywhere else.) Profile
names and companies must appear verbatim too, and every other profile value, like
every candidate the model calls stated, must share a word with the message.
"""

from __future__ import annotations

import logging
from typing import Any

from core import guards, prompts
from core.extraction.candidates import (
    MAX_CANDIDATES,
    MAX_CONTENT_CHARS,
    MIN_CONFIDENCE,
    MIN_CONTENT_WORDS,
    Candidate,
    Extraction,
    Said,
)
from core.llm.grounding import mentioned, shares_a_word, unsupported_names
from core.llm.structured import parse_object, problems
from core.logsafe import SafeMessage
from core.models import PROFILE_FIELDS, PROFILE_VALUE_MAX_CHARS, Kind
from core.ports import ChatMessage, ChatModel
from core.remember.canonical import clean_text, words

log = logging.getLogger(__name__)

MAX_TOKENS = 1200
GROUNDED_PROFILE_FIELDS = frozenset({"name", "company"})


class ExtractionFailed(SafeMessage, ValueError):
    """The model's answer is unusable as a whole; the message never holds user text."""


def messages(said: Said) -> list[ChatMessage]:
    context = "\n".join(f"{role}: {guards.quote_for_prompt(text)}" for role, text in said.context)
    user = prompts.render(
        "extract_user",
        context=context or "(none)",
        message=guards.quote_for_prompt(said.message),
    )
    return [ChatMessage("system", prompts.text("extract_system")), ChatMessage("user", user)]


async def extract_with_model(model: ChatModel, said: Said) -> Extraction:
    """Candidates the model found in the user's message. Raises ProviderError or
    ExtractionFailed when the answer cannot be used at all."""
    reply = await model.complete(
        messages(said), json_schema=prompts.schema("extract"), max_tokens=MAX_TOKENS
    )
    return read_answer(parse_object(reply.text), said)


def read_answer(data: dict[str, Any] | None, said: Said) -> Extraction:
    """The validated, grounded candidates from the model's JSON answer."""
    if data is None:
        raise ExtractionFailed("the answer held no JSON object")
    schema = prompts.schema("extract")
    items, profile = data.get("memories"), data.get("profile")
    if not isinstance(items, list) or not isinstance(profile, dict):
        raise ExtractionFailed("the answer lacks a memories list and a profile object")
    memories: list[Candidate] = []
    dropped = 0
    for item in items:
        candidate = _candidate(item, schema["properties"]["memories"]["items"], said)
        if candidate is None:
            dropped += 1
        elif candidate.content not in {c.content for c in memories}:
            memories.append(candidate)
    if dropped:
        log.info("extraction dropped %d of %d candidate(s)", dropped, len(items))
    fields = _profile(profile, schema["properties"]["profile"], said)
    return Extraction(tuple(memories[:MAX_CANDIDATES]), fields, method="model")


def _candidate(item: Any, schema: dict[str, Any], said: Said) -> Candidate | None:
    """A candidate, or None when it is malformed, unsure, vague or not grounded."""
    if problems(item, schema):
        return None
    content = clean_text(item["content"])
    if not content or len(content) > MAX_CONTENT_CHARS:
        return None
    if len(words(content)) < MIN_CONTENT_WORDS or item["confidence"] < MIN_CONFIDENCE:
        return None
    source = said.everything
    entities = tuple(clean_text(e) for e in item["entities"] if clean_text(e))
    if not all(mentioned(e, source) for e in entities) or unsupported_names(content, source):
        return None  # a name the user never wrote: the whole candidate is suspect
    if item["stated"] and not shares_a_word(content, said.message):
        return None  # "stated" yet nothing of it was said: a prompt example copied back
    return Candidate(
        content=content,
        kind=Kind(item["kind"]),
        confidence=float(item["confidence"]),
        stated=bool(item["stated"]),
        entities=entities,
        sensitive=bool(item["sensitive"]),
    )


def _profile(profile: dict[str, Any], schema: dict[str, Any], said: Said) -> dict[str, str]:
    """Stated profile fields; names and companies must be written in the message."""
    found: dict[str, str] = {}
    for name in PROFILE_FIELDS:
        value = profile.get(name)
        if value is None or problems(value, schema["properties"][name]):
            continue
        value = clean_text(value)
        if not value or len(value) > PROFILE_VALUE_MAX_CHARS:
            continue
        if name in GROUNDED_PROFILE_FIELDS and not mentioned(value, said.message):
            continue
        if not shares_a_word(value, said.message):
            continue  # nothing of it in the message: invented or copied from the prompt
        found[name] = value
    return found
