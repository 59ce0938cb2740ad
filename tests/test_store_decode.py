"""A memory row decoded by position (`memory_from_values`, SQLite's searches) is the
memory decoding it by column name (`memory_from_row`) gives: same values, same types."""

from __future__ import annotations

import random

from core.stores.codec import MEMORY_ROW, memory_from_row, memory_from_values


def row(rng: random.Random, n: int) -> list[object]:
    """A row as SQLite hands it back: text enums, JSON text, integers for booleans and
    some floats, NULL for unset optional and provenance columns."""
    pick = rng.choice
    return [
        *(f"id{n}", "acme", "alice", pick(["private", "global"]), "the DB is on 6543", "h1"),
        *(pick(["fact", "preference", "intent"]), pick(["explicit", "extracted"])),
        *(pick([0.5, 1]), 1, pick(["active", "superseded", "pending_review"])),
        *(pick(["[]", '["db", "staging"]']), pick([None, "C1"]), 1, 2.5, pick([None, 3])),
        *(pick([0, 3]), pick([None, 4]), pick([None, 5.5]), pick([None, "id0"]), pick([0, 1])),
        *(pick([0, 0.5]), pick([None, 7]), pick([None, "", "import"]), pick([None, "slack"])),
        *(None, "", pick([None, "bob"]), pick([0, 1]), "a column after the row's"),
    ]


def test_positional_decoding_matches_decoding_by_name():
    rng = random.Random(5)
    for n in range(500):
        values = row(rng, n)
        by_position = memory_from_values(tuple(values))
        by_name = memory_from_row(dict(zip(MEMORY_ROW, values, strict=False)))
        assert by_position == by_name
        for name in by_name.__dataclass_fields__:
            assert type(getattr(by_position, name)) is type(getattr(by_name, name)), name
