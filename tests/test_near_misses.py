"""Near misses (issue 11): a save the rules store as new although it looks like an
earlier memory is recorded with it, said so in the reply, listed in /memories as a
possible duplicate, and resolved by "Same fact — merge" (through the one authority
rule, undoable) or "Keep both". Forget, erase and undo of the save take the pair along.
Runs on both stores (the `service` fixture)."""

from __future__ import annotations

from dataclasses import replace

from core import texts
from core.commands import run_command
from core.commands.actions import run_action
from core.commands.registry import CommandRequest
from core.models import Principal, SaveStatus, Scope
from core.remember.canonical import content_hash, similarity
from core.remember.reconcile import NEAR_DUPLICATE, Op, compare, decide
from core.remember.saving import may_see
from core.responses import ActionKind
from core.stores.sqlite.session import SQLiteSession
from core.stores.sqlite.store import SQLiteStore

WS, ALICE, BOB, ADMIN = "acme", "alice", "bob", "root"
OLD = "The Berlin office wifi password rotates monthly"
NEW = "The Berlin office guest wifi password rotates monthly"  # longer: kept by a merge


def request(user: str, text: str = "", is_admin: bool = False) -> CommandRequest:
    return CommandRequest(WS, user, "C1", text, is_admin)


def test_the_pair_is_one_the_rules_add_and_trigrams_call_alike():
    """If the rules change so that this pair folds, or trigrams drift apart, these tests
    would no longer be about a near miss: say so here first."""
    assert compare(OLD, NEW) == Op.ADD
    assert similarity(OLD, NEW) >= NEAR_DUPLICATE == 0.75


async def pair_rows(service, user: str = ALICE) -> list[tuple[str, str]]:
    """The pairs `user` is asked about (both memories active and visible)."""
    async with service.store.session(Principal(WS, user), read_only=True) as session:
        return await session.near_misses()


async def stored_pairs(store) -> int:
    """Rows of the table itself, whoever's and whatever their memories' state (as the
    PostgreSQL owner: the policy would hide a row whose memory is gone)."""
    if isinstance(store, SQLiteStore):
        async with store.session(Principal(WS, ALICE)) as session:
            assert isinstance(session, SQLiteSession)
            sql = "SELECT count(*) FROM memory_near_misses"
            return await session.store.run(lambda: session.conn.execute(sql).fetchone()[0])
    async with store.connect(admin=True) as conn:
        row = await (await conn.execute("SELECT count(*) FROM memory_near_misses")).fetchone()
        return int(row[0])


async def test_a_save_that_looks_like_an_earlier_memory_is_added_and_the_pair_recorded(service):
    old = await service.remember(WS, ALICE, OLD)
    new = await service.remember(WS, ALICE, NEW)
    assert new.status == SaveStatus.SAVED and new.memory.id != old.memory.id
    assert new.near_miss is not None and new.near_miss.id == old.memory.id
    assert await pair_rows(service) == [(new.memory.id, old.memory.id)]
    assert await pair_rows(service, BOB) == []  # Alice's private pair: nobody else's business
    view = await service.memories(WS, ALICE)
    assert [(n.id, o.id) for n, o in view.near_misses] == [(new.memory.id, old.memory.id)]


async def test_the_reply_says_it_is_new_quotes_the_earlier_one_and_offers_both_choices(service):
    await service.remember(WS, ALICE, OLD)
    reply = await run_command(service, "remember", request(ALICE, NEW))
    assert reply.text == texts.NEAR_MISS.format(other=OLD)
    assert [a.label for a in reply.actions] == [texts.NEAR_MISS_MERGE, texts.NEAR_MISS_KEEP, "Undo"]
    assert reply.data["status"] == "saved" and reply.data["near_miss"]
    plain = await run_command(service, "remember", request(ALICE, "Lunch is at noon on Fridays"))
    assert plain.text == texts.SAVED and [a.label for a in plain.actions] == ["Undo"]


async def test_same_fact_merge_keeps_the_longer_text_and_undo_brings_both_back(service):
    old = await service.remember(WS, ALICE, OLD)
    reply = await run_command(service, "remember", request(ALICE, NEW))
    merge = next(a for a in reply.actions if a.kind == ActionKind.NEAR_MISS_MERGE)
    merged = await run_action(service, request(ALICE), merge.kind, merge.value)
    assert merged.ok and merged.text == texts.NEAR_MISS_MERGED.format(content=NEW)
    view = await service.memories(WS, ALICE)
    assert [m.content for m in view.items] == [NEW] and view.near_misses == []
    assert await service.get_memory(WS, ALICE, old.memory.id) is None
    assert await stored_pairs(service.store) == 0
    again = await run_action(service, request(ALICE), merge.kind, merge.value)
    assert not again.ok and again.text == texts.NEAR_MISS_GONE
    [undo] = merged.actions
    undone = await run_action(service, request(ALICE), undo.kind, undo.value)
    assert undone.text == texts.UNDONE.format(what=texts.UNDO_WHAT["near_miss_merge"])
    view = await service.memories(WS, ALICE)
    assert sorted(m.content for m in view.items) == sorted([OLD, NEW])
    assert view.near_misses == []  # the user answered: not asked again


async def test_a_merge_keeps_the_earlier_text_when_the_newer_only_drops_words(service):
    old = await service.remember(WS, ALICE, NEW)
    new = await service.remember(WS, ALICE, OLD)  # NEW without "guest"
    assert new.near_miss is not None and new.near_miss.id == old.memory.id
    result = await service.resolve_near_miss(WS, ALICE, new.memory.id, old.memory.id, merge=True)
    assert result.kept.id == old.memory.id and result.kept.content == NEW
    assert await service.get_memory(WS, ALICE, new.memory.id) is None


async def test_a_merge_keeps_the_newer_text_of_a_changed_word_and_the_importance_and_pin(service):
    old = await service.remember(WS, ALICE, "The Berlin office wifi password rotates weekly")
    await service.pin(WS, ALICE, old.memory.id)
    new = await service.remember(WS, ALICE, "The Berlin office wifi password rotates weakly")
    assert new.near_miss is not None, "a typo'd restatement the rules do not prove"
    result = await service.resolve_near_miss(WS, ALICE, new.memory.id, old.memory.id, merge=True)
    assert result.kept.id == new.memory.id and result.kept.pinned


async def test_keep_both_dismisses_the_pair_and_changes_no_memory(service):
    old = await service.remember(WS, ALICE, OLD)
    reply = await run_command(service, "remember", request(ALICE, NEW))
    keep = next(a for a in reply.actions if a.kind == ActionKind.NEAR_MISS_KEEP)
    kept = await run_action(service, request(ALICE), keep.kind, keep.value)
    assert kept.ok and kept.text == texts.NEAR_MISS_KEPT
    view = await service.memories(WS, ALICE)
    assert sorted(m.content for m in view.items) == sorted([OLD, NEW])
    assert view.near_misses == [] and await stored_pairs(service.store) == 0
    assert (await service.get_memory(WS, ALICE, old.memory.id)).content == OLD


async def test_memories_lists_possible_duplicates_with_both_actions(service):
    old = await service.remember(WS, ALICE, OLD)
    new = await service.remember(WS, ALICE, NEW)
    listing = await run_command(service, "memories", request(ALICE))
    section = next(s for s in listing.sections if s.title == texts.NEAR_MISSES_HEADER)
    [item] = section.items
    assert item.text == texts.NEAR_MISS_ITEM.format(newer=NEW, older=OLD)
    assert [(a.kind, a.value) for a in item.actions] == [
        (ActionKind.NEAR_MISS_MERGE, f"{new.memory.id} {old.memory.id}"),
        (ActionKind.NEAR_MISS_KEEP, f"{new.memory.id} {old.memory.id}"),
    ]
    assert listing.data["near_misses"] == [[new.memory.id, old.memory.id]]


async def test_someone_elses_shared_memory_is_offered_keep_both_only_and_an_admin_may_merge(
    service,
):
    old = await service.remember(WS, ALICE, OLD, Scope.GLOBAL)
    reply = await run_command(service, "global", request(BOB, NEW))
    assert reply.text == texts.NEAR_MISS_NOT_YOURS.format(other=OLD)
    assert [a.kind for a in reply.actions] == [ActionKind.NEAR_MISS_KEEP, ActionKind.UNDO]
    new_id = reply.data["id"]
    pair = f"{new_id} {old.memory.id}"
    refused = await run_action(service, request(BOB), ActionKind.NEAR_MISS_MERGE, pair)
    assert not refused.ok and refused.text == texts.NEAR_MISS_FORBIDDEN.format(content=OLD)
    assert (await service.get_memory(WS, BOB, old.memory.id)).content == OLD
    listing = await run_command(service, "memories", request(ADMIN, is_admin=True))
    [item] = next(s for s in listing.sections if s.title == texts.NEAR_MISSES_HEADER).items
    assert [a.kind for a in item.actions] == [ActionKind.NEAR_MISS_MERGE, ActionKind.NEAR_MISS_KEEP]
    merged = await run_action(
        service, request(ADMIN, is_admin=True), ActionKind.NEAR_MISS_MERGE, pair
    )
    assert merged.ok and merged.data["kept"] == new_id
    assert await service.get_memory(WS, ALICE, old.memory.id) is None


async def test_a_near_miss_is_never_another_users_private_memory(service):
    await service.remember(WS, ALICE, OLD)
    bobs = await service.remember(WS, BOB, NEW)
    assert bobs.near_miss is None and await pair_rows(service, BOB) == []
    shared = await service.remember(WS, BOB, OLD + " too", Scope.GLOBAL)
    assert shared.near_miss is None  # Alice's private memory is no shared one's look-alike
    alices = (await service.memories(WS, ALICE)).items[-1]
    candidate_of_bob = replace(shared.memory, owner=BOB, scope=Scope.PRIVATE)
    assert not may_see(candidate_of_bob, alices)  # the rule the save path asks
    assert may_see(replace(candidate_of_bob, owner=ALICE), alices)


def test_decide_names_the_most_similar_candidate_only_on_an_add():
    from core.models import Memory

    def memory(i: str, text: str) -> Memory:
        return Memory(i, WS, ALICE, Scope.PRIVATE, text, content_hash(text))

    far, near = memory("a", "Lunch is at noon on Fridays"), memory("b", OLD)
    decision = decide(NEW, "hash", [far, near])
    assert decision.op == Op.ADD and decision.near_miss == near
    assert decide("Parking is free after six", "hash", [far, near]).near_miss is None


async def test_forgetting_either_side_removes_the_pair(service):
    for forgotten in ("old", "new"):
        old = await service.remember(WS, ALICE, OLD)
        new = await service.remember(WS, ALICE, NEW)
        assert await pair_rows(service) == [(new.memory.id, old.memory.id)]
        gone = old if forgotten == "old" else new
        forgot = await service.forget(WS, ALICE, gone.memory.id)
        assert await stored_pairs(service.store) == 0
        assert (await service.undo(WS, ALICE, forgot.audit_id)).ok
        assert await pair_rows(service) == []  # forgotten means resolved, even undone
        await service.forget(WS, ALICE, old.memory.id)
        await service.forget(WS, ALICE, new.memory.id)


async def test_undoing_the_save_removes_the_pair(service):
    await service.remember(WS, ALICE, OLD)
    new = await service.remember(WS, ALICE, NEW)
    assert await stored_pairs(service.store) == 1
    assert (await service.undo(WS, ALICE, new.audit_id)).ok
    assert await stored_pairs(service.store) == 0


async def test_the_console_answers_the_last_save_or_a_numbered_pair(service):
    from adapters.console import ConsoleContext, ConsoleSession

    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "C1"))
    await console.handle(f"/remember {OLD}")
    saved = await console.handle(f"/remember {NEW}")
    assert saved.startswith(texts.NEAR_MISS.format(other=OLD)) and "/merge · /keep" in saved
    assert await console.handle("/keep") == texts.NEAR_MISS_KEPT
    await console.handle(f"/forget {NEW}")
    await console.handle(f"/remember {NEW}")
    listing = await console.handle("/memories")
    assert f"[1] {texts.NEAR_MISS_ITEM.format(newer=NEW, older=OLD)}" in listing
    assert "/merge N · /keep N" in listing
    merged = await console.handle("/merge 1")
    assert merged.startswith(texts.NEAR_MISS_MERGED.format(content=NEW))


async def test_a_bare_merge_after_a_save_like_nothing_says_there_is_nothing_to_merge(service):
    from adapters.console import ConsoleContext, ConsoleSession

    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "C1"))
    assert await console.handle("/merge") == texts.NEAR_MISS_NONE_LAST  # nothing saved yet
    await console.handle(f"/remember {OLD}")  # a first memory looks like nothing
    for bare in ("/merge", "/keep"):
        assert await console.handle(bare) == texts.NEAR_MISS_NONE_LAST
    assert len((await service.memories(WS, ALICE)).items) == 1


async def test_memories_keeps_the_possible_duplicates_section_short(service):
    for n in range(7):
        await service.remember(WS, ALICE, f"The Berlin office {n} wifi password rotates monthly")
        await service.remember(
            WS, ALICE, f"The Berlin office {n} guest wifi password rotates monthly"
        )
    pairs = len((await service.memories(WS, ALICE)).near_misses)
    assert pairs >= 7
    listing = await run_command(service, "memories", request(ALICE))
    section = next(s for s in listing.sections if s.title == texts.NEAR_MISSES_HEADER)
    assert len(section.items) == 5
    assert section.text == texts.NEAR_MISSES_MORE.format(shown=5, count=pairs - 5)
