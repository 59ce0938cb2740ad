"""A pair the retired open-ended rules folded is now an ADD that offers the old memory
for review (`reconcile.Decision.near_miss`): the check the reconciliation tests share."""

from __future__ import annotations

from core.models import Kind, Memory, Scope, Source, Status
from core.remember.canonical import content_hash
from core.remember.reconcile import Op, compare, decide


def memory(text: str) -> Memory:
    return Memory(
        id="m1", workspace="w", owner="u", scope=Scope.PRIVATE, content=text,
        content_hash=content_hash(text), kind=Kind.FACT, source=Source.EXPLICIT,
        importance=0.5, confidence=1.0, status=Status.ACTIVE, entities=[],
    )  # fmt: skip


def offered(old: str, new: str) -> bool:
    """True when saving `new` beside `old` adds it and names `old` as its near miss."""
    target = memory(old)
    decision = decide(new, content_hash(new), [target])
    return compare(old, new) == Op.ADD and decision.op == Op.ADD and decision.near_miss == target
