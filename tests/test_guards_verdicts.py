"""SPEC §4.2 — every memory is guarded again before it enters a prompt, and a text is
scanned once per process for it, not once per turn that uses it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import core.guards as guards
from core.guards import Finding, budget, privacy, verdicts

WS, ALICE = "acme", "alice"
STAGING = "the staging DB is on port 6543"
PAYMENTS = "the payments service listens on port 8443"


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, str]]:
    """Counts the real scans, remembered or not, from an empty memory of verdicts."""
    verdicts.forget_all()
    counted: Counter[tuple[str, str]] = Counter()

    def counting(
        name: str, scan: Callable[[str], Finding | None]
    ) -> Callable[[str], Finding | None]:
        def wrapped(text: str) -> Finding | None:
            counted[(name, text)] += 1
            return scan(text)

        return wrapped

    privacy_scan = counting("privacy", verdicts.check_privacy)
    injection_scan = counting("injection", verdicts.check_injection)
    for module in (verdicts, guards):  # the remembered and the uncached entry points
        monkeypatch.setattr(module, "check_privacy", privacy_scan)
        monkeypatch.setattr(module, "check_injection", injection_scan)
    yield counted
    verdicts.forget_all()


async def test_a_memory_used_on_three_turns_is_scanned_once(service, scans) -> None:
    await service.remember(WS, ALICE, STAGING)
    await service.remember(WS, ALICE, PAYMENTS)
    await service.set_profile(WS, ALICE, {"role": "SRE"})
    for _ in range(3):
        context = await service.prompt_context(WS, ALICE, "which port is staging on?")
        assert [hit.content for hit in context.memories] == [STAGING]
        assert context.profile == {"role": "SRE"}
    assert scans[("privacy", STAGING)] == 1
    assert scans[("injection", STAGING)] == 1
    assert scans[("injection", "SRE")] == 1


def test_a_refused_text_is_refused_again_without_a_scan(scans) -> None:
    leaked = "my password is Tr0ub4dor&3"
    for _ in range(3):
        finding = verdicts.privacy_verdict(leaked)
        assert finding is not None and finding.rule == "password_statement"
        assert verdicts.safe_in_prompt(leaked) is False
    assert scans[("privacy", leaked)] == 1


def test_a_check_that_ran_out_of_budget_is_not_remembered(
    scans, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as spent:
        spent.setattr(privacy, "Budget", lambda: budget.Budget(0.0))
        finding = verdicts.privacy_verdict(STAGING)
        assert finding is not None and finding.rule == "guard_timeout"
    assert verdicts.privacy_verdict(STAGING) is None  # scanned again, and now it finishes
    assert scans[("privacy", STAGING)] == 2


def test_the_memory_of_verdicts_is_bounded(scans, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verdicts, "MAX_TEXTS", 2)
    for text in (STAGING, PAYMENTS, "we deploy on Thursdays", STAGING):
        assert verdicts.checked(text) is None
    assert scans[("privacy", STAGING)] == 2  # pushed out by two newer texts, so scanned again
    assert scans[("privacy", PAYMENTS)] == 1


async def test_a_text_saved_then_recalled_is_scanned_once(service, scans) -> None:
    """The guard at save time and the guard before the prompt share one verdict."""
    saved = await service.remember(WS, ALICE, STAGING)
    assert saved.status.value == "saved"
    context = await service.prompt_context(WS, ALICE, "which port is staging on?")
    assert [hit.content for hit in context.memories] == [STAGING]
    assert scans[("privacy", STAGING)] == 1
    assert scans[("injection", STAGING)] == 1
