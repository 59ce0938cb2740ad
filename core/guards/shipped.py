"""The patterns' gates, derived ahead of time and shipped as package data.

Reading every pattern's literals (`core.guards.literals`) costs about a third of a
second of CPU; a bot pays it once, but a CLI call checks one text per process, and
paid it on every `memorybot remember`. The derived clauses, heads and run widths are
kept in `data/gates.json` (with each pattern's Hyperscan condition, whose derivation
costs as much again), keyed by a digest of each pattern; a pattern missing from
the file (edited since) is derived as before. `tests/test_guards_prefilter.py` derives
them all again and fails when the file is stale; `tests/data/guards/make_gates.py`
rewrites it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources

from core.guards.literals import Clause, chunk_width, clauses, head
from core.guards.superset import Condition, condition

Gate = tuple[tuple[Clause, ...], frozenset[str] | None, int, Condition | None]

_FILE = "data/gates.json"


def key(source: str, flags: int) -> str:
    return hashlib.sha256(f"{flags}:{source}".encode()).hexdigest()[:24]


def derive(source: str, flags: int) -> Gate:
    """What `core.guards.literals` reads from the pattern (clauses, head, run width) and
    its `core.guards.superset` condition for Hyperscan."""
    return (
        clauses(source, flags), head(source, flags), chunk_width(source, flags),
        condition(source, flags),
    )  # fmt: skip


def to_json(found: Condition | None) -> object:
    if found is None or isinstance(found, str):
        return found
    kind, parts = found
    return {kind: [to_json(part) for part in parts]}


def from_json(value: object) -> Condition | None:
    if value is None or isinstance(value, str):
        return value
    assert isinstance(value, dict) and len(value) == 1
    ((kind, parts),) = value.items()
    return (kind, tuple(c for c in map(from_json, parts) if c is not None))


@cache
def _table() -> dict[str, Gate]:
    try:
        text = resources.files("core.guards").joinpath(_FILE).read_text("utf-8")
    except FileNotFoundError:
        return {}
    table: dict[str, Gate] = {}
    for name, row in json.loads(text).items():
        found = tuple(frozenset(clause) for clause in row["clauses"])
        start = None if row["head"] is None else frozenset(row["head"])
        table[name] = (found, start, int(row["width"]), from_json(row.get("condition")))
    return table


def gate(source: str, flags: int) -> Gate:
    """The pattern's gate: shipped when the file has it, else derived now."""
    shipped = _table().get(key(source, flags))
    return shipped if shipped is not None else derive(source, flags)
