"""Pinning: a pinned memory never decays and consolidation never touches it.

Users pin their own private memories; a global memory is the workspace's, so only an
admin pins or unpins it. Ranking already treats a pinned memory as always fresh
(`ranking.recency`), and consolidation skips it. Pin and unpin are audited with the
prior state, so undo flips them back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.governance import audit
from core.governance.authority import may_change, vouch_admin
from core.models import Memory, MemoryPatch, Scope
from core.ports import StoreSession


class PinOutcome(StrEnum):
    DONE = "done"
    UNCHANGED = "unchanged"  # already pinned (or already not)
    MISSING = "missing"
    FORBIDDEN = "forbidden"  # a global memory, and not an admin


@dataclass(frozen=True)
class PinResult:
    outcome: PinOutcome
    memory: Memory | None = None
    audit_id: str | None = None

    @property
    def ok(self) -> bool:
        return self.outcome in (PinOutcome.DONE, PinOutcome.UNCHANGED)


def may_pin(memory: Memory, user: str, is_admin: bool) -> bool:
    """Whoever may change it, narrowed for a global memory to admins: pinning one
    curates the workspace's knowledge, which its author alone does not decide."""
    return may_change(memory, user, is_admin) and (memory.scope != Scope.GLOBAL or is_admin)


async def set_pinned(
    session: StoreSession, memory_id: str, pinned: bool, is_admin: bool, now: float
) -> PinResult:
    memory = await session.get_memory(memory_id)
    if memory is None:
        return PinResult(PinOutcome.MISSING)
    if not may_pin(memory, session.principal.user, is_admin):
        return PinResult(PinOutcome.FORBIDDEN, memory)
    if memory.pinned == pinned:
        return PinResult(PinOutcome.UNCHANGED, memory)
    if memory.owner != session.principal.user:
        await vouch_admin(session, is_admin)
    updated = await session.update_memory(memory_id, MemoryPatch(pinned=pinned))
    entry = await audit.record(session, "pin" if pinned else "unpin", [memory_id], [memory], now)
    return PinResult(PinOutcome.DONE, updated, entry.id)
