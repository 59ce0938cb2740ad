"""Conversation context in recall (issue 15): the reply that holds an answer is found
through the turn it answers, and a question about a person prefers what that person
said. Both stores, through the service."""

from __future__ import annotations

import pytest

from core.recall import hybrid
from core.recall.speaker import author, body

WS, ALICE = "acme", "alice"


@pytest.mark.parametrize(
    ("line", "who"),
    [
        ("[1:56 pm on 8 May, 2023] Caroline: I went to the support group", "caroline"),
        ("[09:12] <ana> we deploy on Thursdays", "ana"),
        ("Ana Lima: the staging port is 8080", "ana_lima"),
        ("the staging port is 8080", None),
        ("we moved staging: it is in Frankfurt now", None),
    ],
)
def test_a_chat_log_line_names_its_author(line, who):
    assert author(line) == who


def test_the_body_of_a_line_is_what_it_says():
    assert body("[1:56 pm on 8 May, 2023] Caroline: I went") == "I went"
    assert body("the staging port is 8080") == "the staging port is 8080"


@pytest.fixture
def context_on(monkeypatch):
    monkeypatch.setattr(hybrid, "TUNING", hybrid.Tuning(context=0.4, author=1.0))


async def test_the_reply_to_the_matching_turn_is_recalled_with_it(service, context_on):
    turns = [
        "Ana: the garden looks lovely this spring",
        "Ana: how long have you been married, Ben?",
        "Ben: 5 years already! Time flies",
        "Ana: the tulips came out early",
        "Ben: our dog loves the new park",
        "Ana: the bakery on Main Street reopened",
    ]
    for text in turns:
        await service.remember(WS, ALICE, text, reconcile=False)
    hits = await service.recall(WS, ALICE, "How long has Ben been married?", touch=False)
    contents = [h.content for h in hits]
    assert contents[:2] == [turns[1], turns[2]]  # the answer shares no word but "Ben"


async def test_the_same_speakers_next_line_is_recalled_two_away(service, monkeypatch):
    """Ana asks, Ben leads in, Ben answers: the answer is two lines from the match and
    is found only when `further` lends to lines two away."""
    turns = [
        "Ana: the garden looks lovely this spring",
        "Ana: what did your kids like at the museum, Ben?",
        "Ben: oh, so much",
        "Ben: they were stoked for the dinosaur exhibit",
        "Ana: the bakery on Main Street reopened",
    ]
    for text in turns:
        await service.remember(WS, ALICE, text, reconcile=False)
    question = "What did Ben's kids like at the museum?"
    found = {}
    for further in (0.0, 0.3):
        monkeypatch.setattr(hybrid, "TUNING", hybrid.Tuning(context=0.4, further=further))
        hits = await service.recall(WS, ALICE, question, limit=3, touch=False)
        found[further] = [h.content for h in hits]
    assert turns[3] not in found[0.0]
    assert found[0.3][0] == turns[1] and turns[3] in found[0.3]


async def test_without_context_the_reply_is_not_found(service, monkeypatch):
    monkeypatch.setattr(hybrid, "TUNING", hybrid.Tuning(context=0.0, author=0.0))
    for text in ("Ana: how long have you been married?", "Ben: 5 years already! Time flies"):
        await service.remember(WS, ALICE, text, reconcile=False)
    hits = await service.recall(WS, ALICE, "how long married?", touch=False)
    assert [h.content for h in hits] == ["Ana: how long have you been married?"]


async def test_memories_saved_apart_lend_each_other_nothing(service, clock, context_on):
    await service.remember(WS, ALICE, "Ana: the staging port is 8080", reconcile=False)
    clock.now += 3600  # an hour later: another conversation
    await service.remember(WS, ALICE, "Ben: lunch is at noon on Fridays", reconcile=False)
    hits = await service.recall(WS, ALICE, "which port is staging on?", touch=False)
    assert [h.content for h in hits] == ["Ana: the staging port is 8080"]


async def test_facts_saved_one_after_another_are_not_a_conversation(service, context_on):
    """Only chat-log lines are turns: two facts saved in a row are each their own."""
    await service.remember(WS, ALICE, "the staging DB is on port 6543", reconcile=False)
    await service.remember(WS, ALICE, "I prefer concise answers", reconcile=False)
    hits = await service.recall(WS, ALICE, "staging port", touch=False)
    assert [h.content for h in hits] == ["the staging DB is on port 6543"]


async def test_a_question_about_someone_prefers_what_they_said(service, clock, context_on):
    said = "Ben: I started pottery classes last week"
    told = "Ana: Ben, your pottery classes sound like fun"
    for text in (told, "Ana: the tulips came out early", said):
        await service.remember(WS, ALICE, text, reconcile=False)
        clock.now += 3600  # apart, so context plays no part
    hits = await service.recall(WS, ALICE, "What classes has Ben taken, pottery?", touch=False)
    assert [h.content for h in hits][:2] == [said, told]


async def test_a_reply_uses_the_answer_with_the_turn_it_answers(service, context_on):
    """What a reply uses (the footer counts it): the turn that bears on the question,
    and the reply to it that holds the answer, though that reply shares no word."""
    question, answer = "Ana: how long have you been married, Ben?", "Ben: 5 years already!"
    for text in ("Ana: the tulips came out early", question, answer):
        await service.remember(WS, ALICE, text, reconcile=False)
    used = await service.prompt_context(WS, ALICE, "How long has Ben been married?")
    assert [h.content for h in used.memories] == [question, answer]


async def test_neighbours_of_nothing_relevant_are_not_used(service, context_on):
    for text in ("Ana: the tulips came out early", "Ben: 5 years already!"):
        await service.remember(WS, ALICE, text, reconcile=False)
    used = await service.prompt_context(WS, ALICE, "which port is staging on?")
    assert used.memories == []


def test_the_vector_list_goes_deeper_only_for_a_named_speakers_lines():
    """`Tuning.vector_pool` costs a deeper vector search: only when a keyword hit is a
    chat line by someone the question names (the author lift then sets the other
    speakers' lines aside)."""
    from core.models import Memory, Scope
    from core.ports import TextHit

    def hit(text: str) -> TextHit:
        memory = Memory("m", WS, ALICE, Scope.PRIVATE, content=text, content_hash=text)
        return TextHit(memory, 1.0)

    lines = [hit("Ana: the tulips came out early"), hit("Ben: I took up pottery")]
    facts = [hit("Ben's pottery class is on Tuesdays")]
    assert hybrid.speaks(lines, {"ben"})
    assert not hybrid.speaks(lines, {"caroline"})  # named, but says none of these
    assert not hybrid.speaks(facts, {"ben"})  # a fact about Ben, not his line
    assert not hybrid.speaks(lines, set())
