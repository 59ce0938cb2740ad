"""Block Kit rendering stays within Slack's limits and never lets text become markup."""

from __future__ import annotations

from adapters.slack.blocks import (
    MAX_BLOCKS,
    MAX_BUTTON_VALUE,
    MAX_ELEMENTS,
    MAX_MESSAGES,
    MAX_OPTION_VALUE,
    MAX_OPTIONS,
    MAX_SECTION_TEXT,
    Click,
    action_kind,
    chosen,
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


def memory_choices(n: int) -> tuple[Action, ...]:
    return (
        Action(ActionKind.EDIT, "Edit", f"{n:026d}"),
        Action(ActionKind.PIN, "Pin", f"{n:026d}"),
        Action(ActionKind.FORGET, "Forget", f"{n:026d}", "danger"),
    )


def test_each_memory_is_one_section_with_one_menu_of_its_choices():
    items = tuple(Item(f"memory number {n}", "fact", memory_choices(n)) for n in range(60))
    messages = render(Response("Your memories", sections=(Section("Recent", items),)))
    assert all(len(m.blocks) <= MAX_BLOCKS for m in messages)
    rows = [b for m in messages for b in m.blocks if "memory number" in b["text"]["text"]]
    assert len(rows) == 60, "one section per memory"
    assert not any(b["type"] == "actions" for m in messages for b in m.blocks)
    for n, row in enumerate(rows):
        menu = row["accessory"]
        assert menu["type"] == "overflow" and len(menu["options"]) <= MAX_OPTIONS
        picked = [chosen({**menu, "selected_option": o}) for o in menu["options"]]
        assert [(c.kind, c.value, c.confirm) for c in picked] == [
            (ActionKind.EDIT, f"{n:026d}", False),
            (ActionKind.PIN, f"{n:026d}", False),
            (ActionKind.FORGET, f"{n:026d}", True),
        ]
        assert all(len(o["value"]) <= MAX_OPTION_VALUE for o in menu["options"])
    assert len({row["accessory"]["action_id"] for row in rows}) == 60


def test_a_decision_keeps_its_buttons_and_choices_too_long_for_a_menu_stay_buttons():
    decision = Item(
        "I think Bob prefers tabs",
        actions=(
            Action(ActionKind.ACCEPT, "Accept", "id1", "primary"),
            Action(ActionKind.REJECT, "Reject", "id1", "danger"),
        ),
    )
    long_values = Item(
        "used", actions=(Action(ActionKind.SHOW_USED, "Show", "x" * 200), *memory_choices(1)[:1])
    )
    blocks = render(Response("x", sections=(Section("", (decision, long_values)),)))[0].blocks
    rows = [b for b in blocks if b["type"] == "actions"]
    assert [[e["type"] for e in row["elements"]] for row in rows] == [["button"] * 2] * 2
    assert chosen(rows[0]["elements"][0]) == Click(ActionKind.ACCEPT, "id1", "Accept")


def test_an_actions_block_holds_at_most_25_elements():
    actions = tuple(Action(ActionKind.UNDO, f"Undo {n}", str(n)) for n in range(30))
    blocks = render(Response("x", actions=actions))[0].blocks
    rows = [b for b in blocks if b["type"] == "actions"]
    assert [len(row["elements"]) for row in rows] == [MAX_ELEMENTS, 5]


def test_a_menu_option_that_is_not_ours_is_ignored():
    menu = {"type": "overflow", "action_id": "mb.menu.0"}
    assert chosen({**menu, "selected_option": {"value": "explode id1"}}) is None
    assert chosen({"type": "button", "action_id": "mb.apikey.chat"}) is None


def test_channels_the_core_names_become_channel_links_and_user_text_stays_escaped():
    response = Response(
        "Saved: memory in #C07HR0001 is now Off. <#C0EVIL01> <!channel> #C0EVIL01",
        sections=(Section("Channel memory", (Item("#C07HR0001: Off"), Item("<#C0EVIL01>"))),),
        channels=("C07HR0001",),
    )
    [message] = render(response)
    shown = "\n".join(b["text"]["text"] for b in message.blocks if "text" in b)
    assert "memory in <#C07HR0001> is now Off." in shown
    assert "• <#C07HR0001>: Off" in shown
    assert "<#C0EVIL01>" not in shown and "&lt;#C0EVIL01&gt;" in shown
    assert "<!channel>" not in shown and " #C0EVIL01" in shown  # not listed: plain text
    assert message.text.startswith("Saved: memory in <#C07HR0001> is now Off.")
