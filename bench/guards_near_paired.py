"""Time the near-gates (issue 12): each 2,000-character text checked with them off and on.

A costly pattern with a `near` pattern (`core.guards.credential_phrases.Phrase.near`,
`core.guards.secret_patterns.SecretPattern.near`) runs only when its near pattern occurs.
Off, every near search answers "found", as before the gates existed. Off and on alternate
per text in one process (median of seven CPU-time calls each), so a loaded host slows
both alike; a ratio below 1 is time saved. Run with `nice -n 19` from the repository root.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.guards_latency import PER_KIND, chat_turns, joined, timed  # noqa: E402
from bench.guards_quality import SPLITS, load  # noqa: E402

REPEAT = 7


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[94]


def main() -> None:
    from core.guards import check, privacy

    nears = privacy._NEARS  # switched off in place for the comparison
    clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
    kinds = {
        "chat": joined(chat_turns(), 2000, PER_KIND, 37),
        "look-alike": joined(clean, 2000, PER_KIND, 7919),
    }
    check("warm up")
    for kind, texts in kinds.items():
        off, on = [], []
        for text in texts:
            nears.search = lambda *_args, **_kw: True  # type: ignore[method-assign]
            off.append(timed(check, text, REPEAT))
            del nears.search
            on.append(timed(check, text, REPEAT))
        print(
            f"{kind:<11} off p50 {statistics.median(off):.2f} p95 {p95(off):.2f} ms"
            f" | on p50 {statistics.median(on):.2f} p95 {p95(on):.2f} ms"
            f" | on/off p50 {statistics.median(on) / statistics.median(off):.2f}"
            f" p95 {p95(on) / p95(off):.2f}"
        )


if __name__ == "__main__":
    main()
