"""Who may change a memory is one rule (SPEC §2): its author; admins too for globals."""

from __future__ import annotations

import pytest

from core.governance.authority import may_change
from core.governance.pinning import may_pin
from core.models import Memory, Scope


def memory(owner: str, scope: Scope) -> Memory:
    return Memory("m1", "acme", owner, scope, content="x", content_hash="h")


@pytest.mark.parametrize(
    ("scope", "user", "is_admin", "allowed"),
    [
        (Scope.PRIVATE, "alice", False, True),  # the author
        (Scope.PRIVATE, "bob", False, False),
        (Scope.PRIVATE, "bob", True, False),  # an admin has no say over private memories
        (Scope.GLOBAL, "alice", False, True),  # the author of a shared memory
        (Scope.GLOBAL, "bob", False, False),  # a teammate may not rewrite it
        (Scope.GLOBAL, "bob", True, True),  # an admin may
    ],
)
def test_the_author_may_change_a_memory_and_admins_a_global_one(scope, user, is_admin, allowed):
    assert may_change(memory("alice", scope), user, is_admin) is allowed


def test_pinning_a_global_memory_is_narrowed_to_admins():
    shared = memory("alice", Scope.GLOBAL)
    assert (may_pin(shared, "alice", False), may_pin(shared, "bob", True)) == (False, True)
    assert may_pin(memory("alice", Scope.PRIVATE), "alice", False) is True
    assert may_pin(memory("alice", Scope.PRIVATE), "bob", True) is False
