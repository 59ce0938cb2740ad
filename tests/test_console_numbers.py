"""The console numbers list items so buttons can be pressed by number."""

from __future__ import annotations

from adapters.console import ConsoleContext, ConsoleSession


async def test_items_of_the_last_list_are_pinned_edited_and_forgotten_by_number(service):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    await console.handle("/remember the staging DB is on port 6543")
    await console.handle("/remember I prefer tabs")
    listing = await console.handle("/memories")
    assert "[1] I prefer tabs" in listing and "[2] the staging DB is on port 6543" in listing
    assert "/pin N" in listing and "/forget N" in listing
    await console.handle("/pin 1")
    await console.handle("/edit 2 the staging DB is on port 7777")  # numbers survive a reply
    view = await service.memories("acme", "alice")
    assert {m.content: m.pinned for m in view.items} == {
        "I prefer tabs": True,
        "the staging DB is on port 7777": False,
    }
    await console.handle("/forget 1")
    assert [m.content for m in (await service.memories("acme", "alice")).items] == [
        "the staging DB is on port 7777"
    ]


async def test_a_number_beyond_the_list_is_searched_as_words(service):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    await console.handle("/remember the staging DB is on port 6543")
    await console.handle("/memories")
    reply = await console.handle("/forget 9")
    assert "Nothing of yours matches “9”" in reply
    assert (await service.stats("acme", "alice")).memories == 1
