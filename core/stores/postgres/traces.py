"""PostgreSQL: rows that point at memories without holding their text (issue 11).

Conflicts — pairs of memories saved beside each other because one contradicts a
memory its author could not change (ids only; see 0110_conflicts.sql, whose policy
shows a pair only to whoever can see both) — and the votes on a memory, which go with
it when it is erased (the votes policy lets whoever sees the memory delete them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Rows = Callable[..., Awaitable[list[dict[str, Any]]]]


class PostgresTraces:
    """Mixed into `PostgresSession` (which supplies `_rows`)."""

    _rows: Rows

    async def add_conflict(self, memory_id: str, other_id: str, now: float) -> None:
        await self._rows(
            "INSERT INTO memory_conflicts VALUES (%(ws)s, %(memory)s, %(other)s, %(now)s) "
            "ON CONFLICT DO NOTHING",
            {"memory": memory_id, "other": other_id, "now": now},
        )

    async def conflicts(self) -> list[tuple[str, str]]:
        rows = await self._rows(
            """SELECT c.memory_id, c.other_id FROM memory_conflicts c
               JOIN memories m ON m.workspace = c.workspace AND m.id = c.memory_id
               JOIN memories o ON o.workspace = c.workspace AND o.id = c.other_id
               WHERE c.workspace = %(ws)s AND m.status = 'active' AND o.status = 'active'
                 AND (m.scope = 'global' OR m.owner = %(user)s)
                 AND (o.scope = 'global' OR o.owner = %(user)s)
               ORDER BY c.created_at, c.memory_id"""
        )
        return [(row["memory_id"], row["other_id"]) for row in rows]

    async def clear_conflicts(self, memory_id: str) -> int:
        rows = await self._rows(
            "DELETE FROM memory_conflicts WHERE workspace = %(ws)s "
            "AND (memory_id = %(memory)s OR other_id = %(memory)s) RETURNING 1 AS gone",
            {"memory": memory_id},
        )
        return len(rows)

    async def drop_votes(self, memory_id: str) -> int:
        rows = await self._rows(
            "DELETE FROM votes WHERE workspace = %(ws)s AND memory_id = %(memory)s "
            "RETURNING 1 AS gone",
            {"memory": memory_id},
        )
        return len(rows)

    async def redact_audit(self, memory_ids: list[str]) -> int:
        """Through an owner-run function (0112): others' entries are not ours to read."""
        rows = await self._rows(
            "SELECT memorybot_redact_audit(%(ids)s::text[]) AS n", {"ids": list(memory_ids)}
        )
        return int(rows[0]["n"]) if rows else 0

    async def attest_admin(self) -> None:
        """Through an owner-run function (0113): the registry is not ours to write."""
        await self._rows("SELECT memorybot_attest_admin()")
