"""Background work (extraction, embedding backfill, re-embedding) behind one port.

The chat turn never waits for learning: it enqueues a job and replies. Standalone
mode runs jobs in-process as guarded asyncio tasks; connected mode stores them in a
PostgreSQL queue that any number of workers claim (`FOR UPDATE SKIP LOCKED`). Both
run the same handlers, registered here by kind.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from core.service import MemoryService

log = logging.getLogger(__name__)

JobHandler = Callable[["MemoryService", dict[str, Any]], Awaitable[None]]
JOB_HANDLERS: dict[str, JobHandler] = {}


def job(kind: str) -> Callable[[JobHandler], JobHandler]:
    """Register the handler for a job kind."""

    def register(handler: JobHandler) -> JobHandler:
        JOB_HANDLERS[kind] = handler
        return handler

    return register


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

    service: MemoryService | None = None
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    failures: int = 0

    async def enqueue(self, kind: str, payload: dict[str, Any], *, workspace: str) -> None:
        handler = JOB_HANDLERS.get(kind)
        if handler is None or self.service is None:
            raise LookupError(f"no handler for job kind {kind!r}")
        task = asyncio.create_task(self._run(kind, handler, payload))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, kind: str, handler: JobHandler, payload: dict[str, Any]) -> None:
        assert self.service is not None
        try:
            await handler(self.service, payload)
        except Exception:  # a background job must never take the bot down
            self.failures += 1
            log.exception("background job %s failed", kind)

    async def forget_user(self, workspace: str, user: str) -> int:
        """In-process jobs start at once and keep nothing: let the running ones finish
        first, so an erase that follows sees (and removes) what they saved."""
        await self.drain()
        return 0

    async def drain(self) -> None:
        """Wait for every running job (tests, shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
