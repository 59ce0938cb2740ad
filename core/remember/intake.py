"""Intake: a text someone wants kept becomes a memory, or a refusal that says why.

The steps, in order: size and emptiness; may this person save here (memory on, not
incognito, who may `/global`); the privacy and injection guards on the raw text; the
vector, computed outside any transaction; for extracted memories, the chat model's
reconciliation proposal from a snapshot; then `saving.save` in one transaction. The
profile's fields take the same guards (`set_profile`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core import guards
from core.context import MemoryContext, read_context
from core.ids import new_id
from core.llm import reconcile_model
from core.models import (
    Kind,
    Memory,
    NewMemory,
    Principal,
    Provenance,
    RefusalReason,
    RememberResult,
    SaveStatus,
    Scope,
    Source,
    Status,
    WorkspaceSettings,
)
from core.ports import Ports, StoreSession, inline
from core.providers.vectors import embed_text
from core.remember import profile as profile_rules
from core.remember import saving
from core.remember.canonical import clean_text, content_hash, entity_id
from core.remember.classify import find_entities, guess_kind
from core.remember.reconcile import Decision
from core.validation import broken_text

EXPLICIT_IMPORTANCE = 0.5
EXTRACTED_IMPORTANCE = 0.4


@dataclass(frozen=True)
class SaveRequest:
    """One text to keep, and how: see `MemoryService.remember` for each field."""

    text: str
    scope: Scope = Scope.PRIVATE
    channel: str | None = None
    kind: Kind | None = None
    source: Source = Source.EXPLICIT
    confidence: float = 1.0
    pending: bool = False
    is_admin: bool = False
    entities: Sequence[str] = ()
    reconcile: bool = True
    # Where the text came from; its channel is recorded when `channel` (where the save
    # happens, which the channel policy judges) is None, as for imports.
    provenance: Provenance = field(default_factory=Provenance)


def provenance_fields(request: SaveRequest) -> dict[str, Any]:
    """The new memory's channel and provenance columns (one place for intake and batches)."""
    source = request.provenance
    return {
        "channel": request.channel or source.channel or None,
        "origin": source.how,
        "platform": source.platform,
        "message_id": source.message_id,
        "permalink": source.permalink,
        "author": source.author,
    }


def refused(reason: RefusalReason, detail: str = "") -> RememberResult:
    return RememberResult(SaveStatus.REFUSED, reason=reason, detail=detail)


def size_refusal(content: str, max_chars: int) -> RememberResult | None:
    """Empty or too long, judged on the cleaned text; else None."""
    if not content:
        return refused(RefusalReason.EMPTY)
    if len(content) > max_chars:
        return refused(RefusalReason.TOO_LONG, str(len(content)))
    return None


def guard_refusal(text: str) -> RememberResult | None:
    """The privacy or injection guard's refusal of `text`, else None."""
    finding = guards.checked(text)  # remembered: recall checks the same text again
    return None if finding is None else refused(RefusalReason(finding.category), finding.label)


def _guarded(request: SaveRequest) -> RememberResult | None:
    """The text's refusal, else its stored fields': one worker-thread hop per save, not
    two (each hop is a wake-up of the event loop and of a pool thread)."""
    return guard_refusal(request.text) or field_refusal(request)


STORED_FIELDS = ("platform", "channel", "message_id", "permalink", "author")


def field_finding(channel: str | None, provenance: Provenance) -> tuple[str, guards.Finding] | None:
    """The first stored text beside the content that the guards refuse, with its name:
    the channel and the provenance columns are stored and exported verbatim, so a token
    pasted as a channel name (the API takes any string) would otherwise be kept."""
    values = [("channel", channel or ""), *((n, getattr(provenance, n)) for n in STORED_FIELDS)]
    for name, value in values:
        finding = guards.check(value) if value else None
        if finding is not None:
            return name, finding
    return None


def field_refusal(request: SaveRequest) -> RememberResult | None:
    """A refusal naming the kind of finding and the field, never the value."""
    found = field_finding(request.channel, request.provenance)
    if found is None:
        return None
    name, finding = found
    return refused(RefusalReason(finding.category), f"{finding.label} in the {name} field")


def new_memory(
    principal: Principal,
    request: SaveRequest,
    content: str,
    now: float,
    embedding: list[float] | None = None,
) -> NewMemory:
    """The memory a save request would write: kind, importance, status, entities and
    provenance decided here for single saves and batched imports alike."""
    return NewMemory(
        id=new_id(),
        workspace=principal.workspace,
        owner=principal.user,
        scope=request.scope,
        content=content,
        content_hash=content_hash(content),
        kind=request.kind or guess_kind(content),
        source=request.source,
        importance=(
            EXPLICIT_IMPORTANCE if request.source == Source.EXPLICIT else EXTRACTED_IMPORTANCE
        ),
        confidence=request.confidence,
        status=Status.PENDING_REVIEW if request.pending else Status.ACTIVE,
        entities=list(dict.fromkeys([*find_entities(content), *map(entity_id, request.entities)])),
        **provenance_fields(request),
        created_at=now,
        updated_at=now,
        embedding=embedding,
    )


async def remember(ports: Ports, principal: Principal, request: SaveRequest) -> RememberResult:
    """Save one memory (see `MemoryService.remember` for the outcomes)."""
    if broken_text(request.text or ""):  # invalid UTF-8: refused like other bad text
        return refused(RefusalReason.BROKEN)
    content = clean_text(request.text or "")
    early = size_refusal(content, ports.max_chars)
    if early is not None:
        return early
    async with ports.store.session(principal, read_only=True) as session:
        context, known = await inline(session, lambda: _context(session, request, content))
    reason = context.save_refusal(request.scope, is_admin=request.is_admin)
    if reason is not None:
        return refused(reason)
    # The raw text (invisible characters are a signal), on a worker thread: the guards
    # are CPU-bound and must not stall other users' requests on the event loop.
    blocked = await asyncio.to_thread(_guarded, request)
    if blocked is not None:
        return blocked
    now = ports.clock()
    embedding = (
        None
        if known is not None
        else asyncio.ensure_future(
            embed_text(ports, principal.workspace, content, context.settings)
        )
    )
    # Where writers run side by side, the vector is computed while the save's write
    # transaction looks the text up by hash and keywords (no lock is taken before the
    # write); SQLite's one writer must not wait for it, and a model's proposal needs it.
    extracted = request.source == Source.EXTRACTED and request.reconcile
    overlap = embedding is not None and not ports.store.one_writer and not extracted
    vector = None if embedding is None or overlap else await embedding
    candidate = new_memory(principal, request, content, now, vector)
    proposal = (
        await _model_proposal(ports, principal, candidate, context.settings)
        if request.source == Source.EXTRACTED and request.reconcile
        else None
    )
    policy = saving.Policy(
        contradiction=context.settings.contradiction_policy, reconcile=request.reconcile
    )
    planned = None
    if request.reconcile and ports.store.writer_busy():  # the rules' work outside its turn
        async with ports.store.session(principal, read_only=True) as session:
            planned = await inline(session, lambda: saving.plan(session, candidate))
    pending = embedding if overlap else None
    try:
        async with ports.store.session(principal) as session:
            if pending is not None and hasattr(session, "inline"):  # `work` awaits nothing else
                candidate = replace(candidate, embedding=await pending)
                pending = None
            result = await inline(
                session,
                lambda: saving.save(
                    session, candidate, policy, now, proposal, request.is_admin, planned, pending
                ),
            )
    finally:
        if pending is not None and not pending.done():
            pending.cancel()  # the text was known: its vector is not needed
    written = result.memory if result.status != SaveStatus.DUPLICATE else None
    if known is not None and written is not None and not written.has_embedding:
        await _embed_late(ports, principal, written, context.settings)
    return result


async def _context(
    session: StoreSession, request: SaveRequest, content: str
) -> tuple[MemoryContext, Memory | None]:
    """The context, and the active memory already holding this text: a text already
    kept is reinforced, not stored (its vector would be thrown away)."""
    context = await read_context(session, request.channel)
    return context, await session.find_by_hash(content_hash(content), request.scope)


async def _embed_late(
    ports: Ports, principal: Principal, memory: Memory, settings: WorkspaceSettings
) -> None:
    """The vector of a memory this save wrote without one because its text was known
    when it started (and was forgotten meanwhile): computed now, outside the save."""
    vector = await embed_text(ports, principal.workspace, memory.content, settings)
    if vector is not None:
        async with ports.store.session(principal) as session:
            await session.set_embedding(memory.id, vector, content_hash=memory.content_hash)


async def _model_proposal(
    ports: Ports, principal: Principal, candidate: NewMemory, settings: WorkspaceSettings
) -> Decision | None:
    """The chat model's reconciliation, asked with no store session open."""
    model = await ports.providers.chat_for(principal.workspace, settings)
    if model is None:
        return None
    async with ports.store.session(principal, read_only=True) as session:
        similar = await saving.similar_memories(session, candidate)
    return await reconcile_model.propose(model, candidate, similar, ports.max_chars)


async def set_profile(ports: Ports, principal: Principal, fields: dict[str, str]) -> None:
    """Set (or, with empty values, clear) profile fields; guarded like memories.
    Raises ValueError for an unknown field, a refused value or an oversized profile."""
    clean = profile_rules.cleaned(fields)
    async with ports.store.session(principal) as session:
        profile_rules.check_size({**await session.get_profile(), **clean})
        await session.set_profile(clean)
