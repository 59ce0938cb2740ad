"""A guard budget that counts the regex calls of a check and never runs out on time.

Robustness tests use it to bound a check's work by counting steps instead of reading a
clock: every regex call of a check takes its timeout from the budget, so the count is
the number of regex calls, and the generous per-call timeout means only a pattern that
backtracks catastrophically could reach it (the check would then fail closed, which
the tests see as a wrong verdict).
"""

from __future__ import annotations

import pytest

from core.guards import budget as guard_budget
from core.guards import injection, privacy

GENEROUS_SECONDS = 10.0


class CountingBudget(guard_budget.Budget):
    calls = 0

    def __init__(self, seconds: float = GENEROUS_SECONDS) -> None:
        super().__init__(seconds)

    def timeout(self) -> float:
        CountingBudget.calls += 1
        return super().timeout()


@pytest.fixture
def counting_budget(monkeypatch: pytest.MonkeyPatch) -> type[CountingBudget]:
    """Both guards use CountingBudget for this test; read `.calls` after a check."""
    CountingBudget.calls = 0
    monkeypatch.setattr(guard_budget, "PER_CALL_SECONDS", GENEROUS_SECONDS)
    monkeypatch.setattr(privacy, "Budget", CountingBudget)
    monkeypatch.setattr(injection, "Budget", CountingBudget)
    return CountingBudget
