"""Conflicts: a save that contradicts a memory its saver may not change.

Reconciliation never overwrites someone else's memory (`authority.may_change`);
it stores the new text beside it and records the pair. The pair is shown in
/memories to everyone who can see both, and is resolved when someone who may
forgets or edits one side — the listing only shows pairs whose memories are both
still active, so a resolved pair simply stops appearing.
"""

from __future__ import annotations

from core.models import Memory
from core.ports import StoreSession


async def memory_pairs(
    session: StoreSession, ids: list[tuple[str, str]]
) -> list[tuple[Memory, Memory]]:
    """The memories of each (newer, other) id pair, in order, where the principal can
    still see both: a pair with a side forgotten, erased or hidden is left out."""
    pairs = []
    for newer_id, other_id in ids:
        newer = await session.get_memory(newer_id)
        other = await session.get_memory(other_id)
        if newer is not None and other is not None:
            pairs.append((newer, other))
    return pairs


async def conflicting_pairs(session: StoreSession) -> list[tuple[Memory, Memory]]:
    """(newer, contradicted) memory pairs the principal can see, oldest first."""
    return await memory_pairs(session, await session.conflicts())
