"""Rendering core responses within Discord's limits (content, embeds, buttons)."""

from __future__ import annotations

from adapters.discord.render import render
from adapters.discord.views import CUSTOM_ID_LIMIT, TEMPLATE, ValueStash, custom_id, unstash
from core.responses import Action, ActionKind, Item, Response, Section


def forget_items(count: int, text: str = "memory") -> tuple[Item, ...]:
    return tuple(
        Item(f"{text} {n}", actions=(Action(ActionKind.FORGET, "Forget", f"{n:020d}", "danger"),))
        for n in range(count)
    )


def test_every_button_fits_discords_limits():
    long_ids = ",".join("x" * 20 for _ in range(10))
    response = Response(
        "t",
        sections=(Section("s", forget_items(40)),),
        actions=(Action(ActionKind.SHOW_USED, "Show memories used", long_ids),),
    )
    view = render(response, ValueStash())["view"]
    assert len(view.children) == 25
    assert view.children[0].item.label == "Show memories used"
    assert [c.item.label for c in view.children[1:3]] == ["Forget 1", "Forget 2"]
    assert all(len(child.custom_id) <= CUSTOM_ID_LIMIT for child in view.children)
    assert len({child.custom_id for child in view.children}) == 25


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
