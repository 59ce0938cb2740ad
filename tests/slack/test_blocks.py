"""Block Kit rendering stays within Slack's limits and never lets text become markup."""

from __future__ import annotations

from adapters.slack.blocks import (
    MAX_BLOCKS,
    MAX_BUTTON_VALUE,
    MAX_MESSAGES,
    MAX_SECTION_TEXT,
    action_kind,
    render,
)
from core.responses import Action, ActionKind, Item, Response, Section


def memory_list(count: int) -> Response:
    items = tuple(
        Item(f"memory number {n}", "fact", (Action(ActionKind.FORGET, "Forget", f"id{n}"),))
        for n in range(count)
    )
    return Response("Your memories", sections=(Section("Recent", items),), footer="usage")


def test_a_long_list_is_split_into_messages_of_at_most_50_blocks():
    messages = render(memory_list(120))
    assert len(messages) == 3
    assert all(len(m.blocks) <= MAX_BLOCKS for m in messages)
    texts = [b["text"]["text"] for m in messages for b in m.blocks if b["type"] == "section"]
    assert sum("memory number" in t for t in texts) == 120
    ids = [b["accessory"]["action_id"] for m in messages for b in m.blocks if "accessory" in b]
    assert len(set(ids)) == 120
    assert messages[-1].blocks[-1]["type"] == "context"


def test_a_list_too_long_for_one_reply_says_how_much_was_left_out():
    messages = render(memory_list(400))
    assert len(messages) == MAX_MESSAGES
    assert all(len(m.blocks) <= MAX_BLOCKS for m in messages)
    note = messages[-1].blocks[-1]["elements"][0]["text"]
    assert note.startswith("…and ") and "more not shown" in note


def test_section_text_is_cut_at_3000_characters_without_losing_any():
    text = "\n".join(f"line {n} " + "x" * 90 for n in range(100))
    messages = render(Response(text))
    sections = [b["text"]["text"] for b in messages[0].blocks]
    assert len(sections) > 1
    assert all(len(s) <= MAX_SECTION_TEXT for s in sections)
    assert "\n".join(sections) == text


def test_one_unbroken_word_longer_than_a_section_is_still_split():
    messages = render(Response("y" * 7000))
    sections = [b["text"]["text"] for b in messages[0].blocks]
    assert [len(s) for s in sections] == [3000, 3000, 1000]


def test_memory_text_cannot_ping_the_channel_or_fake_a_link():
    item = Item("<!channel> see <https://evil.example|the docs> & more")
    block = render(Response("x", sections=(Section("", (item,)),)))[0].blocks[1]
    assert block["text"]["text"] == (
        "• &lt;!channel&gt; see &lt;https://evil.example|the docs&gt; &amp; more"
    )


def test_button_values_fit_slacks_limit_keeping_whole_ids():
    ids = ",".join(f"{n:026d}" for n in range(200))
    response = Response("x", actions=(Action(ActionKind.SHOW_USED, "Show", ids),))
    element = render(response)[0].blocks[-1]["elements"][0]
    assert len(element["value"]) <= MAX_BUTTON_VALUE
    assert all(len(part) == 26 for part in element["value"].split(","))


def test_action_ids_round_trip_to_their_kind():
    response = Response("x", actions=tuple(Action(k, k.value, "v") for k in ActionKind))
    elements = render(response)[0].blocks[-1]["elements"]
    assert [action_kind(e["action_id"]) for e in elements] == list(ActionKind)
    assert action_kind("mb.setting.memory_enabled") is None
    assert action_kind("other.forget.1") is None


def test_a_section_titled_like_the_message_does_not_repeat_the_header():
    response = Response("Header", sections=(Section("Header", (Item("one"),)),))
    blocks = render(response)[0].blocks
    assert [b["text"]["text"] for b in blocks] == ["Header", "• one"]
