"""One SQLite transaction as one principal: every query the service may run.

Isolation in standalone mode lives here: each statement that reads or changes a
memory carries the visibility predicate `VISIBLE` (the principal's own private rows
and their workspace's global rows), so no query path can reach another user's data.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import time
from array import array
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, TypeVarTuple

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
from core.recall.textsearch import fts5_match
from core.stores.codec import (
    AUDIT_COLUMNS,
    MEMORY_COLUMNS,
    MEMORY_ROW,
    RECORD_TABLES,
    Encoders,
    audit_from_row,
    audit_values,
    memory_from_row,
    memory_from_values,
    memory_values,
    patch_values,
    settings_from_json,
    settings_to_json,
    stats_from_row,
)
from core.stores.sqlite import vectors
from core.stores.sqlite.candidates import KnownCommon, SessionTerms, bounded_candidates
from core.stores.sqlite.lanes import drive
from core.stores.sqlite.memo import SearchMemo
from core.stores.sqlite.traces import SQLiteTraces

P = ParamSpec("P")
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Database(Protocol):
    """What a session needs of its store: the connection, and the thread that owns it
    (`SQLiteStore` is one; the session does not import it, so there is no cycle)."""

    @property
    def conn(self) -> sqlite3.Connection: ...

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T: ...

    known_common: KnownCommon
    searches: SearchMemo

    @property
    def version(self) -> int: ...


FTS_POOL_FACTOR = 4  # FTS5 ranks this many × limit before the visibility filter
# Own rows, and the workspace's global ones once reviewed: a global memory waiting for
# review is its author's alone until accepted (issue 11), on every path.
VISIBLE = (
    "m.workspace = :ws AND (m.owner = :user "
    "OR (m.scope = 'global' AND m.status <> 'pending_review'))"
)
SELECT = (
    f"SELECT {', '.join('m.' + c for c in MEMORY_COLUMNS)}, "
    "m.embedding IS NOT NULL AS has_embedding FROM memories m"
)
INSERT = (
    f"INSERT INTO memories ({', '.join(MEMORY_COLUMNS)}, embedding, embedding_signs) "
    f"VALUES ({', '.join(':' + c for c in MEMORY_COLUMNS)}, :embedding, "
    "memorybot_signs(:embedding))"
)
INSERT_AUDIT = (
    f"INSERT INTO audit_log ({', '.join(AUDIT_COLUMNS)}) "
    f"VALUES ({', '.join(':' + c for c in AUDIT_COLUMNS)})"
)
AUDIT = ", ".join("a." + c for c in AUDIT_COLUMNS)
# NOT_UNDOABLE as named parameters, for `a.action NOT IN (...)`.
NOT_UNDOABLE_PARAMS = {f"nu{i}": action for i, action in enumerate(sorted(NOT_UNDOABLE))}
NOT_UNDOABLE_MARKS = ", ".join(":" + name for name in NOT_UNDOABLE_PARAMS)


# The owner part of the unique index memories_active_hash (0001_initial.sql), verbatim, so
# a lookup by hash can use that index.
HASH_OWNER_KEY = "(CASE WHEN m.scope = 'private' THEN m.owner ELSE '' END)"
UNDONE = "EXISTS (SELECT 1 FROM audit_log u WHERE u.workspace = a.workspace AND u.undoes = a.id)"


def on_db_thread(
    fn: Callable[Concatenate[SQLiteSession, P], T],
) -> Callable[Concatenate[SQLiteSession, P], Coroutine[Any, Any, T]]:
    """Run a plain sync method on the store's database thread.

    Typed through ParamSpec, so a checker sees each method as `async def` with the
    sync method's own parameters and result (what `core.ports.StoreSession` asks)."""

    @functools.wraps(fn)
    async def wrapper(self: SQLiteSession, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self.store.run(functools.partial(fn, self, *args, **kwargs))

    return wrapper


def _vector_blob(vector: Sequence[float] | None) -> bytes | None:
    return None if vector is None else array("f", vector).tobytes()


ENCODE = Encoders(json=json.dumps, vector=_vector_blob)


class SQLiteSession(SQLiteTraces):
    """A `core.ports.StoreSession` on the store's single connection."""

    store: Database

    def __init__(
        self,
        store: Database,
        principal: Principal,
        *,
        version: int | None = None,
        changes: int | None = None,
    ) -> None:
        """`version`: a read session's commit count at its start; `changes`: a write
        session's row changes at its start (`core.stores.sqlite.memo`)."""
        self.store = store
        self.principal = principal
        self.params = {"ws": principal.workspace, "user": principal.user}
        self.scrubbed = False  # the store checkpoints the WAL after commit when set
        self._version, self._changes = version, changes
        self._terms = SessionTerms()  # keyword search: terms this transaction split

    @property
    def conn(self) -> sqlite3.Connection:
        return self.store.conn

    async def inline(self, work: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """`core.ports.inline`: run `work` (a coroutine of this session's calls) on the
        connection's thread in one hop; each call there runs at once (`lanes.drive`)."""
        return await self.store.run(drive, work)

    def _one(self, where: str, extra: dict[str, Any]) -> Memory | None:
        # Every caller names a unique key (an id, the active-hash index), so one row at most.
        found = self._tuples(f"{SELECT} WHERE {VISIBLE} AND {where}", {**self.params, **extra})
        return memory_from_values(found[0]) if found else None

    # -- memories --------------------------------------------------------------------

    @on_db_thread
    def insert_memory(self, memory: NewMemory) -> Memory:
        check_write(self.principal, memory)
        values = memory_values(memory, ENCODE)
        try:
            self.conn.execute(INSERT, values)
        except sqlite3.IntegrityError as exc:
            if "memories_active_hash" in str(exc) or "content_hash" in str(exc):
                raise DuplicateMemory(memory.content_hash) from exc
            raise
        # The row is the values just bound (no default or trigger changes a column), so
        # it is decoded from them rather than read back: a look-up less per save.
        return memory_from_row({**values, "has_embedding": memory.embedding is not None})

    @on_db_thread
    def insert_memories(self, memories: Sequence[NewMemory]) -> list[str]:
        """Insert many in this transaction (imports, bulk loads); returns the ids written.

        A row whose text is already active in its scope is skipped, not an error, so
        one duplicate does not abort a batch; nothing is read back."""
        for memory in memories:
            check_write(self.principal, memory)
        written = []
        for memory in memories:
            values = memory_values(memory, ENCODE)
            if self.conn.execute(f"{INSERT} ON CONFLICT DO NOTHING", values).rowcount:
                written.append(memory.id)
        return written

    @on_db_thread
    def get_memory(self, memory_id: str) -> Memory | None:
        return self._one("m.id = :id", {"id": memory_id})

    @on_db_thread
    def update_memory(self, memory_id: str, patch: MemoryPatch) -> Memory | None:
        changes = patch_values(patch, ENCODE)
        sets = [f"{name} = :set_{name}" for name in changes]
        if patch.clear_embedding:
            sets.append("embedding = NULL, embedding_signs = NULL")
        if sets:
            try:
                self.conn.execute(
                    f"UPDATE memories AS m SET {', '.join(sets)} WHERE {VISIBLE} AND m.id = :id",
                    {**self.params, "id": memory_id, **{f"set_{k}": v for k, v in changes.items()}},
                )
            except sqlite3.IntegrityError as exc:
                raise DuplicateMemory(str(changes.get("content_hash", ""))) from exc
        return self._one("m.id = :id", {"id": memory_id})

    @on_db_thread
    def find_by_hash(self, content_hash: str, scope: str) -> Memory | None:
        """The active memory with this text in `scope` (the principal's own, if private).

        The predicate spells out the key of the unique index `memories_active_hash`, so
        this is one index lookup; `m.owner = :user` alone made SQLite scan every memory
        of the user on each save (17 ms at 10k memories).
        """
        return self._one(
            f"m.scope = :scope AND {HASH_OWNER_KEY} = :owner_key "
            "AND m.content_hash = :hash AND m.status = 'active'",
            {
                "hash": content_hash,
                "scope": scope,
                "owner_key": "" if scope == "global" else self.principal.user,
            },
        )

    @on_db_thread
    def search_text(
        self,
        terms: Sequence[str],
        limit: int,
        statuses: Sequence[str] = ("active",),
        require_all: bool = False,
    ) -> list[TextHit]:
        """Best first by BM25. An OR search ranks only bounded candidates
        (`core.stores.sqlite.candidates`): rows of the question's rare words, ranked by
        FTS5, then — if those are too few — rows found through its common words.
        A search already run at the current commit count is not run again
        (`core.stores.sqlite.memo`)."""
        key = (*self.params.values(), tuple(terms), limit, tuple(statuses), require_all)
        version = self._memo_version()
        if version is not None and self._changes is not None:
            kept = self.store.searches.get(key, version)
            if kept is not None:
                return kept
        hits = self._search_text(terms, limit, statuses, require_all)
        if version is not None:
            self.store.searches.put(key, version, hits)
        return hits

    def _memo_version(self) -> int | None:
        """The commit count this session's reads reflect: a read session's label, a
        write session's current count while it has changed nothing; else None."""
        if self._changes is None:
            return self._version
        return self.store.version if self.conn.total_changes == self._changes else None

    def _search_text(
        self, terms: Sequence[str], limit: int, statuses: Sequence[str], require_all: bool
    ) -> list[TextHit]:
        marks = ", ".join(f":st{i}" for i in range(len(statuses)))
        params = {**self.params, **{f"st{i}": s for i, s in enumerate(statuses)}}
        status_sql = f"m.status IN ({marks})"
        if require_all:
            return self._ranked(fts5_match(terms, operator="AND"), limit, params, status_sql)
        found = bounded_candidates(
            self.conn, params, terms, limit, status_sql, self.store.known_common, self._terms
        )
        hits = self._ranked(fts5_match(found.rare), limit, params, status_sql)
        if found.common_rows and len(hits) < limit:
            seen = {h.memory.id for h in hits}
            hits += [h for h in self._by_seq(found.common_rows) if h.memory.id not in seen]
        return hits[:limit]

    def _ranked(
        self, match: str, limit: int, params: dict[str, Any], status_sql: str
    ) -> list[TextHit]:
        """FTS5 ranks its own top matches cheaply, so the query first asks it for a few
        times `limit` and filters those by visibility; only when that leaves too few
        (other users' rows crowd the top) does it rank every match.

        The first asks for `bm25()` by name rather than FTS5's `rank` column: the same
        function and values (`rank` is bm25 here: no migration configures it) and the
        same rows in the same order, ties included (2,625 questions and save texts on
        bench/scale.py's 10k workspace), sorted by SQLite's top-N sort instead of FTS5's
        own sort for `rank`: a third less CPU for this query there."""
        if not match:
            return []
        params = {**params, "match": match, "limit": limit, "pool": limit * FTS_POOL_FACTOR}
        columns = SELECT.replace(" FROM memories m", ", -f.rank AS relevance")
        where = f"WHERE {VISIBLE} AND {status_sql} ORDER BY f.rank LIMIT :limit"
        rows = self._tuples(
            f"""{columns} FROM (SELECT rowid, bm25(memories_fts) AS rank FROM memories_fts
                WHERE memories_fts MATCH :match ORDER BY rank LIMIT :pool) f
                JOIN memories m ON m.seq = f.rowid {where}""",
            params,
        )
        if len(rows) < limit:
            rows = self._tuples(
                f"""{columns} FROM (SELECT rowid, rank FROM memories_fts WHERE memories_fts
                    MATCH :match) f JOIN memories m ON m.seq = f.rowid {where}""",
                params,
            )
        extra = len(MEMORY_ROW)  # the relevance, after the memory's own columns
        return [TextHit(memory_from_values(row), float(row[extra])) for row in rows]

    def _by_seq(self, scored: Sequence[tuple[int, float]]) -> list[TextHit]:
        """Whole rows for (seq, relevance) pairs, in the given order.

        CROSS JOIN makes SQLite look the rows up by primary key: given a long IN list
        it preferred scanning the workspace's index (30 ms at 100k memories)."""
        extra = len(MEMORY_ROW)  # the seq, after the memory's own columns
        found = {
            row[extra]: row
            for row in self._tuples(
                f"{SELECT.replace(' FROM memories m', ', m.seq AS seq')} "
                "FROM json_each(:seqs) s CROSS JOIN memories m ON m.seq = s.value "
                f"WHERE {VISIBLE}",
                {**self.params, "seqs": json.dumps([seq for seq, _ in scored])},
            )
        }
        return [
            TextHit(memory_from_values(found[seq]), score) for seq, score in scored if seq in found
        ]

    @on_db_thread
    def search_vector(self, vector: Sequence[float], limit: int) -> list[TextHit]:
        """Cosine over the visible, embedded, active memories (vectors are unit length,
        so a dot product): exactly up to 20k, else on the nearest by signs
        (`core.stores.sqlite.vectors`). Whole rows are read for the winners alone."""
        active = f"{VISIBLE} AND m.status = 'active' AND m.embedding IS NOT NULL"
        # Signs are written with every vector (INSERT, set_embedding); counting and ranking
        # by them reads the covering index memories_signs, not the table's pages.
        signed = f"{VISIBLE} AND m.status = 'active' AND m.embedding_signs IS NOT NULL"
        counted = self.conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM memories m WHERE {signed} LIMIT :cap)",
            {**self.params, "cap": vectors.EXACT_BELOW},
        ).fetchone()[0]
        if counted < vectors.EXACT_BELOW:
            rows = self._tuples(
                f"SELECT m.seq, m.embedding FROM memories m WHERE {active}", self.params
            )
        else:
            signs = self._tuples(
                f"SELECT m.seq, m.embedding_signs FROM memories m WHERE {signed}", self.params
            )
            size = max(limit * vectors.SHORTLIST_FACTOR, len(signs) // vectors.SHORTLIST_SHARE)
            rows = self._tuples(
                "SELECT m.seq, m.embedding FROM json_each(:seqs) s "
                "CROSS JOIN memories m ON m.seq = s.value",
                {"seqs": json.dumps(vectors.shortlist(vector, signs, size))},
            )
        best = sorted(vectors.dot_products(vector, rows), reverse=True)[:limit]
        return self._by_seq([(seq, score) for score, seq in best]) if best else []

    def _tuples(self, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Many rows as plain tuples: a `sqlite3.Row` each costs more than the read."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        return cursor.execute(sql, params).fetchall()

    @on_db_thread
    def adjacent(
        self, memory_ids: Sequence[str], within: float, reach: int = 1
    ) -> list[tuple[str, int, Memory]]:
        """Conversation neighbours (`core.ports.StoreSession.adjacent`). Each neighbour is
        one seek on `memories_visible`, whose rows SQLite keeps in seq order per key."""
        if not memory_ids:
            return []
        side = """SELECT a.id AS anchor, {side} AS side, a.channel, a.created_at,
            (SELECT p.seq FROM memories p WHERE p.workspace = :ws AND p.owner = a.owner
            AND p.scope = a.scope AND p.status = 'active' AND p.seq {op} a.seq
            ORDER BY p.seq {order} LIMIT 1 OFFSET {skip}) AS seq FROM a"""
        sides = " UNION ALL ".join(
            side.format(side=sign * k, op=op, order=order, skip=k - 1)
            for k in range(1, max(1, reach) + 1)
            for sign, op, order in ((-1, "<", "DESC"), (1, ">", "ASC"))
        )
        columns = SELECT.replace(" FROM memories m", ", n.anchor, n.side")
        rows = self.conn.execute(
            f"""WITH a AS (SELECT m.id, m.seq, m.owner, m.scope, m.channel, m.created_at
                    FROM json_each(:ids) j CROSS JOIN memories m ON m.id = j.value
                    WHERE {VISIBLE}),
                n AS ({sides})
            {columns} FROM n CROSS JOIN memories m ON m.seq = n.seq
            WHERE {VISIBLE} AND m.channel IS n.channel
            AND abs(m.created_at - n.created_at) <= :within""",
            {**self.params, "ids": json.dumps(list(memory_ids)), "within": within},
        ).fetchall()
        return [(row["anchor"], row["side"], memory_from_row(row)) for row in rows]

    @on_db_thread
    def term_counts(
        self, terms: Sequence[str], cap: int, total_cap: int
    ) -> tuple[int, dict[str, int]]:
        """Capped counts (`core.ports.StoreSession.term_counts`): FTS5 walks each term's
        postings, stopping at `cap` visible matches, so a common word costs little."""
        active = f"{VISIBLE} AND m.status = 'active'"
        total = self.conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM memories m WHERE {active} LIMIT :cap)",
            {**self.params, "cap": total_cap},
        ).fetchone()[0]
        counts = {}
        for term in dict.fromkeys(t for t in terms if t):
            counts[term] = self.conn.execute(
                # CROSS JOIN keeps FTS5 the outer loop: left to choose, SQLite walked
                # every visible memory and ran the MATCH once per row.
                f"""SELECT count(*) FROM (SELECT 1 FROM memories_fts f
                    CROSS JOIN memories m ON m.seq = f.rowid
                    WHERE memories_fts MATCH :match AND {active} LIMIT :cap)""",
                {**self.params, "match": fts5_match([term]), "cap": cap},
            ).fetchone()[0]
        return total, counts

    @on_db_thread
    def list_memories(self, statuses: Sequence[str], limit: int, offset: int = 0) -> list[Memory]:
        marks = ", ".join(f":st{i}" for i in range(len(statuses)))
        rows = self.conn.execute(
            f"{SELECT} WHERE {VISIBLE} AND m.status IN ({marks}) "
            "ORDER BY m.updated_at DESC, m.seq DESC LIMIT :limit OFFSET :offset",
            {
                **self.params,
                "limit": limit,
                "offset": offset,
                **{f"st{i}": s for i, s in enumerate(statuses)},
            },
        ).fetchall()
        return [memory_from_row(row) for row in rows]

    @on_db_thread
    def touch(self, memory_ids: Sequence[str], now: float) -> None:
        self.conn.executemany(
            f"UPDATE memories AS m SET use_count = use_count + 1, last_used_at = :now "
            f"WHERE {VISIBLE} AND m.id = :id",
            [{**self.params, "now": now, "id": memory_id} for memory_id in memory_ids],
        )

    @on_db_thread
    def delete_memory(self, memory_id: str) -> bool:
        cur = self.conn.execute(
            f"DELETE FROM memories AS m WHERE {VISIBLE} AND m.id = :id",
            {**self.params, "id": memory_id},
        )
        self.scrubbed = self.scrubbed or cur.rowcount > 0
        return cur.rowcount > 0

    @on_db_thread
    def restore_memory(self, memory: Memory) -> None:
        check_write(self.principal, memory)
        self.conn.execute(
            f"DELETE FROM memories AS m WHERE {VISIBLE} AND m.id = :id",
            {**self.params, "id": memory.id},
        )
        try:
            self.conn.execute(INSERT, memory_values(memory, ENCODE))
        except sqlite3.IntegrityError as exc:
            if "memories_active_hash" in str(exc) or "content_hash" in str(exc):
                raise DuplicateMemory(memory.content_hash) from exc
            raise

    @on_db_thread
    def set_embedding(
        self, memory_id: str, vector: Sequence[float] | None, *, content_hash: str
    ) -> bool:
        cur = self.conn.execute(
            "UPDATE memories AS m SET embedding = :vec, embedding_signs = memorybot_signs(:vec) "
            f"WHERE {VISIBLE} AND m.id = :id AND m.content_hash = :hash",
            {**self.params, "id": memory_id, "vec": _vector_blob(vector), "hash": content_hash},
        )
        return cur.rowcount > 0

    @on_db_thread
    def memories_without_embedding(self, limit: int) -> list[Memory]:
        rows = self.conn.execute(
            f"{SELECT} WHERE {VISIBLE} AND m.embedding IS NULL AND m.status = 'active' "
            "ORDER BY m.seq LIMIT :limit",
            {**self.params, "limit": limit},
        ).fetchall()
        return [memory_from_row(row) for row in rows]

    @on_db_thread
    def stats(self) -> StoreStats:
        row = self.conn.execute(
            f"""SELECT count(*) FILTER (WHERE m.status = 'active') AS memories,
                       count(*) FILTER (WHERE m.status = 'pending_review') AS pending,
                       count(*) FILTER (WHERE m.status = 'active' AND m.scope = 'private') AS priv,
                       count(*) FILTER (WHERE m.status = 'active' AND m.scope = 'global') AS glob,
                       count(*) FILTER (WHERE m.status = 'active' AND m.embedding IS NULL) AS noemb,
                       coalesce(sum(length(CAST(m.content AS BLOB))
                                    + coalesce(length(m.embedding), 0)), 0) AS size
                FROM memories m WHERE {VISIBLE}""",
            self.params,
        ).fetchone()
        entities = self.conn.execute(
            "SELECT count(*) FROM entities WHERE workspace = :ws", self.params
        ).fetchone()[0]
        return stats_from_row(row, entities)

    # -- entities ------------------------------------------------------------------

    @on_db_thread
    def bump_entities(self, entity_ids: Sequence[str], now: float) -> dict[str, int]:
        counts = {}
        for entity in dict.fromkeys(entity_ids):
            row = self.conn.execute(
                """INSERT INTO entities (workspace, id, occurrences, first_seen, last_seen)
                   VALUES (:ws, :id, 1, :now, :now)
                   ON CONFLICT (workspace, id) DO UPDATE
                   SET occurrences = occurrences + 1, last_seen = :now
                   RETURNING occurrences""",
                {**self.params, "id": entity, "now": now},
            ).fetchone()
            counts[entity] = row[0]
        return counts

    @on_db_thread
    def entity_counts(self, entity_ids: Sequence[str]) -> dict[str, int]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return {}
        marks = ", ".join(f":e{i}" for i in range(len(ids)))
        rows = self.conn.execute(
            f"SELECT id, occurrences FROM entities WHERE workspace = :ws AND id IN ({marks})",
            {**self.params, **{f"e{i}": e for i, e in enumerate(ids)}},
        ).fetchall()
        return {row[0]: row[1] for row in rows}

    # -- audit log -----------------------------------------------------------------

    @on_db_thread
    def append_audit(self, entry: AuditEntry) -> None:
        check_write(self.principal, entry)
        self.conn.execute(INSERT_AUDIT, audit_values(entry, ENCODE))

    @on_db_thread
    def get_audit(self, audit_id: str) -> AuditEntry | None:
        row = self.conn.execute(
            f"SELECT {AUDIT}, {UNDONE} AS undone FROM audit_log a "
            "WHERE a.id = :id AND a.workspace = :ws AND a.actor = :user",
            {**self.params, "id": audit_id},
        ).fetchone()
        return audit_from_row(row) if row else None

    @on_db_thread
    def last_undoable_audit(self) -> AuditEntry | None:
        row = self.conn.execute(
            f"""SELECT {AUDIT}, 0 AS undone FROM audit_log a
               WHERE a.workspace = :ws AND a.actor = :user
                 AND a.action NOT IN ({NOT_UNDOABLE_MARKS}) AND NOT {UNDONE}
               ORDER BY a.created_at DESC, a.rowid DESC LIMIT 1""",
            {**self.params, **NOT_UNDOABLE_PARAMS},
        ).fetchone()
        return audit_from_row(row) if row else None

    # -- feedback votes --------------------------------------------------------------

    @on_db_thread
    def set_vote(self, memory_id: str, net: int, now: float) -> None:
        params = {**self.params, "id": memory_id, "net": net, "now": now}
        if net == 0:
            self.conn.execute(
                "DELETE FROM votes WHERE workspace = :ws AND memory_id = :id AND user_id = :user",
                params,
            )
            return
        self.conn.execute(
            f"""INSERT INTO votes (workspace, memory_id, user_id, net, updated_at)
                SELECT :ws, :id, :user, :net, :now
                WHERE EXISTS (SELECT 1 FROM memories m WHERE {VISIBLE} AND m.id = :id)
                ON CONFLICT (workspace, memory_id, user_id)
                DO UPDATE SET net = excluded.net, updated_at = excluded.updated_at""",
            params,
        )

    @on_db_thread
    def votes(self, memory_id: str) -> dict[str, int]:
        rows = self.conn.execute(
            f"""SELECT v.user_id, v.net FROM votes v JOIN memories m
                  ON m.workspace = v.workspace AND m.id = v.memory_id
                WHERE {VISIBLE} AND v.workspace = :ws AND v.memory_id = :id
                ORDER BY v.user_id""",
            {**self.params, "id": memory_id},
        ).fetchall()
        return {row[0]: row[1] for row in rows}

    @on_db_thread
    def votes_cast(self) -> dict[str, int]:
        rows = self.conn.execute(
            "SELECT memory_id, net FROM votes WHERE workspace = :ws AND user_id = :user "
            "ORDER BY memory_id",
            self.params,
        ).fetchall()
        return {row[0]: row[1] for row in rows}

    # -- governance: owners, entity counts, erasure -------------------------------------

    @on_db_thread
    def memory_owners(self) -> list[str]:
        rows = self.conn.execute(
            "SELECT DISTINCT owner FROM memories WHERE workspace = :ws ORDER BY owner",
            self.params,
        ).fetchall()
        return [row[0] for row in rows]

    @on_db_thread
    def forget_entities(self, entity_ids: Sequence[str]) -> None:
        for entity in entity_ids:
            self.conn.execute(
                "UPDATE entities SET occurrences = occurrences - 1 "
                "WHERE workspace = :ws AND id = :id",
                {**self.params, "id": entity},
            )
        self.conn.execute(
            "DELETE FROM entities WHERE workspace = :ws AND occurrences <= 0", self.params
        )

    @on_db_thread
    def erase_records(self) -> int:
        removed = 0
        for table, column in RECORD_TABLES:
            cur = self.conn.execute(
                f"DELETE FROM {table} WHERE workspace = :ws AND {column} = :user", self.params
            )
            removed += cur.rowcount
        return removed

    # -- profile, incognito, settings --------------------------------------------------

    @on_db_thread
    def get_profile(self) -> dict[str, str]:
        rows = self.conn.execute(
            "SELECT field, value FROM profiles WHERE workspace = :ws AND user_id = :user "
            "ORDER BY field",
            self.params,
        ).fetchall()
        return {row[0]: row[1] for row in rows}

    @on_db_thread
    def set_profile(self, fields: dict[str, str]) -> None:
        for name, value in fields.items():
            if value:
                self.conn.execute(
                    "INSERT INTO profiles VALUES (:ws, :user, :field, :value, :now) "
                    "ON CONFLICT DO UPDATE SET value = :value, updated_at = :now",
                    {**self.params, "field": name, "value": value, "now": time.time()},
                )
            else:
                self.conn.execute(
                    "DELETE FROM profiles WHERE workspace = :ws AND user_id = :user "
                    "AND field = :field",
                    {**self.params, "field": name},
                )

    @on_db_thread
    def get_incognito(self, channel: str) -> Incognito | None:
        row = self.conn.execute(
            "SELECT since FROM incognito WHERE workspace = :ws AND user_id = :user "
            "AND channel = :channel",
            {**self.params, "channel": channel},
        ).fetchone()
        return Incognito(channel=channel, on=True, since=row[0]) if row else None

    @on_db_thread
    def set_incognito(self, channel: str, on: bool, now: float) -> None:
        if on:
            self.conn.execute(
                "INSERT INTO incognito VALUES (:ws, :channel, :user, :now) ON CONFLICT DO NOTHING",
                {**self.params, "channel": channel, "now": now},
            )
        else:
            self.conn.execute(
                "DELETE FROM incognito WHERE workspace = :ws AND user_id = :user "
                "AND channel = :channel",
                {**self.params, "channel": channel},
            )

    @on_db_thread
    def list_incognito(self) -> list[Incognito]:
        rows = self.conn.execute(
            "SELECT channel, since FROM incognito WHERE workspace = :ws AND user_id = :user "
            "ORDER BY since, channel",
            self.params,
        ).fetchall()
        return [Incognito(channel=row[0], on=True, since=row[1]) for row in rows]

    @on_db_thread
    def get_memory_off(self) -> float | None:
        row = self.conn.execute(
            "SELECT off_since FROM memory_switch WHERE workspace = :ws AND user_id = :user",
            self.params,
        ).fetchone()
        return row[0] if row else None

    @on_db_thread
    def set_memory_off(self, off: bool, now: float) -> None:
        if off:
            self.conn.execute(
                "INSERT INTO memory_switch VALUES (:ws, :user, :now) ON CONFLICT DO NOTHING",
                {**self.params, "now": now},
            )
        else:
            self.conn.execute(
                "DELETE FROM memory_switch WHERE workspace = :ws AND user_id = :user",
                self.params,
            )

    @on_db_thread
    def get_settings(self) -> WorkspaceSettings:
        row = self.conn.execute(
            "SELECT data FROM workspace_settings WHERE workspace = :ws", self.params
        ).fetchone()
        return settings_from_json(row[0]) if row else WorkspaceSettings()

    @on_db_thread
    def put_settings(self, settings: WorkspaceSettings) -> None:
        self.conn.execute(
            "INSERT INTO workspace_settings VALUES (:ws, :data, :now) "
            "ON CONFLICT DO UPDATE SET data = :data, updated_at = :now",
            {**self.params, "data": settings_to_json(settings), "now": time.time()},
        )

    @on_db_thread
    def claim_delivery(self, key: str, now: float, keep: float) -> bool:
        self.conn.execute(
            "DELETE FROM deliveries WHERE workspace = :ws AND seen_at < :old",
            {**self.params, "old": now - keep},
        )
        cur = self.conn.execute(
            "INSERT INTO deliveries VALUES (:ws, :key, :now) ON CONFLICT DO NOTHING",
            {**self.params, "key": key, "now": now},
        )
        return cur.rowcount == 1


if TYPE_CHECKING:  # the checker proves the session satisfies the port, method by method

    def _is_a_store_session(session: SQLiteSession) -> StoreSession:
        return session
