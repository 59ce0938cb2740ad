"""The Discord edge, table-driven through discord.py's gateway, tree and HTTP code:
every bad input gets one clear line, public replies quote memories as plain text,
and long answers fit Discord's limits and say when they were cut."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from adapters.discord.forms import TEXT_LIMIT
from core import texts
from core.models import RefusalReason
from tests.discord.test_discord_edit import listing, open_form
from tests.fakes.discord_server import ALICE, BOB, GUILD

WORKSPACE, USER = str(GUILD.id), str(ALICE.id)
NASTY = "the wiki is [click here](https://evil.example) ||hidden|| <@123> @everyone **now**"


async def run(fake, name, options=None, **kw):
    ex = await fake.slash(name, options, **kw)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).body


ROWS = [
    ("remember", {"text": "half \udcff decoded"}, texts.REFUSALS[RefusalReason.BROKEN]),
    ("forget", {"query": "nothing \udcff like it"}, texts.BAD_TEXT.format(what="text")),
    ("memories", {"search": "kubernetes"}, texts.SEARCH_NONE.format(query="kubernetes")),
    ("memories", {"search": "7"}, texts.PAGE_NONE),
]


@pytest.mark.parametrize(("name", "options", "answer"), ROWS, ids=[r[0] for r in ROWS])
async def test_each_bad_command_input_gets_one_line_and_changes_nothing(
    fake, bot, memory, name, options, answer
):
    await memory.remember(WORKSPACE, USER, "the staging DB is on port 6543")
    reply = await run(fake, name, options)
    assert reply["content"] == answer
    view = await memory.memories(WORKSPACE, USER)
    assert [m.content for m in view.items] == ["the staging DB is on port 6543"]


async def test_another_users_memory_id_is_never_shown_back(fake, bot, memory):
    private = await memory.remember(WORKSPACE, USER, "my locker code is blue")
    reply = await run(fake, "forget", {"query": private.memory.id}, user=BOB)
    assert reply["content"] == texts.FORGET_GONE
    assert private.memory.id not in str(reply)


async def test_memories_quoted_in_a_public_reply_render_no_markdown(fake, bot, memory):
    await memory.remember(WORKSPACE, USER, NASTY, "global")  # shared: used in a channel
    message = await fake.say("where is the wiki?", mention_bot=True)
    call = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")
    content = call.body["content"]
    assert "wiki" in content
    assert not re.search(r"(?<!\\)\[click here\]\(", content)  # no live masked link
    assert not re.search(r"(?<!\\)\|\|hidden", content)  # no live spoiler
    assert "<@123>" not in content and "@everyone" not in content
    assert "**now**" not in content
    assert call.body["allowed_mentions"] == {"parse": [], "replied_user": False}


async def test_a_chat_message_with_invalid_text_gets_one_line_not_silence(fake, bot, memory):
    message = await fake.say("which port is \udcff staging on?", mention_bot=True)
    call = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")
    assert call.body["content"] == texts.BAD_TEXT.format(what="message")


async def test_edit_refuses_to_open_a_form_too_small_for_the_memory(fake, bot, memory):
    memory.ports = replace(memory.ports, max_chars=16_000)  # MEMORYBOT_MAX_MEMORY_CHARS
    long = "the runbook says " + " ".join(f"step{i} check" for i in range(500))
    saved = (await memory.remember(WORKSPACE, USER, long)).memory
    assert saved is not None and len(saved.content) > TEXT_LIMIT
    shown = await listing(fake)
    ex, first = await open_form(fake, shown)
    assert first["type"] != 9  # no form opened
    reply = await fake.followup_for(ex) if first["type"] == 5 else first
    body = reply.body if hasattr(reply, "body") else reply
    content = body.get("content") or body.get("data", {}).get("content")
    assert content == texts.EDIT_FORM_TOO_LONG.format(length=len(saved.content), limit=TEXT_LIMIT)
