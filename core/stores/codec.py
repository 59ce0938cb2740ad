"""Row ↔ model conversion shared by the stores, so both read and write rows the same way.

What a memory or audit row holds is written here once: the column lists, the values an
INSERT binds and the model built from a row read back. A backend supplies only how its
driver wants JSON and vectors bound (`Encoders`); the SQL stays in each backend.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

from core.models import (
    AuditEntry,
    Kind,
    Memory,
    MemoryPatch,
    NewMemory,
    Scope,
    Source,
    Status,
    StoreStats,
    WorkspaceSettings,
)

# Every stored column of a memory, in table order: the fields of `NewMemory` but its
# vector, which each backend stores in its own `embedding` column.
MEMORY_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(NewMemory) if f.name != "embedding")
AUDIT_COLUMNS = (
    "id",
    "workspace",
    "actor",
    "action",
    "memory_ids",
    "before",
    "detail",
    "created_at",
    "undoes",
)
PROVENANCE_COLUMNS = ("origin", "platform", "message_id", "permalink", "author")
# What a store's memory SELECT reads, in order: every column, then whether it has a vector.
MEMORY_ROW: tuple[str, ...] = (*MEMORY_COLUMNS, "has_embedding")
ENUM_COLUMNS = ("scope", "kind", "source", "status")
E = TypeVar("E")


@dataclass(frozen=True)
class Encoders:
    """How a backend's driver binds a JSON value and a vector (None stays NULL)."""

    json: Callable[[Any], Any]
    vector: Callable[[Sequence[float] | None], Any]


def memory_values(memory: NewMemory, encode: Encoders) -> dict[str, Any]:
    """Named parameters for an INSERT of every column, `embedding` included."""
    values = {name: getattr(memory, name) for name in MEMORY_COLUMNS}
    for name in ENUM_COLUMNS:
        values[name] = str(values[name])
    values["entities"] = encode.json(list(memory.entities))
    values["pinned"] = bool(memory.pinned)
    values["embedding"] = encode.vector(memory.embedding)
    return values


def patch_values(patch: MemoryPatch, encode: Encoders) -> dict[str, Any]:
    """The columns an UPDATE sets for `patch`, bound as the backend wants them."""
    changes = patch.changes()
    if "entities" in changes:
        changes["entities"] = encode.json(list(changes["entities"]))
    for name in ENUM_COLUMNS:
        if name in changes:
            changes[name] = str(changes[name])
    if "pinned" in changes:
        changes["pinned"] = bool(changes["pinned"])
    return changes


def audit_values(entry: AuditEntry, encode: Encoders) -> dict[str, Any]:
    """Named parameters for an INSERT of an audit entry (every AUDIT_COLUMNS name)."""
    return {
        "id": entry.id,
        "workspace": entry.workspace,
        "actor": entry.actor,
        "action": entry.action,
        "memory_ids": encode.json(list(entry.memory_ids)),
        "before": encode.json(list(entry.before)),
        "detail": entry.detail,
        "created_at": entry.created_at,
        "undoes": entry.undoes,
    }


def audit_from_row(row: Mapping[str, Any]) -> AuditEntry:
    """An audit entry from a row of AUDIT_COLUMNS plus `undone` (JSON as text or decoded)."""
    return AuditEntry(
        id=row["id"],
        workspace=row["workspace"],
        actor=row["actor"],
        action=row["action"],
        memory_ids=tuple(_json(row["memory_ids"])),
        before=tuple(_json(row["before"])),
        detail=row["detail"],
        created_at=float(row["created_at"]),
        undoes=row["undoes"],
        undone=bool(row["undone"]),
    )


def stats_from_row(row: Mapping[str, Any], entities: int) -> StoreStats:
    """Usage from a row of the stores' stats query (memories, pending, priv, glob, noemb,
    size) and the workspace's entity count."""
    return StoreStats(
        memories=int(row["memories"]),
        entities=int(entities),
        size_bytes=int(row["size"]),
        pending_review=int(row["pending"]),
        private=int(row["priv"]),
        global_=int(row["glob"]),
        without_embedding=int(row["noemb"]),
    )


def _provenance(row: Mapping[str, Any]) -> dict[str, Any]:
    return {name: _optional(row, name) or "" for name in PROVENANCE_COLUMNS}


def _json(value: Any) -> Any:
    """SQLite hands JSON columns back as text, psycopg decodes jsonb itself."""
    if value == "[]":  # most memories name no entity: skip the decoder
        return []
    return json.loads(value) if isinstance(value, str) else value


# Enum members by stored value: a dict look-up, not Enum's call machinery (a search
# decodes every candidate it ranks, four enums each).
_SCOPES = {m.value: m for m in Scope}
_KINDS = {m.value: m for m in Kind}
_SOURCES = {m.value: m for m in Source}
_STATUSES = {m.value: m for m in Status}


def _member(members: Mapping[str, E], value: Any, enum: Callable[[Any], E]) -> E:
    found = members.get(value)
    return enum(value) if found is None else found  # enum() raises for an unknown value


def memory_from_row(row: Mapping[str, Any]) -> Memory:
    last_used, valid_from, valid_to = row["last_used_at"], row["valid_from"], row["valid_to"]
    stale = _optional(row, "stale_since")
    return Memory(
        id=row["id"],
        workspace=row["workspace"],
        owner=row["owner"],
        scope=_member(_SCOPES, row["scope"], Scope),
        content=row["content"],
        content_hash=row["content_hash"],
        kind=_member(_KINDS, row["kind"], Kind),
        source=_member(_SOURCES, row["source"], Source),
        importance=float(row["importance"]),
        confidence=float(row["confidence"]),
        status=_member(_STATUSES, row["status"], Status),
        entities=list(_json(row["entities"])),
        channel=row["channel"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        last_used_at=None if last_used is None else float(last_used),
        use_count=int(row["use_count"]),
        valid_from=None if valid_from is None else float(valid_from),
        valid_to=None if valid_to is None else float(valid_to),
        supersedes=row["supersedes"],
        pinned=bool(row["pinned"]),
        trust=float(row["trust"]),
        stale_since=None if stale is None else float(stale),
        **_provenance(row),
        has_embedding=bool(row["has_embedding"]),
    )


# `memory_from_values` unpacks a row by position, in this order (checked at import).
_VALUES_ORDER = (
    *("id", "workspace", "owner", "scope", "content", "content_hash", "kind", "source"),
    *("importance", "confidence", "status", "entities", "channel", "created_at"),
    *("updated_at", "last_used_at", "use_count", "valid_from", "valid_to", "supersedes"),
    *("pinned", "trust", "stale_since", *PROVENANCE_COLUMNS, "has_embedding"),
)
if MEMORY_ROW != _VALUES_ORDER:  # a new column: add it to _VALUES_ORDER and the unpacking
    raise ImportError(f"memory_from_values unpacks {_VALUES_ORDER}, not {MEMORY_ROW}")


def memory_from_values(values: Sequence[Any]) -> Memory:
    """`memory_from_row` for a plain tuple in `MEMORY_ROW` order (anything after it is
    ignored): a driver's row object looked each of 30 columns up by name, and that was
    half of decoding a row — a search decodes every candidate it returns. Unpacked by
    position, with the same conversions: building a dict of the row first and reading
    it back by name was two thirds of the decode (12.7 µs a row, 4.3 µs this way)."""
    (memory_id, workspace, owner, scope, content, digest, kind, source) = values[:8]
    (importance, confidence, status, entities, channel, created_at) = values[8:14]
    (updated_at, last_used, use_count, valid_from, valid_to, supersedes) = values[14:20]
    (pinned, trust, stale, origin, platform, message_id, permalink, author) = values[20:28]
    vector = values[28]
    return Memory(
        memory_id,
        workspace,
        owner,
        _member(_SCOPES, scope, Scope),
        content,
        digest,
        _member(_KINDS, kind, Kind),
        _member(_SOURCES, source, Source),
        float(importance),
        float(confidence),
        _member(_STATUSES, status, Status),
        list(_json(entities)),
        channel,
        float(created_at),
        float(updated_at),
        None if last_used is None else float(last_used),
        int(use_count),
        None if valid_from is None else float(valid_from),
        None if valid_to is None else float(valid_to),
        supersedes,
        bool(pinned),
        float(trust),
        None if stale is None else float(stale),
        origin or "",
        platform or "",
        message_id or "",
        permalink or "",
        author or "",
        None,  # the vector itself is read only where it is used
        bool(vector),
    )


def _optional(row: Mapping[str, Any], name: str) -> Any:
    """A column added by a later migration: None when absent (older rows and dicts) or
    NULL. (sqlite3.Row raises IndexError for an unknown name, a dict KeyError; asking
    for the row's keys instead built a list of every column name each time.)"""
    try:
        return row[name]
    except (KeyError, IndexError):
        return None


def memory_from_dict(data: Mapping[str, Any]) -> Memory:
    """Rebuild a memory from `Memory.as_dict()` (audit before-states, imports)."""
    known = {f.name for f in fields(Memory)}
    values = {k: v for k, v in data.items() if k in known}
    values.setdefault("has_embedding", False)
    return memory_from_row(values)


# The user's own records besides memories and profile, erased with them: table -> the
# column naming the user. Both stores' `erase_records` walk this one list.
RECORD_TABLES = (
    ("incognito", "user_id"),
    ("memory_switch", "user_id"),
    ("reaction_votes", "user_id"),
    ("audit_log", "actor"),
)


def settings_to_json(settings: WorkspaceSettings) -> str:
    return json.dumps(asdict(settings), sort_keys=True)


def settings_from_json(text: str) -> WorkspaceSettings:
    """Unknown keys are ignored and missing ones take defaults, so old rows keep working."""
    data = json.loads(text)
    known = {f.name for f in fields(WorkspaceSettings)}
    return WorkspaceSettings(**{k: v for k, v in data.items() if k in known})
