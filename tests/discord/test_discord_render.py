"""Rendering core responses within Discord's limits (content, embeds, buttons)."""

from __future__ import annotations

from adapters.discord.render import render
from adapters.discord.views import CUSTOM_ID_LIMIT, TEMPLATE, ValueStash, custom_id, unstash
from core import texts
from core.responses import Action, ActionKind, Item, Response, Section
from tests.fakes.discord_limits import message_problems


def forget_items(count: int, text: str = "memory") -> tuple[Item, ...]:
    return tuple(
        Item(f"{text} {n}", actions=(Action(ActionKind.FORGET, "Forget", f"{n:020d}", "danger"),))
        for n in range(count)
    )


def memory_items(count: int, first: int = 0) -> tuple[Item, ...]:
    """Lines as /memories shows them: Edit, Pin and Forget each."""
    return tuple(
        Item(
            f"memory {n}",
            actions=(
                Action(ActionKind.EDIT, "Edit", f"{n:020d}"),
                Action(ActionKind.PIN, "Pin", f"{n:020d}"),
                Action(ActionKind.FORGET, "Forget", f"{n:020d}", "danger"),
            ),
        )
        for n in range(first, first + count)
    )


def pending_items(count: int) -> tuple[Item, ...]:
    return tuple(
        Item(
            f"suggestion {n}",
            actions=(
                Action(ActionKind.ACCEPT, "Accept", f"p{n:019d}", "primary"),
                Action(ActionKind.REJECT, "Reject", f"p{n:019d}", "danger"),
            ),
        )
        for n in range(count)
    )


def components(view) -> list[dict]:
    return view.to_components()


def options(row: dict) -> list[str]:
    return [o["label"] for o in row["components"][0]["options"]]


def test_a_full_memories_page_fits_in_discords_five_rows():
    response = Response(
        "t",
        sections=(Section("Recent", memory_items(10)), Section("Review", pending_items(10))),
        actions=(
            Action(ActionKind.CLEAR_PROFILE, "Clear profile", "", "danger"),
            Action(ActionKind.INCOGNITO_OFF, "Turn incognito off", "C1"),
            Action(ActionKind.CONSOLIDATE, "Tidy up memories"),
            Action(ActionKind.ERASE_REQUEST, "Erase all my data", "", "danger"),
        ),
    )
    sent = render(response, ValueStash())
    rows = components(sent["view"])
    assert message_problems({"components": rows}) == []
    assert [row["components"][0].get("placeholder") for row in rows[:4]] == [
        texts.ACTION_MENUS[group] for group in ("edit", "pin", "forget", "review")
    ]
    assert options(rows[0]) == [f"Edit {n}" for n in range(1, 11)]
    assert options(rows[2]) == [f"Forget {n}" for n in range(1, 11)]
    assert options(rows[3])[:2] == ["Accept 11", "Reject 11"] and len(options(rows[3])) == 20
    assert [b["label"] for b in rows[4]["components"]] == [a.label for a in response.actions]
    description = sent["embeds"][1].description
    assert description.startswith("**11.** suggestion 0")  # entry numbers are line numbers
    assert rows[2]["components"][0]["options"][2]["description"] == "memory 2"


def test_pin_and_unpin_share_a_menu_and_so_do_accept_and_reject():
    items = (
        Item("a", actions=(Action(ActionKind.PIN, "Pin", "m1"),)),
        Item("b", actions=(Action(ActionKind.UNPIN, "Unpin", "m2"),)),
    )
    rows = components(render(Response("t", sections=(Section("", items),)), ValueStash())["view"])
    assert len(rows) == 1 and options(rows[0]) == ["Pin 1", "Unpin 2"]
    assert [o["value"] for o in rows[0]["components"][0]["options"]] == ["pin:m1", "unpin:m2"]


def test_more_kinds_of_line_actions_than_rows_left_share_one_menu():
    kinds = [ActionKind.EDIT, ActionKind.PIN, ActionKind.FORGET, ActionKind.ACCEPT]
    kinds += [ActionKind.SHOW_USED, ActionKind.CLEAR_PROFILE]
    items = tuple(
        Item(f"line {n}", actions=(Action(k, k.value, f"v{n}"),)) for n, k in enumerate(kinds)
    )
    response = Response(
        "t", sections=(Section("", items),), actions=(Action(ActionKind.UNDO, "Undo", "a1"),)
    )
    rows = components(render(response, ValueStash())["view"])
    assert message_problems({"components": rows}) == []
    assert len(rows) == 2
    assert rows[0]["components"][0]["placeholder"] == texts.ACTION_MENUS["any"]
    assert options(rows[0]) == [f"{k.value} {n}" for n, k in enumerate(kinds, start=1)]


def test_a_menu_offers_at_most_25_entries_and_every_value_fits():
    long_ids = ",".join("x" * 20 for _ in range(10))
    response = Response(
        "t",
        sections=(Section("s", forget_items(40)),),
        actions=(Action(ActionKind.SHOW_USED, "Show memories used", long_ids),),
    )
    rows = components(render(response, ValueStash())["view"])
    assert message_problems({"components": rows}) == []
    assert options(rows[0]) == [f"Forget {n}" for n in range(1, 26)]
    assert rows[1]["components"][0]["label"] == "Show memories used"
    assert len(rows[1]["components"][0]["custom_id"]) <= CUSTOM_ID_LIMIT


def test_a_long_entry_value_is_stashed_and_comes_back_whole():
    stash = ValueStash()
    long_id = "m" * 120
    items = (Item("a", actions=(Action(ActionKind.FORGET, "Forget", long_id),)),)
    rows = components(render(Response("t", sections=(Section("", items),)), stash)["view"])
    value = rows[0]["components"][0]["options"][0]["value"]
    assert value.startswith("forget:~") and len(value) <= 100
    assert unstash(value.removeprefix("forget:"), stash) == long_id


def test_a_long_value_is_stashed_and_comes_back_whole():
    stash = ValueStash()
    ids = ",".join(f"{n:020d}" for n in range(5))
    cid = custom_id(ActionKind.SHOW_USED, ids, stash)
    match = TEMPLATE.fullmatch(cid)
    assert match is not None and len(cid) <= CUSTOM_ID_LIMIT
    assert unstash(match["value"], stash) == ids
    assert unstash(match["value"], ValueStash()) is None


def test_a_short_value_travels_in_the_custom_id_itself():
    cid = custom_id(ActionKind.UNDO, "01m8nys9kn6r18xsvn9k", ValueStash())
    assert cid == "mb:undo:01m8nys9kn6r18xsvn9k"


def test_long_answers_are_cut_to_discords_limits():
    huge = "word " * 2000
    sections = tuple(Section(f"section {n}", forget_items(5, huge)) for n in range(15))
    sent = render(Response(huge, sections=sections, footer="usage " * 100), ValueStash())
    assert len(sent["content"]) <= 2000
    embeds = sent["embeds"]
    assert 2 <= len(embeds) <= 10
    assert all(len(e.description or "") <= 4096 for e in embeds)
    assert sum(len(e) for e in embeds) <= 6000  # discord.Embed.__len__ counts what Discord counts


def test_a_footer_without_sections_is_small_text_under_the_answer():
    sent = render(Response("answer", footer="🧠 used 2 memories"), ValueStash())
    assert sent["content"] == "answer\n-# 🧠 used 2 memories"
    assert "embeds" not in sent and "view" not in sent


def test_channels_the_core_names_become_channel_links_and_user_text_stays_escaped():
    hr, evil = "1400000000000100002", "1400000000000100666"
    response = Response(
        f"Saved: memory in #{hr} is now Off. <#{evil}> #{evil}",
        sections=(Section("Channel memory", (Item(f"#{hr}: Off"), Item(f"#{evil}: On"))),),
        channels=(hr,),
    )
    sent = render(response, ValueStash())
    assert sent["content"].startswith(f"Saved: memory in <#{hr}> is now Off.")
    listed = sent["embeds"][0].description
    assert f"<#{hr}>: Off" in listed and "\\#" not in listed.split(":")[0]
    assert f"<#{evil}>" not in listed  # not listed by the core: not a link
    shown = sent["content"]
    assert f"<#{evil}>" not in shown and f" #{evil}" in shown  # not listed: never a link


def test_a_memory_holding_a_channel_tag_is_listed_escaped_and_the_list_stays_visible():
    tag = "<#1400000000000100666>"
    response = Response("x", sections=(Section("Recent", (Item(f"deploys go to {tag}"),)),))
    listed = render(response, ValueStash())["embeds"][0].description
    assert "deploys go to" in listed and tag not in listed  # shown, never a live link
