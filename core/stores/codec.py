"""Row ↔ model conversion shared by the stores, so both read memories the same way."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

from core.models import Kind, Memory, Scope, Source, Status, WorkspaceSettings


def memory_from_row(row: Mapping[str, Any]) -> Memory:
    entities = row["entities"]
    if isinstance(entities, str):
        entities = json.loads(entities)
    return Memory(
        id=row["id"],
        workspace=row["workspace"],
        owner=row["owner"],
        scope=Scope(row["scope"]),
        content=row["content"],
        content_hash=row["content_hash"],
        kind=Kind(row["kind"]),
        source=Source(row["source"]),
        importance=float(row["importance"]),
        confidence=float(row["confidence"]),
        status=Status(row["status"]),
        entities=list(entities),
        channel=row["channel"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        last_used_at=None if row["last_used_at"] is None else float(row["last_used_at"]),
        use_count=int(row["use_count"]),
        valid_from=None if row["valid_from"] is None else float(row["valid_from"]),
        valid_to=None if row["valid_to"] is None else float(row["valid_to"]),
        supersedes=row["supersedes"],
        pinned=bool(row["pinned"]),
        trust=float(row["trust"]),
        stale_since=_optional_float(row, "stale_since"),
        has_embedding=bool(row["has_embedding"]),
    )


def _optional_float(row: Mapping[str, Any], name: str) -> float | None:
    """A nullable column added by a later migration; absent from older rows and dicts."""
    keys = row.keys()
    value = row[name] if name in keys else None
    return None if value is None else float(value)


def memory_from_dict(data: Mapping[str, Any]) -> Memory:
    """Rebuild a memory from `Memory.as_dict()` (audit before-states, imports)."""
    known = {f.name for f in fields(Memory)}
    values = {k: v for k, v in data.items() if k in known}
    values.setdefault("has_embedding", False)
    return memory_from_row(values)


def settings_to_json(settings: WorkspaceSettings) -> str:
    return json.dumps(asdict(settings), sort_keys=True)


def settings_from_json(text: str) -> WorkspaceSettings:
    """Unknown keys are ignored and missing ones take defaults, so old rows keep working."""
    data = json.loads(text)
    known = {f.name for f in fields(WorkspaceSettings)}
    return WorkspaceSettings(**{k: v for k, v in data.items() if k in known})
