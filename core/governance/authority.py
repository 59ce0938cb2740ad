"""Authority: who may write or change what, decided in one place.

Two questions, asked on different floors:

* `may_change` — may this person edit, forget or otherwise change this memory?
  Its author may; for a global memory (the workspace's knowledge) an admin may
  too. Governance operations ask it before they touch a memory.
* `check_write` — may a store session bound to this principal write this row at
  all? Only into its own workspace, and a private memory only as its owner. Both
  stores call it before every insert (a new memory, a restored one, an audit
  entry, written as its actor), so neither backend can be talked into planting
  rows elsewhere.

In connected mode the database holds the same line (0113): a non-author's change to
someone's memory affects nothing unless the session's user was vouched for as an
admin through `vouch_admin` first — the one door admin status enters PostgreSQL by.
"""

from __future__ import annotations

from core.models import AuditEntry, Memory, NewMemory, Principal, Scope
from core.ports import StoreSession


def may_change(memory: Memory, user: str, is_admin: bool) -> bool:
    """The memory's author may change it; for a global memory, an admin too.

    `memory` is one a session of `user` read, so it is in their workspace already."""
    return memory.owner == user or (memory.scope == Scope.GLOBAL and is_admin)


def check_write(principal: Principal, row: NewMemory | AuditEntry) -> None:
    """Raise PermissionError unless a session as `principal` may write `row`: its own
    workspace only, a private memory only of its own, an audit entry only as its actor."""
    if row.workspace != principal.workspace:
        raise PermissionError("a session cannot write into another workspace")
    if isinstance(row, AuditEntry):
        if row.actor != principal.user:
            raise PermissionError("an audit entry can only be written by its actor")
    elif row.scope == Scope.PRIVATE and row.owner != principal.user:
        raise PermissionError("a private memory can only be written by its owner")


async def vouch_admin(session: StoreSession, is_admin: bool) -> None:
    """Before an admin may change others' global memories in this session: record the
    platform's verdict in the store (PostgreSQL's admin registry; nothing in SQLite).
    Called where `is_admin` is about to be used, never with False."""
    if is_admin:
        await session.attest_admin()
