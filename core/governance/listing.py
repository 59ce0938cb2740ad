"""Reading a whole scope page by page: consolidation, erase and export see everything."""

from __future__ import annotations

from collections.abc import Sequence

from core.models import Memory, Status
from core.ports import StoreSession

PAGE = 500
ALL_STATUSES = tuple(s.value for s in Status)


async def visible_memories(
    session: StoreSession, statuses: Sequence[str] = (Status.ACTIVE.value,)
) -> list[Memory]:
    """Every memory the principal can see in these statuses (own private and global)."""
    found: list[Memory] = []
    offset = 0
    while True:
        page = await session.list_memories(statuses, PAGE, offset)
        found.extend(page)
        if len(page) < PAGE:
            return found
        offset += PAGE


async def owned_memories(session: StoreSession) -> list[Memory]:
    """Every memory the principal owns, in any status (private and authored global)."""
    user = session.principal.user
    return [m for m in await visible_memories(session, ALL_STATUSES) if m.owner == user]
