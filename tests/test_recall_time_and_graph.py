"""Recall for "when" questions and the entity walk (issue 15): a question asking for a
time prefers the memory that states one; the one-hop entity walk starts only from
entities rare in the workspace, never from the people every memory names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.models import Memory, Scope
from core.ports import TextHit
from core.recall import expansion, hybrid
from core.recall.temporal import asks_when, named_periods, states_time
from core.remember.classify import find_entities
from core.stores.postgres.session import PostgresSession
from core.stores.sqlite.session import SQLiteSession

WS, ALICE = "acme", "alice"


@pytest.mark.parametrize(
    "question",
    [
        "When did we move staging?",
        "what year did Ana join?",
        "How long ago was the outage?",
        "Which month is the offsite?",
    ],
)
def test_a_question_asking_for_a_time_is_recognised(question):
    assert asks_when(question)


@pytest.mark.parametrize(
    "question", ["where did we move staging?", "what did Ana say about the outage?"]
)
def test_a_question_asking_for_something_else_is_not(question):
    assert not asks_when(question)


def test_a_memory_states_a_time_in_its_text_not_in_a_leading_stamp():
    assert states_time("we moved staging last Tuesday")
    assert states_time("the offsite is on 3 March")
    assert states_time("Ana joined in 2021")
    assert not states_time("we moved staging to Frankfurt")
    # a chat-log stamp is the memory's date (metadata), not something the text says
    assert not states_time("[1:56 pm on 8 May, 2023] Ana: we moved staging to Frankfurt")
    assert states_time("[1:56 pm on 8 May, 2023] Ana: we moved staging yesterday")


async def test_a_when_question_prefers_the_memory_that_says_when(service, monkeypatch):
    monkeypatch.setattr(hybrid, "TUNING", hybrid.Tuning(when=0.3))
    plain = "staging moved to the Frankfurt cluster"
    dated = "staging moved to the Frankfurt cluster on Tuesday night"
    for text in (plain, dated):
        await service.remember(WS, ALICE, text, reconcile=False)  # two memories, kept apart

    when = await service.recall(WS, ALICE, "when did staging move to the Frankfurt cluster?")
    where = await service.recall(WS, ALICE, "where did staging move, which cluster?")

    assert [h.content for h in when] == [dated, plain]
    assert [h.content for h in where] == [plain, dated]  # the shorter match, as before


def hit(number: int, *entities: str) -> TextHit:
    memory = Memory(
        id=f"m{number}",
        workspace=WS,
        owner=ALICE,
        scope=Scope.PRIVATE,
        content="",
        content_hash=str(number),
        entities=list(entities),
    )
    return TextHit(memory, 1.0)


def test_the_entity_walk_starts_only_from_entities_rare_in_the_workspace():
    hits = [
        hit(1, "caroline", "melanie", "pride_parade"),
        hit(2, "caroline", "pride_parade", "lgbtq"),
        hit(3, "caroline", "pride_parade", "lgbtq"),
    ]
    occurrences = {"caroline": 400, "melanie": 380, "pride_parade": 4, "lgbtq": 6}
    # Caroline speaks in most of the 600 memories: co-mention with her says nothing
    assert expansion.comentioned(["caroline"], hits, occurrences, 600) == []
    # the parade is rare: what it is named with (twice or more, not common) is a hop
    assert expansion.comentioned(["caroline", "pride_parade"], hits, occurrences, 600) == ["lgbtq"]


def test_a_possessive_names_the_entity_itself():
    assert find_entities("What happened to Melanie's son?") == ["melanie"]
    assert find_entities("James' car and Ana’s Payments API") == ["james", "ana", "payments_api"]


async def test_a_question_about_someones_things_uses_the_memory_naming_them(service):
    """A question about "Melanie's son" names Melanie: before, its entity was `melanies`,
    which no memory names, so the memory that answers it was never used."""
    answer = "Melanie said her son hurt his arm on the road trip"
    await service.remember(WS, ALICE, answer)
    await service.remember(WS, ALICE, "Jon said the studio opens in June")
    context = await service.prompt_context(WS, ALICE, "What happened to Melanie's son?")
    assert [h.content for h in context.memories] == [answer]


def test_a_question_names_the_periods_it_asks_about():
    assert named_periods("what did we decide in March 2024?") == [(2024, 3)]
    assert named_periods("who joined on May 3, 2023?") == [(2023, 5)]
    assert named_periods("anything from 2021 or in June?") == [(2021, None), (None, 6)]
    assert named_periods("may I ask what we decided?") == []


async def test_a_question_naming_a_month_prefers_memories_dated_then(service, clock):
    """The memory's date is a searchable field: "in March" finds what was saved (or
    imported as valid) in March, though no memory's text says "March"."""
    clock.now = datetime(2024, 3, 12, tzinfo=UTC).timestamp()
    march = "we decided to move billing to the new provider"
    await service.remember(WS, ALICE, march, reconcile=False)
    clock.now = datetime(2024, 6, 4, tzinfo=UTC).timestamp()
    june = "we decided to keep billing on the old provider after all"
    await service.remember(WS, ALICE, june, reconcile=False)

    in_march = await service.recall(
        WS, ALICE, "what did we decide about billing in March?", touch=False
    )
    plain = await service.recall(WS, ALICE, "what did we decide about billing?", touch=False)

    assert [h.content for h in in_march] == [march, june]
    assert [h.content for h in plain] == [june, march]  # otherwise the newer ranks first


async def test_prompt_context_counts_the_workspaces_terms_once(service, monkeypatch):
    """Recall (scoring by share) and the relevance judgement both weigh the question's
    words by how common they are; in one transaction that is one count, not two."""
    monkeypatch.setattr(hybrid, "TUNING", hybrid.Tuning(weighed_keyword="share"))
    await service.remember(WS, ALICE, "the staging DB is on port 6543")
    counted: list[list[str]] = []
    for session_type in (SQLiteSession, PostgresSession):
        monkeypatch.setattr(session_type, "term_counts", spy(session_type.term_counts, counted))
    context = await service.prompt_context(WS, ALICE, "which port is staging on?")
    assert [h.content for h in context.memories] == ["the staging DB is on port 6543"]
    assert counted == [["port", "staging"]]


def spy(original, calls: list[list[str]]):
    async def counting(self, terms, cap, total_cap):
        calls.append(list(terms))
        return await original(self, terms, cap, total_cap)

    return counting
