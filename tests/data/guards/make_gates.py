"""Write core/guards/data/gates.json: every gated pattern's clauses, head, run width and
Hyperscan condition,
derived once here so a process does not derive them at its first check (see
core/guards/shipped.py). Run from the repository root after changing a pattern:

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

FILE = ROOT / "core" / "guards" / "data" / "gates.json"


def every_pattern() -> list[tuple[str, int]]:
    """Every gated pattern: the three pools and the split-word order."""
    pairs = [(p.pattern, p.flags) for pool in (TEXT, UNMASKED, VIEWS) for p in pool.patterns]
    return list(dict.fromkeys([*pairs, hidden_text.ORDER_WORDS_GATE]))


def table_for(pairs: list[tuple[str, int]]) -> dict[str, object]:
    """The file's content for `pairs`, in a stable order."""
    rows: dict[str, object] = {}
    for source, flags in sorted(pairs):
        found, start, width, condition = shipped.derive(source, flags)
        rows[shipped.key(source, flags)] = {
            "clauses": [sorted(clause) for clause in found],
            "head": None if start is None else sorted(start),
            "width": width,
            "condition": shipped.to_json(condition),
        }
    return rows


def main() -> None:
    rows = table_for(every_pattern())
    FILE.write_text(json.dumps(rows, ensure_ascii=False, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {len(rows)} gates to {FILE}")


if __name__ == "__main__":
    main()
