"""A time budget shared by every regex call of one check.

Each `regex` call gets a `timeout=` so no pattern can hang on hostile input, and
the per-call timeouts are drawn from one deadline so a hundred patterns cannot
add up to seconds either. When the budget runs out the caller fails closed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import regex

PER_CALL_SECONDS = 0.1
CHECK_SECONDS = 0.4

# Longest text a guard will scan: twice what the service accepts (16,000 characters).
# Longer text is refused outright (fail closed) rather than scanned in part, which
# also bounds the work any input can cause.
MAX_SCAN_CHARS = 32_000


class BudgetExhausted(TimeoutError):
    """Raised when the shared deadline passes; callers turn it into a Finding."""


class Budget:
    """Hands out per-call timeouts until a shared deadline passes."""

    def __init__(self, seconds: float = CHECK_SECONDS) -> None:
        self._deadline = time.monotonic() + seconds

    def timeout(self) -> float:
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise BudgetExhausted("guard budget exhausted")
        return min(PER_CALL_SECONDS, remaining)

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
