"""Every guard verdict on 6,000+ texts, beside another commit's: speed work changes none.

The gates and Hyperscan only skip work that could not have found a match, so each text's
privacy and injection verdicts (category, rule and label) must be exactly those of the
commit before them. The texts: both corpus splits, the LoCoMo turns, every corpus row
inside chat, chat, look-alike and adversarial texts of 100/500/2,000 characters (as
`bench/guards_latency.py` builds them) and each corpus row reversed, spaced out and
base64-encoded. This checkout's verdicts are taken twice — with the literal gates alone
and with Hyperscan built — and the other commit's once, in a fresh process on a copy of
its tree (`git archive`), with the same interpreter.

    /work/main/.venv/bin/python bench/guards_equivalence.py [--against COMMIT]

Prints how many texts, how many differ (must be 0) and the first differences by index.
LoCoMo is CC BY-NC (read here, never copied): /work/shared/data/locomo/locomo-dev.json.
"""

from __future__ import annotations

import argparse
import base64
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.guards_latency import SIZES, adversarial, chat_turns, joined  # noqa: E402
from bench.guards_quality import SPLITS, load  # noqa: E402

# Run in the other commit's tree: reads texts as JSON on stdin, writes verdicts.
_VERDICTS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from core.guards import check_injection, check_privacy
def v(f):
    return None if f is None else [f.category, f.rule, f.label]
texts = json.load(sys.stdin)
json.dump([[v(check_privacy(t)), v(check_injection(t))] for t in texts], sys.stdout)
"""


def texts() -> list[str]:
    rows = [row["text"] for split in ("dev", "test") for row in load(*SPLITS[split])]
    turns = chat_turns()
    clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
    out = list(rows) + turns
    out += [
        f"{turns[i % len(turns)]} {row} {turns[(i + 7) % len(turns)]}" for i, row in enumerate(rows)
    ]
    for size in SIZES:
        out += joined(turns, size, 120, 37) + joined(clean, size, 120, 7919)
        out += joined(rows, size, 60, 131) + adversarial(size)
    out += [row[::-1] for row in rows]
    out += [" ".join(row) for row in rows[::3]]
    out += [base64.b64encode(row.encode()).decode() for row in rows[::2]]
    return out


def verdicts(items: list[str]) -> list[list[object]]:
    from core.guards import check_injection, check_privacy

    def v(finding: object) -> object:
        return None if finding is None else [finding.category, finding.rule, finding.label]  # type: ignore[attr-defined]

    return [[v(check_privacy(t)), v(check_injection(t))] for t in items]


def verdicts_at(commit: str, items: list[str]) -> list[list[object]]:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        done = subprocess.run(
            [sys.executable, "-c", _VERDICTS, tmp],
            input=json.dumps(items), capture_output=True, text=True, check=True, cwd=tmp,
        )  # fmt: skip
        result: list[list[object]] = json.loads(done.stdout)
        return result


def differences(a: list[list[object]], b: list[list[object]]) -> list[int]:
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the commit to compare with")
    args = parser.parse_args(argv)

    from core.guards import accelerator, prefilter

    items = texts()
    prefilter.ACCELERATE_AFTER = 10**12  # the literal gates alone, first
    gated = verdicts(items)
    accelerated = None
    if accelerator.accelerate(wait=True):
        accelerated = verdicts(items)
    before = verdicts_at(args.against, items)
    refused = sum(1 for p, i in gated if p or i)
    print(f"{len(items)} texts, {refused} refused by privacy or injection")
    failed = False
    for name, found in (("literal gates", gated), ("hyperscan", accelerated)):
        if found is None:
            print(f"{name}: not available here")
            continue
        diff = differences(before, found)
        print(f"{name} vs {args.against}: {len(diff)} verdicts differ")
        for i in diff[:10]:
            print(f"  text #{i}: {before[i]} -> {found[i]}")
        failed |= bool(diff)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
