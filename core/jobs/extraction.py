"""The "extract" background job: after a chat turn, learn what the user stated.

The chat turn enqueues it and replies at once; standalone mode runs it in-process
after the reply, connected mode in a worker. It re-reads the workspace settings and
the user's incognito state when it runs (either may have changed), extracts with
the rules and the model together (the rules alone when there is no model or it
fails) and saves through
`MemoryService.remember` (privacy and injection guards, reconciliation, audit) and
`set_profile`. Failures stay here: nothing reaches the user, who has their answer.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core import guards
from core.extraction.candidates import CONTEXT_MESSAGES, Extraction, Said, merged
from core.extraction.model import ExtractionFailed, extract_with_model
from core.extraction.rules import extract_with_rules
from core.jobs.queue import job
from core.models import RememberResult, Source
from core.ports import ChatMessage, ChatModel, ProviderError

if TYPE_CHECKING:
    from core.service import MemoryService

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
    if guards.check(message) is not None:
        return None
    context = tuple(
        (m.role, m.content)
        for m in thread
        if m.role in ("user", "assistant") and m.content.strip() and guards.check(m.content) is None
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
        log.info("model extraction failed, using the rules alone: %s", exc)
        return rules
    return merged(rules, found)


async def apply(
    service: MemoryService, workspace: str, user: str, channel: str | None, found: Extraction
) -> list[RememberResult]:
    """Save the profile fields and candidate memories; refusals are simply skipped."""
    for name, value in found.profile.items():
        try:
            await service.set_profile(workspace, user, {name: value})
        except ValueError as exc:
            log.info("profile field %s not saved: %s", name, exc)
    results = []
    for candidate in found.memories:
        results.append(
            await service.remember(
                workspace,
                user,
                candidate.content,
                channel=channel,
                kind=candidate.kind,
                source=Source.EXTRACTED,
                confidence=candidate.confidence,
                pending=candidate.needs_review,
                entities=candidate.entities,
            )
        )
    return results


@job(KIND)
async def extract_turn(service: MemoryService, payload: dict[str, Any]) -> None:
    workspace, user = str(payload["workspace"]), str(payload["user"])
    channel = payload.get("channel") or None
    settings = await service.settings(workspace)
    if not (settings.memory_enabled and settings.auto_extract):
        return
    if channel and await service.is_incognito(workspace, user, channel):
        return
    found = await extract(await service.chat_model_for(workspace), Said.from_payload(payload))
    results = await apply(service, workspace, user, channel, found)
    log.info(
        "extraction (%s): %d candidate(s), %s, %d profile field(s)",
        found.method,
        len(found.memories),
        ", ".join(r.status.value for r in results) or "nothing saved",
        len(found.profile),
    )
