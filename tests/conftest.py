"""Shared fixtures: every store backend, a service on it, and a controllable clock.

`store` is parametrised over STORE_BACKENDS, so the contract suite and the service
tests run unchanged against each backend.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from bots.redact import PAYLOAD_LOGGERS
from core import logsafe
from core.ports import Store
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore

pytest_plugins = ["tests.fakes.fixtures", "tests.pg", "tests.guard_budget_spy"]

STORE_BACKENDS = ["sqlite", "postgres"]

StoreFactory = Callable[[], Store]
DATABASE = pytest.StashKey[str]()


class Clock:
    """A clock tests can move: `clock.advance(days=30)`."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, days: float = 0, seconds: float = 0) -> None:
        self.now += days * 86_400 + seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def make_store(backend: str, tmp_path, request) -> Store:
    if backend == "sqlite":
        return SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    if backend == "postgres":
        pg = request.getfixturevalue("pg")
        database = pg.fresh()
        request.node.stash[DATABASE] = database
        return pg.store(database)
    raise ValueError(backend)


async def dispose_store(backend: str, request) -> None:
    """Drop a test's PostgreSQL database once its store is closed."""
    if backend == "postgres":
        request.getfixturevalue("pg").drop(request.node.stash[DATABASE])


@pytest.fixture(params=STORE_BACKENDS)
async def store(request, tmp_path) -> AsyncIterator[Store]:
    store = await make_store(request.param, tmp_path, request)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
        await dispose_store(request.param, request)


@pytest.fixture
async def service(store: Store, clock: Clock) -> AsyncIterator[MemoryService]:
    service = MemoryService(store, clock=clock)
    yield service
    await service.jobs.drain()  # no background job may outlive its test's store


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """The CLI configures process-wide logging (levels, a redacting filter); a test that
    runs it must not change what the next test's caplog sees."""
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ["", *PAYLOAD_LOGGERS]}
    filters = {id(h): list(h.filters) for h in root.handlers}
    payloads = logsafe.payloads_logged()
    yield
    logsafe.log_payloads(payloads)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    for handler in root.handlers:
        handler.filters[:] = filters.get(id(handler), [])


@pytest.fixture(autouse=True, scope="session")
def _literal_gates_unless_asked() -> Iterator[None]:
    """Hyperscan's database is built in the background once a process has scanned enough
    texts; the suite keeps one path (the literal gates) unless a test asks for Hyperscan
    (`tests/test_guards_equivalence.py`), so what runs does not depend on timing."""
    from core.guards import prefilter

    before = prefilter.ACCELERATE_AFTER, prefilter.USE_HYPERSCAN
    prefilter.ACCELERATE_AFTER, prefilter.USE_HYPERSCAN = 10**12, False
    yield
    prefilter.ACCELERATE_AFTER, prefilter.USE_HYPERSCAN = before
