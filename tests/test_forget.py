"""/forget: strict matching, bounded, author-or-admin for globals, undoable."""

from __future__ import annotations

import pytest

from core.commands import CommandRequest, run_command, suggest
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


@pytest.mark.parametrize(
    ("query", "forgets"),
    [
        ('"', False),
        ("*", False),
        ("AND", False),
        ("", False),
        ("NEAR(keep", False),  # "near" is a word the memory lacks: all words must match
        ("keep OR me", True),  # OR is a plain (stop)word here, not an operator
        ("(keep)", True),
        ("keep*", True),
    ],
)
async def test_forget_with_fts_syntax_is_safe(service, query, forgets):
    await service.remember(WS, ALICE, "keep me")
    await service.remember(WS, ALICE, "something else entirely")
    result = await service.forget(WS, ALICE, query)
    assert [m.content for m in result.forgotten] == (["keep me"] if forgets else [])
    assert (await service.stats(WS, ALICE)).memories == (1 if forgets else 2)


async def test_suggestions_while_typing_offer_only_what_the_user_may_forget(service, clock):
    mine = await service.remember(WS, ALICE, "the staging DB is on port 6543")
    clock.advance(seconds=1)
    newer = await service.remember(WS, ALICE, "staging deploys need a ticket")
    await service.remember(WS, BOB, "bob's staging notes")
    await service.remember(WS, BOB, "staging is owned by ops", Scope.GLOBAL)
    await service.remember(WS, ALICE, "prod DB is on port 5432")
    request = CommandRequest(WS, ALICE, "general", "stag")
    found = await suggest(service, "forget", request)
    assert [s.value for s in found] == [newer.memory.id, mine.memory.id]
    assert found[1].label == "the staging DB is on port 6543"
    admin = CommandRequest(WS, ALICE, "general", "staging ow", is_admin=True)
    assert [s.label for s in await suggest(service, "forget", admin)] == ["staging is owned by ops"]
    assert await suggest(service, "memories", request) == []


async def test_forgetting_one_memory_by_id_names_it_not_the_id(service):
    saved = await service.remember(WS, ALICE, "temporary note")
    reply = await run_command(service, "forget", CommandRequest(WS, ALICE, "c", saved.memory.id))
    assert reply.text == "🗑️ Forgot 1 memory matching “temporary note”."
