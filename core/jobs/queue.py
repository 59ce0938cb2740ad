"""Background work (extraction, embedding backfill, consolidation) behind one port.

The chat turn never waits for learning: it enqueues a job and replies. Standalone
mode runs jobs in-process as guarded asyncio tasks; connected mode stores them in a
PostgreSQL queue that any number of workers claim (`FOR UPDATE SKIP LOCKED`). Both
run the same handlers, from the one table in `core.jobs.handlers`, each given the
`Ports` it may use (never the service).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.logsafe import log_failure
from core.ports import Ports

log = logging.getLogger(__name__)

JobHandler = Callable[[Ports, dict[str, Any]], Awaitable[None]]


class JobQueue(Protocol):
    async def enqueue(self, kind: str, payload: dict[str, Any], *, workspace: str) -> None: ...
    async def drain(self) -> None: ...
    async def forget_user(self, workspace: str, user: str) -> int:
        """Erase: cancel the user's queued jobs and delete every job that still holds
        what they said, so no worker can learn it back afterwards; returns how many."""
        ...


@dataclass
class InProcessJobs:
    """Runs each job as an asyncio task right away; failures are logged, never raised."""

    ports: Ports
    handlers: Mapping[str, JobHandler]
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    failures: int = 0

    async def enqueue(self, kind: str, payload: dict[str, Any], *, workspace: str) -> None:
        handler = self.handlers.get(kind)
        if handler is None:
            raise LookupError(f"no handler for job kind {kind!r}")
        task = asyncio.create_task(self._run(kind, handler, payload))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, kind: str, handler: JobHandler, payload: dict[str, Any]) -> None:
        try:
            await handler(self.ports, payload)
        except Exception as exc:  # a background job must never take the bot down
            self.failures += 1
            log_failure(log, exc, "background job %s failed", kind)

    async def forget_user(self, workspace: str, user: str) -> int:
        """In-process jobs start at once and keep nothing: let the running ones finish
        first, so an erase that follows sees (and removes) what they saved."""
        await self.drain()
        return 0

    async def drain(self) -> None:
        """Wait for every running job (tests, shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
