"""The memory service: the one object every platform, the CLI and the API talk to.

A thin facade. Each public method is one user-visible operation (remember, recall,
chat, forget, undo, review, memories, incognito, settings, governance): it opens the
unit of work (`store.session`) and calls the function that does the work, handing it
the `Ports` it needs. Nothing below imports this module, so nothing calls back into
it. Nothing here knows about Slack, Discord or the terminal.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from core import texts
from core.chat import turn as chat_turn
from core.context import read_context
from core.governance import (
    audit,
    consolidation,
    correction,
    erase,
    feedback,
    near_misses,
    pinning,
    reactions,
)
from core.governance.audit import UndoResult
from core.governance.conflicts import conflicting_pairs
from core.governance.erase import EraseReport
from core.governance.feedback import FeedbackResult
from core.jobs import embedding as embedding_jobs
from core.jobs.handlers import JOB_HANDLERS
from core.jobs.queue import InProcessJobs, JobQueue
from core.models import (
    SECRET_SETTINGS,
    ChannelPolicy,
    ForgetResult,
    Hit,
    Kind,
    MemoriesView,
    Memory,
    MemoryPatch,
    Principal,
    PromptContext,
    Provenance,
    RememberResult,
    Scope,
    Source,
    Status,
    StoreStats,
    WorkspaceSettings,
)
from core.ports import ChatModel, DuplicateMemory, Embedder, Ports, Store
from core.providers.encryption import SecretBox
from core.providers.keys import ProviderKeys
from core.providers.presets import ChatConfig, EmbedConfig
from core.providers.vectors import embed_text
from core.providers.workspace import WorkspaceProviders
from core.recall.hybrid import recall as recall_memories
from core.remember import intake
from core.remember.canonical import clean_text
from core.remember.forgetting import candidates as forgettable
from core.remember.forgetting import containing
from core.remember.forgetting import forget as forget_matching
from core.validation import check_id, check_text
from core.workspace_settings import InvalidSetting, parse_channel_policy, validate_changes

__all__ = ["MemoryService", "ServiceConfig", "UndoResult"]


@dataclass(frozen=True)
class ServiceConfig:
    max_chars: int = 2000
    memories_page: int = 10


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
        # Each workspace's chosen chat model / embedder (the deployment's by default).
        self.providers = WorkspaceProviders(
            store,
            ProviderKeys(store, secrets, clock),
            chat_model=chat_model,
            embedder=embedder,
            chat_config=chat_config,
            embed_config=embed_config,
        )
        self.ports = Ports(store, self.providers, clock, self.config.max_chars)
        self.jobs: JobQueue = jobs or InProcessJobs(self.ports, JOB_HANDLERS)

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
        provenance: Provenance | None = None,
    ) -> RememberResult:
        """Save a memory. Returns saved / updated / merged / duplicate / pending_review,
        or refused with a reason (secret, pii, injection, incognito, disabled, empty,
        too_long, forbidden). Extracted memories are reconciled by the chat model when
        one is configured (explicit saves keep the predictable rules); `entities` adds
        names a caller found to the ones read from the text. With reconcile=False only
        an exact duplicate is recognised (imports of a file whose entries are separate
        by design)."""
        request = intake.SaveRequest(
            text,
            scope=Scope(scope),
            channel=channel,
            kind=Kind(kind) if kind else None,
            source=Source(source),
            confidence=confidence,
            pending=pending,
            is_admin=is_admin,
            entities=entities,
            reconcile=reconcile,
            provenance=provenance or Provenance(),
        )
        return await intake.remember(self.ports, Principal(workspace, user), request)

    async def chat_model_for(self, workspace: str) -> ChatModel | None:
        """The chat model this workspace's admin chose, else the deployment's."""
        return await self.providers.chat_for(workspace)

    async def embedder_for(self, workspace: str | None) -> Embedder | None:
        """The embedder this workspace's admin chose (same dimension), else the deployment's."""
        return await self.providers.embedder_for(workspace)

    # -- recall and chat ----------------------------------------------------------------

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
        query = check_text(query, "question")
        now = self.clock()
        # Ranking reads a snapshot beside any writes; only the touch waits for SQLite's
        # writer. Where writers run side by side the touch joins the search's transaction.
        inside = touch and not self.store.one_writer
        async with self.store.session(principal, read_only=not inside) as session:
            context = await read_context(session, channel)
            if not context.may_recall:
                return []  # and the question goes to no embedder
            # The question's vector is computed (on the embedder's thread, or its server)
            # while the keyword search runs: the two were a recall's largest waits, one
            # after the other. Nothing is locked yet, the search only reads.
            vector = (
                None
                if self.embedder is None
                else asyncio.ensure_future(
                    embed_text(self.ports, workspace, query, context.settings)
                )
            )
            try:
                hits = await recall_memories(session, query, limit, now, vector, min_score, inside)
            finally:
                if vector is not None and not vector.done():
                    vector.cancel()
        if touch and hits and not inside:
            await self.store.touch(principal, [h.id for h in hits], now)
        return hits

    async def prompt_context(
        self, workspace: str, user: str, message: str, channel: str | None = None
    ) -> PromptContext:
        """Exactly the memories and profile a reply to `message` uses (the footer counts
        these memories): those that bear on it by an absolute judgement, so a question
        nothing fits uses nothing. For bringing your own model. Nothing is touched."""
        principal = Principal(workspace, user)
        async with self.store.session(principal, read_only=True) as session:
            context = await read_context(session, channel, with_profile=True)
        return await chat_turn.prompt_context(self.ports, principal, context, message)

    async def chat(self, turn: chat_turn.ChatTurn) -> chat_turn.ChatAnswer:
        """Answer a chat message with what memory holds; learn from it afterwards."""
        return await chat_turn.answer(self.ports, self.jobs, turn)

    # -- forgetting, undo, review ------------------------------------------------------

    async def forget(
        self, workspace: str, user: str, query: str, *, is_admin: bool = False
    ) -> ForgetResult:
        """Forget the memories matching all words of `query` (or the memory with that id)."""
        check_text(query or "", "text")
        async with self.store.session(Principal(workspace, user)) as session:
            return await forget_matching(session, clean_text(query or ""), is_admin, self.clock())

    async def forget_candidates(
        self, workspace: str, user: str, typed: str, *, is_admin: bool = False, limit: int = 25
    ) -> list[Memory]:
        """Memories the user may forget that match a partly typed query (autocomplete).

        Reads only the store (no embedder), so it answers fast enough for a platform's
        autocomplete deadline.
        """
        check_text(typed or "", "text")
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            return await forgettable(session, clean_text(typed or ""), is_admin, limit)

    async def undo(
        self, workspace: str, user: str, audit_id: str | None = None, *, is_admin: bool = False
    ) -> UndoResult:
        """Undo the user's last change (or the named one), restoring prior state. An
        undo that would bring back a text that is a memory again changes nothing."""
        if audit_id:
            check_id(audit_id, "change")
        for _ in range(2):  # a clash that appeared between undo's check and its write
            try:
                async with self.store.session(Principal(workspace, user)) as session:
                    return await audit.undo(session, audit_id, self.clock(), is_admin)
            except DuplicateMemory:  # rolled back: nothing was written; the check sees it now
                continue
        return UndoResult(False)

    async def review(self, workspace: str, user: str, memory_id: str, accept: bool) -> bool:
        """Accept (activate) or reject (delete) a memory waiting for review."""
        check_id(memory_id, "memory")
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

    async def resolve_near_miss(
        self,
        workspace: str,
        user: str,
        memory_id: str,
        other_id: str,
        *,
        merge: bool,
        is_admin: bool = False,
    ) -> near_misses.Resolution:
        """A save that looked like an earlier memory: merge the two (undoable) or keep both."""
        check_id(memory_id, "memory")
        check_id(other_id, "memory")
        async with self.store.session(Principal(workspace, user)) as session:
            if merge:
                return await near_misses.merge(session, memory_id, other_id, is_admin, self.clock())
            return await near_misses.keep_both(session, memory_id, other_id)

    # -- listing, incognito, settings ----------------------------------------------------

    async def memories(
        self,
        workspace: str,
        user: str,
        channel: str | None = None,
        limit: int | None = None,
        *,
        page: int = 1,
        query: str = "",
    ) -> MemoriesView:
        """What the bot holds for the user, newest first, one page of `limit` at a time
        (only those containing every word of `query`, when given), with the review
        queue and usage."""
        limit = limit or self.config.memories_page
        page, query = max(1, page), clean_text(check_text(query, "search"))
        wanted = limit * page + 1  # one more than the page: is there a next one?
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            if query:
                found = await containing(session, query, wanted)
            else:
                found = await session.list_memories([Status.ACTIVE], wanted)
            return MemoriesView(
                items=found[limit * (page - 1) : limit * page],
                page=page,
                has_more=len(found) > limit * page,
                query=query,
                pending=[
                    m
                    for m in await session.list_memories([Status.PENDING_REVIEW], limit)
                    if m.owner == user
                ],
                stats=await session.stats(),
                profile=await session.get_profile(),
                incognito=bool(channel and await session.get_incognito(channel)),
                conflicts=await conflicting_pairs(session),
                near_misses=await near_misses.pairs(session),
            )

    async def first_delivery(self, workspace: str, key: str, keep: float = 3600.0) -> bool:
        """True the first time a platform delivers `key` (an event id) to any bot
        process sharing this store, False for its retries (kept `keep` seconds)."""
        check_id(key, "delivery")
        async with self.store.session(Principal(workspace, "")) as session:
            return await session.claim_delivery(key, self.clock(), keep)

    async def stats(self, workspace: str, user: str) -> StoreStats:
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            return await session.stats()

    async def get_memory(self, workspace: str, user: str, memory_id: str) -> Memory | None:
        check_id(memory_id, "memory")
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
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
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            return [i.channel for i in await session.list_incognito()]

    async def is_incognito(self, workspace: str, user: str, channel: str) -> bool:
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            return await session.get_incognito(channel) is not None

    async def memory_switch(self, workspace: str, user: str, off: bool | None = None) -> bool:
        """Turn memory off (or back on) for this user everywhere, or just read it
        (off=None); returns whether it is off. Independent of incognito."""
        async with self.store.session(Principal(workspace, user)) as session:
            current = await session.get_memory_off() is not None
            if off is not None and off != current:
                await session.set_memory_off(off, self.clock())
                return off
            return current

    async def set_channel_policy(
        self, workspace: str, user: str, channel: str, policy: str, *, is_admin: bool
    ) -> WorkspaceSettings:
        """Set what memory may do in one channel (on / recall_only / off). Admins only:
        raises PermissionError otherwise, InvalidSetting for an unknown policy."""
        if not is_admin:
            raise PermissionError("only workspace admins can change settings")
        chosen = parse_channel_policy(policy)
        if not channel.strip():
            raise InvalidSetting(texts.CHANNEL_MISSING)
        async with self.store.session(Principal(workspace, user)) as session:
            current = await session.get_settings()
            policies = {k: v for k, v in current.channel_policies.items() if k != channel}
            if chosen != ChannelPolicy.ON:
                policies[channel] = chosen.value
            updated = replace(current, channel_policies=dict(sorted(policies.items())))
            await session.put_settings(updated)
            await audit.record(
                session, "settings", [], [], self.clock(), detail=f"channel_policies:{channel}"
            )
            return updated

    async def settings(self, workspace: str) -> WorkspaceSettings:
        async with self.store.session(Principal(workspace, ""), read_only=True) as session:
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
        async with self.store.session(Principal(workspace, user), read_only=True) as session:
            return await session.get_profile()

    async def set_profile(self, workspace: str, user: str, fields: dict[str, str]) -> None:
        """Set (or, with empty values, clear) profile fields; guarded like memories.
        Raises ValueError for an unknown field, a refused value or an oversized profile."""
        for value in fields.values():
            check_text(value, "profile value")
        await intake.set_profile(self.ports, Principal(workspace, user), fields)

    async def backfill_embeddings(self, workspace: str, user: str, batch: int = 32) -> int:
        """Embed memories stored without a vector (degraded mode); returns how many."""
        return await embedding_jobs.backfill(self.ports, Principal(workspace, user), batch)

    # -- governance (SPEC §9): feedback, correction, pinning, consolidation, erase -------

    async def feedback(
        self, workspace: str, user: str, memory_ids: Sequence[str], up: bool
    ) -> feedback.FeedbackResult:
        """👍 (up) or 👎 on the memories a reply used: moves their trust; undoable."""
        for memory_id in memory_ids:
            check_id(memory_id, "memory")
        async with self.store.session(Principal(workspace, user)) as session:
            return await feedback.give(session, memory_ids, up, self.clock())

    async def note_reply(
        self, workspace: str, user: str, channel: str, message_id: str, memory_ids: Sequence[str]
    ) -> None:
        """A reply that used these memories was posted as `message_id` (for reactions)."""
        check_id(message_id, "message")
        async with self.store.session(Principal(workspace, user)) as session:
            await reactions.note_reply(session, channel, message_id, memory_ids, self.clock())

    async def reaction(
        self, workspace: str, user: str, channel: str, message_id: str, name: str, added: bool
    ) -> FeedbackResult | None:
        """A reaction added to (or removed from) a message: a 👍 / 👎 on a reply votes
        like its buttons, and removing it takes the vote back; anything else: None."""
        check_id(message_id, "message")
        if reactions.vote_of(name) is None:  # not a thumb: no need to open a transaction
            return None
        async with self.store.session(Principal(workspace, user)) as session:
            if added:
                return await reactions.react(session, channel, message_id, name, self.clock())
            return await reactions.unreact(session, channel, message_id, name, self.clock())

    async def edit(
        self, workspace: str, user: str, memory_id: str, text: str, *, is_admin: bool = False
    ) -> RememberResult | None:
        """Correct a memory's text in place (guarded, re-embedded, undoable); None if gone."""
        check_id(memory_id, "memory")
        principal = Principal(workspace, user)
        return await correction.correct(self.ports, principal, memory_id, text, is_admin=is_admin)

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
        check_id(memory_id, "memory")
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
        return await consolidation.consolidate(self.ports, workspace, actor=user, users=users)

    async def erase(
        self,
        workspace: str,
        user: str,
        *,
        actor: str | None = None,
        is_admin: bool = False,
        include_globals: bool = False,
    ) -> EraseReport:
        """Erase everything held about `user` (their request, or an admin's)."""
        return await erase.erase(
            self.store,
            workspace,
            user,
            actor=actor,
            is_admin=is_admin,
            include_globals=include_globals,
            now=self.clock(),
            queue=self.jobs,
        )

    async def erase_preview(self, workspace: str, user: str) -> EraseReport:
        return await erase.preview(self.store, workspace, user)
