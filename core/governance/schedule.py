"""A periodic task the bots start: e.g. consolidate every workspace once a day.

Deliberately small: an asyncio task that sleeps, runs one coroutine, and repeats
until stopped. The work itself goes through the job queue (`core.jobs.queue`), so in
connected mode any worker may run it and in standalone mode it runs in-process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable

from core.jobs.queue import JobQueue
from core.logsafe import log_failure

log = logging.getLogger(__name__)

DAY = 86_400.0


class Periodic:
    """Runs `tick()` every `interval` seconds (first after `first_delay`) until `stop()`."""

    def __init__(
        self,
        tick: Callable[[], Awaitable[None]],
        interval: float,
        *,
        first_delay: float | None = None,
        name: str = "periodic",
    ) -> None:
        if interval <= 0:
            raise ValueError("interval must be positive")
        self.tick = tick
        self.interval = interval
        self.first_delay = interval if first_delay is None else first_delay
        self.name = name
        self.runs = 0
        self.failures = 0
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> Periodic:
        if not self.running:
            self._task = asyncio.create_task(self._loop(), name=self.name)
        return self

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        await asyncio.sleep(self.first_delay)
        while True:
            try:
                await self.tick()
            except Exception as exc:  # a scheduled task must never stop the schedule or the bot
                self.failures += 1
                log_failure(log, exc, "scheduled task %s failed", self.name)
            self.runs += 1
            await asyncio.sleep(self.interval)


def consolidation_schedule(
    jobs: JobQueue,
    workspaces: Callable[[], Iterable[str]],
    interval: float = DAY,
    first_delay: float | None = None,
) -> Periodic:
    """Queue a "consolidate" job for each workspace `workspaces()` names, every
    `interval` seconds. Call `.start()` on the result; `await .stop()` at shutdown."""

    async def tick() -> None:
        for workspace in workspaces():
            await jobs.enqueue("consolidate", {"workspace": workspace}, workspace=workspace)

    return Periodic(tick, interval, first_delay=first_delay, name="consolidation")
