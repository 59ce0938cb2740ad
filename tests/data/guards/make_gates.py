"""Write core/guards/data/gates.json and conditions.json: every gated pattern's clauses,
head and run width, and its Hyperscan condition, derived once here so a process does
not derive them at its first check (see core/guards/shipped.py). Run from the
repository root after changing a pattern:

    /work/main/.venv/bin/python tests/data/guards/make_gates.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.guards import hidden_text, injection, privacy, shipped  # noqa: E402, F401 (pools)
from core.guards.prefilter import TEXT, UNMASKED, VIEWS  # noqa: E402
from core.guards.superset import condition  # noqa: E402

FILE = ROOT / "core" / "guards" / "data" / "gates.json"
CONDITIONS = ROOT / "core" / "guards" / "data" / "conditions.json"


def every_pattern() -> list[tuple[str, int]]:
    """Every gated pattern: the three pools and the split-word order."""
    pairs = [(p.pattern, p.flags) for pool in (TEXT, UNMASKED, VIEWS) for p in pool.patterns]
    return list(dict.fromkeys([*pairs, hidden_text.ORDER_WORDS_GATE]))


def table_for(pairs: list[tuple[str, int]]) -> dict[str, object]:
    """The file's content for `pairs`, in a stable order."""
    rows: dict[str, object] = {}
    for source, flags in sorted(pairs):
        found, start, width = shipped.derive(source, flags)
        rows[shipped.key(source, flags)] = {
            "clauses": [sorted(clause) for clause in found],
            "head": None if start is None else sorted(start),
            "width": width,
        }
    return rows


def conditions_for(pairs: list[tuple[str, int]]) -> dict[str, object]:
    """conditions.json's content for `pairs`."""
    return {
        shipped.key(source, flags): shipped.to_json(condition(source, flags))
        for source, flags in sorted(pairs)
    }


def main() -> None:
    pairs = every_pattern()
    for path, rows in ((FILE, table_for(pairs)), (CONDITIONS, conditions_for(pairs))):
        path.write_text(json.dumps(rows, ensure_ascii=False, sort_keys=True) + "\n", "utf-8")
        print(f"wrote {len(rows)} rows to {path}")


if __name__ == "__main__":
    main()
