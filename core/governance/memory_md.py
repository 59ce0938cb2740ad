"""MEMORY.md: the Markdown memory file agent tools keep, imported and exported.

    ## User
    - prefers concise answers, code first | EXPLICIT | from:2026-01-12 | [perm]
    ## Knowledge
    - the staging DB is on port 6543 | INFERRED | from:2026-02-03

Each bullet is `content | EXPLICIT or INFERRED | from:YYYY-MM-DD | [perm]` (the
markers are read from the right, in that order, so a `|` inside the text survives).
EXPLICIT ↔ explicit, INFERRED ↔ extracted; `[perm]` ↔ pinned; `from:` ↔ valid_from
(export falls back to the creation date). Sections carry the kind:

| section            | kind       | exported for            |
|--------------------|------------|-------------------------|
| User               | preference | private preferences     |
| Rules              | preference | global preferences      |
| In Progress        | intent     | intents (either scope)  |
| Knowledge          | fact       | private facts           |
| Team               | fact       | global facts            |
| Projects, other    | fact       | (import only)           |

Scope is not in the file: an export is one user's private memories or, with
`global_set`, the workspace's global set, and an import writes private memories or,
with `global_set`, global ones. A round trip therefore keeps content, source, pin,
kind and date. Every bullet passes the guards like a save: a credential is refused,
reported by line number with the kind of secret, and never echoed or imported. The
bullets of a file are separate memories by design, so they are saved without
reconciling them against each other (exact duplicates are still recognised); a
near-duplicate is left for consolidation, which merges without losing text.

A numbered item (`1. …`, `2) …`) is a memory like a bullet, and a line that continues
an item (indented, or wrapped straight under it, also after a blank line when indented)
joins it with one space, so a hand-wrapped file imports whole. A line that is none of
these — prose, a table, a code block, a rule — is not guessed at: it is reported with
its line number (one entry per block), like a refused bullet, so nothing is dropped
without the importer being told.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from core.governance.listing import owned_memories, visible_memories
from core.governance.pinning import may_pin, set_pinned
from core.governance.portability import Batcher, ImportReport
from core.models import (
    HowSaved,
    Kind,
    Memory,
    MemoryPatch,
    Principal,
    Provenance,
    SaveStatus,
    Scope,
    Source,
    Status,
)
from core.ports import Ports
from core.remember.intake import SaveRequest

SECTION_KINDS = {
    "user": Kind.PREFERENCE,
    "rules": Kind.PREFERENCE,
    "in progress": Kind.INTENT,
    "projects": Kind.FACT,
    "team": Kind.FACT,
    "knowledge": Kind.FACT,
}
EXPORT_SECTIONS: dict[tuple[Kind, Scope], str] = {
    (Kind.PREFERENCE, Scope.PRIVATE): "User",
    (Kind.PREFERENCE, Scope.GLOBAL): "Rules",
    (Kind.FACT, Scope.PRIVATE): "Knowledge",
    (Kind.FACT, Scope.GLOBAL): "Team",
    (Kind.INTENT, Scope.PRIVATE): "In Progress",
    (Kind.INTENT, Scope.GLOBAL): "In Progress",
}
SECTION_ORDER = ("User", "Projects", "Team", "Knowledge", "Rules", "In Progress")
SOURCES = {"EXPLICIT": Source.EXPLICIT, "INFERRED": Source.EXTRACTED}
SOURCE_NAMES = {v: k for k, v in SOURCES.items()}
PERM = "[perm]"
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")
_TABLE = re.compile(r"^\s*\|")
_COMMENT = re.compile(r"^\s*<!--")
RULE = "a horizontal rule, not a memory"
PROSE = "prose, not a list item: start it with '- ' to import it"
BLOCKS = (
    (_RULE, RULE),
    (_TABLE, "a table, not a list item: make each row a '- ' bullet to import it"),
    (_COMMENT, "an HTML comment, not a memory"),
)
_FROM = re.compile(r"^from:(\d{4}-\d{2}-\d{2})$", re.IGNORECASE)


@dataclass(frozen=True)
class Bullet:
    line: int
    content: str
    kind: Kind
    source: Source = Source.EXPLICIT
    since: float | None = None
    pinned: bool = False


def _day(text: str) -> float | None:
    try:
        return datetime.combine(date.fromisoformat(text), datetime.min.time(), UTC).timestamp()
    except ValueError:
        return None


def parse_bullet(text: str, line: int, kind: Kind) -> Bullet:
    """Split `content | SOURCE | from:DATE | [perm]`, reading markers from the right."""
    parts = [p.strip() for p in text.split(" | ")]
    pinned = len(parts) > 1 and parts[-1].lower() == PERM
    if pinned:
        parts.pop()
    since = None
    found = _FROM.match(parts[-1]) if len(parts) > 1 else None
    if found and (day := _day(found.group(1))) is not None:
        since = day
        parts.pop()
    source = Source.EXPLICIT
    if len(parts) > 1 and parts[-1].upper() in SOURCES:
        source = SOURCES[parts.pop().upper()]
    return Bullet(line, " | ".join(parts).strip(), kind, source, since, pinned)


def parse(lines: Iterable[str]) -> list[Bullet]:
    """Every item of the file, with the kind of the section it sits in."""
    return parse_file(lines)[0]


def parse_file(lines: Iterable[str]) -> tuple[list[Bullet], list[tuple[int, str]]]:
    """The file's items (bullets and numbered, continuation lines joined) and the
    (line number, reason) of each block of lines that is not an item or a heading."""
    parser = _Parser()
    for number, raw in enumerate(lines, start=1):
        parser.feed(number, raw)
    parser.close()
    return parser.items, parser.unplaced


class _Parser:
    """Line by line: which item is open (continuation lines join it), which reported
    block is open (its further lines are part of that one report), which section."""

    def __init__(self) -> None:
        self.kind = Kind.FACT
        self.items: list[Bullet] = []
        self.unplaced: list[tuple[int, str]] = []
        self.item: tuple[int, Kind, list[str]] | None = None
        self.gap = False  # a blank line since the open item's last line
        self.block: str | None = None  # the reason of the reported block we are in
        self.fence: str | None = None  # the marker of the open code block

    def feed(self, number: int, raw: str) -> None:
        if self.fence is not None:
            if raw.strip().startswith(self.fence):
                self.fence = None
            return
        if not raw.strip():
            self.gap, self.block = True, None
            return
        if self.item is not None and (raw[:1].isspace() or not self.gap):
            starts = (_BULLET, _HEADING, _FENCE, *(pattern for pattern, _ in BLOCKS))
            if not any(pattern.match(raw) for pattern in starts):
                self.item[2].append(raw.strip())  # a continuation line
                self.gap = False
                return
        self.close()
        self.gap, block, self.block = False, self.block, None
        if fence := _FENCE.match(raw):
            self.fence = fence.group(1)
            self.unplaced.append((number, "a code block, not a list item"))
        elif heading := _HEADING.match(raw):
            self.kind = SECTION_KINDS.get(heading.group(1).strip().casefold(), Kind.FACT)
        elif (bullet := _BULLET.match(raw)) and not _RULE.match(raw):
            self.item = (number, self.kind, [bullet.group(1)])
        else:
            reason = next((why for pattern, why in BLOCKS if pattern.match(raw)), None)
            self.block = reason or block or PROSE  # wrapped prose stays one report
            if self.block != block:
                self.unplaced.append((number, self.block))
            if reason == RULE:
                self.block = None  # one line: what follows is reported on its own

    def close(self) -> None:
        if self.item is not None:
            number, kind, parts = self.item
            self.items.append(parse_bullet(" ".join(p.strip() for p in parts), number, kind))
        self.item = None


async def import_markdown(
    ports: Ports,
    workspace: str,
    user: str,
    lines: Iterable[str],
    *,
    global_set: bool = False,
    is_admin: bool = False,
    progress: Callable[[int], None] | None = None,
    start_after: int = 0,
    on_batch: Callable[[ImportReport], None] | None = None,
) -> ImportReport:
    """Import a MEMORY.md as the user's private memories (or, with global_set, as
    global ones), in batches. Refused items, and lines that are not items, are
    reported as (line number, reason) only; items up to line `start_after` are
    skipped (resuming)."""
    report = ImportReport(committed_through=start_after)
    scope = Scope.GLOBAL if global_set else Scope.PRIVATE
    batcher = Batcher(ports, Principal(workspace, user), report, progress, on_batch, details=True)
    items, unplaced = parse_file(lines)
    for number, reason in unplaced:
        if number > start_after:
            report.total += 1
            report.count("not imported")
            report.refused.append((number, reason))
    bullets = [b for b in items if b.line > start_after]
    for start in range(0, len(bullets), batcher.batch_size):
        chunk = bullets[start : start + batcher.batch_size]
        for bullet in chunk:
            report.total += 1
            request = SaveRequest(
                bullet.content,
                scope=scope,
                kind=bullet.kind,
                source=bullet.source,
                is_admin=is_admin,
                reconcile=False,
                provenance=Provenance(HowSaved.IMPORT, author=user),
            )
            batcher.pending.append((bullet.line, request))
        results = await batcher.flush(chunk[-1].line)
        for bullet, result in zip(chunk, results, strict=True):
            if (bullet.pinned or bullet.since is not None) and result.memory is not None:
                await _keep_marks(
                    ports, workspace, user, bullet, result.memory, result.status, is_admin
                )
    return report


async def _keep_marks(
    ports: Ports,
    workspace: str,
    user: str,
    bullet: Bullet,
    memory: Memory,
    status: SaveStatus,
    is_admin: bool,
) -> None:
    """A new memory takes the bullet's date and pin as part of its import; an existing
    one it matched is pinned through the audited path."""
    async with ports.store.session(Principal(workspace, user)) as session:
        if status in (SaveStatus.SAVED, SaveStatus.PENDING_REVIEW):
            pinned = bullet.pinned and may_pin(memory, user, is_admin)
            patch = MemoryPatch(valid_from=bullet.since, pinned=True if pinned else None)
            if patch.changes():
                await session.update_memory(memory.id, patch)
        elif bullet.pinned and not memory.pinned:
            await set_pinned(session, memory.id, True, is_admin, ports.clock())


def _date(memory: Memory) -> str:
    when = memory.valid_from if memory.valid_from is not None else memory.created_at
    return datetime.fromtimestamp(when, UTC).date().isoformat()


def bullet_line(memory: Memory) -> str:
    fields = [memory.content, SOURCE_NAMES[memory.source], f"from:{_date(memory)}"]
    if memory.pinned:
        fields.append(PERM)
    return "- " + " | ".join(fields)


def render(memories: Iterable[Memory]) -> str:
    """The MEMORY.md text for these memories (sections in the usual order)."""
    sections: dict[str, list[Memory]] = {}
    for memory in memories:
        sections.setdefault(EXPORT_SECTIONS[(memory.kind, memory.scope)], []).append(memory)
    out = ["# MEMORY.md", ""]
    for name in SECTION_ORDER:
        if name in sections:
            ordered = sorted(sections[name], key=lambda m: (m.created_at, m.content))
            out += [f"## {name}", *(bullet_line(m) for m in ordered), ""]
    return "\n".join(out)


async def export_markdown(
    ports: Ports, workspace: str, user: str, *, global_set: bool = False
) -> str:
    """The user's active private memories as MEMORY.md, or the workspace's global set."""
    async with ports.store.session(Principal(workspace, user)) as session:
        if global_set:
            memories = [m for m in await visible_memories(session) if m.scope == Scope.GLOBAL]
        else:
            owned = await owned_memories(session)
            memories = [m for m in owned if m.scope == Scope.PRIVATE]
    return render(m for m in memories if m.status == Status.ACTIVE)
