"""Chat commands answer every input sensibly, on every platform (the core's part).

Paging and searching /memories, /incognito with a wrong argument, another user's
numbers, rating an answer that used no memory, and "remember that …" in plain chat.
"""

from __future__ import annotations

from adapters.console import ConsoleContext, ConsoleSession
from core import texts
from core.commands import CommandRequest, run_action, run_command
from core.responses import ActionKind

WS = "acme"


def request(user: str = "alice", text: str = "") -> CommandRequest:
    return CommandRequest(WS, user, "general", text)


async def test_memories_pages_through_everything_with_next_and_previous(service):
    for i in range(23):
        await service.remember(WS, "alice", f"fact number {i} about service {chr(97 + i)}x")
    first = await run_command(service, "memories", request())
    shown = [item.text for item in first.sections[0].items]
    assert len(shown) == 10 and shown[0] == "fact number 22 about service wx"
    [next_page] = [a for a in first.actions if a.kind == ActionKind.MEMORIES_PAGE]
    assert next_page.label == texts.PAGE_NEXT and next_page.value == "2"
    second = await run_action(service, request(), next_page.kind, next_page.value)
    assert second.sections[0].title == texts.RECENT_HEADER + texts.PAGE_SUFFIX.format(page=2)
    labels = [a.label for a in second.actions if a.kind == ActionKind.MEMORIES_PAGE]
    assert labels == [texts.PAGE_PREVIOUS, texts.PAGE_NEXT]
    third = await run_command(service, "memories", request(text="3"))
    seen = {item.text for r in (first, second, third) for item in r.sections[0].items}
    assert len(seen) == 23  # every memory is reachable, none twice
    assert not [a for a in third.actions if a.label == texts.PAGE_NEXT]
    beyond = await run_command(service, "memories", request(text="9"))
    assert beyond.text == texts.PAGE_NONE and not beyond.sections


async def test_memories_searches_by_words_and_says_when_nothing_matches(service):
    await service.remember(WS, "alice", "we deploy on Tuesdays")
    await service.remember(WS, "alice", "the deploy key lives in vault")
    await service.remember(WS, "alice", "lunch is at noon")
    found = await run_command(service, "memories", request(text="deploy"))
    assert found.sections[0].title == texts.SEARCH_HEADER.format(query="deploy")
    assert {i.text for i in found.sections[0].items} == {
        "we deploy on Tuesdays",
        "the deploy key lives in vault",
    }
    none = await run_command(service, "memories", request(text="kubernetes"))
    assert none.text == texts.SEARCH_NONE.format(query="kubernetes") and not none.sections


async def test_incognito_with_an_unknown_argument_answers_with_usage(service):
    answer = await run_command(service, "incognito", request(text="maybe"))
    assert answer.text == texts.INCOGNITO_USAGE and not answer.ok
    assert not await service.is_incognito(WS, "alice", "general")


async def test_another_users_numbers_never_leak_an_id_and_read_well(service):
    shared = await service.remember(WS, "alice", "we deploy on Tuesdays", "global")
    private = await service.remember(WS, "alice", "my locker code is blue")
    for memory_id, expected in (
        (shared.memory.id, texts.FORGET_SHARED),
        (private.memory.id, texts.FORGET_GONE),
    ):
        answer = await run_command(service, "forget", request("bob", memory_id))
        assert answer.text == expected and memory_id not in answer.plain()
    both = await service.remember(WS, "alice", "we deploy with Helm", "global")
    answer = await run_command(service, "forget", request("bob", "deploy"))
    assert "2 more memories matched but belong to the workspace; only their author" in answer.text
    assert both.memory.id not in answer.text
    one = await run_command(service, "forget", request("bob", "Helm"))
    assert "1 more memory matched but belongs to the workspace; only its author" in one.text
    console = ConsoleSession(service, ConsoleContext(WS, "alice", "general"))
    await console.handle("/memories")
    await console.handle("/as bob")  # numbers named alice's list: not bob's any more
    assert (await console.handle("/forget 1")).startswith("🤷 Nothing of yours matches “1”")


async def test_rating_an_answer_that_used_no_memory_says_so(service):
    console = ConsoleSession(service, ConsoleContext(WS, "alice", "general"))
    await console.handle("what is the capital of France?")
    assert await console.handle("/good") == texts.FEEDBACK_NO_MEMORIES


async def test_remember_that_in_plain_chat_is_saved_and_the_reply_says_so_with_undo(service):
    console = ConsoleSession(service, ConsoleContext(WS, "alice", "general"))
    reply = await console.handle("remember that the VPN gateway is vpn.example.com")
    note = texts.CHAT_SAVED.format(content="the VPN gateway is vpn.example.com")
    assert reply.splitlines()[0] == note and "/undo" in reply
    assert texts.NO_MEMORIES_ANSWER not in reply
    items = (await service.memories(WS, "alice")).items
    assert [m.content for m in items] == ["the VPN gateway is vpn.example.com"]
    assert (await console.handle("/undo")).startswith("↩️ Undone")
    assert (await service.memories(WS, "alice")).items == []
    await console.handle("/incognito on")
    quiet = await console.handle("remember that the VPN gateway is vpn.example.com")
    assert quiet == texts.INCOGNITO_ANSWER and (await service.memories(WS, "alice")).items == []
