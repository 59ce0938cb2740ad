"""Chat: mentions answered in thread, DMs in the DM, with the used-memories footer."""

from __future__ import annotations

import json

from core import texts
from core.models import Scope
from tests.slack.conftest import ALICE, BOB, block_text, buttons


def mention(text: str, ts: str = "1700000100.000100", **extra) -> dict:
    return {
        "type": "app_mention",
        "user": ALICE,
        "text": f"<@UBOT> {text}",
        "ts": ts,
        "channel": "C1",
        "event_ts": ts,
        **extra,
    }


def dm(text: str, user: str = ALICE, **extra) -> dict:
    return {
        "type": "message",
        "channel_type": "im",
        "channel": "D0ALICE",
        "user": user,
        "text": text,
        "ts": "1700000200.000100",
        "event_ts": "1700000200.000100",
        **extra,
    }


def blocks_of(call) -> list[dict]:
    blocks = call.args["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else blocks


async def test_a_mention_is_answered_in_thread_with_the_used_memories_footer(
    driver, service, slack
):
    await service.remember("T1", ALICE, "the staging DB is on port 6543", Scope.GLOBAL)
    exchange = await driver.event(mention("which port is staging on?"))
    assert exchange.status == 200
    [post] = slack.calls_to("chat.postMessage")
    assert post.args["channel"] == "C1"
    assert post.args["thread_ts"] == "1700000100.000100"
    blocks = blocks_of(post)
    assert "the staging DB is on port 6543" in block_text(blocks)
    footer = [b for b in blocks if b["type"] == "context"]
    assert footer[-1]["elements"][0]["text"] == "🧠 used 1 memory"
    show = next(b for b in buttons(blocks) if b["action_id"].startswith("mb.show_used."))
    shown = await driver.click(show, channel="C1")
    assert shown.reply["response_type"] == "ephemeral"
    assert shown.reply["replace_original"] is False
    assert "the staging DB is on port 6543" in block_text(shown.reply["blocks"])


async def test_a_public_mention_answered_only_by_private_memories_posts_none_of_them(
    driver, service, slack
):
    await service.remember("T1", ALICE, "my dentist appointment is on friday at 3pm")
    await driver.event(mention("when is my dentist appointment?"))
    [post] = slack.calls_to("chat.postMessage")
    posted = block_text(blocks_of(post)) + post.args["text"]
    assert "friday" not in posted and "3pm" not in posted
    assert texts.PRIVATE_HELD_BACK.format(count=1, noun="note") in posted
    assert texts.NO_MEMORIES_ANSWER not in posted  # it has something, just not for here
    await service.remember(
        "T1", BOB, "dentist appointment reminders go out from the HR wiki", Scope.GLOBAL
    )
    await driver.event(mention("when is my dentist appointment?"))
    posted = block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))
    assert "HR wiki" in posted and "friday" not in posted  # shared memories serve everyone
    await driver.event(dm("when is my dentist appointment?"))
    in_dm = block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))
    assert "friday at 3pm" in in_dm and texts.PRIVATE_HELD_BACK[:10] not in in_dm


async def test_an_admin_may_let_shared_channel_replies_use_the_askers_private_memories(
    driver, service, slack
):
    await service.update_settings("T1", "UADMIN", is_admin=True, shared_channel_recall="all")
    await service.remember("T1", ALICE, "my dentist appointment is on friday at 3pm")
    await driver.event(mention("when is my dentist appointment?"))
    assert "friday at 3pm" in block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))


async def test_the_bots_mention_is_not_part_of_the_question(driver, slack, service):
    await service.remember("T1", ALICE, "UBOT appears in every mention")
    await driver.event(mention("hello there"))
    blocks = blocks_of(slack.calls_to("chat.postMessage")[-1])
    assert block_text(blocks) == texts.NO_MEMORIES_ANSWER


async def test_a_mention_inside_a_thread_is_answered_in_that_thread(driver, slack):
    await driver.event(mention("anything?", ts="1700000300.000200", thread_ts="1700000000.000001"))
    assert slack.calls_to("chat.postMessage")[-1].args["thread_ts"] == "1700000000.000001"


async def test_a_dm_is_answered_in_the_dm(driver, service, slack):
    await service.remember("T1", ALICE, "my laptop is a ThinkPad")
    await driver.event(dm("what laptop do I have?"))
    [post] = slack.calls_to("chat.postMessage")
    assert post.args["channel"] == "D0ALICE"
    assert "thread_ts" not in post.args
    assert "ThinkPad" in block_text(blocks_of(post))


async def test_memories_are_private_in_chat_too(driver, service, slack):
    await service.remember("T1", BOB, "my laptop is a MacBook")
    await driver.event(dm("what laptop do I have?"))
    blocks = blocks_of(slack.calls_to("chat.postMessage")[-1])
    assert "MacBook" not in block_text(blocks)
    assert texts.NO_MEMORIES_ANSWER in block_text(blocks)


async def test_the_bots_own_messages_edits_joins_and_other_bots_are_ignored(driver, slack):
    ignored = [
        dm("echo", user="UBOT", bot_id="BBOT"),
        dm("another bot", user="UOTHER", bot_id="BOTHER"),
        dm("edited", subtype="message_changed"),
        dm("joined", subtype="channel_join"),
        {k: v for k, v in dm("no user").items() if k != "user"},
        mention("from a bot", bot_id="BOTHER"),
    ]
    for event in ignored:
        assert (await driver.event(event)).status == 200
    assert slack.calls_to("chat.postMessage") == []


async def test_incognito_in_a_dm_means_nothing_is_recalled(driver, service, slack):
    await service.remember("T1", ALICE, "my laptop is a ThinkPad")
    await driver.command("incognito", "on", channel="D0ALICE")
    await driver.event(dm("what laptop do I have?"))
    post = slack.calls_to("chat.postMessage")[-1]
    assert block_text(blocks_of(post)) == texts.INCOGNITO_ANSWER


async def test_a_chat_failure_is_reported_privately_in_the_thread(driver, bot, slack):
    class Broken:
        dimensions, name = 8, "broken"

        async def embed(self, texts_):
            raise RuntimeError("model server down")

    bot.service.embedder = Broken()
    await driver.event(mention("which port is staging on?"))
    [notice] = slack.calls_to("chat.postEphemeral")
    assert notice.args["text"] == texts.SOMETHING_WENT_WRONG
    assert notice.args["user"] == ALICE and notice.args["thread_ts"] == "1700000100.000100"
    assert bot.tasks.failures == 1
    bot.tasks.failures = 0


async def test_a_mention_in_a_thread_is_answered_with_the_threads_earlier_detail(
    driver, service, slack, server_chat_model, model_script, provider_server
):
    """The detail is only in the thread (nothing saved): the model must see the thread."""
    service.chat_model = server_chat_model
    slack.threads["1700000000.000001"] = [
        {"ts": "1700000000.000001", "user": BOB, "text": "the release branch is release-42"},
        {"ts": "1700000000.000050", "user": "UBOT", "text": "Noted.", "bot_id": "BBOT"},
        {"ts": "1700000300.000200", "user": ALICE, "text": "<@UBOT> which branch again?"},
    ]
    model_script.reply = lambda body: (
        "It's release-42." if "release-42" in json.dumps(body["messages"]) else "No idea."
    )
    await driver.event(
        mention("which branch again?", ts="1700000300.000200", thread_ts="1700000000.000001")
    )
    assert "It's release-42." in block_text(blocks_of(slack.calls_to("chat.postMessage")[-1]))
    [asked] = slack.calls_to("conversations.replies")
    assert asked.args["channel"] == "C1" and asked.args["ts"] == "1700000000.000001"
    [sent] = [
        r.json["messages"]
        for r in provider_server.requests
        if r.json["messages"][-1]["content"] == "which branch again?"
    ]
    roles = [(m["role"], m["content"]) for m in sent[:-1] if m["role"] != "system"]
    assert ("user", "the release branch is release-42") in roles
    assert ("assistant", "Noted.") in roles
    assert all("which branch again" not in content for _, content in roles)


async def test_a_mention_outside_a_thread_reads_no_thread(driver, slack):
    await driver.event(mention("anything?"))
    assert slack.calls_to("conversations.replies") == []
