"""The ports the core talks through: a Store, an Embedder and a ChatModel.

The core never imports a database driver, an HTTP client for a provider, Slack or
Discord. It talks to these Protocols; `core/stores/` and `core/providers/` hold the
real implementations, and tests run one contract suite against each of them.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from core.models import (
    AuditEntry,
    Incognito,
    Memory,
    MemoryPatch,
    NewMemory,
    Principal,
    StoreStats,
    WorkspaceSettings,
)

T = TypeVar("T")


class DuplicateMemory(Exception):
    """An active memory with the same content already exists in that scope.

    Stores raise it from `insert_memory` (a unique index decides, so two concurrent
    saves of the same text cannot both land); the service turns it into a NOOP.
    """


class StoreUnavailable(Exception):
    """The database cannot be reached right now (down, restarting, pool exhausted).

    Nothing of the failed operation was committed, or its outcome is unknown; the
    caller should say "the database is unavailable, try again" rather than crash.
    Stores raise it for connection-level failures only, never for bad input.
    """


class ReadOnlySession(Exception):
    """A write was tried in a session opened with `read_only=True`: a bug in the
    caller, never bad input. Nothing was written."""


class StoreFault(Exception):
    """The database itself refuses to work: nothing of the operation was written, and
    trying again will not help until someone acts. `code` says what is wrong and the
    edges turn it into a sentence that says what to do (`core.faults`):
    "full" (no disk space), "read_only" (the file or mount is read-only), "damaged"
    (corrupt or not a database file), "no_database" (connected mode: that database or
    role does not exist, or the login is refused)."""

    def __init__(self, code: str, where: str = "", detail: str = "") -> None:
        super().__init__(f"{code}: {where} {detail}".strip())
        self.code = code
        self.where = where
        self.detail = detail


class ProviderError(Exception):
    """A provider (embedder or chat model) failed: down, slow, refused or garbled.

    The message is safe to show to an admin: it never contains an API key. It has two
    parts, because a server's own words can quote what it was sent (a 400 that repeats
    the prompt, a refusal that quotes the user's message or a memory):

    * `summary` names the provider, what went wrong (status or kind) and what retrying
      did, and nothing the server said or was sent: it is what logs and stored job
      errors show (issue 12, "no echo");
    * `detail` is the server's error text or refusal, for the admin who asked
      (`memorybot doctor` prints `str(exc)`, which is both) and for logs only under
      MEMORYBOT_LOG_PAYLOADS=1 (`core.logsafe`).
    """

    def __init__(self, summary: str, detail: str = "") -> None:
        super().__init__(f"{summary}: {detail}" if detail else summary)
        self.summary = summary
        self.detail = detail


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors of a fixed dimension (cosine-comparable)."""

    name: str
    dimensions: int

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order. Raises ProviderError on any failure."""
        ...


@dataclass(frozen=True)
class ChatMessage:
    role: str  # "system" | "user" | "assistant"
    content: str


@dataclass(frozen=True)
class ChatReply:
    text: str
    model: str = ""
    usage: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class ChatModel(Protocol):
    """An OpenAI-compatible chat model, or anything that behaves like one."""

    name: str

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema: dict[str, Any] | None = None,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        stop: Sequence[str] | None = None,
        stream: bool = False,
    ) -> ChatReply:
        """The model's reply. With json_schema, ask for JSON output where supported
        (the caller still validates it). Without one, a reply bounded by the model's
        configured limits (max_tokens and stop override them); `stream` lets a reply
        that outlives the timeout be cancelled. Raises ProviderError on any failure."""
        ...


@dataclass(frozen=True)
class TextHit:
    """A memory found by full-text search, with the backend's relevance (higher is better)."""

    memory: Memory
    relevance: float


class StoreSession(Protocol):
    """Everything the service may do inside one transaction, as one principal.

    Every read and write is limited to what `principal` may see: their own private
    memories and their workspace's global ones. The PostgreSQL store also enforces
    this with row-level security; the SQLite store in every query.
    """

    principal: Principal

    # memories
    async def insert_memory(self, memory: NewMemory) -> Memory: ...
    async def insert_memories(self, memories: Sequence[NewMemory]) -> list[str]:
        """Many at once (imports): duplicates of active texts skipped; ids written."""
        ...

    async def get_memory(self, memory_id: str) -> Memory | None: ...
    async def update_memory(self, memory_id: str, patch: MemoryPatch) -> Memory | None: ...
    async def find_by_hash(self, content_hash: str, scope: str) -> Memory | None: ...
    async def search_text(
        self,
        terms: Sequence[str],
        limit: int,
        statuses: Sequence[str] = ("active",),
        require_all: bool = False,
    ) -> list[TextHit]:
        """Memories matching any of the (stemmed) terms — or all of them with
        require_all — best first."""
        ...

    async def search_vector(self, vector: Sequence[float], limit: int) -> list[TextHit]: ...
    async def adjacent(
        self, memory_ids: Sequence[str], within: float, reach: int = 1
    ) -> list[tuple[str, int, Memory]]:
        """Each memory's conversation neighbours: the active memories its owner saved
        right before it (side -1, then -2 … -reach) and right after it (+1 … +reach) in
        the same scope, each if it is in the same channel, saved at most `within` seconds
        apart, and visible here. (memory id, side, neighbour) triples; unknown ids have
        none."""
        ...

    async def term_counts(
        self, terms: Sequence[str], cap: int, total_cap: int
    ) -> tuple[int, dict[str, int]]:
        """How many visible active memories there are (at most total_cap) and how many
        match each term alone (at most cap): the document frequencies behind recall's
        relevance judgement."""
        ...

    async def list_memories(
        self, statuses: Sequence[str], limit: int, offset: int = 0
    ) -> list[Memory]: ...
    async def touch(self, memory_ids: Sequence[str], now: float) -> None: ...
    async def delete_memory(self, memory_id: str) -> bool: ...
    async def restore_memory(self, memory: Memory) -> None: ...
    async def set_embedding(
        self, memory_id: str, vector: Sequence[float] | None, *, content_hash: str
    ) -> bool:
        """Store the vector only while the memory still holds the text it was computed
        from (`content_hash`): an edit that lands while the text is being embedded must
        not get the old text's vector. False when skipped (the memory stays without a
        vector, so the backfill embeds its new text)."""
        ...

    async def memories_without_embedding(self, limit: int) -> list[Memory]: ...
    async def stats(self) -> StoreStats: ...

    # entities (per workspace, with occurrence counts)
    async def bump_entities(self, entity_ids: Sequence[str], now: float) -> dict[str, int]: ...
    async def entity_counts(self, entity_ids: Sequence[str]) -> dict[str, int]: ...

    # audit log (append-only: an undo is a new entry that names the one it undoes)
    async def append_audit(self, entry: AuditEntry) -> None: ...
    async def get_audit(self, audit_id: str) -> AuditEntry | None: ...
    async def last_undoable_audit(self) -> AuditEntry | None: ...

    # feedback: one bounded net vote per (memory, user); trust is computed from them
    async def set_vote(self, memory_id: str, net: int, now: float) -> None:
        """Set the principal's net vote on a memory they can see; 0 removes the vote
        (removal works even when the memory is gone, so erase can withdraw it)."""
        ...

    async def votes(self, memory_id: str) -> dict[str, int]:
        """Every user's net vote on a memory the principal can see (user → net)."""
        ...

    async def votes_cast(self) -> dict[str, int]:
        """The principal's own votes (memory id → net)."""
        ...

    # governance (consolidation, erasure)
    async def memory_owners(self) -> list[str]:
        """The user ids owning any memory in the principal's workspace — ids only,
        never content — so consolidation can visit each owner's private memories."""
        ...

    async def forget_entities(self, entity_ids: Sequence[str]) -> None:
        """Count one occurrence less for each id listed (repeats count repeatedly);
        entities left with none are dropped."""
        ...

    async def erase_records(self) -> int:
        """Delete the principal's incognito records, personal switch, reactions and every
        audit entry they made (their before-states hold memory text); returns how many
        rows went."""
        ...

    # conflicts: a save stored beside a memory its author could not change (issue 11)
    async def add_conflict(self, memory_id: str, other_id: str, now: float) -> None:
        """Record that `memory_id` contradicts `other_id` (ids only)."""
        ...

    async def conflicts(self) -> list[tuple[str, str]]:
        """(newer, contradicted) id pairs whose memories both exist, are active and are
        visible to the principal, oldest first."""
        ...

    async def clear_conflicts(self, memory_id: str) -> int:
        """Forget every conflict `memory_id` takes part in; returns how many went."""
        ...

    # near misses: a save stored as new that looks like an earlier memory (issue 11)
    async def add_near_miss(self, memory_id: str, other_id: str, now: float) -> None:
        """Record that the new `memory_id` looks like the earlier `other_id` (ids only;
        both must be visible to the principal)."""
        ...

    async def near_misses(self) -> list[tuple[str, str]]:
        """(newer, earlier) id pairs whose memories both exist, are active and are
        visible to the principal, oldest first."""
        ...

    async def drop_near_miss(self, memory_id: str, other_id: str) -> bool:
        """Forget one pair ("keep both"); False when it was not recorded (or not visible)."""
        ...

    async def clear_near_misses(self, memory_id: str) -> int:
        """Forget every pair `memory_id` takes part in (before it is deleted: a pair is
        visible only while both memories are); returns how many went."""
        ...

    async def redact_audit(self, memory_ids: list[str]) -> int:
        """Everyone's audit entries about these memories, once they are deleted, keep
        their ids but lose the before-states (the text); returns how many."""
        ...

    async def drop_votes(self, memory_id: str) -> int:
        """Delete everyone's votes on a memory the principal can see (before erasing
        it); returns how many went."""
        ...

    async def expire_forgotten(self, cutoff: float) -> int:
        """Forget entries (of anyone in the workspace) older than `cutoff` stop keeping
        the forgotten text: they, and every entry about their memories that are still
        gone, become 'redacted' (ids kept, no before-state, no undo); returns how many."""
        ...

    async def attest_admin(self) -> None:
        """Record that the platform vouches for the principal as a workspace admin (just
        asked). PostgreSQL then lets this user change others' global memories for a
        while (0113, docs/security.md); SQLite has one user, the process: nothing to do."""
        ...

    # profile (one small block per user)
    async def get_profile(self) -> dict[str, str]: ...
    async def set_profile(self, fields: dict[str, str]) -> None: ...

    # incognito sessions keyed by (workspace, channel, user)
    async def get_incognito(self, channel: str) -> Incognito | None: ...
    async def set_incognito(self, channel: str, on: bool, now: float) -> None: ...
    async def list_incognito(self) -> list[Incognito]: ...

    # the personal switch "memory off for me", keyed by (workspace, user)
    async def get_memory_off(self) -> float | None:
        """Since when the principal has memory off for themselves (None: it is on)."""
        ...

    async def set_memory_off(self, off: bool, now: float) -> None: ...

    # per-workspace settings
    async def get_settings(self) -> WorkspaceSettings: ...
    async def put_settings(self, settings: WorkspaceSettings) -> None: ...

    # deliveries already handled (a platform's retries), per workspace
    async def claim_delivery(self, key: str, now: float, keep: float) -> bool:
        """True for the first claim of `key` in the workspace, False for any later one
        (in any process: one conditional insert decides); forgets claims older than
        `keep` seconds."""
        ...

    # 👍 / 👎 reactions on the bot's replies (issue 16): ids only, never text
    async def note_reply(
        self, channel: str, message_id: str, memory_ids: Sequence[str], now: float, keep: float
    ) -> None:
        """Remember which memories the reply posted as `message_id` used; forgets notes
        older than `keep` seconds."""
        ...

    async def reply_memories(self, channel: str, message_id: str) -> list[str] | None:
        """The memories a noted reply used (None: not a reply the bot noted)."""
        ...

    async def claim_reaction(
        self, channel: str, message_id: str, reaction: str, up: bool, now: float
    ) -> bool:
        """Record the principal's reaction (True), or False if it is already recorded
        (one conditional insert decides, so a repeated event counts once)."""
        ...

    async def set_reaction_memories(
        self, channel: str, message_id: str, reaction: str, memory_ids: Sequence[str]
    ) -> None:
        """The memories whose vote the principal's recorded reaction moved."""
        ...

    async def take_reaction(
        self, channel: str, message_id: str, reaction: str
    ) -> tuple[bool, list[str]] | None:
        """Delete the principal's recorded reaction; (up, memories it moved), or None."""
        ...


async def inline(session: StoreSession, work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`work()`, a coroutine of calls on `session` and plain computation, run where the
    session runs its calls when the store can (SQLite: on the connection's thread, in
    one hop instead of one per call, with the event loop free meanwhile); else awaited
    here. `work` must await nothing but the session. (An attribute look-up, not an
    isinstance of a runtime-checkable Protocol: that costs 12 us, three times a save.)"""
    run: Callable[[Callable[[], Coroutine[Any, Any, T]]], Coroutine[Any, Any, T]] | None
    run = getattr(session, "inline", None)
    return await (work() if run is None else run(work))


class Store(Protocol):
    """A memory database. `session()` opens one transaction as one principal."""

    url: str
    #: True when write transactions take turns (SQLite's one writer): a save then
    #: decides its reconciliation on a read-only snapshot first, so the writer's turn
    #: skips the rules' string work. False when writers run side by side (PostgreSQL):
    #: planning outside would only run the same look-ups and rules twice.
    one_writer: bool

    def writer_busy(self) -> bool:
        """True when a save now would wait for another's write turn (a `one_writer`
        store whose writer is held): only then does planning on a snapshot first pay."""
        ...

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def migrate(self) -> list[str]: ...
    async def readiness(self) -> list[str]:
        """[] when the store can serve (reachable, migrations current), else why not."""
        ...

    def session(
        self, principal: Principal, *, read_only: bool = False
    ) -> AbstractAsyncContextManager[StoreSession]:
        """One transaction as `principal`. `read_only` ones (recall, listings, the
        context a request reads first) may run beside writes and each other: SQLite
        reads a committed snapshot on a reader connection, PostgreSQL a READ ONLY
        transaction. A write in one raises `ReadOnlySession`."""
        ...

    async def workspaces(self) -> list[str]:
        """Every workspace with stored settings (maintenance, e.g. rotating secrets)."""
        ...

    async def touch(self, principal: Principal, memory_ids: Sequence[str], now: float) -> None:
        """Count one use of each memory, in a transaction of its own, so a recall (a
        read) need not queue behind saves for it: SQLite applies it at once when its
        writer is free, else just before the next write transaction; PostgreSQL at
        once. A use is a ranking hint, never a memory: one lost to a crash costs little."""
        ...


class Providers(Protocol):
    """Each workspace's chat model and embedder (its admin's choice, else the deployment's).

    `settings` is the workspace's, when the caller has already read it this request.
    `redaction` is what a chat turn does with a secret before a model sees it:
    "mask", "send" or "refuse"."""

    @property
    def redaction(self) -> str: ...

    async def chat_for(
        self, workspace: str, settings: WorkspaceSettings | None = None
    ) -> ChatModel | None: ...

    async def embedder_for(
        self, workspace: str | None, settings: WorkspaceSettings | None = None
    ) -> Embedder | None: ...


@dataclass(frozen=True)
class Ports:
    """What a pipeline step, governance operation or job handler may use.

    The store opens units of work (`store.session(principal)`); providers give models;
    the clock gives "now" (tests move it). Handlers take this, never the service, so
    nothing below `core.service` calls back into it.
    """

    store: Store
    providers: Providers
    clock: Callable[[], float]
    max_chars: int = 2000
