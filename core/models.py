"""The nouns of memorybot: memories, scopes, kinds, results and settings.

Plain dataclasses with no behaviour beyond small derived values, so every layer
(service, stores, adapters, the public API) can share them without importing
anything heavier.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from core.validation import check_id


class Scope(StrEnum):
    PRIVATE = "private"
    GLOBAL = "global"


class Kind(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    INTENT = "intent"


class Source(StrEnum):
    EXPLICIT = "explicit"
    EXTRACTED = "extracted"


class HowSaved(StrEnum):
    """How a memory got its current text (its provenance's "how")."""

    COMMAND = "command"
    EXTRACTION = "extraction"
    IMPORT = "import"
    EDIT = "edit"


@dataclass(frozen=True)
class Provenance:
    """Where a memory came from: shown as "from #deploys · 3 days ago · @author" (with a
    link to the message where the platform has one), exported and erased with it."""

    how: str = ""  # a HowSaved value ("" for memories saved before provenance was kept)
    platform: str = ""  # slack | discord | console | cli
    channel: str = ""
    message_id: str = ""
    permalink: str = ""
    author: str = ""


class Status(StrEnum):
    ACTIVE = "active"
    PENDING_REVIEW = "pending_review"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"


class SaveStatus(StrEnum):
    """What `remember` did. Mirrors the reconciliation operations plus refusals."""

    SAVED = "saved"  # ADD
    UPDATED = "updated"  # UPDATE (corrected or refined an existing memory)
    MERGED = "merged"  # MERGE (combined with a near-duplicate)
    DUPLICATE = "duplicate"  # NOOP (already known, reinforced)
    CONFLICT = "conflict"  # would change someone else's memory: saved beside it, both marked
    PENDING_REVIEW = "pending_review"
    REFUSED = "refused"


class RefusalReason(StrEnum):
    SECRET = "secret"
    PII = "pii"
    INJECTION = "injection"
    INCOGNITO = "incognito"
    DISABLED = "disabled"
    EMPTY = "empty"
    TOO_LONG = "too_long"
    FORBIDDEN = "forbidden"
    BROKEN = "broken"  # invalid UTF-8 (lone surrogates): no store could keep it
    CHANNEL_OFF = "channel_off"
    CHANNEL_RECALL_ONLY = "channel_recall_only"
    PERSONAL_OFF = "personal_off"


class ChannelPolicy(StrEnum):
    """What memory may do in one channel (an admin's choice; "on" unless set)."""

    ON = "on"
    RECALL_ONLY = "recall_only"  # memories are used, nothing is saved or learnt here
    OFF = "off"  # nothing recalled, nothing saved


# The profile: a small always-on block per user (SPEC §2).
PROFILE_FIELDS = ("name", "role", "company", "timezone", "style", "language")
PROFILE_MAX_CHARS = 1000
PROFILE_VALUE_MAX_CHARS = 200

# Half-lives in days: how fast each kind's importance fades (SPEC §3).
HALF_LIFE_DAYS: dict[Kind, float] = {
    Kind.FACT: 365.0,
    Kind.PREFERENCE: 180.0,
    Kind.INTENT: 7.0,
}


@dataclass(frozen=True)
class Principal:
    """Who is asking: a user in a workspace. Every store session is bound to one."""

    workspace: str
    user: str

    def __post_init__(self) -> None:
        # Every store session is bound to a principal: checking here checks every path.
        check_id(self.workspace, "workspace", allow_empty=True)
        check_id(self.user, "user", allow_empty=True)


@dataclass
class NewMemory:
    """A memory about to be written (the store assigns nothing but defaults)."""

    id: str
    workspace: str
    owner: str
    scope: Scope
    content: str
    content_hash: str
    kind: Kind = Kind.FACT
    source: Source = Source.EXPLICIT
    importance: float = 0.5
    confidence: float = 1.0
    status: Status = Status.ACTIVE
    entities: list[str] = field(default_factory=list)
    channel: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    last_used_at: float | None = None
    use_count: int = 0
    valid_from: float | None = None
    valid_to: float | None = None
    supersedes: str | None = None
    pinned: bool = False
    trust: float = 0.0
    stale_since: float | None = None  # consolidation marked it long-unused (see `stale`)
    # provenance (issue 16): how, on which platform, from which message, by whom
    origin: str = ""
    platform: str = ""
    message_id: str = ""
    permalink: str = ""
    author: str = ""
    embedding: list[float] | None = None


@dataclass
class Memory(NewMemory):
    """A stored memory, as read back from a store."""

    has_embedding: bool = False

    @property
    def stale(self) -> bool:
        """Marked long-unused by consolidation and not used or changed since: still
        listed and recalled, but ranked lower. Using it again lifts the mark."""
        last = max(self.updated_at, self.last_used_at or 0.0)
        return self.stale_since is not None and last < self.stale_since

    @property
    def provenance(self) -> Provenance:
        return Provenance(
            self.origin,
            self.platform,
            self.channel or "",
            self.message_id,
            self.permalink,
            self.author,
        )

    def as_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "embedding"}
        data["entities"] = list(self.entities)
        return data


@dataclass
class MemoryPatch:
    """The fields of a memory an update may change; None means "leave as is"."""

    content: str | None = None
    content_hash: str | None = None
    kind: Kind | None = None
    importance: float | None = None
    confidence: float | None = None
    status: Status | None = None
    entities: list[str] | None = None
    updated_at: float | None = None
    last_used_at: float | None = None
    use_count: int | None = None
    valid_from: float | None = None
    valid_to: float | None = None
    supersedes: str | None = None
    pinned: bool | None = None
    trust: float | None = None
    stale_since: float | None = None
    origin: str | None = None
    clear_embedding: bool = False

    def changes(self) -> dict[str, Any]:
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "clear_embedding" and getattr(self, f.name) is not None
        }


# Audit actions undo never reverts, and which "undo the last change" skips: an undo
# itself, a duplicate save that changed nothing, a settings change (no before-state)
# and an erase (gone for good: that is its point). Both stores' `last_undoable_audit`
# and the service's undo read this one set.
# "redacted": an entry whose memories were erased keeps its ids, not their text (issue 11)
NOT_UNDOABLE: frozenset[str] = frozenset({"undo", "noop", "settings", "erase", "redacted"})

# How long Undo can bring back what `forget` removed: until then the forget's audit entry
# keeps the text; after it, the workspace's next recorded change (or undo) purges it in
# both stores (`StoreSession.expire_forgotten`), so forgotten text does not linger.
FORGET_UNDO_WINDOW = 24 * 3600.0


@dataclass(frozen=True)
class AuditEntry:
    """One line of the append-only audit log: what changed, and how to put it back.

    `before` holds the full prior state of each memory the change touched (None for a
    memory the change created), so undo can restore it exactly.
    """

    id: str
    workspace: str
    actor: str
    action: str  # add | update | merge | noop | forget | supersede | review | undo | ...
    memory_ids: tuple[str, ...]
    before: tuple[dict[str, Any] | None, ...] = ()
    detail: str = ""
    created_at: float = 0.0
    undoes: str | None = None  # for action "undo": the id of the entry it reverted
    undone: bool = False  # filled in on read: a later "undo" entry names this one

    @property
    def undoable(self) -> bool:
        """Undo may still revert this entry: an undoable action, not undone yet."""
        return self.action not in NOT_UNDOABLE and not self.undone


@dataclass(frozen=True)
class Incognito:
    channel: str
    on: bool
    since: float


@dataclass(frozen=True)
class StoreStats:
    memories: int
    entities: int
    size_bytes: int
    pending_review: int = 0
    private: int = 0
    global_: int = 0
    without_embedding: int = 0

    def as_dict(self) -> dict[str, int]:
        """Field names as readers expect them (`global`, not Python's `global_`)."""
        return {name.rstrip("_"): value for name, value in self.__dict__.items()}


@dataclass(frozen=True)
class WorkspaceSettings:
    """What a workspace admin controls (SPEC §1). Stored per workspace."""

    memory_enabled: bool = True
    auto_extract: bool = True
    global_policy: str = "everyone"  # everyone | admins
    contradiction_policy: str = "supersede"  # supersede | keep_history
    embed_preset: str = ""
    chat_preset: str = ""
    retention_days: int = 0  # 0 = keep forever
    recall_limit: int = 8  # a cap: what a reply uses is decided by relevance (issue 15)
    recall_min_score: float = 0.05
    # In a channel others can read: "globals" (default, safe) uses only shared memories
    # and says when private ones were held back; "all" uses the asker's private ones too.
    shared_channel_recall: str = "globals"
    # channel id -> ChannelPolicy value, only for channels not "on" (issue 16)
    channel_policies: dict[str, str] = field(default_factory=dict)
    # Provider API keys, Fernet-encrypted (core.providers.encryption); write-only:
    # shown as set / not set.
    embed_api_key_enc: str = field(default="", repr=False)
    chat_api_key_enc: str = field(default="", repr=False)

    def with_changes(self, **changes: Any) -> WorkspaceSettings:
        return replace(self, **changes)

    def channel_policy(self, channel: str | None) -> ChannelPolicy:
        """The policy of a channel (no channel, as for imports: on)."""
        return ChannelPolicy(self.channel_policies.get(channel or "", ChannelPolicy.ON))

    def public(self) -> dict[str, Any]:
        """The settings as an admin may see them: each stored key only as set / not set."""
        shown: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in SECRET_SETTINGS:
                shown[SECRET_SETTINGS[f.name]] = "set" if value else "not set"
            else:
                shown[f.name] = value
        return shown


# Encrypted settings fields -> the name they are shown under.
SECRET_SETTINGS = {"embed_api_key_enc": "embed_api_key", "chat_api_key_enc": "chat_api_key"}
# Which provider -> the settings field holding its encrypted key (`core.providers.keys`;
# here so the CLI can offer the choice without importing the key store).
KEY_FIELDS = {"embed": "embed_api_key_enc", "chat": "chat_api_key_enc"}


@dataclass(frozen=True)
class RememberResult:
    """What `remember` returns: a status, a reason when refused, and the memory."""

    status: SaveStatus
    reason: RefusalReason | None = None
    memory: Memory | None = None
    detail: str = ""  # e.g. the kind of secret ("an AWS access key"), never the secret
    replaced: Memory | None = None  # the prior version for updated/merged; for conflict,
    # the memory (someone else's) it contradicts
    audit_id: str | None = None  # the change to pass to `undo`
    near_miss: Memory | None = None  # saved as new, but it looks like this earlier memory

    @property
    def ok(self) -> bool:
        return self.status not in (SaveStatus.REFUSED,)


@dataclass(frozen=True)
class Hit:
    """One recalled memory with its final score."""

    id: str
    content: str
    score: float
    kind: Kind
    scope: Scope
    source: Source = Source.EXPLICIT
    memory: Memory | None = None
    similarity: float | None = None  # the embedder's cosine, when vector search found it
    reply_to: str | None = None  # the hit this one was said right after, in a chat log


@dataclass(frozen=True)
class PromptContext:
    """Exactly what a reply to one message uses: the memories that bear on it (the
    footer counts these) and the user's profile, both already safe for a prompt."""

    memories: list[Hit] = field(default_factory=list)
    profile: dict[str, str] = field(default_factory=dict)
    held_back: int = 0  # private memories kept out because others read the reply


@dataclass(frozen=True)
class ForgetResult:
    forgotten: list[Memory]
    query: str
    audit_id: str | None = None
    refused: list[Memory] = field(default_factory=list)  # matched, but not the user's to forget
    too_many: int = 0  # matched more than may be forgotten at once; nothing was forgotten


@dataclass(frozen=True)
class MemoriesView:
    """What `/memories` shows: a recent sample, the review queue and usage."""

    items: list[Memory]
    pending: list[Memory]
    stats: StoreStats
    profile: dict[str, str]
    incognito: bool = False
    conflicts: list[tuple[Memory, Memory]] = field(default_factory=list)  # (newer, older)
    near_misses: list[tuple[Memory, Memory]] = field(default_factory=list)  # (newer, older)
    page: int = 1  # which page of `items` (newest first), and whether another follows
    has_more: bool = False
    query: str = ""  # only memories containing all these words
