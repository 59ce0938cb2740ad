"""What a reply uses (issue 15): an absolute relevance judgement, exposed as
`prompt_context`, and the footer counts exactly those memories.

Before, relevance was normalised per query (the best match always scored 1.0), so a
question sharing one word with any memory "used" it: "what port does the payments
service use?" used payments, auth and staging ports."""

from __future__ import annotations

from core.audience import Audience
from core.chat.turn import ChatTurn
from core.models import Scope
from core.recall import relevance
from core.recall.textsearch import query_terms

WS, ALICE, BOB = "acme", "alice", "bob"
PAYMENTS = "the payments service listens on port 8443"
AUTH = "the auth service runs on port 9000"
STAGING = "the staging DB is on port 6543"
DEPLOY = "we deploy on Thursdays now"


async def ports(service) -> None:
    for text in (STAGING, PAYMENTS, AUTH):
        await service.remember(WS, ALICE, text)


async def used(service, message: str, user: str = ALICE, channel: str | None = None):
    context = await service.prompt_context(WS, user, message, channel)
    return [hit.content for hit in context.memories]


async def test_a_question_uses_only_the_memory_that_answers_it(service):
    await ports(service)
    assert await used(service, "what port does the payments service use?") == [PAYMENTS]
    assert await used(service, "which port is staging on?") == [STAGING]


async def test_a_question_nothing_fits_uses_no_memory_even_sharing_a_word(service):
    await ports(service)
    assert await used(service, "which service do we use for email?") == []
    assert await used(service, "what's for lunch today?") == []


async def test_another_users_question_does_not_use_an_unrelated_global_memory(service):
    await service.remember(WS, ALICE, DEPLOY, scope=Scope.GLOBAL)
    await service.remember(WS, ALICE, STAGING)
    assert await used(service, "which port is staging on?", user=BOB) == []
    assert await used(service, "when do we deploy?", user=BOB) == [DEPLOY]


async def test_a_question_about_someone_unknown_uses_nothing(service):
    await service.remember(WS, ALICE, "Caroline went to the LGBTQ support group on Friday")
    await service.remember(WS, ALICE, "Jon joined a support group for new founders")
    assert await used(service, "When did Melanie go to the support group?") == []
    assert await used(service, "When did Caroline go to the support group?") == [
        "Caroline went to the LGBTQ support group on Friday"
    ]


async def test_a_message_asking_two_things_uses_the_memory_for_each(service):
    await service.remember(WS, ALICE, DEPLOY, scope=Scope.GLOBAL)
    await ports(service)
    found = await used(service, "which port is staging on? when do we deploy?")
    assert sorted(found) == sorted([STAGING, DEPLOY])


async def test_prompt_context_is_empty_in_incognito_and_with_memory_off(service):
    await ports(service)
    await service.incognito(WS, ALICE, "secret-channel", True)
    assert await used(service, "which port is staging on?", channel="secret-channel") == []
    await service.update_settings(WS, ALICE, is_admin=True, memory_enabled=False)
    assert await used(service, "which port is staging on?") == []


async def test_prompt_context_carries_the_profile_and_at_most_the_recall_limit(service):
    await service.set_profile(WS, ALICE, {"name": "Alice", "role": "SRE"})
    for n in range(8):
        await service.remember(WS, ALICE, f"the staging replica {n} is on port 65{n}0")
    await service.update_settings(WS, ALICE, is_admin=True, recall_limit=3)
    context = await service.prompt_context(WS, ALICE, "which port is the staging replica on?")
    assert len(context.memories) == 3
    assert context.profile == {"name": "Alice", "role": "SRE"}


async def test_the_footer_counts_exactly_what_prompt_context_returns(service):
    await ports(service)
    for message in ("what port does the payments service use?", "which service for email?"):
        context = await service.prompt_context(WS, ALICE, message, "general")
        turn = ChatTurn(WS, ALICE, "general", message, audience=Audience.PRIVATE)
        reply = await service.chat(turn)  # read by Alice alone, like the API's context
        assert [h.id for h in reply.used] == [h.id for h in context.memories]
        assert bool(reply.footer) == bool(context.memories)


def test_an_unseen_word_weighs_as_much_as_the_rarest_known_one():
    terms = query_terms("what does Caroline paint?")
    q = relevance.question(terms, {"paint": 3}, 10, ["caroline"])
    assert q.weights["caroline"] > q.weights["paint"]
    assert relevance.keyword_share(q, "Melanie likes to paint") < 0.5
    assert relevance.keyword_share(q, "Caroline paints sunsets") == 1.0
