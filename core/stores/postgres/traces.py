"""PostgreSQL: rows that point at memories without holding their text (issue 11).

Conflicts — pairs of memories saved beside each other because one contradicts a
memory its author could not change (ids only; see 0110_conflicts.sql, whose policy
shows a pair only to whoever can see both) — and the votes on a memory, which go with
it when it is erased (the votes policy lets whoever sees the memory delete them) — and
the replies and reactions that carry 👍 / 👎 to the memories a reply used
(0162_reply_reactions.sql)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

Rows = Callable[..., Awaitable[list[dict[str, Any]]]]


class PostgresTraces:
    """Mixed into `PostgresSession` (which supplies `_rows`)."""

    _rows: Rows
    expired_before: float | None

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

    # Near misses (0200_near_misses.sql): its policy shows, writes and deletes a pair
    # only for whoever can see both memories.
    async def add_near_miss(self, memory_id: str, other_id: str, now: float) -> None:
        await self._rows(
            "INSERT INTO memory_near_misses SELECT %(ws)s, %(memory)s, %(other)s, %(now)s "
            "WHERE EXISTS (SELECT 1 FROM memories WHERE workspace = %(ws)s AND id = %(memory)s) "
            "AND EXISTS (SELECT 1 FROM memories WHERE workspace = %(ws)s AND id = %(other)s) "
            "ON CONFLICT DO NOTHING",
            {"memory": memory_id, "other": other_id, "now": now},
        )

    async def near_misses(self) -> list[tuple[str, str]]:
        rows = await self._rows(
            """SELECT c.memory_id, c.other_id FROM memory_near_misses c
               JOIN memories m ON m.workspace = c.workspace AND m.id = c.memory_id
               JOIN memories o ON o.workspace = c.workspace AND o.id = c.other_id
               WHERE c.workspace = %(ws)s AND m.status = 'active' AND o.status = 'active'
               ORDER BY c.created_at, c.memory_id"""
        )
        return [(row["memory_id"], row["other_id"]) for row in rows]

    async def drop_near_miss(self, memory_id: str, other_id: str) -> bool:
        rows = await self._rows(
            "DELETE FROM memory_near_misses WHERE workspace = %(ws)s "
            "AND memory_id = %(memory)s AND other_id = %(other)s RETURNING 1 AS gone",
            {"memory": memory_id, "other": other_id},
        )
        return bool(rows)

    async def clear_near_misses(self, memory_id: str) -> int:
        rows = await self._rows(
            "DELETE FROM memory_near_misses WHERE workspace = %(ws)s "
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

    async def expire_forgotten(self, cutoff: float) -> int:
        """Through an owner-run function (0115): others' entries are not ours to read.

        Once per cutoff a session: every change records an audit entry and calls this
        first, so an import's batch (one transaction, one clock reading) called it once
        a line, a round trip each. After a pass no forget entry older than `cutoff` keeps
        its text, and a later pass with no later cutoff could only find one appended since
        with an older time, which `append_audit` watches for (`expired_before`)."""
        if self.expired_before is not None and cutoff <= self.expired_before:
            return 0
        rows = await self._rows(
            "SELECT memorybot_expire_forgotten(%(cutoff)s) AS n", {"cutoff": cutoff}
        )
        self.expired_before = cutoff
        return int(rows[0]["n"]) if rows else 0

    async def attest_admin(self) -> None:
        """Through an owner-run function (0113): the registry is not ours to write."""
        await self._rows("SELECT memorybot_attest_admin()")

    # -- replies and reactions ---------------------------------------------------------

    async def note_reply(
        self, channel: str, message_id: str, memory_ids: Sequence[str], now: float, keep: float
    ) -> None:
        await self._rows(
            "DELETE FROM reply_memories WHERE workspace = %(ws)s AND created_at < %(old)s",
            {"old": now - keep},
        )
        await self._rows(
            "INSERT INTO reply_memories VALUES (%(ws)s, %(channel)s, %(message)s, %(ids)s, "
            "%(now)s) ON CONFLICT (workspace, channel, message_id) "
            "DO UPDATE SET memory_ids = excluded.memory_ids",
            {"channel": channel, "message": message_id, "ids": list(memory_ids), "now": now},
        )

    async def reply_memories(self, channel: str, message_id: str) -> list[str] | None:
        rows = await self._rows(
            "SELECT memory_ids FROM reply_memories WHERE workspace = %(ws)s "
            "AND channel = %(channel)s AND message_id = %(message)s",
            {"channel": channel, "message": message_id},
        )
        return [str(i) for i in rows[0]["memory_ids"]] if rows else None

    async def claim_reaction(
        self, channel: str, message_id: str, reaction: str, up: bool, now: float
    ) -> bool:
        rows = await self._rows(
            "INSERT INTO reaction_votes (workspace, channel, message_id, user_id, reaction, "
            "up, created_at) VALUES (%(ws)s, %(channel)s, %(message)s, %(user)s, "
            "%(reaction)s, %(up)s, %(now)s) ON CONFLICT DO NOTHING RETURNING 1 AS new",
            {**_reaction(channel, message_id, reaction), "up": up, "now": now},
        )
        return bool(rows)

    async def set_reaction_memories(
        self, channel: str, message_id: str, reaction: str, memory_ids: Sequence[str]
    ) -> None:
        await self._rows(
            f"UPDATE reaction_votes SET memory_ids = %(ids)s WHERE {REACTION}",
            {**_reaction(channel, message_id, reaction), "ids": list(memory_ids)},
        )

    async def take_reaction(
        self, channel: str, message_id: str, reaction: str
    ) -> tuple[bool, list[str]] | None:
        rows = await self._rows(
            f"DELETE FROM reaction_votes WHERE {REACTION} RETURNING up, memory_ids",
            _reaction(channel, message_id, reaction),
        )
        return (bool(rows[0]["up"]), [str(i) for i in rows[0]["memory_ids"]]) if rows else None


REACTION = (
    "workspace = %(ws)s AND channel = %(channel)s AND message_id = %(message)s "
    "AND user_id = %(user)s AND reaction = %(reaction)s"
)


def _reaction(channel: str, message_id: str, reaction: str) -> dict[str, Any]:
    return {"channel": channel, "message": message_id, "reaction": reaction}
