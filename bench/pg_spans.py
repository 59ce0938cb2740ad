"""Where a connected recall's time goes: wall-clock spans of each step, on a kept server.

    python bench/pg_paired.py fill --dir /tmp/pgkept --size 100000   # once
    python bench/pg_spans.py --dir /tmp/pgkept --queries 200

Times `MemoryService.recall` end to end (local embedder, the question's embedding
included) and, inside it, every store call a recall makes (session open and commit,
keyword search, vector search, term and entity counts, neighbours, touch) and the
embedding itself, by wrapping them. Prints each span's calls a recall and its
p50 / p95 / mean ms, so the biggest one is the one to work on. `--explain` also
prints EXPLAIN (ANALYZE, BUFFERS) of the keyword and vector queries for one question.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import inspect
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.recall_latency import percentile  # noqa: E402
from bench.team_vocabulary import TeamVocabulary  # noqa: E402
from core.models import Principal  # noqa: E402
from core.providers.presets import EmbedConfig, build_embedder  # noqa: E402
from core.service import MemoryService  # noqa: E402
from core.stores.postgres import search  # noqa: E402
from core.stores.postgres.session import PostgresSession  # noqa: E402
from core.stores.postgres.store import PostgresStore  # noqa: E402

SPANS: dict[str, list[float]] = defaultdict(list)


def _timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            SPANS[name].append(1000 * (time.perf_counter() - started))

    return wrapper


def instrument(store: PostgresStore, service: MemoryService) -> None:
    for name in dir(PostgresSession):
        method = getattr(PostgresSession, name)
        if not name.startswith("_") and inspect.iscoroutinefunction(method):
            setattr(PostgresSession, name, _timed(name, method))
    embedder: Any = service.embedder
    embedder.embed = _timed("embed", embedder.embed)
    session = store.session

    @asynccontextmanager
    async def timed_session(principal: Principal, **kwargs: Any) -> Any:
        started = time.perf_counter()
        async with session(principal, **kwargs) as inner:
            SPANS["session open"].append(1000 * (time.perf_counter() - started))
            yield inner
            closing = time.perf_counter()
        SPANS["session close"].append(1000 * (time.perf_counter() - closing))

    store.session = timed_session  # type: ignore[method-assign]


async def explain(store: PostgresStore, ws: str, user: str, question: str, vector: Any) -> None:
    from core.recall.textsearch import query_terms

    principal = Principal(ws, user)
    found = search.text_search_query(query_terms(question), 50, ["active"], False)
    assert found is not None
    sql, params = found
    vsql, vparams = search.vector_search_query(vector, 50, 384)
    async with store.session(principal, read_only=True) as session:
        conn: Any = session.conn  # type: ignore[attr-defined]
        for title, q, p in (("keyword", sql, params), ("vector", vsql, vparams)):
            rows = await (
                await conn.execute("EXPLAIN (ANALYZE, BUFFERS) " + q, {**p, "ws": ws, "user": user})
            ).fetchall()
            print(f"--- {title}: {question!r}")
            print("\n".join(r[0] for r in rows))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", required=True, help="pg_paired.py fill's directory")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--size", type=int, default=100_000, help="memories in ws0000")
    parser.add_argument("--salt", default=str(int(time.time())))
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args()
    urls = json.loads(Path(args.dir, "urls.json").read_text())
    store = PostgresStore(urls["app"], admin_url=urls["admin"])
    await store.open()
    service = MemoryService(store, embedder=build_embedder(EmbedConfig(preset="local")))
    vocab, ws, user = TeamVocabulary(11), "ws0000", "u"
    for q, _ in vocab.questions(args.size, 30, salt=f"warm{args.salt}"):
        await service.recall(ws, user, q, limit=10)
    instrument(store, service)
    SPANS.clear()
    totals = []
    for q, _ in vocab.questions(args.size, args.queries, salt=f"q{args.salt}"):
        started = time.perf_counter()
        await service.recall(ws, user, q, limit=10)
        totals.append(1000 * (time.perf_counter() - started))
    n = len(totals)
    print(f"{n} recalls, {args.size:,} memories; ms: p50 / p95 / mean, calls a recall")
    rows = [("recall (whole)", totals), *sorted(SPANS.items(), key=lambda kv: -sum(kv[1]))]
    for name, values in rows:
        print(
            f"{name:<16} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} "
            f"{statistics.fmean(values):7.2f}  x{len(values) / n:.2f}"
        )
    if args.explain:
        q = vocab.questions(args.size, 1, salt=f"x{args.salt}")[0][0]
        vector = (await service.embedder.embed([q]))[0]  # type: ignore[union-attr]
        await explain(store, ws, user, q, vector)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
