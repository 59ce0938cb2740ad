"""SPEC §4.1–4.2 — a guard check is bounded by the work its input causes, not by how
busy the host is: a loaded machine does not refuse ordinary text, hostile input still
fails closed."""

from __future__ import annotations

import itertools
import time

import pytest
import regex

from core.guards import budget as guard_budget
from core.guards import check, check_injection, check_privacy, injection, privacy

ORDINARY = (
    "Caroline said the support group was powerful; we moved standup to 10:30 because "
    "half the team is in Lisbon, and the staging deploy of build 4711 failed on the "
    "migration step, so Priya reruns it after lunch at 2pm; you are all welcome to the "
    "demo, and the old agenda is gone. "
) * 6


def test_ordinary_text_is_accepted_when_the_wall_clock_races_but_the_cpu_clock_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every reading of the wall clock jumps a minute, as on a host so loaded the check
    waits between steps; the thread's CPU clock, which the budget reads, does not."""
    minutes = itertools.count(step=60.0)
    monkeypatch.setattr(time, "monotonic", lambda: float(next(minutes)))
    assert check(ORDINARY) is None
    finding = check("my password is Tr0ub4dor&3")
    assert finding is not None and finding.rule != "guard_timeout"


@pytest.mark.parametrize("guard", ["privacy", "injection"])
def test_a_check_that_has_used_its_cpu_budget_fails_closed(
    guard: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CPU clock that moves 0.3 s per reading: the 0.4 s budget runs out at the
    second regex call, as it would for input that keeps every pattern busy."""
    cpu = itertools.count(step=0.3)

    def spent_budget() -> guard_budget.Budget:
        return guard_budget.Budget(clock=lambda: float(next(cpu)))

    monkeypatch.setattr(privacy if guard == "privacy" else injection, "Budget", spent_budget)
    finding = (check_privacy if guard == "privacy" else check_injection)(ORDINARY)
    assert finding is not None and finding.rule == "guard_timeout"


def test_one_regex_call_is_still_cut_off_by_its_own_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The `regex` timeout stays the backstop for a pattern that backtracks without end."""
    monkeypatch.setattr(guard_budget, "PER_CALL_SECONDS", 0.01)
    runaway = regex.compile(r"(a|aa)+$")
    with pytest.raises(TimeoutError):
        guard_budget.Budget().search(runaway, "a" * 60 + "!")


def test_a_garbage_collection_inside_a_check_is_not_charged_to_it() -> None:
    import gc
    import time

    from core.guards import budget as guard_budget

    junk = [[i] for i in range(300_000)]  # a heap whose full collection takes a while
    b = guard_budget.Budget(seconds=0.005)
    spent = time.thread_time()
    while time.thread_time() - spent < 0.02:
        gc.collect()  # the collector's time, four times the whole budget, in this thread
    b.timeout()  # not exhausted: none of that was the check's own work
    assert guard_budget.collector_seconds() > 0.0
    del junk
