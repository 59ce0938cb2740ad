"""SPEC §4.1–4.2 — the gates only skip work: every verdict, with the literal gates alone,
with Hyperscan, and with every pattern run over all of every text, is the same.

`bench/guards_equivalence.py` runs the same comparison on 6,000+ texts (LoCoMo chat
included) against another commit; this test uses the corpus only."""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator

import pytest

from bench.guards_latency import adversarial, joined
from core.guards import accelerator, check_injection, check_privacy, prefilter
from tests.test_guards_prefilter import corpus

Verdicts = list[tuple[object, object]]


def texts() -> list[str]:
    rows = corpus()
    chatty = [f"so {a} — anyway, {b}" for a, b in zip(rows[::2], rows[1::2], strict=False)]
    out = rows + chatty + [row[::-1] for row in rows[::2]]
    out += [base64.b64encode(row.encode()).decode() for row in rows[::4]]
    out += [" ".join(row) for row in rows[::7]]
    for size in (100, 500, 2000):
        out += joined(rows, size, 30, 131) + adversarial(size)
    return out


def verdicts(items: list[str]) -> Verdicts:
    def v(finding: object) -> object:
        return None if finding is None else repr(finding)

    return [(v(check_privacy(t)), v(check_injection(t))) for t in items]


@pytest.fixture
def modes() -> Iterator[Callable[[str], None]]:
    def switch(mode: str) -> None:
        prefilter.SKIP = mode != "everything"
        prefilter.USE_HYPERSCAN = mode == "hyperscan"

    yield switch
    switch("literal gates")  # as the rest of the suite runs (tests/conftest.py)


def test_every_verdict_is_the_one_running_every_pattern_everywhere_gives(
    modes: Callable[[str], None],
) -> None:
    items = texts()
    modes("everything")
    reference = verdicts(items)
    modes("literal gates")
    assert verdicts(items) == reference
    if accelerator.accelerate(wait=True):
        assert all(pool.prefilter().accelerated for pool in (prefilter.TEXT, prefilter.VIEWS))
        modes("hyperscan")
        assert verdicts(items) == reference
    assert len(items) > 1500
    assert sum(1 for p, i in reference if p or i) > 400  # plenty refused, plenty passed
