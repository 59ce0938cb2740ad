"""Saving many texts at once (imports): each gets `intake.remember`'s checks and
outcome, for a fraction of the cost.

Line by line, a 100k-line import took most of an hour: two transactions, one
embedding call and a dozen thread hops per line. Here a batch shares them:

- the workspace's context (memory on, who may save globally) is read once;
- every text still passes the size check and the privacy and injection guards on its
  own — run off the event loop, in one worker-thread call for the batch;
- the accepted texts are embedded in one call (the embedder batches them);
- all of them are saved in ONE transaction through `saving.save`, so each is
  reconciled against the store and against the batch's earlier lines (a transaction
  sees its own writes): a duplicate inside the file is a duplicate, not a second row.

Reconciliation is by the rules only: asking the chat model once per line is what a
bulk import must not do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.context import MemoryContext, read_context
from core.models import NewMemory, Principal, RememberResult
from core.ports import Ports, StoreSession, inline
from core.providers.vectors import embed_texts
from core.remember import saving
from core.remember.canonical import clean_text
from core.remember.intake import (
    SaveRequest,
    field_refusal,
    guard_refusal,
    new_memory,
    refused,
    size_refusal,
)

BATCH_SIZE = 500


def screen(
    requests: Sequence[SaveRequest], context: MemoryContext, max_chars: int
) -> list[RememberResult | str]:
    """Per request: its refusal, or its cleaned text when it may be saved. CPU-bound
    (the guards), so callers run it on a worker thread."""
    out: list[RememberResult | str] = []
    for request in requests:
        content = clean_text(request.text or "")
        early = size_refusal(content, max_chars)
        reason = context.save_refusal(request.scope, is_admin=request.is_admin)
        if early is None and reason is not None:
            early = refused(reason)
        out.append(early or guard_refusal(request.text) or field_refusal(request) or content)
    return out


@dataclass(frozen=True)
class Screened:
    """A batch after the checks and the embedder, before the store: per request its
    refusal or its cleaned text, and the memories to save (with their vectors)."""

    requests: Sequence[SaveRequest]
    results: list[RememberResult | str]
    accepted: list[tuple[int, NewMemory]]
    context: MemoryContext
    now: float


async def screen_many(
    ports: Ports, principal: Principal, requests: Sequence[SaveRequest]
) -> Screened:
    """The checks and the vectors of a batch: no write, so an import can screen and embed
    its next batch while this one is being saved (`core.governance.portability`)."""
    async with ports.store.session(principal, read_only=True) as session:
        context = await read_context(session, None)
    screened = await asyncio.to_thread(screen, requests, context, ports.max_chars)
    now = ports.clock()
    accepted = [
        (i, new_memory(principal, requests[i], text, now))
        for i, text in enumerate(screened)
        if isinstance(text, str)
    ]
    vectors = await embed_texts(
        ports, principal.workspace, [c.content for _, c in accepted], context.settings
    )
    accepted = [
        (i, new if vector is None else replace(new, embedding=vector))
        for (i, new), vector in zip(accepted, vectors, strict=True)
    ]
    return Screened(requests, list(screened), accepted, context, now)


async def save_screened(
    ports: Ports, principal: Principal, batch: Screened
) -> list[RememberResult]:
    """Save a screened batch in ONE transaction; one result per request, in order."""
    results = list(batch.results)

    async def save_all(session: StoreSession) -> None:
        for i, new in batch.accepted:
            policy = saving.Policy(
                contradiction=batch.context.settings.contradiction_policy,
                reconcile=batch.requests[i].reconcile,
            )
            results[i] = await saving.save(session, new, policy, batch.now)

    async with ports.store.session(principal) as session:
        await inline(session, lambda: save_all(session))  # one hop, not five a line
    return [r for r in results if isinstance(r, RememberResult)]


async def remember_many(
    ports: Ports, principal: Principal, requests: Sequence[SaveRequest]
) -> list[RememberResult]:
    """One result per request, in order, as `intake.remember` would give (rules-only
    reconciliation); the saves commit together or not at all."""
    return await save_screened(ports, principal, await screen_many(ports, principal, requests))
