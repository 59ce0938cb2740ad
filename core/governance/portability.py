"""Export and import of a user's memories as JSONL (one memory per line).

Import goes through `core.remember.batch` (what `remember_many` does), so every line passes the
guards and reconciliation again (against the store and the file's earlier lines): a
file cannot smuggle in a secret or pile up duplicates. Lines are saved in batches,
one transaction each, so an interrupted import resumes after its last commit.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from core.models import (
    HowSaved,
    Kind,
    Memory,
    Principal,
    Provenance,
    RememberResult,
    SaveStatus,
    Scope,
    Source,
    Status,
)
from core.ports import Ports
from core.remember.batch import BATCH_SIZE, Screened, save_screened, screen_many
from core.remember.intake import SaveRequest, field_finding
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
        async with ports.store.session(Principal(workspace, user), read_only=True) as session:
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
    committed_through: int = 0  # every line up to this number is saved or refused

    def count(self, status: str) -> None:
        self.by_status[status] = self.by_status.get(status, 0) + 1

    def record(self, number: int, result: RememberResult, details: bool = False) -> None:
        """Count one result; a refusal keeps its line number and reason (with `details`,
        which kind of secret), never the text: it may hold the very secret refused."""
        self.count(result.status.value)
        if result.status == SaveStatus.REFUSED:
            reason = result.reason.value if result.reason else "refused"
            secret = details and result.detail and reason == "secret"
            detail = f": {result.detail}" if secret else ""
            self.refused.append((number, reason + detail))


class Batcher:
    """Collects (line number, request) pairs and saves them `batch_size` at a time:
    one transaction and one embedding call per batch.

    `add` overlaps the batches: while one is being saved (the store, the rules), the
    next is screened and embedded (the guards and the model, on their own threads), so
    on two cores an import costs about the larger of the two, not their sum. Batches
    still commit one after another, in file order, and `committed_through` only moves
    past a batch once it is committed."""

    def __init__(
        self,
        ports: Ports,
        principal: Principal,
        report: ImportReport,
        progress: Callable[[int], None] | None,
        on_batch: Callable[[ImportReport], None] | None,
        batch_size: int = BATCH_SIZE,
        details: bool = False,
    ) -> None:
        self.ports, self.principal, self.report = ports, principal, report
        self.details = details
        self.progress, self.on_batch, self.batch_size = progress, on_batch, batch_size
        self.pending: list[tuple[int, SaveRequest]] = []
        self.shown = report.committed_through
        self._saving: asyncio.Task[list[RememberResult]] | None = None

    async def add(self, number: int, request: SaveRequest) -> None:
        """Queue one line; a full batch is screened now and saved in the background."""
        self.pending.append((number, request))
        if len(self.pending) >= self.batch_size:
            await self._overlap(number)

    async def flush(self, through: int) -> list[RememberResult]:
        """Save what is pending (after any batch still being saved); every line up to
        `through` is then done. Returns the pending lines' results."""
        await self._finish()
        batch, self.pending = self.pending, []
        screened = await screen_many(self.ports, self.principal, [r for _, r in batch])
        results = await self._save(batch, screened, through)
        return results

    async def _overlap(self, through: int) -> None:
        batch, self.pending = self.pending, []
        try:
            screened = await screen_many(self.ports, self.principal, [r for _, r in batch])
        finally:
            await self._finish()  # the previous batch commits first, whatever happened
        self._saving = asyncio.create_task(self._save(batch, screened, through))

    async def _finish(self) -> None:
        saving, self._saving = self._saving, None
        if saving is not None:
            await saving

    async def _save(
        self, batch: list[tuple[int, SaveRequest]], screened: Screened, through: int
    ) -> list[RememberResult]:
        results = await save_screened(self.ports, self.principal, screened) if batch else []
        for (number, _), result in zip(batch, results, strict=True):
            self.report.record(number, result, self.details)
        self.report.refused.sort()
        self.report.committed_through = through
        if self.progress:
            self.progress(through - self.shown)
        self.shown = through
        if self.on_batch:
            self.on_batch(self.report)
        return results


async def import_jsonl(
    ports: Ports,
    workspace: str,
    user: str,
    lines: Iterable[str],
    progress: Callable[[int], None] | None = None,
    is_admin: bool = False,
    *,
    start_after: int = 0,
    on_batch: Callable[[ImportReport], None] | None = None,
    batch_size: int = BATCH_SIZE,
) -> ImportReport:
    """Import JSONL records (export's format, or just {"content": ...}) in batches.

    Lines up to `start_after` are skipped (resuming an interrupted import: see
    `ImportReport.committed_through`); `on_batch` sees the report after each commit."""
    report = ImportReport(committed_through=start_after)
    batcher = Batcher(ports, Principal(workspace, user), report, progress, on_batch, batch_size)
    number = start_after
    for number, line in enumerate(lines, start=1):
        if number <= start_after or not line.strip():
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
        provenance = record_provenance(record)
        guarded = guarded_field(provenance)
        if guarded:  # the guards hold at this door for every stored text, not content alone
            report.count(SaveStatus.REFUSED.value)
            report.refused.append((number, guarded))
            continue
        request = SaveRequest(
            content,
            scope=_choice(record.get("scope"), Scope, Scope.PRIVATE),
            kind=_choice(record.get("kind"), Kind, None),
            source=_choice(record.get("source"), Source, Source.EXPLICIT),
            pending=record.get("status") == Status.PENDING_REVIEW,
            is_admin=is_admin,
            provenance=provenance,
        )
        await batcher.add(number, request)
    await batcher.flush(max(number, start_after))
    return report


def record_provenance(record: dict[str, object]) -> Provenance:
    """The exported provenance, kept as it was (an export's "how" stays "extraction");
    a record without one is an import."""

    def text(name: str) -> str:
        value = record.get(name)
        return value if isinstance(value, str) else ""

    return Provenance(
        text("origin") if text("origin") in _VALUES[HowSaved] else HowSaved.IMPORT,
        text("platform"),
        text("channel"),
        text("message_id"),
        text("permalink") if text("permalink").startswith("https://") else "",
        text("author"),
    )


def guarded_field(provenance: Provenance) -> str | None:
    """Why a line's provenance may not be stored ("secret in channel"), or None: an
    imported file's channel, message id, permalink or author is stored and exported
    verbatim like its content, so a token there would be kept without any guard."""
    found = field_finding(None, provenance)
    return None if found is None else f"{found[1].category} in {found[0]}"


def _choice(value: object, enum: type[E], default: D) -> E | D:
    """The enum member named by `value`, or the default for anything unknown."""
    return enum(value) if value in _VALUES[enum] else default


# Each enum's values, made once: rebuilt for every field of every line, these sets were
# a fifth of what an import does on its event loop.
_VALUES: dict[type[Enum], frozenset[object]] = {
    e: frozenset(m.value for m in e) for e in (HowSaved, Scope, Kind, Source)
}
