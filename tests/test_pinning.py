"""Pinning (SPEC §9): pinned memories never decay; users pin their own, admins global ones."""

from __future__ import annotations

from adapters.console import ConsoleContext, ConsoleSession
from core.commands import CommandRequest, run_command
from core.governance.pinning import PinOutcome
from core.models import Scope
from core.responses import ActionKind

WS, ALICE, BOB = "acme", "alice", "bob"


async def test_a_pinned_memory_never_decays(service, clock):
    pinned = (await service.remember(WS, ALICE, "the release train leaves on Mondays")).memory
    other = (await service.remember(WS, ALICE, "the release notes live in Notion")).memory
    await service.pin(WS, ALICE, pinned.id)
    fresh = {h.id: h.score for h in await service.recall(WS, ALICE, "release", touch=False)}
    clock.advance(days=3 * 365)
    old = {h.id: h.score for h in await service.recall(WS, ALICE, "release", touch=False)}
    assert old[pinned.id] == fresh[pinned.id]
    assert old[other.id] < fresh[other.id] / 2
    assert old[pinned.id] > old[other.id]


async def test_users_pin_their_own_memories_and_admins_pin_global_ones(service):
    mine = (await service.remember(WS, ALICE, "alice's standing desk is in room 4")).memory
    shared = (await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)).memory
    assert (await service.pin(WS, ALICE, mine.id)).outcome == PinOutcome.DONE
    assert (await service.pin(WS, ALICE, mine.id)).outcome == PinOutcome.UNCHANGED
    assert (await service.pin(WS, BOB, mine.id, is_admin=True)).outcome == PinOutcome.MISSING
    assert (await service.pin(WS, ALICE, shared.id)).outcome == PinOutcome.FORBIDDEN
    assert (await service.pin(WS, BOB, shared.id, is_admin=True)).outcome == PinOutcome.DONE
    assert (await service.get_memory(WS, ALICE, shared.id)).pinned


async def test_pin_and_unpin_are_audited_and_undoable(service):
    saved = (await service.remember(WS, ALICE, "the on-call phone is in the drawer")).memory
    pinned = await service.pin(WS, ALICE, saved.id)
    assert pinned.memory.pinned
    undone = await service.undo(WS, ALICE)
    assert undone.ok and undone.action == "pin"
    assert not (await service.get_memory(WS, ALICE, saved.id)).pinned
    await service.pin(WS, ALICE, saved.id)
    await service.pin(WS, ALICE, saved.id, pinned=False)
    assert (await service.undo(WS, ALICE)).action == "unpin"
    assert (await service.get_memory(WS, ALICE, saved.id)).pinned


async def test_memories_list_offers_pin_unpin_and_edit_where_allowed(service):
    mine = (await service.remember(WS, ALICE, "alice likes short answers")).memory
    shared = (await service.remember(WS, BOB, "lunch is at noon", Scope.GLOBAL)).memory
    await service.pin(WS, ALICE, mine.id)
    listing = await run_command(service, "memories", CommandRequest(WS, ALICE, "C1"))
    items = {item.text: item for section in listing.sections for item in section.items}
    assert [a.kind for a in items[mine.content].actions] == [
        ActionKind.EDIT,
        ActionKind.UNPIN,
        ActionKind.FORGET,
    ]
    assert "📌 pinned" in items[mine.content].meta
    assert items[shared.content].actions == ()
    as_admin = await run_command(service, "memories", CommandRequest(WS, ALICE, "C1", "", True))
    items = {item.text: item for section in as_admin.sections for item in section.items}
    assert [a.kind for a in items[shared.content].actions] == [
        ActionKind.EDIT,
        ActionKind.PIN,
        ActionKind.FORGET,
    ]


async def test_console_pin_and_unpin_lines(service):
    saved = (await service.remember(WS, ALICE, "the coffee machine is on floor 2")).memory
    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "C1"))
    assert (await console.handle(f"/pin {saved.id}")).splitlines() == [
        "📌 Pinned: this memory won't fade, and tidy-ups leave it alone.",
        "  ↳ /undo",
    ]
    assert (await console.handle(f"/unpin {saved.id}")).startswith("📌 Unpinned")
    assert await console.handle(f"/unpin {saved.id}") == "That memory isn't pinned."
