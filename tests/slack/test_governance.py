"""Governance from Slack (SPEC §9): 👍 / 👎 on replies, pinning, the admin tidy-up and
the two-step erase, from messages and from the App Home; dangerous buttons ask first."""

from __future__ import annotations

from core import texts
from core.models import Scope
from tests.slack.conftest import (
    ADMIN,
    ALICE,
    BOB,
    block_text,
    buttons,
    labelled,
    menus,
    option_labels,
    parsed,
)
from tests.slack.test_chat import blocks_of, dm
from tests.slack.test_home import home_opened

FACT = "the staging DB is on port 6543"


def home_page(slack, user: str = ALICE) -> list[dict]:
    call = [c for c in slack.calls_to("views.publish") if c.args["user_id"] == user][-1]
    return parsed(call.args["view"])["blocks"]


async def reply_to_a_mention(driver, slack) -> list[dict]:
    """A reply in a DM: only there may it use Alice's private memories."""
    await driver.event(dm("which port is staging on?"))
    return blocks_of(slack.calls_to("chat.postMessage")[-1])


# -- 👍 / 👎 ----------------------------------------------------------------------------


async def test_a_reply_shows_show_used_thumbs_up_and_thumbs_down_in_one_row(driver, service, slack):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    blocks = await reply_to_a_mention(driver, slack)
    [row] = [b for b in blocks if b["type"] == "actions"]
    assert [e["text"]["text"] for e in row["elements"]] == ["Show memories used", "👍", "👎"]
    assert all(e["value"] == memory.id for e in row["elements"])
    assert [b["type"] for b in blocks][-2:] == ["actions", "context"], "the footer comes last"


async def test_thumbs_down_on_a_reply_lowers_trust_and_answers_privately(driver, service, slack):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    [down] = labelled(await reply_to_a_mention(driver, slack), "👎")
    rated = await driver.click(down)
    assert rated.reply["text"] == texts.FEEDBACK_DOWN.format(count=1, noun="memory")
    assert rated.reply["response_type"] == "ephemeral"
    assert rated.reply["replace_original"] is False
    assert (await service.get_memory("T1", ALICE, memory.id)).trust < 0
    [undo] = labelled(rated.reply["blocks"], "Undo")
    await driver.click(undo)
    assert (await service.get_memory("T1", ALICE, memory.id)).trust == 0


async def test_thumbs_up_raises_trust_and_someone_who_cannot_see_the_memories_changes_nothing(
    driver, service, slack
):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    [up] = labelled(await reply_to_a_mention(driver, slack), "👍")
    by_bob = await driver.click(up, user=BOB)
    assert by_bob.reply["text"] == texts.FEEDBACK_NONE
    assert (await service.get_memory("T1", ALICE, memory.id)).trust == 0
    rated = await driver.click(up)
    assert rated.reply["text"] == texts.FEEDBACK_UP.format(count=1, noun="memory")
    assert (await service.get_memory("T1", ALICE, memory.id)).trust > 0


# -- pinning ------------------------------------------------------------------------------


async def test_pin_and_unpin_from_the_memories_menu(driver, service):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    [menu] = menus((await driver.command("memories")).reply["blocks"])
    pinned = await driver.choose(menu, "Pin")
    assert pinned.reply["text"] == texts.PINNED
    assert (await service.get_memory("T1", ALICE, memory.id)).pinned is True
    listing = await driver.command("memories")
    assert "📌 pinned" in block_text(listing.reply["blocks"])
    [menu] = menus(listing.reply["blocks"])
    assert option_labels(menu) == ["Edit", "Unpin", "Forget"]
    unpinned = await driver.choose(menu, "Unpin")
    assert unpinned.reply["text"] == texts.UNPINNED
    assert (await service.get_memory("T1", ALICE, memory.id)).pinned is False


async def test_only_admins_may_pin_a_shared_memory(driver, service):
    shared = (await service.remember("T1", ALICE, FACT, Scope.GLOBAL)).memory
    [menu] = menus((await driver.command("memories")).reply["blocks"])
    assert option_labels(menu) == ["Edit", "Forget"], "its author may edit it, not pin it"
    [menu] = menus((await driver.command("memories", user=ADMIN)).reply["blocks"])
    assert option_labels(menu) == ["Edit", "Pin", "Forget"]
    forged = await driver.choose(menu, "Pin", user=ALICE)
    assert forged.reply["text"] == texts.PIN_GLOBAL_ADMIN
    pinned = await driver.choose(menu, "Pin", user=ADMIN)
    assert pinned.reply["text"] == texts.PINNED
    assert (await service.get_memory("T1", ALICE, shared.id)).pinned is True


async def test_pinning_from_the_home_tab_shows_the_answer_and_the_pin_there(driver, service, slack):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    await driver.event(home_opened(ALICE))
    [menu] = menus(home_page(slack))
    await driver.choose(menu, "Pin", channel=None)
    text = block_text(home_page(slack))
    assert texts.PINNED in text and "📌 pinned" in text
    assert (await service.get_memory("T1", ALICE, memory.id)).pinned is True


# -- tidy up (admins) ---------------------------------------------------------------------


async def slipped_duplicates(service) -> None:
    for text in (
        "the staging database is on port 6543",
        "the staging database is on port 6543 now",
    ):
        await service.remember("T1", ALICE, text, reconcile=False)


async def test_an_admin_tidies_up_from_memories_and_a_member_has_no_such_button(driver, service):
    await slipped_duplicates(service)
    assert labelled((await driver.command("memories")).reply["blocks"], "Tidy up memories") == []
    [tidy] = labelled(
        (await driver.command("memories", user=ADMIN)).reply["blocks"], "Tidy up memories"
    )
    forged = await driver.click(tidy, user=ALICE)
    assert forged.reply["text"] == texts.ADMIN_ONLY
    assert (await service.stats("T1", ALICE)).memories == 2
    done = await driver.click(tidy, user=ADMIN)
    assert done.reply["text"].startswith("🧹 Tidied up: merged 1 near-duplicate memory")
    assert [m.content for m in (await service.memories("T1", ALICE)).items] == [
        "the staging database is on port 6543 now"
    ]


async def test_an_admin_tidies_up_from_the_home_tab(driver, service, slack):
    await slipped_duplicates(service)
    await driver.event(home_opened(ADMIN))
    [tidy] = labelled(home_page(slack, ADMIN), "Tidy up memories")
    await driver.click(tidy, user=ADMIN, channel=None)
    assert "🧹 Tidied up: merged 1" in block_text(home_page(slack, ADMIN))
    await driver.event(home_opened(ALICE))
    assert labelled(home_page(slack), "Tidy up memories") == []


# -- erase ----------------------------------------------------------------------------------


async def test_erase_asks_first_then_the_confirm_button_erases_everything(driver, service):
    await service.remember("T1", ALICE, FACT)
    await service.remember("T1", ALICE, "lunch is at noon")
    await service.set_profile("T1", ALICE, {"name": "Alice"})
    [ask] = labelled((await driver.command("memories")).reply["blocks"], "Erase all my data")
    asked = await driver.click(ask)
    assert asked.reply["text"].startswith("⚠️ This erases everything I hold about you")
    assert (await service.stats("T1", ALICE)).memories == 2, "nothing is erased yet"
    [confirm] = labelled(asked.reply["blocks"], "Erase everything")
    assert confirm["style"] == "danger"
    erased = await driver.click(confirm)
    assert erased.reply["text"].startswith("🧽 Erased: 2 memories")
    assert (await service.stats("T1", ALICE)).memories == 0
    assert await service.profile("T1", ALICE) == {}


async def test_erase_works_from_the_home_tab_in_two_steps(driver, service, slack):
    await service.remember("T1", ALICE, FACT)
    await driver.event(home_opened(ALICE))
    [ask] = labelled(home_page(slack), "Erase all my data")
    await driver.click(ask, channel=None)
    page = home_page(slack)
    assert "⚠️ This erases everything I hold about you" in block_text(page)
    [confirm] = labelled(page, "Erase everything")
    await driver.click(confirm, channel=None)
    text = block_text(home_page(slack))
    assert "🧽 Erased: 1 memory" in text and "0 memories ·" in text
    assert (await service.stats("T1", ALICE)).memories == 0


# -- dangerous buttons ask first --------------------------------------------------------


async def test_every_dangerous_button_asks_first_in_the_cores_words(driver, service):
    await service.remember("T1", ALICE, FACT)
    await service.remember("T1", ALICE, "I think Bob prefers tabs", pending=True)
    await service.set_profile("T1", ALICE, {"name": "Alice"})
    listing = await driver.command("memories")
    asked = await driver.click(labelled(listing.reply["blocks"], "Erase all my data")[0])
    found = buttons(listing.reply["blocks"]) + buttons(asked.reply["blocks"])
    danger = [b for b in found if b.get("style") == "danger"]
    assert {b["text"]["text"] for b in danger} == {"Reject", "Clear profile", "Erase everything"}
    for element in danger:
        kind = element["action_id"].split(".")[1]
        dialog = element["confirm"]
        assert dialog["title"]["text"] == texts.CONFIRM_TITLE
        assert dialog["text"]["text"] == texts.CONFIRM_ASK[kind]
        assert dialog["confirm"]["text"] == element["text"]["text"]
        assert dialog["deny"]["text"] == texts.CONFIRM_CANCEL
        assert dialog["style"] == "danger"
    assert all("confirm" not in b for b in found if b not in danger)


async def test_forgetting_from_a_menu_asks_in_a_form_in_the_cores_words(driver, service, slack):
    memory = (await service.remember("T1", ALICE, FACT)).memory
    [menu] = menus((await driver.command("memories")).reply["blocks"])
    await driver.choose(menu, "Forget")
    view = parsed(slack.calls_to("views.open")[-1].args["view"])
    assert view["callback_id"] == "mb.form.confirm"
    assert view["title"]["text"] == texts.CONFIRM_TITLE
    assert view["submit"]["text"] == "Forget" and view["close"]["text"] == texts.CONFIRM_CANCEL
    assert block_text(view["blocks"]) == texts.CONFIRM_ASK["forget"]
    assert await service.get_memory("T1", ALICE, memory.id) is not None, "closing it keeps it"
