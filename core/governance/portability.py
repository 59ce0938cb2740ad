"""Export and import of a user's memories as JSONL (one memory per line).

Import goes through `core.remember.intake.remember`, so every line passes the guards
and reconciliation again: a file cannot smuggle in a secret or pile up duplicates.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from core.models import Kind, Memory, Principal, SaveStatus, Scope, Source, Status
from core.ports import Ports
from core.remember.intake import SaveRequest, remember
from core.stores.codec import MEMORY_COLUMNS

# A memory's stored columns, minus what belongs to this store rather than to the memory:
# workspace and owner (an import takes the importer's), the hash (recomputed), trust
# (earned from this workspace's votes) and consolidation's stale mark.
NOT_EXPORTED = frozenset({"workspace", "owner", "content_hash", "trust", "stale_since"})
EXPORT_FIELDS = tuple(c for c in MEMORY_COLUMNS if c not in NOT_EXPORTED)
PAGE = 500
E = TypeVar("E", bound=Enum)
D = TypeVar("D")


async def user_memories(ports: Ports, workspace: str, user: str) -> AsyncIterator[Memory]:
    """The user's own memories: private ones and the global ones they authored."""
    statuses = [s.value for s in Status]
    offset = 0
    while True:
        async with ports.store.session(Principal(workspace, user)) as session:
            page = await session.list_memories(statuses, PAGE, offset)
        for memory in page:
            if memory.owner == user:
                yield memory
        if len(page) < PAGE:
            return
        offset += PAGE


def to_record(memory: Memory) -> dict[str, object]:
    data = memory.as_dict()
    return {name: data[name] for name in EXPORT_FIELDS}


async def export_jsonl(ports: Ports, workspace: str, user: str) -> AsyncIterator[str]:
    async for memory in user_memories(ports, workspace, user):
        yield json.dumps(to_record(memory), ensure_ascii=False)


@dataclass
class ImportReport:
    total: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, reason)

    def count(self, status: str) -> None:
        self.by_status[status] = self.by_status.get(status, 0) + 1


async def import_jsonl(
    ports: Ports,
    workspace: str,
    user: str,
    lines: Iterable[str],
    progress: Callable[[int], None] | None = None,
    is_admin: bool = False,
) -> ImportReport:
    """Import JSONL records (export's format, or just {"content": ...})."""
    report = ImportReport()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        report.total += 1
        try:
            record = json.loads(line)
            content = record["content"] if isinstance(record, dict) else None
            if not isinstance(content, str):
                raise ValueError
        except (json.JSONDecodeError, KeyError, ValueError):
            report.count("invalid")
            report.refused.append((number, "not a JSON object with a content string"))
            continue
        request = SaveRequest(
            content,
            scope=_choice(record.get("scope"), Scope, Scope.PRIVATE),
            kind=_choice(record.get("kind"), Kind, None),
            source=_choice(record.get("source"), Source, Source.EXPLICIT),
            pending=record.get("status") == Status.PENDING_REVIEW,
            is_admin=is_admin,
        )
        result = await remember(ports, Principal(workspace, user), request)
        report.count(result.status.value)
        if result.status == SaveStatus.REFUSED and result.reason:
            report.refused.append((number, result.reason.value))
        if progress:
            progress(1)
    return report


def _choice(value: object, enum: type[E], default: D) -> E | D:
    """The enum member named by `value`, or the default for anything unknown."""
    return enum(value) if value in {m.value for m in enum} else default
