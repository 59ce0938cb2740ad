"""The job queue of connected mode: a `jobs` table any number of workers share.

`enqueue` inserts a row (and NOTIFYs `memorybot_jobs` on commit, which wakes idle
workers at once). `claim` takes ready rows with `FOR UPDATE SKIP LOCKED` and marks
them running under a lease, in one short transaction, so two workers never take the
same job and no transaction stays open while a handler runs. A failed job waits
`backoff * 2**(attempts-1)` seconds before its next try and is marked dead after
`max_attempts`; a job whose worker died is taken again once its lease expires.
Handlers come from the one table, `core.jobs.handlers.JOB_HANDLERS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from core.jobs.handlers import JOB_HANDLERS
from core.jobs.queue import JobHandler
from core.logsafe import loggable, summary_of
from core.models import FORGET_UNDO_WINDOW
from core.ports import Ports, StoreUnavailable
from core.stores.postgres.store import CONNECTION_ERRORS, PostgresStore

log = logging.getLogger(__name__)

CHANNEL = "memorybot_jobs"
MAX_BACKOFF = 3600.0
SWEEP_EVERY = 3600.0  # how often a worker purges expired forgotten text (0116)


@dataclass(frozen=True)
class Job:
    workspace: str
    id: int
    kind: str
    payload: dict[str, Any]
    attempts: int
    max_attempts: int


KEPT_KEYS = ("workspace", "user", "channel")  # what a finished job's payload keeps


class PostgresJobs:
    """`core.jobs.queue.JobQueue` on PostgreSQL, plus the worker side (claim, run, retry)."""

    def __init__(
        self,
        store: PostgresStore,
        *,
        clock: Callable[[], float] = time.time,
        max_attempts: int = 5,
        backoff: float = 2.0,
        lease: float = 300.0,
        handlers: Mapping[str, JobHandler] = JOB_HANDLERS,
    ) -> None:
        self.store = store
        self.handlers = handlers
        self.clock = clock
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.lease = lease

    # -- producer side ---------------------------------------------------------------

    async def enqueue(self, kind: str, payload: dict[str, Any], *, workspace: str) -> None:
        if kind not in self.handlers:
            raise LookupError(f"no handler for job kind {kind!r}")
        now = self.clock()
        async with self.store.transaction(workspace=workspace) as conn:
            await conn.execute(
                "INSERT INTO jobs (workspace, kind, payload, max_attempts, run_after, "
                "created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (workspace, kind, Jsonb(payload), self.max_attempts, now, now, now),
            )
            await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, kind))

    async def drain(self) -> None:
        """Nothing to wait for: queued jobs are durable and workers run them."""

    async def forget_user(self, workspace: str, user: str) -> int:
        """Delete the user's jobs in this workspace, whatever their state (a running one
        then finishes into nothing: its row is gone)."""
        async with self.store.transaction(workspace=workspace) as conn:
            cur = await conn.execute(
                "DELETE FROM jobs WHERE workspace = %s AND payload->>'user' = %s",
                (workspace, user),
            )
            return cur.rowcount

    async def counts(self) -> dict[str, int]:
        """Jobs by state across every workspace (pending, running, done, dead), through
        an owner-run function that returns counts only (0114)."""
        async with self.store.transaction() as conn:
            rows = await (await conn.execute("SELECT * FROM memorybot_job_counts()")).fetchall()
        return {"pending": 0, "running": 0, "done": 0, "dead": 0, **dict(rows)}

    async def dead(self, limit: int = 20) -> list[tuple[str, int, str, str]]:
        """The latest dead jobs: (workspace, id, kind, last error). Which jobs died comes
        from an owner-run function (ids only); each error is read in its own workspace."""
        async with self.store.transaction() as conn:
            found = await (
                await conn.execute("SELECT * FROM memorybot_dead_jobs(%s)", (limit,))
            ).fetchall()
        rows = await self._read_in_each_workspace(
            found,
            "SELECT workspace, id, coalesce(last_error, '') FROM jobs "
            "WHERE workspace = %s AND id = ANY(%s)",
        )
        errors = {(workspace, job_id): error for workspace, job_id, error in rows}
        return [(w, i, kind, errors.get((w, i), "")) for w, i, kind in found]

    # -- worker side -----------------------------------------------------------------

    async def claim(self, limit: int = 1) -> list[Job]:
        """Take up to `limit` ready jobs of any workspace. Choosing them is the one
        cross-workspace step: an owner-run function marks them running and returns ids
        only (0114); each payload is then read in a session of its own workspace."""
        now = self.clock()
        async with self.store.transaction() as conn:
            picked = await (
                await conn.execute(
                    "SELECT * FROM memorybot_claim_jobs(%s, %s, %s)",
                    (now, now + self.lease, limit),
                )
            ).fetchall()
        rows = await self._read_in_each_workspace(
            picked,
            "SELECT workspace, id, kind, payload, attempts, max_attempts FROM jobs "
            "WHERE workspace = %s AND id = ANY(%s) ORDER BY run_after, id",
        )
        jobs = [Job(*row) for row in rows]
        order = {(row[0], row[1]): n for n, row in enumerate(picked)}
        return sorted(jobs, key=lambda job: order[(job.workspace, job.id)])

    async def _read_in_each_workspace(
        self, found: list[tuple[Any, ...]], sql: str
    ) -> list[tuple[Any, ...]]:
        """Rows for (workspace, id, …) pairs an owner-run function returned, read in a
        session of each workspace in turn, so row security still applies to the text."""
        rows: list[tuple[Any, ...]] = []
        for workspace in dict.fromkeys(row[0] for row in found):
            ids = [row[1] for row in found if row[0] == workspace]
            async with self.store.transaction(workspace=workspace) as conn:
                rows += await (await conn.execute(sql, (workspace, ids))).fetchall()
        return rows

    async def complete(self, job: Job) -> None:
        await self._finish(job, "done", None, None)

    async def fail(self, job: Job, error: str) -> str:
        """Schedule a retry with exponential backoff, or bury the job; returns its state."""
        if job.attempts >= job.max_attempts:
            await self._finish(job, "dead", None, error)
            return "dead"
        delay = min(MAX_BACKOFF, self.backoff * 2 ** (job.attempts - 1))
        await self._finish(job, "pending", self.clock() + delay, error)
        return "pending"

    async def _finish(
        self, job: Job, state: str, run_after: float | None, error: str | None
    ) -> None:
        """Record the outcome. A finished job (done or dead) keeps who and where, never
        what was said: its payload is cut to KEPT_KEYS (issue 11)."""
        async with self.store.transaction(workspace=job.workspace) as conn:
            await conn.execute(
                "UPDATE jobs SET state = %s, run_after = coalesce(%s, run_after), "
                "locked_until = NULL, last_error = coalesce(%s, last_error), updated_at = %s, "
                "payload = CASE WHEN %s IN ('done', 'dead') "
                "THEN (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) "
                "FROM jsonb_each(payload) WHERE key = ANY(%s)) ELSE payload END "
                "WHERE workspace = %s AND id = %s",
                (
                    state,
                    run_after,
                    error and error[:1000],
                    self.clock(),
                    state,
                    list(KEPT_KEYS),
                    job.workspace,
                    job.id,
                ),
            )

    async def run_job(self, ports: Ports, job: Job) -> bool:
        """Run one claimed job; True if it succeeded."""
        handler = self.handlers.get(job.kind)
        try:
            if handler is None:
                raise LookupError(f"no handler for job kind {job.kind!r}")
            await handler(ports, job.payload)
        except Exception as exc:  # a job's failure is recorded, never fatal to the worker
            # Stored and logged as a summary: a provider's error text or a database
            # error's values can quote what was said (issue 12).
            state = await self.fail(job, summary_of(exc))
            log.warning("job %s #%s failed (%s): %s", job.kind, job.id, state, loggable(exc))
            return False
        await self.complete(job)
        return True

    async def run_once(self, ports: Ports, batch: int = 10) -> int:
        """Claim up to `batch` ready jobs and run them; returns how many were claimed."""
        jobs = await self.claim(batch)
        for job in jobs:
            await self.run_job(ports, job)
        return len(jobs)

    async def sweep_forgotten(self) -> int:
        """The worker's periodic pass: every workspace's forget entries older than the
        undo window lose their text, even where nobody has written since (0116)."""
        async with self.store.transaction() as conn:
            row = await (
                await conn.execute(
                    "SELECT memorybot_expire_forgotten_everywhere(%s)",
                    (self.clock() - FORGET_UNDO_WINDOW,),
                )
            ).fetchone()
        return int(row[0]) if row else 0

    async def run(
        self, ports: Ports, stop: asyncio.Event, *, batch: int = 10, idle: float = 5.0
    ) -> None:
        """The worker loop: run ready jobs; when none, sleep until NOTIFY, `idle`
        seconds (retries become due) or `stop`; every SWEEP_EVERY seconds, purge
        expired forgotten text. Survives database restarts."""
        wake = asyncio.Event()
        listener = asyncio.create_task(self._listen(wake, stop))
        next_sweep = self.clock()
        try:
            while not stop.is_set():
                try:
                    if self.clock() >= next_sweep:
                        await self.sweep_forgotten()
                        next_sweep = self.clock() + SWEEP_EVERY
                    claimed = await self.run_once(ports, batch)
                except StoreUnavailable as exc:
                    log.warning("worker: %s; retrying", exc)
                    claimed = 0
                if claimed:
                    continue
                wake.clear()
                waiters = [asyncio.create_task(e.wait()) for e in (wake, stop)]
                await asyncio.wait(waiters, timeout=idle, return_when=asyncio.FIRST_COMPLETED)
                for waiter in waiters:
                    waiter.cancel()
        finally:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener

    async def _listen(self, wake: asyncio.Event, stop: asyncio.Event) -> None:
        """LISTEN on a dedicated connection; reconnect (quietly) when it drops."""
        while not stop.is_set():
            try:
                async with self.store.connect() as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for _ in conn.notifies():
                        wake.set()
            except (StoreUnavailable, *CONNECTION_ERRORS, psycopg.Error) as exc:
                log.info("worker: job notifications interrupted (%s)", exc)
            await asyncio.sleep(1.0)
