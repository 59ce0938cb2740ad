"""The patterns' gates, derived ahead of time and shipped as package data.

Reading every pattern's literals (`core.guards.literals`) costs about a third of a
second of CPU; a bot pays it once, but a CLI call checks one text per process, and
paid it on every `memorybot remember`. The derived clauses, heads and run widths are
kept in `data/gates.json`, and each pattern's Hyperscan condition (`core.guards.superset`,
as costly to derive) in `data/conditions.json`, read only by a process that builds
Hyperscan's databases. Both are keyed by a digest of each pattern; a pattern missing
from a file (edited since) is derived as before. `tests/test_guards_prefilter.py`
derives them all again and fails when a file is stale; `tests/data/guards/make_gates.py`
rewrites them.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources

from core.guards.literals import Clause, chunk_width, clauses, head
from core.guards.superset import Condition, condition

Gate = tuple[tuple[Clause, ...], frozenset[str] | None, int]

_FILE = "data/gates.json"
_CONDITIONS = "data/conditions.json"


def key(source: str, flags: int) -> str:
    return hashlib.sha256(f"{flags}:{source}".encode()).hexdigest()[:24]


def derive(source: str, flags: int) -> Gate:
    """What `core.guards.literals` reads from the pattern: clauses, head, run width."""
    return clauses(source, flags), head(source, flags), chunk_width(source, flags)


def _read(name: str) -> dict[str, object]:
    try:
        text = resources.files("core.guards").joinpath(name).read_text("utf-8")
    except FileNotFoundError:
        return {}
    table: dict[str, object] = json.loads(text)
    return table


@cache
def _table() -> dict[str, Gate]:
    table: dict[str, Gate] = {}
    for name, row in _read(_FILE).items():
        assert isinstance(row, dict)
        found = tuple(frozenset(clause) for clause in row["clauses"])
        start = None if row["head"] is None else frozenset(row["head"])
        table[name] = (found, start, int(row["width"]))
    return table


def gate(source: str, flags: int) -> Gate:
    """The pattern's gate: shipped when the file has it, else derived now."""
    shipped = _table().get(key(source, flags))
    return shipped if shipped is not None else derive(source, flags)


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
def _conditions() -> dict[str, object]:
    return _read(_CONDITIONS)


def shipped_condition(source: str, flags: int) -> Condition | None:
    """The pattern's Hyperscan condition: shipped when the file has it, else derived."""
    name = key(source, flags)
    table = _conditions()
    return from_json(table[name]) if name in table else condition(source, flags)
