"""Feedback (SPEC §9): 👍 / 👎 on a reply adjusts the trust of the memories it used."""

from __future__ import annotations

from adapters.console import ConsoleContext, ConsoleSession
from core.commands import CommandRequest, run_action, run_command
from core.models import Principal, Scope
from core.responses import ActionKind

WS, ALICE, BOB = "acme", "alice", "bob"
QUERY = "when does the app deploy?"


async def two_deploy_memories(service):
    web = await service.remember(WS, ALICE, "the web app deploys on Tuesdays")
    mobile = await service.remember(WS, ALICE, "the mobile app deploys on Fridays")
    return web.memory, mobile.memory


async def ranked(service, user=ALICE, query=QUERY):
    return [(h.id, h.score) for h in await service.recall(WS, user, query, touch=False)]


async def test_feedback_visibly_changes_what_is_recalled_next(service):
    web, mobile = await two_deploy_memories(service)
    before = await ranked(service)
    assert [i for i, _ in before] == [web.id, mobile.id]
    await service.feedback(WS, ALICE, [web.id], up=False)
    after = await ranked(service)
    assert [i for i, _ in after] == [mobile.id, web.id]
    assert dict(after)[web.id] < dict(before)[web.id]
    await service.feedback(WS, ALICE, [web.id], up=True)
    await service.feedback(WS, ALICE, [web.id], up=True)
    assert [i for i, _ in await ranked(service)] == [web.id, mobile.id]


async def test_a_memory_the_user_keeps_rejecting_stops_surfacing_but_stays_listed(service):
    web, mobile = await two_deploy_memories(service)
    for expected in (-0.25, -0.5, -0.75):
        result = await service.feedback(WS, ALICE, [web.id], up=False)
        assert result.memories[0].trust == expected
    assert result.buried == 1
    assert [i for i, _ in await ranked(service)] == [mobile.id]
    listing = await run_command(service, "memories", CommandRequest(WS, ALICE, "C1"))
    assert "the web app deploys on Tuesdays  (fact · not used in answers)" in listing.plain()


async def test_trust_is_bounded_and_one_vote_per_press(service):
    web, _ = await two_deploy_memories(service)
    for _ in range(10):
        result = await service.feedback(WS, ALICE, [web.id], up=True)
    assert result.memories[0].trust == 1.0
    async with service.store.session(Principal(WS, ALICE)) as session:
        assert await session.votes(web.id) == {ALICE: 4}
    again = await service.feedback(WS, ALICE, [web.id], up=False)
    assert again.memories[0].trust == 0.75


async def test_one_user_cannot_bury_a_global_memory_alone(service):
    shared = (await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)).memory
    for _ in range(5):
        result = await service.feedback(WS, BOB, [shared.id], up=False)
    assert result.memories[0].trust == -0.25 and result.buried == 0
    assert [h.id for h in await service.recall(WS, BOB, "when do we deploy?")] == [shared.id]
    await service.feedback(WS, "carol", [shared.id], up=False)
    result = await service.feedback(WS, "dave", [shared.id], up=False)
    assert result.memories[0].trust == -0.75
    for user in (ALICE, BOB, "erin"):
        assert await service.recall(WS, user, "when do we deploy?") == []
    await service.feedback(WS, ALICE, [shared.id], up=True)
    assert [h.id for h in await service.recall(WS, "erin", "when do we deploy?")] == [shared.id]


async def test_undo_puts_the_votes_back_and_leaves_other_users_votes_alone(service):
    shared = (await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)).memory
    mine = await service.feedback(WS, ALICE, [shared.id], up=False)
    await service.feedback(WS, BOB, [shared.id], up=False)
    assert (await service.get_memory(WS, ALICE, shared.id)).trust == -0.5
    undone = await service.undo(WS, ALICE, mine.audit_id)
    assert undone.ok and undone.action == "feedback"
    assert (await service.get_memory(WS, ALICE, shared.id)).trust == -0.25
    async with service.store.session(Principal(WS, ALICE)) as session:
        assert await session.votes(shared.id) == {BOB: -1}


async def test_feedback_on_memories_the_user_cannot_see_changes_nothing(service):
    private = (await service.remember(WS, ALICE, "alice's project is Falcon")).memory
    result = await service.feedback(WS, BOB, [private.id, "no-such-id"], up=False)
    assert result.memories == [] and result.audit_id is None
    assert (await service.get_memory(WS, ALICE, private.id)).trust == 0.0


async def test_the_feedback_buttons_carry_the_used_memories_and_console_good_bad_press_them(
    service,
):
    web, mobile = await two_deploy_memories(service)
    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "C1"))
    answer = await console.handle(QUERY)
    assert "↳ /used · /good or /bad" in answer
    bad = await console.handle("/bad")
    assert bad.startswith("👎 Noted. I'll lean on 2 memories behind that answer less.")
    assert (await service.get_memory(WS, ALICE, web.id)).trust == -0.25
    undo = await console.handle("/undo")
    assert undo == "↩️ Undone: the feedback."
    assert (await service.get_memory(WS, ALICE, web.id)).trust == 0.0
    ids = f"{web.id},{mobile.id}"
    good = await run_action(service, CommandRequest(WS, ALICE, "C1"), ActionKind.FEEDBACK_UP, ids)
    assert good.ok and good.data["trust"] == {web.id: 0.25, mobile.id: 0.25}
