"""The memory service: the one object every platform, the CLI and the API talk to.

Each public method is one user-visible operation (remember, recall, forget, undo,
review, memories, incognito, settings). Methods validate input, read the
workspace's settings, call the guards, and then run the work inside one store
session. Nothing here knows about Slack, Discord or the terminal.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from core import guards
from core.governance import audit, consolidation, correction, erase, feedback, pinning
from core.governance.conflicts import conflicting_pairs
from core.ids import new_id
from core.jobs.queue import InProcessJobs, JobQueue
from core.llm import reconcile_model
from core.models import (
    SECRET_SETTINGS,
    ForgetResult,
    Hit,
    Kind,
    MemoriesView,
    Memory,
    MemoryPatch,
    NewMemory,
    Principal,
    RefusalReason,
    RememberResult,
    SaveStatus,
    Scope,
    Source,
    Status,
    StoreStats,
    WorkspaceSettings,
)
from core.ports import ChatModel, Embedder, ProviderError, Store, StoreSession
from core.providers.encryption import SecretBox
from core.providers.keys import ProviderKeys
from core.providers.presets import ChatConfig, EmbedConfig
from core.providers.workspace import WorkspaceProviders
from core.recall.hybrid import recall as recall_memories
from core.remember import profile as profile_rules
from core.remember import saving
from core.remember.canonical import clean_text, content_hash, entity_id
from core.remember.classify import find_entities, guess_kind
from core.remember.forgetting import candidates as forgettable
from core.remember.forgetting import forget as forget_matching
from core.remember.reconcile import Decision
from core.workspace_settings import validate_changes

log = logging.getLogger(__name__)

EXPLICIT_IMPORTANCE = 0.5
EXTRACTED_IMPORTANCE = 0.4


@dataclass(frozen=True)
class ServiceConfig:
    max_chars: int = 2000
    memories_page: int = 10


@dataclass(frozen=True)
class UndoResult:
    ok: bool
    action: str = ""
    memories: tuple[str, ...] = ()
    conflict: Memory | None = None  # the memory now holding the text undo would bring back


def _refused(reason: RefusalReason, detail: str = "") -> RememberResult:
    return RememberResult(SaveStatus.REFUSED, reason=reason, detail=detail)


class MemoryService:
    """Long-term memory for one deployment: every workspace, every user."""

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None = None,
        chat_model: ChatModel | None = None,
        clock: Callable[[], float] = time.time,
        config: ServiceConfig | None = None,
        jobs: JobQueue | None = None,
        secrets: SecretBox | None = None,
        chat_config: ChatConfig | None = None,
        embed_config: EmbedConfig | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.config = config or ServiceConfig()
        self.jobs: JobQueue = jobs or InProcessJobs(self)
        # Each workspace's chosen chat model / embedder (the deployment's by default).
        self.providers = WorkspaceProviders(
            store,
            ProviderKeys(store, secrets, clock),
            chat_model=chat_model,
            embedder=embedder,
            chat_config=chat_config,
            embed_config=embed_config,
        )

    @property
    def keys(self) -> ProviderKeys:
        """Workspaces' provider API keys (set, status, rotate; used to build providers)."""
        return self.providers.keys

    @keys.setter
    def keys(self, keys: ProviderKeys) -> None:
        self.providers.keys = keys

    @property
    def chat_model(self) -> ChatModel | None:
        """The deployment's chat model; a workspace's is `chat_model_for(workspace)`."""
        return self.providers.chat_model

    @chat_model.setter
    def chat_model(self, model: ChatModel | None) -> None:
        self.providers.chat_model = model

    @property
    def embedder(self) -> Embedder | None:
        """The deployment's embedder; a workspace's is `embedder_for(workspace)`."""
        return self.providers.embedder

    @embedder.setter
    def embedder(self, embedder: Embedder | None) -> None:
        self.providers.embedder = embedder

    async def open(self) -> None:
        await self.store.open()

    async def close(self) -> None:
        await self.jobs.drain()
        await self.providers.close()
        await self.store.close()

    async def __aenter__(self) -> MemoryService:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- saving ----------------------------------------------------------------------

    async def remember(
        self,
        workspace: str,
        user: str,
        text: str,
        scope: Scope | str = Scope.PRIVATE,
        channel: str | None = None,
        *,
        kind: Kind | str | None = None,
        source: Source | str = Source.EXPLICIT,
        confidence: float = 1.0,
        pending: bool = False,
        is_admin: bool = False,
        entities: Sequence[str] = (),
        reconcile: bool = True,
    ) -> RememberResult:
        """Save a memory. Returns saved / updated / merged / duplicate / pending_review,
        or refused with a reason (secret, pii, injection, incognito, disabled, empty,
        too_long, forbidden). Extracted memories are reconciled by the chat model when
        one is configured (explicit saves keep the predictable rules); `entities` adds
        names a caller found to the ones read from the text. With reconcile=False only
        an exact duplicate is recognised (imports of a file whose entries are separate
        by design)."""
        scope, source = Scope(scope), Source(source)
        content = clean_text(text or "")
        if not content:
            return _refused(RefusalReason.EMPTY)
        if len(content) > self.config.max_chars:
            return _refused(RefusalReason.TOO_LONG, str(len(content)))
        principal = Principal(workspace, user)
        async with self.store.session(principal) as session:
            settings = await session.get_settings()
            if not settings.memory_enabled:
                return _refused(RefusalReason.DISABLED)
            if scope == Scope.GLOBAL and settings.global_policy == "admins" and not is_admin:
                return _refused(RefusalReason.FORBIDDEN)
            if channel and await session.get_incognito(channel):
                return _refused(RefusalReason.INCOGNITO)
        finding = guards.check(text)  # the raw text: invisible characters are a signal too
        if finding is not None:
            return _refused(RefusalReason(finding.category), finding.label)
        now = self.clock()
        candidate = NewMemory(
            id=new_id(),
            workspace=workspace,
            owner=user,
            scope=scope,
            content=content,
            content_hash=content_hash(content),
            kind=Kind(kind) if kind else guess_kind(content),
            source=source,
            importance=EXPLICIT_IMPORTANCE if source == Source.EXPLICIT else EXTRACTED_IMPORTANCE,
            confidence=confidence,
            status=Status.PENDING_REVIEW if pending else Status.ACTIVE,
            entities=list(dict.fromkeys([*find_entities(content), *map(entity_id, entities)])),
            channel=channel,
            created_at=now,
            updated_at=now,
            embedding=await self.embed_document(content, workspace),
        )
        proposal = (
            await self._model_proposal(principal, candidate)
            if source == Source.EXTRACTED and reconcile
            else None
        )
        policy = saving.Policy(contradiction=settings.contradiction_policy, reconcile=reconcile)
        async with self.store.session(principal) as session:
            return await saving.save(session, candidate, policy, now, proposal, is_admin)

    async def _model_proposal(self, principal: Principal, candidate: NewMemory) -> Decision | None:
        """The chat model's reconciliation, asked with no store session open."""
        model = await self.chat_model_for(principal.workspace)
        if model is None:
            return None
        async with self.store.session(principal) as session:
            similar = await saving.similar_memories(session, candidate)
        return await reconcile_model.propose(model, candidate, similar, self.config.max_chars)

    async def chat_model_for(self, workspace: str) -> ChatModel | None:
        """The chat model this workspace's admin chose, else the deployment's."""
        return await self.providers.chat_for(workspace)

    async def embedder_for(self, workspace: str | None) -> Embedder | None:
        """The embedder this workspace's admin chose (same dimension), else the deployment's."""
        if workspace is None or self.embedder is None:
            return self.embedder
        return await self.providers.embedder_for(workspace)

    async def embed_document(self, text: str, workspace: str | None = None) -> list[float] | None:
        """A vector for a memory, or None (degraded mode: a backfill embeds it later)."""
        embedder = await self.embedder_for(workspace)
        if embedder is None:
            return None
        try:
            return (await embedder.embed([text]))[0]
        except ProviderError as exc:
            log.warning("embedding failed, saving without a vector: %s", exc)
            return None

    # -- recall ----------------------------------------------------------------------

    async def recall(
        self,
        workspace: str,
        user: str,
        query: str,
        limit: int = 10,
        channel: str | None = None,
        *,
        min_score: float = 0.0,
        touch: bool = True,
    ) -> list[Hit]:
        """The memories most useful for `query`, best first (hits with id, content,
        score, kind, scope). Empty in incognito or when memory is off."""
        principal = Principal(workspace, user)
        vector = None
        if self.embedder is not None:  # embed outside any transaction, and only if allowed
            if not await self._may_recall(principal, channel):
                return []
            vector = await self.embed_query(query, workspace)
        async with self.store.session(principal) as session:
            if not await self._may_recall(principal, channel, session):
                return []
            return await recall_memories(
                session, query, limit, self.clock(), vector, min_score, touch
            )

    async def _may_recall(
        self, principal: Principal, channel: str | None, session: StoreSession | None = None
    ) -> bool:
        """Memory is on in the workspace and the user is not incognito in this channel."""
        if session is None:
            async with self.store.session(principal) as own:
                return await self._may_recall(principal, channel, own)
        if not (await session.get_settings()).memory_enabled:
            return False
        return not (channel and await session.get_incognito(channel))

    async def embed_query(self, query: str, workspace: str | None = None) -> list[float] | None:
        """The query's vector, or None: recall then falls back to keywords alone."""
        embedder = await self.embedder_for(workspace) if query.strip() else None
        if embedder is None:
            return None
        try:
            return (await embedder.embed([query]))[0]
        except ProviderError as exc:
            log.warning("query embedding failed, recalling by keywords only: %s", exc)
            return None

    async def touch(self, workspace: str, user: str, memory_ids: Sequence[str]) -> None:
        """Mark memories as used now (use count and last-used bump)."""
        if memory_ids:
            async with self.store.session(Principal(workspace, user)) as session:
                await session.touch(list(memory_ids), self.clock())

    # -- forgetting, undo, review ------------------------------------------------------

    async def forget(
        self, workspace: str, user: str, query: str, *, is_admin: bool = False
    ) -> ForgetResult:
        """Forget the memories matching all words of `query` (or the memory with that id)."""
        async with self.store.session(Principal(workspace, user)) as session:
            return await forget_matching(session, clean_text(query or ""), is_admin, self.clock())

    async def forget_candidates(
        self, workspace: str, user: str, typed: str, *, is_admin: bool = False, limit: int = 25
    ) -> list[Memory]:
        """Memories the user may forget that match a partly typed query (autocomplete).

        Reads only the store (no embedder), so it answers fast enough for a platform's
        autocomplete deadline.
        """
        async with self.store.session(Principal(workspace, user)) as session:
            return await forgettable(session, clean_text(typed or ""), is_admin, limit)

    async def undo(self, workspace: str, user: str, audit_id: str | None = None) -> UndoResult:
        """Undo the user's last change (or the named one), restoring prior state."""
        async with self.store.session(Principal(workspace, user)) as session:
            entry = (
                await session.get_audit(audit_id)
                if audit_id
                else await session.last_undoable_audit()
            )
            if (
                entry is None
                or entry.undone
                or entry.action in ("undo", "noop", "settings", "erase")
            ):
                return UndoResult(False)
            clash = await audit.restore_clash(session, entry)
            if clash is not None:
                return UndoResult(False, entry.action, entry.memory_ids, conflict=clash)
            await audit.revert(session, entry, self.clock())
            return UndoResult(True, entry.action, entry.memory_ids)

    async def review(self, workspace: str, user: str, memory_id: str, accept: bool) -> bool:
        """Accept (activate) or reject (delete) a memory waiting for review."""
        now = self.clock()
        async with self.store.session(Principal(workspace, user)) as session:
            memory = await session.get_memory(memory_id)
            if memory is None or memory.status != Status.PENDING_REVIEW or memory.owner != user:
                return False
            if accept:
                await session.update_memory(
                    memory_id, MemoryPatch(status=Status.ACTIVE, updated_at=now)
                )
            else:
                await session.delete_memory(memory_id)
            await audit.record(
                session,
                "review",
                [memory_id],
                [memory],
                now,
                detail="accept" if accept else "reject",
            )
            return True

    # -- listing, incognito, settings ----------------------------------------------------

    async def memories(
        self, workspace: str, user: str, channel: str | None = None, limit: int | None = None
    ) -> MemoriesView:
        """A recent sample of what the bot holds for the user, the review queue and usage."""
        limit = limit or self.config.memories_page
        async with self.store.session(Principal(workspace, user)) as session:
            return MemoriesView(
                items=await session.list_memories([Status.ACTIVE], limit),
                pending=[
                    m
                    for m in await session.list_memories([Status.PENDING_REVIEW], limit)
                    if m.owner == user
                ],
                stats=await session.stats(),
                profile=await session.get_profile(),
                incognito=bool(channel and await session.get_incognito(channel)),
                conflicts=await conflicting_pairs(session),
            )

    async def stats(self, workspace: str, user: str) -> StoreStats:
        async with self.store.session(Principal(workspace, user)) as session:
            return await session.stats()

    async def get_memory(self, workspace: str, user: str, memory_id: str) -> Memory | None:
        async with self.store.session(Principal(workspace, user)) as session:
            return await session.get_memory(memory_id)

    async def incognito(
        self, workspace: str, user: str, channel: str, on: bool | None = None
    ) -> bool:
        """Set (or toggle, with on=None) incognito for this user in this channel."""
        async with self.store.session(Principal(workspace, user)) as session:
            current = await session.get_incognito(channel) is not None
            target = (not current) if on is None else on
            if target != current:
                await session.set_incognito(channel, target, self.clock())
            return target

    async def incognito_channels(self, workspace: str, user: str) -> list[str]:
        """The channels where this user is incognito (oldest first)."""
        async with self.store.session(Principal(workspace, user)) as session:
            return [i.channel for i in await session.list_incognito()]

    async def is_incognito(self, workspace: str, user: str, channel: str) -> bool:
        async with self.store.session(Principal(workspace, user)) as session:
            return await session.get_incognito(channel) is not None

    async def settings(self, workspace: str) -> WorkspaceSettings:
        async with self.store.session(Principal(workspace, "")) as session:
            return await session.get_settings()

    async def update_settings(
        self, workspace: str, user: str, *, is_admin: bool, **changes: Any
    ) -> WorkspaceSettings:
        """Change workspace settings. Admins only: raises PermissionError otherwise.

        Values may be typed or the raw strings a settings menu sends ("on", "30");
        anything `core.workspace_settings.EDITABLE` does not allow raises InvalidSetting."""
        if not is_admin:
            raise PermissionError("only workspace admins can change settings")
        if set(changes) & set(SECRET_SETTINGS):
            raise ValueError("provider API keys are set with service.keys.set, encrypted")
        changes = validate_changes(
            changes,
            embed_dimensions=self.embedder.dimensions if self.embedder else 0,
            embed_preset=self.providers.embed_config.preset,
        )
        async with self.store.session(Principal(workspace, user)) as session:
            updated = replace(await session.get_settings(), **changes)
            await session.put_settings(updated)
            await audit.record(
                session, "settings", [], [], self.clock(), detail=",".join(sorted(changes))
            )
            return updated

    async def profile(self, workspace: str, user: str) -> dict[str, str]:
        async with self.store.session(Principal(workspace, user)) as session:
            return await session.get_profile()

    async def set_profile(self, workspace: str, user: str, fields: dict[str, str]) -> None:
        """Set (or, with empty values, clear) profile fields; guarded like memories.
        Raises ValueError for an unknown field, a refused value or an oversized profile."""
        clean = profile_rules.cleaned(fields)
        async with self.store.session(Principal(workspace, user)) as session:
            profile_rules.check_size({**await session.get_profile(), **clean})
            await session.set_profile(clean)

    async def backfill_embeddings(self, workspace: str, user: str, batch: int = 32) -> int:
        """Embed memories stored without a vector (degraded mode); returns how many."""
        embedder = await self.embedder_for(workspace)
        if embedder is None:
            return 0
        principal = Principal(workspace, user)
        async with self.store.session(principal) as session:
            todo = await session.memories_without_embedding(batch)
        if not todo:
            return 0
        try:
            vectors = await embedder.embed([m.content for m in todo])
        except ProviderError as exc:
            log.warning("backfill embedding failed: %s", exc)
            return 0
        async with self.store.session(principal) as session:
            for memory, vector in zip(todo, vectors, strict=True):
                await session.set_embedding(memory.id, vector)
        return len(todo)

    # -- governance (SPEC §9): feedback, correction, pinning, consolidation, erase -------

    async def feedback(
        self, workspace: str, user: str, memory_ids: Sequence[str], up: bool
    ) -> feedback.FeedbackResult:
        """👍 (up) or 👎 on the memories a reply used: moves their trust; undoable."""
        async with self.store.session(Principal(workspace, user)) as session:
            return await feedback.give(session, memory_ids, up, self.clock())

    async def edit(
        self, workspace: str, user: str, memory_id: str, text: str, *, is_admin: bool = False
    ) -> RememberResult | None:
        """Correct a memory's text in place (guarded, re-embedded, undoable); None if gone."""
        return await correction.correct(self, workspace, user, memory_id, text, is_admin=is_admin)

    async def pin(
        self,
        workspace: str,
        user: str,
        memory_id: str,
        pinned: bool = True,
        *,
        is_admin: bool = False,
    ) -> pinning.PinResult:
        """Pin (or unpin) a memory: own private ones, or global ones as an admin."""
        async with self.store.session(Principal(workspace, user)) as session:
            return await pinning.set_pinned(session, memory_id, pinned, is_admin, self.clock())

    async def consolidate(
        self,
        workspace: str,
        user: str,
        *,
        is_admin: bool,
        users: Sequence[str] | None = None,
    ) -> consolidation.ConsolidationReport:
        """Consolidate the workspace now (admins only: raises PermissionError otherwise)."""
        if not is_admin:
            raise PermissionError("only workspace admins can consolidate memories")
        return await consolidation.consolidate(self, workspace, actor=user, users=users)

    async def erase(
        self,
        workspace: str,
        user: str,
        *,
        actor: str | None = None,
        is_admin: bool = False,
        include_globals: bool = False,
    ) -> erase.EraseReport:
        """Erase everything held about `user` (their request, or an admin's)."""
        return await erase.erase(
            self, workspace, user, actor=actor, is_admin=is_admin, include_globals=include_globals
        )

    async def erase_preview(self, workspace: str, user: str) -> erase.EraseReport:
        return await erase.preview(self, workspace, user)
