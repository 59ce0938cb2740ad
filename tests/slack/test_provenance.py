"""A memory learnt from a Slack message links back to it in "which memories were used"."""

from __future__ import annotations

from tests.slack.conftest import ALICE, block_text, buttons
from tests.slack.test_chat import blocks_of, dm, mention

DEPLOYS = "C07DEPLOY1"


async def test_a_memory_saved_from_a_slack_message_shows_its_permalink(driver, service, slack):
    await driver.event(mention("we use Buildkite for CI", channel=DEPLOYS))
    await service.jobs.drain()
    [memory] = (await service.memories("T1", ALICE)).items
    link = "https://acme.slack.com/archives/C07DEPLOY1/p1700000100000100"
    assert (memory.platform, memory.message_id, memory.permalink, memory.author) == (
        "slack",
        "1700000100.000100",
        link,
        ALICE,
    )
    await driver.event(dm("what do we use for CI?"))  # a private memory: asked in a DM
    blocks = blocks_of(slack.calls_to("chat.postMessage")[-1])
    show = next(b for b in buttons(blocks) if b["action_id"].startswith("mb.show_used."))
    shown = block_text((await driver.click(show, channel="D0ALICE")).reply["blocks"])
    assert f"from <#{DEPLOYS}>" in shown
    assert f"<{link}|message>" in shown
    assert f"<@{ALICE}>" in shown
