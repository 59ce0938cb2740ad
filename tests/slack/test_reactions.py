"""👍 / 👎 reactions on the bot's replies count exactly like its buttons (issue 16):
`reaction_added` votes, `reaction_removed` takes the vote back; reactions on other
messages, by the bot itself, or with other emoji change nothing."""

from __future__ import annotations

import pytest

from core.models import Scope
from tests.fakes.slack_server import BOT_USER
from tests.slack.conftest import ALICE, BOB, labelled
from tests.slack.test_chat import blocks_of, dm, mention

FACT = "the staging DB is on port 6543"


def reaction(name: str, channel: str, ts: str, user: str = ALICE, added: bool = True) -> dict:
    return {
        "type": "reaction_added" if added else "reaction_removed",
        "user": user,
        "reaction": name,
        "item_user": BOT_USER,
        "item": {"type": "message", "channel": channel, "ts": ts},
        "event_ts": "1700000300.000100",
    }


async def replied(driver, slack, event: dict) -> tuple[str, list[dict]]:
    """Send a message the bot answers; (the reply's ts, its blocks)."""
    await driver.event(event)
    call = slack.calls_to("chat.postMessage")[-1]
    return call.answer["ts"], blocks_of(call)


async def trust(service, memory_id: str, user: str = ALICE) -> float:
    return (await service.get_memory("T1", user, memory_id)).trust


async def test_a_thumbs_up_reaction_moves_trust_as_the_button_does_and_removing_it_restores_it(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    ts, blocks = await replied(driver, slack, dm("which port is staging on?"))
    await driver.event(reaction("+1", "D0ALICE", ts))
    by_reaction = await trust(service, memory.id)
    assert by_reaction > 0
    await driver.event(reaction("+1", "D0ALICE", ts))  # the same reaction again: once
    assert await trust(service, memory.id) == by_reaction
    await driver.event(reaction("+1", "D0ALICE", ts, added=False))
    assert await trust(service, memory.id) == 0
    [up] = labelled(blocks, "👍")
    await driver.click(up, channel="D0ALICE")
    assert await trust(service, memory.id) == by_reaction, "a reaction counts like the button"


@pytest.mark.parametrize("name", ["-1", "thumbsdown", "-1::skin-tone-4"])
async def test_every_thumbs_down_name_lowers_trust_and_removing_it_restores_it(
    driver, service, slack, name
):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    ts, blocks = await replied(driver, slack, dm("which port is staging on?"))
    await driver.event(reaction(name, "D0ALICE", ts))
    by_reaction = await trust(service, memory.id)
    [down] = labelled(blocks, "👎")
    await driver.event(reaction(name, "D0ALICE", ts, added=False))
    assert await trust(service, memory.id) == 0
    await driver.click(down, channel="D0ALICE")
    assert by_reaction < 0 and await trust(service, memory.id) == by_reaction


async def test_a_colleagues_reaction_on_a_channel_reply_is_their_vote_on_the_shared_memory(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, FACT, Scope.GLOBAL)).memory
    ts, _ = await replied(driver, slack, mention("which port is staging on?"))
    await driver.event(reaction("thumbsup", "C1", ts, user=BOB))
    assert await trust(service, memory.id) > 0
    await driver.event(reaction("+1", "C1", ts, user=ALICE, added=False))  # Alice never reacted
    assert await trust(service, memory.id) > 0
    await driver.event(reaction("thumbsup", "C1", ts, user=BOB, added=False))
    assert await trust(service, memory.id) == 0


async def test_reactions_on_other_messages_by_the_bot_or_with_other_emoji_change_nothing(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    asked = dm("which port is staging on?")
    ts, _ = await replied(driver, slack, asked)
    await driver.event(reaction("+1", "D0ALICE", asked["ts"]))  # the question, not the reply
    await driver.event(reaction("-1", "D0ALICE", ts, user=BOT_USER))  # the bot itself
    await driver.event(reaction("tada", "D0ALICE", ts))
    await driver.event(reaction("+1", "C9", ts))  # same ts, another channel
    assert await trust(service, memory.id) == 0
