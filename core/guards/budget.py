"""A budget of CPU time shared by every regex call of one check.

The budget counts the CPU time of the checking thread, not the wall clock: on a host
where the process waits its turn (load 17, `nice 19`) an ordinary message that needs
5 ms of work can take half a second to get it, and a wall-clock deadline refused it as
"too complex to check". What makes input too complex is the work it causes, and that
is what is measured. When the budget runs out the caller fails closed.

Each `regex` call still gets a wall-clock `timeout=` (the `regex` module has no other):
the backstop that stops one pattern backtracking on hostile input. It is generous
(`PER_CALL_SECONDS`) because an ordinary call needs well under a millisecond, so only a
runaway pattern — or a thread starved for that long — reaches it; the shared CPU budget
then bounds the check as a whole.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterator

import regex

PER_CALL_SECONDS = 0.5  # wall clock, per regex call
CHECK_SECONDS = 0.4  # CPU time of the checking thread, per check

# Longest text a guard will scan: twice what the service accepts (16,000 characters).
# Longer text is refused outright (fail closed) rather than scanned in part, which
# also bounds the work any input can cause.
MAX_SCAN_CHARS = 32_000

Clock = Callable[[], float]


class _CollectorTime(threading.local):
    """CPU time the garbage collector has spent in this thread. A full collection in a
    long-running bot with a large heap can take longer than a whole check's budget; it
    is work the check did not cause, so the check does not pay for it (a harmless text
    was refused, fail closed, when a collection happened to land inside its check)."""

    seconds = 0.0
    started = 0.0


_COLLECTOR = _CollectorTime()


def _on_collect(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _COLLECTOR.started = time.thread_time()
    else:
        _COLLECTOR.seconds += time.thread_time() - _COLLECTOR.started


gc.callbacks.append(_on_collect)


def collector_seconds() -> float:
    return _COLLECTOR.seconds


class BudgetExhausted(TimeoutError):
    """Raised when the check has used its CPU time; callers turn it into a Finding."""


class Budget:
    """Hands out per-call timeouts until the check has used `seconds` of CPU time.

    `clock` is the checking thread's CPU clock; tests pass their own.
    """

    def __init__(self, seconds: float = CHECK_SECONDS, clock: Clock = time.thread_time) -> None:
        self._clock = clock
        self._deadline = clock() + seconds
        # Only with the real CPU clock: the collector's time in this thread is not spent
        # on the check (a test's clock moves by its own rules).
        self._collected = collector_seconds if clock is time.thread_time else None
        self._collected_at_start = self._collected() if self._collected else 0.0
        # Reading the thread's CPU clock is a system call (~3 µs, paid before every regex
        # call). A thread cannot use more CPU time than wall time passes, so until the
        # cheap wall clock shows the rest of the budget gone, the CPU clock need not be
        # read (only with the real CPU clock: a test's clock moves by its own rules).
        self._wall = time.perf_counter if clock is time.thread_time else None
        self._unread_until = self._wall() + seconds if self._wall else 0.0
        # Work one check shares between its steps (a prefilter pass over its text); it
        # lives as long as the check, so no text outlasts it here.
        self.shared: dict[object, object] = {}

    def timeout(self) -> float:
        wall = self._wall
        if wall is not None and wall() < self._unread_until:
            return PER_CALL_SECONDS
        used = self._clock()
        if self._collected is not None:
            used -= self._collected() - self._collected_at_start
        if used >= self._deadline:
            raise BudgetExhausted("guard budget exhausted")
        if wall is not None:
            self._unread_until = wall() + (self._deadline - used)
        return PER_CALL_SECONDS

    def search(self, pattern: regex.Pattern[str], text: str) -> regex.Match[str] | None:
        return pattern.search(text, timeout=self.timeout())

    def match(self, pattern: regex.Pattern[str], text: str, pos: int) -> regex.Match[str] | None:
        return pattern.match(text, pos, timeout=self.timeout())

    def findall(self, pattern: regex.Pattern[str], text: str) -> list[str]:
        return list(pattern.findall(text, timeout=self.timeout()))

    def finditer(self, pattern: regex.Pattern[str], text: str) -> Iterator[regex.Match[str]]:
        # The regex module applies the timeout to the whole iteration.
        return pattern.finditer(text, timeout=self.timeout())

    def sub(
        self,
        pattern: regex.Pattern[str],
        repl: str | Callable[[regex.Match[str]], str],
        text: str,
    ) -> str:
        return pattern.sub(repl, text, timeout=self.timeout())
