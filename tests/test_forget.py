"""/forget: strict matching, bounded, author-or-admin for globals, undoable."""

from __future__ import annotations

from core.models import Scope

WS, ALICE, BOB = "acme", "alice", "bob"


async def test_forget_removes_only_memories_containing_every_word(service):
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    await service.remember(WS, ALICE, "the prod DB is on port 5432")
    result = await service.forget(WS, ALICE, "staging DB")
    assert [m.content for m in result.forgotten] == ["the staging DB is on port 6543"]
    assert [h.content for h in await service.recall(WS, ALICE, "DB port")] == [
        "the prod DB is on port 5432"
    ]


async def test_forget_by_id(service):
    saved = await service.remember(WS, ALICE, "temporary note")
    result = await service.forget(WS, ALICE, saved.memory.id)
    assert [m.id for m in result.forgotten] == [saved.memory.id]


async def test_forget_refuses_a_query_matching_too_many(service):
    topics = [
        "pricing tiers",
        "hiring plan",
        "security audit",
        "onboarding docs",
        "billing bug",
        "search ranking",
        "mobile release",
        "design system",
        "support rota",
        "legal review",
        "infra budget",
        "growth targets",
    ]
    for topic in topics:
        await service.remember(WS, ALICE, f"meeting note — {topic}")
    assert (await service.stats(WS, ALICE)).memories == 12
    result = await service.forget(WS, ALICE, "meeting note")
    assert result.forgotten == [] and result.too_many == 12
    assert (await service.stats(WS, ALICE)).memories == 12


async def test_a_global_memory_can_be_forgotten_by_its_author_or_an_admin_only(service):
    await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)
    by_bob = await service.forget(WS, BOB, "deploy Tuesdays")
    assert by_bob.forgotten == [] and len(by_bob.refused) == 1
    by_admin = await service.forget(WS, BOB, "deploy Tuesdays", is_admin=True)
    assert len(by_admin.forgotten) == 1


async def test_forget_never_touches_another_users_private_memories(service):
    await service.remember(WS, ALICE, "alice's secret project is Falcon")
    result = await service.forget(WS, BOB, "project Falcon", is_admin=True)
    assert result.forgotten == [] and result.refused == []
    assert (await service.stats(WS, ALICE)).memories == 1


async def test_forget_with_fts_syntax_is_safe(service):
    await service.remember(WS, ALICE, "keep me")
    for query in ['"', "*", "NEAR(keep", "keep OR me", "AND", ""]:
        result = await service.forget(WS, ALICE, query)
        assert result.forgotten == [] or [m.content for m in result.forgotten] == ["keep me"]
