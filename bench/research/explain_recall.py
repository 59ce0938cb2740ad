"""Which index does each statement of a connected recall use, on a kept, filled server?

`bench/pg_spans.py --explain` plans one keyword query built by hand; this runs real
`MemoryService.recall` calls (local embedder) as bench/pg_spans.py does, captures every
statement the PostgreSQL session sends for the last of them, and prints EXPLAIN
(ANALYZE, BUFFERS) of each, run in that principal's session (row-level security on).
With `--generic` it plans them as a prepared statement's generic plan would
(`plan_cache_mode = force_generic_plan` on a named prepared statement), which is what
psycopg's automatic preparation runs after a few calls on a connection.

    python bench/pg_paired.py fill --dir /tmp/pgkept --size 200000 --workspaces 200
    python bench/research/explain_recall.py --dir /tmp/pgkept --size 200000 --workspaces 200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.models import Principal  # noqa: E402
from core.providers.presets import EmbedConfig, build_embedder  # noqa: E402
from core.service import MemoryService  # noqa: E402
from core.stores.postgres.session import PostgresSession  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

SENT: list[tuple[str, dict[str, Any]]] = []


def capture() -> None:
    run = PostgresSession._rows

    async def rows(
        self: PostgresSession, sql: str, params: dict[str, Any] | None = None, **kw: Any
    ) -> Any:
        SENT.append((sql, {**self.params, **(params or {})}))
        return await run(self, sql, params, **kw)

    PostgresSession._rows = rows  # type: ignore[method-assign]


def numbered(sql: str, params: dict[str, Any]) -> tuple[str, list[Any]]:
    """`sql` with each %(name)s replaced by $n, and the values in that order."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    return re.sub(r"%\((\w+)\)s", number, sql), [params[n] for n in names]


async def plans(store: PostgresStore, principal: Principal, generic: bool) -> None:
    async with store.session(principal, read_only=True) as session:
        conn: Any = session.conn  # type: ignore[attr-defined]
        for n, (sql, params) in enumerate(SENT):
            if "FROM memories" not in sql:
                continue
            if generic:
                # PREPARE with $n and EXPLAIN EXECUTE: the plan is built without the values.
                text, values = numbered(sql, params)
                await conn.execute("SET LOCAL plan_cache_mode = force_generic_plan")
                await conn.execute(f"PREPARE explained AS {text}")
                marks = ", ".join(["%s"] * len(values))
                cur = psycopg.AsyncClientCursor(conn)
                await cur.execute(f"EXPLAIN (ANALYZE, BUFFERS) EXECUTE explained({marks})", values)
                rows = await cur.fetchall()
                await conn.execute("DEALLOCATE explained")
            else:
                explained = "EXPLAIN (ANALYZE, BUFFERS) " + sql
                rows = await (await conn.execute(explained, params)).fetchall()
            head = " ".join(sql.split())[:90]
            print(f"--- statement {n}: {head}")
            for (line,) in rows:
                line = re.sub(r"'\[[-0-9.e,]+\]'", "'[…]'", line)
                print(line)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="pg_paired.py fill's directory")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--workspaces", type=int, default=1)
    parser.add_argument("--warm", type=int, default=20, help="recalls before the captured one")
    parser.add_argument("--salt", default="explain")
    parser.add_argument("--generic", action="store_true")
    parser.add_argument("--only", default="", help="print only plans of statements with this")
    args = parser.parse_args()
    urls = json.loads(Path(args.dir, "urls.json").read_text())
    store = PostgresStore(urls["app"], admin_url=urls["admin"])
    await store.open()
    service = MemoryService(store, embedder=build_embedder(EmbedConfig(preset="local")))
    vocab, ws, user = TeamVocabulary(11), "ws0000", "u"
    per_ws = args.size // args.workspaces
    questions = vocab.questions(per_ws, args.warm + 1, salt=args.salt)
    for q, _ in questions[:-1]:
        await service.recall(ws, user, q, limit=10)
    capture()
    question = questions[-1][0]
    await service.recall(ws, user, question, limit=10)
    print(f"question: {question!r}; {len(SENT)} statements")
    if args.only:
        SENT[:] = [(s, p) for s, p in SENT if args.only in s]
    await plans(store, Principal(ws, user), args.generic)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
