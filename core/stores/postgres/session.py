"""One PostgreSQL transaction as one principal: every query the service may run.

Row-level security already limits each statement to what the principal may see
(the store sets `memorybot.workspace` / `memorybot.user` when the transaction
starts). The same visibility predicate is still written into every query: it is a
second wall should a policy ever be wrong, and it lets the planner use the
(workspace, …) indexes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from core.governance.authority import check_write
from core.models import (
    NOT_UNDOABLE,
    AuditEntry,
    Incognito,
    Memory,
    MemoryPatch,
    NewMemory,
    Principal,
    StoreStats,
    WorkspaceSettings,
)
from core.ports import DuplicateMemory, StoreSession, TextHit
from core.stores import codec
from core.stores.codec import (
    AUDIT_COLUMNS,
    MEMORY_COLUMNS,
    RECORD_TABLES,
    Encoders,
    audit_from_row,
    audit_values,
    memory_from_row,
    patch_values,
    settings_from_json,
    settings_to_json,
    stats_from_row,
)
from core.stores.postgres.search import (
    SELECT,
    VISIBLE,
    CommonTerms,
    halfvec,
    term_counts_query,
    text_search_query,
    vector_search_query,
)
from core.stores.postgres.traces import PostgresTraces

log = logging.getLogger(__name__)

# A session that only bumped use counts (`touch`) need not wait for the WAL flush: set
# with its COMMIT, in the same round trip.
COMMIT_ASYNC = "SET LOCAL synchronous_commit TO off; COMMIT"
TOUCH = (
    "UPDATE memories AS m SET use_count = use_count + 1, last_used_at = %(now)s "
    f"WHERE {VISIBLE} AND m.id = ANY(%(ids)s)"
)
RETURNING = f"{', '.join(MEMORY_COLUMNS)}, embedding IS NOT NULL AS has_embedding"
INSERT = (
    f"INSERT INTO memories ({', '.join(MEMORY_COLUMNS)}, embedding) "
    f"VALUES ({', '.join(f'%({c})s' for c in MEMORY_COLUMNS)}, %(embedding)s)"
)
INSERT_AUDIT = (
    f"INSERT INTO audit_log ({', '.join(AUDIT_COLUMNS)}) "
    f"VALUES ({', '.join(f'%({c})s' for c in AUDIT_COLUMNS)})"
)
UNDONE = "EXISTS (SELECT 1 FROM audit_log u WHERE u.workspace = a.workspace AND u.undoes = a.id)"
AUDIT = ", ".join("a." + c for c in AUDIT_COLUMNS)
ENCODE = Encoders(json=Jsonb, vector=halfvec)


def memory_values(memory: NewMemory) -> dict[str, Any]:
    """INSERT parameters as psycopg binds them (bulk loading and tests use them too)."""
    return codec.memory_values(memory, ENCODE)


class PostgresSession(PostgresTraces):
    """A `core.ports.StoreSession` on one pooled connection inside one transaction."""

    def __init__(
        self,
        conn: psycopg.AsyncConnection[Any],
        principal: Principal,
        dimensions: int | None = None,
        common_terms: CommonTerms | None = None,
    ) -> None:
        self.conn = conn
        self.principal = principal
        self.common_terms = common_terms or CommonTerms()
        self.dimensions = dimensions  # the embedding column's, None before it is fixed
        self.params: dict[str, Any] = {"ws": principal.workspace, "user": principal.user}
        # Commit without waiting for the WAL flush (the store reads it at COMMIT).
        self.commit_async = False
        # Use-count bumps not yet sent (`touch`): they ride on the next statement.
        self._touches: list[tuple[list[str], float]] = []
        # The last cutoff `expire_forgotten` passed in this transaction (traces.py).
        self.expired_before: float | None = None
        # This user's memory switch as `get_settings` read it, until `set_memory_off`.
        self._memory_off: tuple[float | None] | None = None

    async def _rows(self, sql: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        await self._send_touches()
        async with self.conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(sql, {**self.params, **(params or {})})
            return await cur.fetchall() if cur.description else []

    async def _memories(self, sql: str, params: dict[str, Any] | None = None) -> list[Memory]:
        return [memory_from_row(row) for row in await self._rows(sql, params)]

    async def _one(self, where: str, params: dict[str, Any]) -> Memory | None:
        found = await self._memories(f"{SELECT} WHERE {VISIBLE} AND {where}", params)
        return found[0] if found else None

    # -- memories --------------------------------------------------------------------

    async def insert_memory(self, memory: NewMemory) -> Memory:
        check_write(self.principal, memory)
        # ON CONFLICT DO NOTHING instead of catching the error: a failed statement
        # would abort the whole transaction, and the caller goes on after a duplicate.
        rows = await self._memories(
            f"{INSERT} ON CONFLICT DO NOTHING RETURNING {RETURNING}", memory_values(memory)
        )
        if not rows:
            raise DuplicateMemory(memory.content_hash)
        return rows[0]

    async def insert_memories(self, memories: Sequence[NewMemory]) -> list[str]:
        """Insert many in this transaction (imports); returns the ids written.

        One pipelined executemany; a row whose text is already active in its scope is
        skipped (ON CONFLICT DO NOTHING), so one duplicate does not abort a batch."""
        for memory in memories:
            check_write(self.principal, memory)
        if not memories:
            return []
        written: list[str] = []
        await self._send_touches()
        async with self.conn.cursor() as cur:
            await cur.executemany(
                f"{INSERT} ON CONFLICT DO NOTHING RETURNING id",
                [memory_values(m) for m in memories],
                returning=True,
            )
            while True:
                written += [row[0] for row in await cur.fetchall()]
                if not cur.nextset():
                    break
        return written

    async def get_memory(self, memory_id: str) -> Memory | None:
        return await self._one("m.id = %(id)s", {"id": memory_id})

    async def update_memory(self, memory_id: str, patch: MemoryPatch) -> Memory | None:
        changes = patch_values(patch, ENCODE)
        sets = [f"{name} = %(set_{name})s" for name in changes]
        if patch.clear_embedding:
            sets.append("embedding = NULL")
        if not sets:
            return await self.get_memory(memory_id)
        sql = (
            f"UPDATE memories AS m SET {', '.join(sets)} WHERE {VISIBLE} AND m.id = %(id)s "
            f"RETURNING {RETURNING}"
        )
        params = {"id": memory_id, **{f"set_{k}": v for k, v in changes.items()}}
        await self._send_touches()  # before the savepoint, which a duplicate rolls back
        try:
            async with self.conn.transaction():  # a savepoint: a duplicate must not abort
                rows = await self._memories(sql, params)
        except psycopg.errors.UniqueViolation as exc:
            raise DuplicateMemory(str(changes.get("content_hash", ""))) from exc
        return rows[0] if rows else None

    async def find_by_hash(self, content_hash: str, scope: str) -> Memory | None:
        owner = "" if scope == "global" else "AND m.owner = %(user)s"
        return await self._one(
            f"m.content_hash = %(hash)s AND m.scope = %(scope)s {owner} AND m.status = 'active'",
            {"hash": content_hash, "scope": str(scope)},
        )

    async def search_text(
        self,
        terms: Sequence[str],
        limit: int,
        statuses: Sequence[str] = ("active",),
        require_all: bool = False,
    ) -> list[TextHit]:
        common = self.common_terms.get(self.principal)
        query = text_search_query(terms, limit, statuses, require_all, common, sample=not common)
        if query is None:
            return []
        rows = await self._rows(*query)
        if rows and rows[0]["saturated"]:
            self.common_terms.add(self.principal, rows[0]["saturated"])
        return [TextHit(memory_from_row(row), float(row["relevance"])) for row in rows]

    async def search_vector(self, vector: Sequence[float], limit: int) -> list[TextHit]:
        if self.dimensions and len(vector) != self.dimensions:
            log.warning(
                "query vector has %d dimensions, the store %d: keyword recall only",
                len(vector),
                self.dimensions,
            )
            return []
        rows = await self._rows(*vector_search_query(vector, limit, self.dimensions))
        return [TextHit(memory_from_row(row), 1.0 - float(row["distance"])) for row in rows]

    async def adjacent(
        self, memory_ids: Sequence[str], within: float, reach: int = 1
    ) -> list[tuple[str, int, Memory]]:
        """Conversation neighbours (`core.ports.StoreSession.adjacent`): one seek per
        neighbour through memories_owner_order (EXPLAIN at 100k memories:
        bench/research/explain_adjacent.py)."""
        if not memory_ids:
            return []
        side = """(SELECT {side} AS side, p.* FROM memories p WHERE p.workspace = %(ws)s
            AND p.owner = a.owner AND p.scope = a.scope AND p.status = 'active'
            AND p.seq {op} a.seq ORDER BY p.seq {order} LIMIT 1 OFFSET {skip})"""
        sides = " UNION ALL ".join(
            side.format(side=sign * k, op=op, order=order, skip=k - 1)
            for k in range(1, max(1, reach) + 1)
            for sign, op, order in ((-1, "<", "DESC"), (1, ">", "ASC"))
        )
        columns = ", ".join("m." + c for c in MEMORY_COLUMNS)
        rows = await self._rows(
            f"""WITH a AS MATERIALIZED (SELECT m.id, m.seq, m.owner, m.scope, m.channel,
                    m.created_at FROM memories m WHERE {VISIBLE} AND m.id = ANY(%(ids)s))
            SELECT a.id AS anchor, m.side, {columns}, m.embedding IS NOT NULL AS has_embedding
            FROM a CROSS JOIN LATERAL ({sides}) m
            WHERE {VISIBLE} AND m.channel IS NOT DISTINCT FROM a.channel
            AND abs(m.created_at - a.created_at) <= %(within)s""",
            {"ids": list(memory_ids), "within": within},
        )
        return [(row["anchor"], int(row["side"]), memory_from_row(row)) for row in rows]

    async def term_counts(
        self, terms: Sequence[str], cap: int, total_cap: int
    ) -> tuple[int, dict[str, int]]:
        """Capped counts (`core.ports.StoreSession.term_counts`), in one round trip: each
        term probes the GIN index and stops at `cap` visible matches."""
        words = list(dict.fromkeys(t for t in terms if t.strip()))
        rows = await self._rows(*term_counts_query(words, cap, total_cap))
        counts = {row["word"]: int(row["n"]) for row in rows if row["word"] is not None}
        total = next((int(row["n"]) for row in rows if row["word"] is None), 0)
        return total, {t: counts.get(t, 0) for t in words}

    async def list_memories(
        self, statuses: Sequence[str], limit: int, offset: int = 0
    ) -> list[Memory]:
        return await self._memories(
            f"{SELECT} WHERE {VISIBLE} AND m.status = ANY(%(statuses)s) "
            "ORDER BY m.updated_at DESC, m.seq DESC LIMIT %(limit)s OFFSET %(offset)s",
            {"statuses": [str(s) for s in statuses], "limit": limit, "offset": offset},
        )

    async def touch(self, memory_ids: Sequence[str], now: float) -> None:
        """Bump use counts. Recall's only write and its last step, so the UPDATE is
        not sent alone: it goes out with the session's next statement or, as in a
        recall, with its COMMIT (`commit`), one round trip instead of two. That commit
        need not wait for the WAL flush: a crash may lose the last few bumps, never a
        memory. Read back in this session, the counts are already bumped."""
        self.commit_async = True
        if memory_ids:
            self._touches.append((list(memory_ids), now))

    def _touch_statements(self) -> tuple[str, dict[str, Any]]:
        """The waiting touches as one string of statements (bound client-side: a
        simple query may hold several), and clears them."""
        statements, params = [], dict(self.params)
        for n, (ids, now) in enumerate(self._touches):
            statements.append(
                TOUCH.replace("%(ids)s", f"%(ids{n})s").replace("%(now)s", f"%(now{n})s")
            )
            params |= {f"ids{n}": ids, f"now{n}": now}
        self._touches.clear()
        return "; ".join(statements), params

    async def _send_touches(self) -> None:
        if self._touches:
            query, params = self._touch_statements()
            async with psycopg.AsyncClientCursor(self.conn) as cur:
                await cur.execute(query, params)

    async def commit(self) -> None:
        """COMMIT (without waiting for the WAL flush after a touch), any waiting
        touches in front of it in the same round trip. The store calls it last."""
        end = COMMIT_ASYNC if self.commit_async else "COMMIT"
        if not self._touches:
            await self.conn.execute(end)
            return
        query, params = self._touch_statements()
        async with psycopg.AsyncClientCursor(self.conn) as cur:
            await cur.execute(f"{query}; {end}", params)

    async def delete_memory(self, memory_id: str) -> bool:
        rows = await self._rows(
            f"DELETE FROM memories AS m WHERE {VISIBLE} AND m.id = %(id)s RETURNING m.id",
            {"id": memory_id},
        )
        return bool(rows)

    async def restore_memory(self, memory: Memory) -> None:
        check_write(self.principal, memory)
        await self.delete_memory(memory.id)
        try:  # no savepoint: the caller abandons the whole undo on a duplicate
            await self._rows(INSERT, memory_values(memory))
        except psycopg.errors.UniqueViolation as exc:
            raise DuplicateMemory(memory.content_hash) from exc

    async def set_embedding(
        self, memory_id: str, vector: Sequence[float] | None, *, content_hash: str
    ) -> bool:
        rows = await self._rows(
            f"UPDATE memories AS m SET embedding = %(vec)s WHERE {VISIBLE} AND m.id = %(id)s "
            "AND m.content_hash = %(hash)s RETURNING m.id",
            {"id": memory_id, "vec": halfvec(vector), "hash": content_hash},
        )
        return bool(rows)

    async def memories_without_embedding(self, limit: int) -> list[Memory]:
        return await self._memories(
            f"{SELECT} WHERE {VISIBLE} AND m.embedding IS NULL AND m.status = 'active' "
            "ORDER BY m.seq LIMIT %(limit)s",
            {"limit": limit},
        )

    async def stats(self) -> StoreStats:
        [row] = await self._rows(
            f"""SELECT count(*) FILTER (WHERE m.status = 'active') AS memories,
                       count(*) FILTER (WHERE m.status = 'pending_review') AS pending,
                       count(*) FILTER (WHERE m.status = 'active' AND m.scope = 'private') AS priv,
                       count(*) FILTER (WHERE m.status = 'active' AND m.scope = 'global') AS glob,
                       count(*) FILTER (WHERE m.status = 'active' AND m.embedding IS NULL) AS noemb,
                       coalesce(sum(octet_length(m.content)
                                    + coalesce(pg_column_size(m.embedding), 0)), 0) AS size,
                       (SELECT count(*) FROM entities e WHERE e.workspace = %(ws)s) AS entities
                FROM memories m WHERE {VISIBLE}"""
        )
        return stats_from_row(row, row["entities"])

    # -- entities ------------------------------------------------------------------

    async def bump_entities(self, entity_ids: Sequence[str], now: float) -> dict[str, int]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return {}
        rows = await self._rows(
            """INSERT INTO entities (workspace, id, occurrences, first_seen, last_seen)
               SELECT %(ws)s, e, 1, %(now)s, %(now)s FROM unnest(%(ids)s::text[]) AS e
               ON CONFLICT (workspace, id) DO UPDATE
               SET occurrences = entities.occurrences + 1, last_seen = excluded.last_seen
               RETURNING id, occurrences""",
            {"ids": ids, "now": now},
        )
        return {row["id"]: row["occurrences"] for row in rows}

    async def entity_counts(self, entity_ids: Sequence[str]) -> dict[str, int]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return {}
        rows = await self._rows(
            "SELECT id, occurrences FROM entities WHERE workspace = %(ws)s AND id = ANY(%(ids)s)",
            {"ids": ids},
        )
        return {row["id"]: row["occurrences"] for row in rows}

    # -- audit log -----------------------------------------------------------------

    async def append_audit(self, entry: AuditEntry) -> None:
        check_write(self.principal, entry)
        if self.expired_before is not None and entry.created_at < self.expired_before:
            self.expired_before = None  # older than the last pass: the next one must look
        await self._rows(INSERT_AUDIT, audit_values(entry, ENCODE))

    async def get_audit(self, audit_id: str) -> AuditEntry | None:
        rows = await self._rows(
            f"SELECT {AUDIT}, {UNDONE} AS undone FROM audit_log a "
            "WHERE a.workspace = %(ws)s AND a.id = %(id)s AND a.actor = %(user)s",
            {"id": audit_id},
        )
        return audit_from_row(rows[0]) if rows else None

    async def last_undoable_audit(self) -> AuditEntry | None:
        rows = await self._rows(
            f"""SELECT {AUDIT}, false AS undone FROM audit_log a
                WHERE a.workspace = %(ws)s AND a.actor = %(user)s
                  AND a.action <> ALL(%(not_undoable)s) AND NOT {UNDONE}
                ORDER BY a.created_at DESC, a.seq DESC LIMIT 1""",
            {"not_undoable": sorted(NOT_UNDOABLE)},
        )
        return audit_from_row(rows[0]) if rows else None

    # -- feedback votes --------------------------------------------------------------

    async def set_vote(self, memory_id: str, net: int, now: float) -> None:
        params = {"id": memory_id, "net": net, "now": now}
        if net == 0:
            await self._rows(
                "DELETE FROM votes WHERE workspace = %(ws)s AND memory_id = %(id)s "
                "AND user_id = %(user)s",
                params,
            )
            return
        await self._rows(
            f"""INSERT INTO votes (workspace, memory_id, user_id, net, updated_at)
                SELECT %(ws)s, %(id)s, %(user)s, %(net)s, %(now)s
                WHERE EXISTS (SELECT 1 FROM memories m WHERE {VISIBLE} AND m.id = %(id)s)
                ON CONFLICT (workspace, memory_id, user_id)
                DO UPDATE SET net = excluded.net, updated_at = excluded.updated_at""",
            params,
        )

    async def votes(self, memory_id: str) -> dict[str, int]:
        rows = await self._rows(
            f"""SELECT v.user_id, v.net FROM votes v JOIN memories m
                  ON m.workspace = v.workspace AND m.id = v.memory_id
                WHERE {VISIBLE} AND v.workspace = %(ws)s AND v.memory_id = %(id)s
                ORDER BY v.user_id""",
            {"id": memory_id},
        )
        return {row["user_id"]: row["net"] for row in rows}

    async def votes_cast(self) -> dict[str, int]:
        rows = await self._rows(
            "SELECT memory_id, net FROM votes WHERE workspace = %(ws)s AND user_id = %(user)s "
            "ORDER BY memory_id"
        )
        return {row["memory_id"]: row["net"] for row in rows}

    # -- governance: owners, entity counts, erasure -------------------------------------

    async def memory_owners(self) -> list[str]:
        """Ids only, through an owner-run function: RLS hides others' private rows."""
        rows = await self._rows("SELECT memorybot_memory_owners() AS owner")
        return [row["owner"] for row in rows]

    async def forget_entities(self, entity_ids: Sequence[str]) -> None:
        if not entity_ids:
            return
        await self._rows(
            """UPDATE entities e SET occurrences = e.occurrences - d.n
               FROM (SELECT id, count(*) AS n FROM unnest(%(ids)s::text[]) AS id GROUP BY id) d
               WHERE e.workspace = %(ws)s AND e.id = d.id""",
            {"ids": list(entity_ids)},
        )
        await self._rows("DELETE FROM entities WHERE workspace = %(ws)s AND occurrences <= 0")

    async def erase_records(self) -> int:
        removed = 0
        for table, column in RECORD_TABLES:
            rows = await self._rows(
                f"DELETE FROM {table} WHERE workspace = %(ws)s AND {column} = %(user)s RETURNING 1"
            )
            removed += len(rows)
        return removed

    # -- profile, incognito, settings --------------------------------------------------

    async def get_profile(self) -> dict[str, str]:
        rows = await self._rows(
            "SELECT field, value FROM profiles WHERE workspace = %(ws)s AND user_id = %(user)s "
            "ORDER BY field"
        )
        return {row["field"]: row["value"] for row in rows}

    async def set_profile(self, fields: dict[str, str]) -> None:
        for name, value in fields.items():
            if value:
                await self._rows(
                    "INSERT INTO profiles VALUES (%(ws)s, %(user)s, %(field)s, %(value)s, %(now)s) "
                    "ON CONFLICT (workspace, user_id, field) "
                    "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                    {"field": name, "value": value, "now": time.time()},
                )
            else:
                await self._rows(
                    "DELETE FROM profiles WHERE workspace = %(ws)s AND user_id = %(user)s "
                    "AND field = %(field)s",
                    {"field": name},
                )

    async def get_incognito(self, channel: str) -> Incognito | None:
        rows = await self._rows(
            "SELECT since FROM incognito WHERE workspace = %(ws)s AND user_id = %(user)s "
            "AND channel = %(channel)s",
            {"channel": channel},
        )
        return Incognito(channel=channel, on=True, since=rows[0]["since"]) if rows else None

    async def set_incognito(self, channel: str, on: bool, now: float) -> None:
        if on:
            await self._rows(
                "INSERT INTO incognito VALUES (%(ws)s, %(channel)s, %(user)s, %(now)s) "
                "ON CONFLICT DO NOTHING",
                {"channel": channel, "now": now},
            )
        else:
            await self._rows(
                "DELETE FROM incognito WHERE workspace = %(ws)s AND user_id = %(user)s "
                "AND channel = %(channel)s",
                {"channel": channel},
            )

    async def list_incognito(self) -> list[Incognito]:
        rows = await self._rows(
            "SELECT channel, since FROM incognito WHERE workspace = %(ws)s "
            "AND user_id = %(user)s ORDER BY since, channel"
        )
        return [Incognito(channel=row["channel"], on=True, since=row["since"]) for row in rows]

    async def get_memory_off(self) -> float | None:
        if self._memory_off is not None:  # read with the settings (`get_settings`)
            return self._memory_off[0]
        rows = await self._rows(
            "SELECT off_since FROM memory_switch WHERE workspace = %(ws)s AND user_id = %(user)s"
        )
        return rows[0]["off_since"] if rows else None

    async def set_memory_off(self, off: bool, now: float) -> None:
        self._memory_off = None
        if off:
            await self._rows(
                "INSERT INTO memory_switch VALUES (%(ws)s, %(user)s, %(now)s) "
                "ON CONFLICT DO NOTHING",
                {"now": now},
            )
        else:
            await self._rows(
                "DELETE FROM memory_switch WHERE workspace = %(ws)s AND user_id = %(user)s"
            )

    async def get_settings(self) -> WorkspaceSettings:
        """The workspace's settings, and (kept for `get_memory_off`, which every context
        read asks next) whether this user turned memory off: one round trip, not two."""
        [row] = await self._rows(
            "SELECT (SELECT data::text FROM workspace_settings WHERE workspace = %(ws)s) AS data, "
            "(SELECT off_since FROM memory_switch "
            "WHERE workspace = %(ws)s AND user_id = %(user)s) AS off_since"
        )
        self._memory_off = (row["off_since"],)
        return settings_from_json(row["data"]) if row["data"] is not None else WorkspaceSettings()

    async def put_settings(self, settings: WorkspaceSettings) -> None:
        await self._rows(
            "INSERT INTO workspace_settings VALUES (%(ws)s, %(data)s::jsonb, %(now)s) "
            "ON CONFLICT (workspace) DO UPDATE SET data = excluded.data, "
            "updated_at = excluded.updated_at",
            {"data": settings_to_json(settings), "now": time.time()},
        )

    async def claim_delivery(self, key: str, now: float, keep: float) -> bool:
        await self._rows(
            "DELETE FROM deliveries WHERE workspace = %(ws)s AND seen_at < %(old)s",
            {"old": now - keep},
        )
        rows = await self._rows(
            "INSERT INTO deliveries VALUES (%(ws)s, %(key)s, %(now)s) "
            "ON CONFLICT DO NOTHING RETURNING key",
            {"key": key, "now": now},
        )
        return bool(rows)


if TYPE_CHECKING:  # the checker proves the session satisfies the port, method by method

    def _is_a_store_session(session: PostgresSession) -> StoreSession:
        return session
