"""SQLite: rows that point at memories without holding their text (issue 11).

Conflicts — pairs of memories saved beside each other because one contradicts a
memory its author could not change (ids only; see 0110_conflicts.sql) — the votes
on a memory, which go with it when it is erased, and the replies and reactions that
carry 👍 / 👎 to the memories a reply used (0162_reply_reactions.sql)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from core.stores.sqlite.candidates import KnownCommon

T = TypeVar("T")


class _Database(Protocol):
    @property
    def conn(self) -> sqlite3.Connection: ...

    async def run(self, fn: Callable[..., T], *args: Any) -> T: ...

    known_common: KnownCommon  # the session's keyword search reads it


BOTH_VISIBLE = """
    JOIN memories m ON m.workspace = c.workspace AND m.id = c.memory_id
    JOIN memories o ON o.workspace = c.workspace AND o.id = c.other_id
    WHERE c.workspace = :ws
      AND m.status = 'active' AND o.status = 'active'
      AND (m.scope = 'global' OR m.owner = :user)
      AND (o.scope = 'global' OR o.owner = :user)
"""


def _sees(memory_id: str) -> str:
    """SQL: the principal can see the memory `memory_id` (a parameter or a column)
    names — the session's VISIBLE, PostgreSQL's memories policy."""
    return (
        f"EXISTS (SELECT 1 FROM memories v WHERE v.workspace = :ws AND v.id = {memory_id} "
        "AND (v.owner = :user OR (v.scope = 'global' AND v.status <> 'pending_review')))"
    )


PAIR_VISIBLE = f"{_sees('memory_id')} AND {_sees('other_id')}"


class SQLiteTraces:
    """Mixed into `SQLiteSession`: each method runs on the store's database thread."""

    store: _Database
    params: dict[str, Any]
    scrubbed: bool

    @property
    def conn(self) -> sqlite3.Connection:
        return self.store.conn

    async def add_conflict(self, memory_id: str, other_id: str, now: float) -> None:
        params = {**self.params, "memory": memory_id, "other": other_id, "now": now}
        sql = "INSERT OR IGNORE INTO memory_conflicts VALUES (:ws, :memory, :other, :now)"
        await self.store.run(lambda: self.conn.execute(sql, params))

    async def conflicts(self) -> list[tuple[str, str]]:
        sql = (
            f"SELECT c.memory_id, c.other_id FROM memory_conflicts c {BOTH_VISIBLE} "
            "ORDER BY c.created_at, c.memory_id"
        )
        rows = await self.store.run(lambda: self.conn.execute(sql, self.params).fetchall())
        return [(row[0], row[1]) for row in rows]

    async def clear_conflicts(self, memory_id: str) -> int:
        params = {**self.params, "memory": memory_id}
        sql = (
            "DELETE FROM memory_conflicts WHERE workspace = :ws "
            "AND (memory_id = :memory OR other_id = :memory)"
        )
        return await self.store.run(lambda: self.conn.execute(sql, params).rowcount)

    async def add_near_miss(self, memory_id: str, other_id: str, now: float) -> None:
        params = {**self.params, "memory": memory_id, "other": other_id, "now": now}
        sql = (
            "INSERT OR IGNORE INTO memory_near_misses SELECT :ws, :memory, :other, :now "
            f"WHERE {_sees(':memory')} AND {_sees(':other')}"
        )
        await self.store.run(lambda: self.conn.execute(sql, params))

    async def near_misses(self) -> list[tuple[str, str]]:
        sql = (
            f"SELECT c.memory_id, c.other_id FROM memory_near_misses c {BOTH_VISIBLE} "
            "ORDER BY c.created_at, c.memory_id"
        )
        rows = await self.store.run(lambda: self.conn.execute(sql, self.params).fetchall())
        return [(row[0], row[1]) for row in rows]

    async def drop_near_miss(self, memory_id: str, other_id: str) -> bool:
        params = {**self.params, "memory": memory_id, "other": other_id}
        sql = (
            "DELETE FROM memory_near_misses WHERE workspace = :ws AND memory_id = :memory "
            f"AND other_id = :other AND {PAIR_VISIBLE}"
        )
        return bool(await self.store.run(lambda: self.conn.execute(sql, params).rowcount))

    async def clear_near_misses(self, memory_id: str) -> int:
        params = {**self.params, "memory": memory_id}
        sql = (
            "DELETE FROM memory_near_misses WHERE workspace = :ws "
            f"AND (memory_id = :memory OR other_id = :memory) AND {PAIR_VISIBLE}"
        )
        return await self.store.run(lambda: self.conn.execute(sql, params).rowcount)

    async def drop_votes(self, memory_id: str) -> int:
        params = {**self.params, "memory": memory_id}
        sql = (
            "DELETE FROM votes WHERE workspace = :ws AND memory_id = :memory AND EXISTS "
            "(SELECT 1 FROM memories m WHERE m.workspace = :ws AND m.id = :memory "
            "AND (m.scope = 'global' OR m.owner = :user))"
        )
        return await self.store.run(lambda: self.conn.execute(sql, params).rowcount)

    async def redact_audit(self, memory_ids: list[str]) -> int:
        return await self.store.run(self._redact_audit, list(memory_ids))

    def _redact_audit(self, memory_ids: list[str]) -> int:
        """Replace every audit entry about these (already deleted) memories by one that
        keeps its ids and drops its before-states (the text); see 0112 in PostgreSQL."""
        gone = [
            i
            for i in memory_ids
            if not self.conn.execute(
                "SELECT 1 FROM memories WHERE workspace = :ws AND id = :id",
                {**self.params, "id": i},
            ).fetchone()
        ]
        if not gone:
            return 0
        marks = ", ".join(f":g{n}" for n in range(len(gone)))
        params = {**self.params, **{f"g{n}": i for n, i in enumerate(gone)}}
        return self._replace_redacted(
            "a.before <> '[]' AND EXISTS "
            f"(SELECT 1 FROM json_each(a.memory_ids) j WHERE j.value IN ({marks}))",
            params,
        )

    def _replace_redacted(self, where: str, params: dict[str, Any]) -> int:
        """Replace the workspace's audit entries matching `where` by 'redacted' ones that
        keep ids, actor, time and what they did (in detail), and no before-state."""
        rows = self.conn.execute(
            "SELECT id, workspace, actor, action, memory_ids, detail, created_at, undoes "
            f"FROM audit_log a WHERE a.workspace = :ws AND {where}",
            params,
        ).fetchall()
        for row in rows:
            self.conn.execute("DELETE FROM audit_log WHERE id = ?", (row[0],))
            self.conn.execute(
                "INSERT INTO audit_log (id, workspace, actor, action, memory_ids, before, "
                "detail, created_at, undoes) VALUES (?, ?, ?, 'redacted', ?, '[]', ?, ?, ?)",
                (row[0], row[1], row[2], row[4], row[3], row[6], row[7]),
            )
        self.scrubbed = self.scrubbed or bool(rows)
        return len(rows)

    async def expire_forgotten(self, cutoff: float) -> int:
        return await self.store.run(self._expire_forgotten, cutoff)

    def _expire_forgotten(self, cutoff: float) -> int:
        """Forget entries older than `cutoff` keep the forgotten text no longer: every
        entry about their memories (if still gone, and not forgotten again since the
        cutoff) is redacted, then they are (0115 in PostgreSQL)."""
        expiring = "a.action = 'forget' AND a.before <> '[]' AND a.created_at < :cutoff"
        params = {**self.params, "cutoff": cutoff}
        rows = self.conn.execute(
            f"SELECT a.memory_ids FROM audit_log a WHERE a.workspace = :ws AND {expiring}",
            params,
        ).fetchall()
        if not rows:
            return 0
        recent = self.conn.execute(
            "SELECT a.memory_ids FROM audit_log a WHERE a.workspace = :ws "
            "AND a.action = 'forget' AND a.before <> '[]' AND a.created_at >= :cutoff",
            params,
        ).fetchall()
        still = {str(i) for row in recent for i in json.loads(row[0])}  # in a newer window
        ids = list(dict.fromkeys(str(i) for r in rows for i in json.loads(r[0])))
        return self._redact_audit([i for i in ids if i not in still]) + self._replace_redacted(
            expiring, params
        )

    async def attest_admin(self) -> None:
        """Nothing to record: SQLite has one user, the process itself, so authority
        stays in `core.governance.authority` (the PostgreSQL registry is 0113)."""

    # -- replies and reactions ---------------------------------------------------------

    async def note_reply(
        self, channel: str, message_id: str, memory_ids: Sequence[str], now: float, keep: float
    ) -> None:
        params = {**self.params, "channel": channel, "message": message_id, "now": now}
        ids, old = json.dumps(list(memory_ids)), now - keep

        def write() -> None:
            self.conn.execute(
                "DELETE FROM reply_memories WHERE workspace = :ws AND created_at < :old",
                {**self.params, "old": old},
            )
            self.conn.execute(
                "INSERT INTO reply_memories VALUES (:ws, :channel, :message, :ids, :now) "
                "ON CONFLICT DO UPDATE SET memory_ids = excluded.memory_ids",
                {**params, "ids": ids},
            )

        await self.store.run(write)

    async def reply_memories(self, channel: str, message_id: str) -> list[str] | None:
        params = {**self.params, "channel": channel, "message": message_id}
        sql = (
            "SELECT memory_ids FROM reply_memories WHERE workspace = :ws "
            "AND channel = :channel AND message_id = :message"
        )
        row = await self.store.run(lambda: self.conn.execute(sql, params).fetchone())
        return None if row is None else [str(i) for i in json.loads(row[0])]

    async def claim_reaction(
        self, channel: str, message_id: str, reaction: str, up: bool, now: float
    ) -> bool:
        params = {**self._reaction(channel, message_id, reaction), "up": int(up), "now": now}
        sql = (
            "INSERT INTO reaction_votes (workspace, channel, message_id, user_id, reaction, "
            "up, created_at) VALUES (:ws, :channel, :message, :user, :reaction, :up, :now) "
            "ON CONFLICT DO NOTHING"
        )
        return bool(await self.store.run(lambda: self.conn.execute(sql, params).rowcount))

    async def set_reaction_memories(
        self, channel: str, message_id: str, reaction: str, memory_ids: Sequence[str]
    ) -> None:
        params = {
            **self._reaction(channel, message_id, reaction),
            "ids": json.dumps(list(memory_ids)),
        }
        sql = f"UPDATE reaction_votes SET memory_ids = :ids WHERE {REACTION}"
        await self.store.run(lambda: self.conn.execute(sql, params))

    async def take_reaction(
        self, channel: str, message_id: str, reaction: str
    ) -> tuple[bool, list[str]] | None:
        params = self._reaction(channel, message_id, reaction)
        sql = f"DELETE FROM reaction_votes WHERE {REACTION} RETURNING up, memory_ids"
        row = await self.store.run(lambda: self.conn.execute(sql, params).fetchone())
        return None if row is None else (bool(row[0]), [str(i) for i in json.loads(row[1])])

    def _reaction(self, channel: str, message_id: str, reaction: str) -> dict[str, Any]:
        return {**self.params, "channel": channel, "message": message_id, "reaction": reaction}


REACTION = (
    "workspace = :ws AND channel = :channel AND message_id = :message "
    "AND user_id = :user AND reaction = :reaction"
)
