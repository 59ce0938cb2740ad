"""Model output is validated (STYLE: prompts as data, output checked before the store)."""

from __future__ import annotations

import pytest

from core import prompts
from core.llm.structured import parse_object, problems


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"op": "ADD"}', {"op": "ADD"}),
        ('```json\n{"op": "NOOP", "id": "m1"}\n```', {"op": "NOOP", "id": "m1"}),
        ('Sure! {"op": "ADD", "id": null} hope that helps', {"op": "ADD", "id": None}),
        ('{"op": "ADD", "id": ', None),  # cut off
        ("[1, 2]", None),
        ("no json here", None),
    ],
)
def test_the_first_json_object_is_taken_from_a_reply(text, expected):
    assert parse_object(text) == expected


def test_the_schemas_we_send_are_the_ones_we_check():
    schema = prompts.schema("reconcile")
    assert problems({"op": "MERGE", "id": "m1", "content": "x"}, schema) == []
    assert problems({"op": "MERGE", "id": 1, "content": "x"}, schema) == [
        "$.id: expected string or null"
    ]
    assert problems({"op": "DROP", "id": None, "content": None}, schema)[0].startswith("$.op")
    assert problems({"op": "ADD", "id": None}, schema) == ["$: missing 'content'"]
    assert problems({"op": "ADD", "id": None, "content": None, "x": 1}, schema) == [
        "$: unexpected 'x'"
    ]


def test_booleans_are_not_numbers_and_bounds_are_enforced():
    item = prompts.schema("extract")["properties"]["memories"]["items"]
    good = {
        "content": "x",
        "kind": "fact",
        "confidence": 0.5,
        "stated": True,
        "entities": [],
        "sensitive": False,
    }
    assert problems(good, item) == []
    assert problems({**good, "confidence": True}, item) == ["$.confidence: expected number"]
    assert problems({**good, "confidence": 1.5}, item) == ["$.confidence: above 1"]
    assert problems({**good, "entities": ["a"] * 9}, item) == ["$.entities: more than 8 items"]


def test_a_schema_keyword_the_checker_does_not_know_is_an_error_not_ignored():
    with pytest.raises(ValueError, match="pattern"):
        problems("x", {"type": "string", "pattern": "^a"})
