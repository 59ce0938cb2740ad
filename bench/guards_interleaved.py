"""Guard latency of this tree beside another commit's, text by text in turn, two processes.

`bench/guards_latency.py --against` times each tree in its own process, one after the
other: on a shared 2-core host whose speed drifts by 2x within minutes, its p95 ratios
scattered from 0.7x to 1.25x between kinds no change touched. Here both trees stay warm
in two worker processes (Hyperscan built) and time the same text one right after the
other, alternating which goes first; each text's time is its fastest over `--rounds`
(3 runs a round, CPU time of the checking thread), so a stall of the host moves neither
tree's figure. Prints p50/p95 per kind beside the other commit's and the ratios (p95,
and the sum over a kind's texts). Texts: chat, look-alike and adversarial, as
`bench/guards_latency.py` builds them.

    /work/main/.venv/bin/python bench/guards_interleaved.py --against COMMIT [--rounds 3]
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run in each tree: builds the texts, then times the one each stdin line names.
_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[2])
from bench.guards_latency import PER_KIND, adversarial, chat_turns, joined
from bench.guards_quality import SPLITS, load
import core.guards as guards
assert guards.__file__.startswith(sys.argv[1]), guards.__file__
clean = [row["text"] for row in load(*SPLITS["dev"]) if row["expect"] == "clean"]
turns = chat_turns()
texts = []
for size in (500, 2000):
    for kind, items in (("chat", joined(turns, size, PER_KIND, 37)),
                        ("look-alike", joined(clean, size, PER_KIND, 7919)),
                        ("adversarial", adversarial(size))):
        texts += [(kind, size, text) for text in items]
guards.check("warm up")
guards.accelerate(wait=True)
for _, _, text in texts:
    guards.check(text)
print(json.dumps([[kind, size] for kind, size, _ in texts]), flush=True)
for line in sys.stdin:
    text = texts[int(line)][2]
    best = 1e9
    for _ in range(3):
        start = time.thread_time()
        guards.check(text)
        best = min(best, time.thread_time() - start)
    print(best * 1000, flush=True)
"""


def _tree(commit: str, into: str) -> None:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, metavar="COMMIT")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as other:
        _tree(args.against, other)
        workers = [
            subprocess.Popen([sys.executable, "-c", _WORKER, tree, str(ROOT)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for tree in (other, str(ROOT))
        ]  # fmt: skip
        metas = []
        for worker in workers:
            assert worker.stdout is not None
            metas.append(json.loads(worker.stdout.readline()))
        meta = metas[0]
        best = [[1e9] * len(meta) for _ in workers]
        for round_ in range(args.rounds):
            for i in range(len(meta)):
                order = (0, 1) if (i + round_) % 2 == 0 else (1, 0)
                for w in order:
                    worker = workers[w]
                    assert worker.stdin is not None and worker.stdout is not None
                    worker.stdin.write(f"{i}\n")
                    worker.stdin.flush()
                    best[w][i] = min(best[w][i], float(worker.stdout.readline()))
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.close()
            worker.wait()
    print(f"fastest of {args.rounds} rounds x 3 runs per text, interleaved")
    print(f"{'kind':<12} {'chars':>5}  {args.against[:10]:>10} p50/p95 ms  this tree p50/p95 ms"
          f"  p95 ratio  sum ratio")  # fmt: skip
    for kind, size in dict.fromkeys((k, s) for k, s in meta):
        rows = [i for i, (k, s) in enumerate(meta) if (k, s) == (kind, size)]
        theirs, mine = ([best[w][i] for i in rows] for w in (0, 1))
        ratio, total = _p(mine, 0.95) / _p(theirs, 0.95), sum(mine) / sum(theirs)
        print(f"{kind:<12} {size:>5}  {_p(theirs, 0.5):>8.2f} / {_p(theirs, 0.95):>6.2f}"
              f"    {_p(mine, 0.5):>8.2f} / {_p(mine, 0.95):>6.2f}"
              f"   {ratio:>7.2f}x  {total:>7.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
