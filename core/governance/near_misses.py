"""Near misses: a save stored as new that looks like an earlier memory (issue 11).

Reconciliation folds a save into a memory only on a proven transformation, so many a
restatement is saved as new. Rather than let those pile up, the save records the pair
(`core.remember.saving`: ids only, same scope, only a memory its saver can see) and
its saver is asked, in the reply and in /memories, to choose:

* "Same fact — merge": one memory is kept — the newer, since a restatement that
  changed a value is the current truth, unless it says nothing the earlier does not
  (its words a proper subset of the earlier's: the earlier, longer text is the more
  informative) — taking the higher importance and the pin of the two; the other is
  deleted. Both sides are changed, so both must pass the one authority rule
  (`authority.may_change`); audited with both prior states, so Undo brings both back
  (as two memories, no longer asked about).
* "Keep both": the pair is dismissed; nothing else changes.

Forgetting, erasing or un-saving either side removes its pairs too (those paths call
`clear_near_misses` before they delete).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.governance import audit
from core.governance.authority import may_change, vouch_admin
from core.governance.conflicts import memory_pairs
from core.models import Memory, MemoryPatch, Status
from core.ports import StoreSession
from core.remember.canonical import words

AUDIT_ACTION = "near_miss_merge"


class Outcome(StrEnum):
    MERGED = "merged"
    KEPT = "kept"  # both kept, the pair dismissed
    GONE = "gone"  # no such pair (resolved already, or a side is gone or not visible)
    FORBIDDEN = "forbidden"  # the user may not change one side: only "keep both" is offered


@dataclass(frozen=True)
class Resolution:
    outcome: Outcome
    kept: Memory | None = None  # the memory left after a merge
    audit_id: str | None = None


async def pairs(session: StoreSession) -> list[tuple[Memory, Memory]]:
    """(newer, earlier) pending pairs the principal can see, both active, oldest first."""
    return await memory_pairs(session, await session.near_misses())


def adds_nothing(new: str, old: str) -> bool:
    """Every word of `new` is in `old`, and `old` has more: keep the earlier text."""
    return set(words(new)) < set(words(old))


def may_merge(newer: Memory, other: Memory, user: str, is_admin: bool) -> bool:
    """A merge changes one memory and deletes the other: the user must be allowed both."""
    return may_change(newer, user, is_admin) and may_change(other, user, is_admin)


async def _pair(
    session: StoreSession, newer_id: str, other_id: str
) -> tuple[Memory, Memory] | None:
    newer = await session.get_memory(newer_id)
    other = await session.get_memory(other_id)
    if newer is None or other is None or (newer_id, other_id) not in await session.near_misses():
        return None
    if newer.status != Status.ACTIVE or other.status != Status.ACTIVE:
        return None
    return newer, other


async def keep_both(session: StoreSession, newer_id: str, other_id: str) -> Resolution:
    """Dismiss the pair: they are two facts."""
    if await _pair(session, newer_id, other_id) is None:
        return Resolution(Outcome.GONE)
    await session.drop_near_miss(newer_id, other_id)
    return Resolution(Outcome.KEPT)


async def merge(
    session: StoreSession, newer_id: str, other_id: str, is_admin: bool, now: float
) -> Resolution:
    """One fact: keep the newer memory (the earlier if the newer adds nothing to it),
    delete the other (undoable)."""
    found = await _pair(session, newer_id, other_id)
    if found is None:
        return Resolution(Outcome.GONE)
    newer, other = found
    user = session.principal.user
    if not may_merge(newer, other, user, is_admin):
        return Resolution(Outcome.FORBIDDEN)
    if newer.owner != user or other.owner != user:
        await vouch_admin(session, is_admin)  # an admin tidying someone's shared memory
    keep, drop = (other, newer) if adds_nothing(newer.content, other.content) else (newer, other)
    await session.clear_near_misses(drop.id)  # this pair, and any other it is part of
    patch = MemoryPatch(
        importance=max(keep.importance, drop.importance),
        pinned=keep.pinned or drop.pinned,
        updated_at=now,
    )
    kept = await session.update_memory(keep.id, patch)
    await session.delete_memory(drop.id)
    if drop.entities:
        await session.forget_entities(list(dict.fromkeys(drop.entities)))
    entry = await audit.record(session, AUDIT_ACTION, [keep.id, drop.id], [keep, drop], now)
    return Resolution(Outcome.MERGED, kept or keep, entry.id)
