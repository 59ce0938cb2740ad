"""A reply on Discord reads the chain it replies to, as far as the bot can see it
(issue 16): its own messages and messages that mention it, no privileged intent."""

from __future__ import annotations

import json

from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, BOB, BOT, GUILD

CHANNEL = str(GUILD.channels[0])


def earlier(fake, author, content: str, *, replying_to: dict | None = None, **kw) -> dict:
    """A message posted before the test, as Discord holds it (fetchable by id)."""
    message = wire.message(channel_id=CHANNEL, author=author.payload(), content=content, **kw)
    if replying_to is not None:
        message["type"] = 19
        message["message_reference"] = {
            "type": 0,
            "message_id": replying_to["id"],
            "channel_id": CHANNEL,
        }
    fake.messages[message["id"]] = message
    return message


async def answer(fake, message: dict) -> str:
    call = await fake.wait_call("POST", rf"/channels/{CHANNEL}/messages")
    assert call.body["message_reference"]["message_id"] in (message["id"], int(message["id"]))
    return call.body["content"]


async def test_a_reply_chain_whose_earlier_message_holds_the_detail_is_answered_with_it(
    fake, bot, memory, server_chat_model, model_script, provider_server
):
    """The detail is only in the chain (nothing saved): the model must see the chain."""
    memory.chat_model = server_chat_model
    mention = [BOT.payload()]
    first = earlier(fake, BOB, f"<@{BOT.id}> the release branch is release-42", mentions=mention)
    noted = earlier(fake, BOT, "Noted.\n-# 🧠 used 0 memories", replying_to=first)
    unseen = earlier(fake, ALICE, "", replying_to=noted)  # no mention: no content for the bot
    model_script.reply = lambda body: (
        "It's release-42." if "release-42" in json.dumps(body["messages"]) else "No idea."
    )
    asked = await fake.say("which branch again?", mention_bot=True, reply_to=unseen)
    assert "It's release-42." in await answer(fake, asked)
    fetched = {
        c.path.rsplit("/", 1)[-1] for c in fake.calls_to("GET", r"/channels/\d+/messages/\d+")
    }
    assert fetched == {noted["id"], first["id"]}  # the replied-to one came with the reply
    [sent] = [
        r.json["messages"]
        for r in provider_server.chat_requests()
        if r.json["messages"][-1]["content"] == "which branch again?"
    ]
    roles = [(m["role"], m["content"]) for m in sent[:-1] if m["role"] != "system"]
    assert roles == [("user", "the release branch is release-42"), ("assistant", "Noted.")]
    await memory.jobs.drain()  # learning after the reply, while the model is still there


async def test_a_mention_that_replies_to_nothing_reads_no_chain(fake, bot, memory):
    asked = await fake.say("anything?", mention_bot=True)
    await answer(fake, asked)
    assert fake.calls_to("GET", r"/channels/\d+/messages/\d+") == []


async def test_a_chain_link_that_is_gone_ends_the_chain_and_the_reply_still_comes(
    fake, bot, memory, server_chat_model, model_script, provider_server
):
    memory.chat_model = server_chat_model
    model_script.reply = lambda body: "Still here."
    gone = {"id": wire.snowflake(), "channel_id": CHANNEL}
    middle = earlier(fake, BOT, "The answer was 7.", replying_to=gone)
    asked = await fake.say("and again?", mention_bot=True, reply_to=middle)
    assert "Still here." in await answer(fake, asked)
    [sent] = [
        r.json["messages"]
        for r in provider_server.chat_requests()
        if r.json["messages"][-1]["content"] == "and again?"
    ]
    roles = [(m["role"], m["content"]) for m in sent[:-1] if m["role"] != "system"]
    assert roles == [("assistant", "The answer was 7.")]
    await memory.jobs.drain()
