"""The "extract" background job: after a chat turn, learn what the user stated.

The chat turn enqueues it and replies at once; standalone mode runs it in-process
after the reply, connected mode in a worker. It re-reads the memory context when it
runs (settings or incognito may have changed), extracts with the rules and the model
together (`core.extraction.extract`) and saves through `core.remember.intake`
(privacy and injection guards, reconciliation, audit), as an explicit save would.
Failures stay here: nothing reaches the user, who has their answer.
"""

from __future__ import annotations

import logging
from typing import Any

from core.context import read_context
from core.extraction.candidates import Extraction, Said
from core.extraction.extractor import extract
from core.models import HowSaved, Principal, Provenance, RememberResult, Source
from core.ports import Ports
from core.remember.intake import SaveRequest, remember, set_profile

log = logging.getLogger(__name__)


async def apply(
    ports: Ports,
    principal: Principal,
    channel: str | None,
    found: Extraction,
    provenance: Provenance | None = None,
) -> list[RememberResult]:
    """Save the profile fields and candidate memories; refusals are simply skipped."""
    for name, value in found.profile.items():
        try:
            await set_profile(ports, principal, {name: value})
        except ValueError as exc:
            log.info("profile field %s not saved: %s", name, exc)
    results = []
    for candidate in found.memories:
        request = SaveRequest(
            candidate.content,
            channel=channel,
            kind=candidate.kind,
            source=Source.EXTRACTED,
            confidence=candidate.confidence,
            pending=candidate.needs_review,
            entities=candidate.entities,
            provenance=provenance or Provenance(HowSaved.EXTRACTION, author=principal.user),
        )
        results.append(await remember(ports, principal, request))
    return results


async def extract_turn(ports: Ports, payload: dict[str, Any]) -> None:
    principal = Principal(str(payload["workspace"]), str(payload["user"]))
    channel = payload.get("channel") or None
    async with ports.store.session(principal) as session:
        context = await read_context(session, channel)
    if not context.may_extract:
        return
    model = await ports.providers.chat_for(principal.workspace, context.settings)
    found = await extract(model, Said.from_payload(payload))
    source = payload.get("source") or {}
    provenance = Provenance(
        HowSaved.EXTRACTION,
        platform=str(source.get("platform") or ""),
        channel=channel or "",
        message_id=str(source.get("message_id") or ""),
        permalink=str(source.get("permalink") or ""),
        author=principal.user,
    )
    results = await apply(ports, principal, channel, found, provenance)
    log.info(
        "extraction (%s): %d candidate(s), %s, %d profile field(s)",
        found.method,
        len(found.memories),
        ", ".join(r.status.value for r in results) or "nothing saved",
        len(found.profile),
    )
