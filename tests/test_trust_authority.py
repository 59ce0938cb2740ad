"""Authority is one rule and reconciliation obeys it (SPEC §2): a save never changes a
memory its saver may not change; it is stored beside it and both are marked as
conflicting. Pending-review memories are their author's alone, on every path."""

from __future__ import annotations

from core.commands import run_command
from core.commands.actions import run_action
from core.commands.registry import CommandRequest
from core.models import SaveStatus, Scope
from core.responses import ActionKind

WS, ALICE, BOB, ADMIN = "acme", "alice", "bob", "root"


async def test_a_contradicting_global_by_someone_else_is_saved_beside_and_marked(service):
    first = await service.remember(WS, ALICE, "we deploy on Thursdays now", Scope.GLOBAL)
    second = await service.remember(WS, BOB, "we deploy on Fridays now", Scope.GLOBAL)
    assert second.status == SaveStatus.CONFLICT
    assert second.memory.id != first.memory.id and second.memory.owner == BOB
    kept = await service.get_memory(WS, ALICE, first.memory.id)
    assert kept.content == "we deploy on Thursdays now" and kept.owner == ALICE
    assert kept.updated_at == first.memory.updated_at and kept.importance == first.memory.importance
    for viewer in (ALICE, BOB, ADMIN):
        view = await service.memories(WS, viewer)
        assert [(n.id, o.id) for n, o in view.conflicts] == [(second.memory.id, first.memory.id)]


async def test_the_author_or_an_admin_resolves_a_conflict_by_forgetting_one_side(service):
    first = await service.remember(WS, ALICE, "we deploy on Thursdays now", Scope.GLOBAL)
    second = await service.remember(WS, BOB, "we deploy on Fridays now", Scope.GLOBAL)
    listing = await run_command(service, "memories", CommandRequest(WS, ALICE, "C1"))
    section = next(s for s in listing.sections if "Conflicting" in s.title)
    [item] = section.items
    assert [a.value for a in item.actions] == [first.memory.id]  # Alice may forget only hers
    admin = CommandRequest(WS, ADMIN, "C1", is_admin=True)
    admin_view = await run_command(service, "memories", admin)
    [admin_item] = next(s for s in admin_view.sections if "Conflicting" in s.title).items
    assert {a.value for a in admin_item.actions} == {first.memory.id, second.memory.id}
    await run_action(service, admin, ActionKind.FORGET, second.memory.id)
    assert (await service.memories(WS, ALICE)).conflicts == []
    assert (await service.get_memory(WS, ALICE, first.memory.id)).content.endswith("Thursdays now")


async def test_the_conflict_reply_says_both_are_kept(service):
    await service.remember(WS, ALICE, "the staging DB is on port 6543", Scope.GLOBAL)
    reply = await run_command(
        service, "global", CommandRequest(WS, BOB, "C1", "the staging DB is on port 5432")
    )
    assert reply.data["status"] == "conflict"
    assert "both are kept" in reply.text and "port 6543" in reply.text


async def test_a_global_restated_by_someone_else_is_left_exactly_as_it_was(service):
    first = await service.remember(WS, ALICE, "Project Falcon uses PostgreSQL", Scope.GLOBAL)
    again = await service.remember(WS, BOB, "project falcon uses postgresql.", Scope.GLOBAL)
    assert again.status == SaveStatus.DUPLICATE and again.memory.id == first.memory.id
    kept = await service.get_memory(WS, BOB, first.memory.id)
    assert kept.importance == first.memory.importance and kept.owner == ALICE


async def test_the_author_still_updates_their_own_global_and_an_admin_anyones(service):
    first = await service.remember(WS, ALICE, "the staging DB is on port 6543", Scope.GLOBAL)
    mine = await service.remember(WS, ALICE, "the staging DB is on port 5432", Scope.GLOBAL)
    assert mine.status == SaveStatus.UPDATED and mine.memory.id == first.memory.id
    admin = await service.remember(
        WS, ADMIN, "the staging DB is on port 7000", Scope.GLOBAL, is_admin=True
    )
    assert admin.status == SaveStatus.UPDATED and admin.memory.owner == ALICE


async def test_a_pending_global_is_seen_only_by_its_author_on_every_path(service):
    pending = await service.remember(
        WS, ALICE, "maybe the office moves to Lisbon", Scope.GLOBAL, pending=True
    )
    assert pending.status == SaveStatus.PENDING_REVIEW
    memory_id = pending.memory.id
    assert await service.get_memory(WS, BOB, memory_id) is None
    assert await service.get_memory(WS, ALICE, memory_id) is not None
    forgot = await service.forget(WS, BOB, "office moves Lisbon")
    assert forgot.refused == [] and forgot.forgotten == []
    assert await service.forget_candidates(WS, BOB, "office") == []
    assert (await service.feedback(WS, BOB, [memory_id], up=True)).memories == []
    assert not (await service.pin(WS, BOB, memory_id, is_admin=True)).ok
    assert await service.recall(WS, BOB, "office Lisbon") == []
    assert (await service.stats(WS, BOB)).memories == 0
    assert (await service.memories(WS, BOB)).pending == []


async def test_undoing_a_forget_whose_text_was_saved_again_says_so_and_changes_nothing(service):
    first = await service.remember(WS, ALICE, "the wiki lives at wiki.acme.dev")
    forgot = await service.forget(WS, ALICE, first.memory.id)
    assert forgot.audit_id
    again = await service.remember(WS, ALICE, "the wiki lives at wiki.acme.dev")
    request = CommandRequest(WS, ALICE, "C1")
    reply = await run_action(service, request, ActionKind.UNDO, forgot.audit_id)
    assert not reply.ok and "saved again as another memory" in reply.text
    assert "wiki.acme.dev" in reply.text
    view = await service.memories(WS, ALICE)
    assert [m.id for m in view.items] == [again.memory.id]


async def test_undoing_an_edit_whose_old_text_now_belongs_to_another_memory_says_so(service):
    first = await service.remember(WS, ALICE, "lunch is at noon")
    edited = await service.edit(WS, ALICE, first.memory.id, "the canteen opens at 11")
    assert edited.memory.content == "the canteen opens at 11" and edited.audit_id
    other = await service.remember(WS, ALICE, "lunch is at noon")
    assert other.memory.id != first.memory.id
    request = CommandRequest(WS, ALICE, "C1")
    reply = await run_action(service, request, ActionKind.UNDO, edited.audit_id)
    assert not reply.ok and "lunch is at noon" in reply.text
    texts_now = sorted(m.content for m in (await service.memories(WS, ALICE)).items)
    assert texts_now == ["lunch is at noon", "the canteen opens at 11"]
