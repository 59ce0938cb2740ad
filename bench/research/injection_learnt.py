"""Does a small learnt injection scorer generalise better than the rules? Leave-one-corpus-out.

Each corpus under tests/data/guards/ came from a different author or round. For every
one of them: train a logistic model on all the others (injection rows against clean,
secret and PII rows), then score the left-out corpus with (a) the rules alone (the
verdict of `remember`, as `bench/guards_quality.py --api` takes it), (b) the scorer
alone and (c) rules OR scorer, at a threshold chosen on the training corpora only:
the lowest that adds at most 1 % clean refusals to the rules on their out-of-fold
scores (an inner leave-one-corpus-out), so the left-out corpus never picks it.
heldout2 is never trained on and prints aggregates only (`--heldout2`, the final config).
LoCoMo chat turns (CC BY-NC, read here, never copied) and the multilingual probe
sentences are never trained on either: they show what the scorer refuses of chat.

    nice -n 10 .venv/bin/python bench/research/injection_learnt.py [--variant W] [--heldout2]
    nice -n 10 .venv/bin/python bench/research/injection_learnt.py --write   # ship the model

Rules verdicts are cached under /tmp per tree state (delete it after a rule changes).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import subprocess
import sys
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.guards_quality import api_classifier, load  # noqa: E402
from core.guards import learnt  # noqa: E402

DATA = ROOT / "tests" / "data" / "guards"
# One entry per author/round. blind.jsonl's two halves were written by one author.
CORPORA = (
    "corpus",
    "dev_families",
    "dev_outside",
    "dev_injection2",
    "blind",
    "heldout",
    "heldout3",
    "test",
    "dev_injection3",
    "heldout4",  # held out by the fifth round, tuning data since the sixth
    "heldout5",  # held out by the sixth round, tuning data since the seventh
    "dev_secrets6",  # the sixth round's secrets corpus: clean and secret rows only
    "dev_injection7",  # the seventh round's, written before its rules (semi-blind)
)
HELDOUT = "heldout2"  # never trained on; aggregates only
NEVER = frozenset({HELDOUT, "heldout6"})  # the hold-outs: never trained on, never scored here
LOCOMO = Path("/work/shared/data/locomo/locomo-dev.json")
MULTILINGUAL = ROOT / "tests" / "data" / "multilingual"
CLEAN_BUDGET = 0.005  # clean refusals the scorer may add on the training folds' OOF scores

Row = dict[str, str]


# --- model -------------------------------------------------------------------------------


def fit(
    rows: Sequence[Example],
    positive: Sequence[bool],
    l2: float = 1e-4,
    iters: int = 300,
    min_df: int = 2,
) -> tuple[dict[str, float], float]:
    """Logistic regression, classes weighted equally, full-batch Adam from zeros over
    presence features L2-normalised per text: deterministic for the same rows. Every
    labelled row is trained on, gated or not (the gate is applied when scoring)."""
    feats = [fs for fs, _ in rows]
    df: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            df[f] = df.get(f, 0) + 1
    vocab = sorted(f for f, n in df.items() if n >= min_df)
    index = {f: i for i, f in enumerate(vocab)}
    row_ids: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for r, fs in enumerate(feats):
        norm = 1.0 / math.sqrt(max(len(fs), learnt.MIN_FEATURES))
        for f in sorted(fs):
            i = index.get(f)
            if i is not None:
                row_ids.append(r)
                cols.append(i)
                vals.append(norm)
    row_a = np.array(row_ids, dtype=np.int64)
    col_a = np.array(cols, dtype=np.int64)
    val_a = np.array(vals, dtype=np.float64)
    y = np.array(positive, dtype=np.float64)
    n_pos = max(1.0, y.sum())
    n_neg = max(1.0, len(y) - y.sum())
    sw = np.where(y > 0, 0.5 / n_pos, 0.5 / n_neg)
    w = np.zeros(len(vocab))
    b = 0.0
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b = v_b = 0.0
    lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
    for t in range(1, iters + 1):
        z = b + np.bincount(row_a, weights=val_a * w[col_a], minlength=len(y))
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))
        r = (p - y) * sw
        g_w = np.bincount(col_a, weights=val_a * r[row_a], minlength=len(w)) + l2 * w
        g_b = float(r.sum())
        m_w = beta1 * m_w + (1 - beta1) * g_w
        v_w = beta2 * v_w + (1 - beta2) * g_w * g_w
        m_b = beta1 * m_b + (1 - beta1) * g_b
        v_b = beta2 * v_b + (1 - beta2) * g_b * g_b
        corr1, corr2 = 1 - beta1**t, 1 - beta2**t
        w -= lr * (m_w / corr1) / (np.sqrt(v_w / corr2) + eps)
        b -= lr * (m_b / corr1) / (math.sqrt(v_b / corr2) + eps)
    weights = {f: round(float(x), 4) for f, x in zip(vocab, w, strict=True) if abs(x) >= 5e-4}
    return weights, round(b, 4)


Example = tuple[set[str], bool]  # a text's features, and whether it passes learnt.gate


def examples(texts: Sequence[str], gated: bool = True) -> list[Example]:
    split = [learnt.parts(t) for t in texts]
    return [(learnt.names(p), p.gated or not gated) for p in split]


def scores(model: tuple[dict[str, float], float], rows: Sequence[Example]) -> list[float]:
    """The scorer's probability per text, 0 for a text the gate keeps from being scored."""
    weights, bias = model
    return [learnt.score(weights, bias, fs) if ok else 0.0 for fs, ok in rows]


# --- data --------------------------------------------------------------------------------


def corpus(name: str) -> list[Row]:
    return load(DATA / f"{name}.jsonl")


def outside_clean() -> dict[str, list[str]]:
    """Chat and multilingual text no corpus holds: never trained on."""
    out: dict[str, list[str]] = {}
    if LOCOMO.exists():
        data = json.loads(LOCOMO.read_text(encoding="utf-8"))
        out["locomo"] = [
            turn["text"]
            for conv in data
            for key, session in conv["conversation"].items()
            if key.startswith("session_") and isinstance(session, list)
            for turn in session
        ]
    out["multilingual"] = [
        text
        for path in sorted(MULTILINGUAL.glob("*.json"))
        for pair in json.loads(path.read_text(encoding="utf-8"))
        for text in pair
    ]
    return out


def _tree_state() -> str:
    """The guards' code as it stands (committed or not): the rules cache's key."""
    diff = subprocess.run(
        ["git", "-C", str(ROOT), "diff", "HEAD", "--", "core"], capture_output=True, text=True
    ).stdout
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD:core/guards"], capture_output=True, text=True
    ).stdout
    return hashlib.sha256((head + diff).encode()).hexdigest()[:16]


def rules_verdicts(texts: list[str]) -> dict[str, str]:
    """`remember`'s verdict per distinct text with the learnt scorer switched off: the
    rules alone. A category, "clean" where the rules would ask the scorer, or DEFERRED
    where they pass the text without asking it (a rule's match judged a quotation or a
    report). Cached per tree state."""
    cache = Path(f"/tmp/injection_learnt_rules_{_tree_state()}.json")
    known: dict[str, str] = json.loads(cache.read_text()) if cache.exists() else {}
    todo = sorted({t for t in texts if t not in known})
    if todo:
        from core.guards import injection

        asked: set[str] = set()

        def never(text: str, _view: str | None = None) -> bool:
            asked.add(text)
            return False

        setattr(injection, "learnt_injection", never)  # noqa: B010  (the rules alone)

        async def go() -> None:
            async with AsyncExitStack() as stack:
                classify = await api_classifier(stack)
                for text in todo:
                    verdict = await classify(text)
                    deferred = verdict == "clean" and text not in asked
                    known[text] = DEFERRED if deferred else verdict

        asyncio.run(go())
        cache.write_text(json.dumps(known))
    return known


DEFERRED = "clean, deferred"


# --- evaluation --------------------------------------------------------------------------


Feats = dict[str, list[Example]]


def threshold_for(train: dict[str, list[Row]], feats: Feats) -> float:
    """The lowest threshold at which at most CLEAN_BUDGET of the training corpora's clean
    rows score at or above it, on out-of-fold scores (each training corpus scored by a
    model trained on the other training corpora). The rules are not consulted, so the
    shipped model depends on the labelled rows alone."""
    clean_scores: list[float] = []
    for held in train:
        model = fit(*_xy([c for c in train if c != held], train, feats))
        for row, s in zip(train[held], scores(model, feats[held]), strict=True):
            if row["expect"] == "clean":
                clean_scores.append(s)
    clean_scores.sort(reverse=True)
    allowed = int(CLEAN_BUDGET * len(clean_scores))
    # Just above the (allowed+1)-th highest clean score: at most `allowed` clean rows reach it.
    return min(0.999, clean_scores[allowed] + 1e-6) if allowed < len(clean_scores) else 0.5


def _xy(
    names: Sequence[str], data: dict[str, list[Row]], feats: Feats
) -> tuple[list[Example], list[bool]]:
    xs = [ex for n in names for ex in feats[n]]
    ys = [row["expect"] == "injection" for n in names for row in data[n]]
    return xs, ys


def train_model(data: dict[str, list[Row]], feats: Feats) -> tuple[dict[str, float], float, float]:
    """Weights and bias trained on every corpus given, and the threshold picked on them."""
    weights, bias = fit(*_xy(list(data), data, feats))
    return weights, bias, threshold_for(data, feats)


def rates(rows: list[Row], verdict: list[str]) -> tuple[int, int, int, int]:
    """(injections caught, injections, clean refused, clean)."""
    inj = [v for r, v in zip(rows, verdict, strict=True) if r["expect"] == "injection"]
    clean = [v for r, v in zip(rows, verdict, strict=True) if r["expect"] == "clean"]
    return (
        sum(v == "injection" for v in inj),
        len(inj),
        sum(v not in ("clean", DEFERRED) for v in clean),
        len(clean),
    )


def fmt(hit: int, n: int) -> str:
    return f"{hit / n:.3f} ({hit}/{n})" if n else "-"


def combined(rules_v: list[str], s: list[float], threshold: float) -> list[str]:
    """The rules' verdict, and "injection" where they ask the scorer and it flags the text."""
    return [
        v if v != "clean" else ("injection" if x >= threshold else "clean")
        for v, x in zip(rules_v, s, strict=True)
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ungated", action="store_true", help="score every text (no gate)")
    parser.add_argument("--heldout2", action="store_true", help="aggregate of the final config")
    parser.add_argument("--write", action="store_true", help=f"train on all, write {learnt.MODEL}")
    parser.add_argument("--latency", action="store_true", help="time the shipped scorer")
    parser.add_argument(
        "--also",
        nargs="*",
        default=[],
        help="corpora scored by the model trained on all the others, never trained on here",
    )
    args = parser.parse_args(argv)
    if NEVER & set(args.also):
        parser.error(f"{sorted(NEVER)} are hold-outs")
    if args.latency:
        latency()
        return
    data = {name: corpus(name) for name in CORPORA}
    feats = {name: examples([r["text"] for r in rows]) for name, rows in data.items()}
    if args.write:
        write(data, feats)
        return
    gated = not args.ungated
    feats = {name: examples([r["text"] for r in rows], gated) for name, rows in data.items()}
    held = corpus(HELDOUT) if args.heldout2 else []  # read only for its aggregate
    also = {name: corpus(name) for name in args.also}
    outside = outside_clean()
    texts = [r["text"] for rows in [*data.values(), *also.values(), held] for r in rows]
    rules = rules_verdicts(texts + [t for ts in outside.values() for t in ts])
    out_feats = {name: examples(ts, gated) for name, ts in outside.items()}
    if args.heldout2:
        final(data, feats, rules, held, out_feats, gated)
        return

    print(
        f"{'gated' if gated else 'ungated'}; threshold: <= {CLEAN_BUDGET:.1%} of training"
        " clean rows scored at or above it, out-of-fold (inner leave-one-corpus-out)"
    )
    print(
        "| left out | (a) rules inj | (a) clean refused | (b) scorer inj | (b) clean refused"
        " | (c) OR inj | (c) clean refused | t | LoCoMo / multilingual refused by (b) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    tot = np.zeros((3, 4), dtype=int)
    for name in CORPORA:
        train = {n: data[n] for n in CORPORA if n != name}
        weights, bias, t = train_model(train, feats)
        rows = data[name]
        s = scores((weights, bias), feats[name])
        rv = [rules[r["text"]] for r in rows]
        counts = [
            rates(rows, rv),
            rates(rows, ["injection" if x >= t else "clean" for x in s]),
            rates(rows, combined(rv, s, t)),
        ]
        tot += np.array(counts)
        extra = " / ".join(
            f"{sum(x >= t for x in scores((weights, bias), ex))}/{len(ex)}"
            for ex in out_feats.values()
        )
        print(f"| {name} | " + " | ".join(cells(c) for c in counts) + f" | {t:.3f} | {extra} |")
    print("| **pooled** | " + " | ".join(cells(c) for c in tot.tolist()) + " | | |")
    if also:
        weights, bias, t = train_model(data, feats)
        for name, rows in also.items():
            s = scores((weights, bias), examples([r["text"] for r in rows], gated))
            rv = [rules[r["text"]] for r in rows]
            counts = [
                rates(rows, rv),
                rates(rows, ["injection" if x >= t else "clean" for x in s]),
                rates(rows, combined(rv, s, t)),
            ]
            print(
                f"| {name} (not trained on) | "
                + " | ".join(cells(c) for c in counts)
                + f" | {t:.3f} | |"
            )


def cells(c: Sequence[int]) -> str:
    return f"{fmt(c[0], c[1])} | {fmt(c[2], c[3])}"


def final(
    data: dict[str, list[Row]],
    feats: Feats,
    rules: dict[str, str],
    held: list[Row],
    out_feats: Feats,
    gated: bool,
) -> None:
    """The config trained on every corpus, on heldout2 (aggregates only) and outside text."""
    weights, bias, t = train_model(data, feats)
    s = scores((weights, bias), examples([r["text"] for r in held], gated))
    rv = [rules[r["text"]] for r in held]
    for label, verdict in (
        ("(a) rules", rv),
        ("(b) scorer", ["injection" if x >= t else "clean" for x in s]),
        ("(c) rules OR scorer", combined(rv, s, t)),
    ):
        hit, n, ref, nc = rates(held, verdict)
        print(f"heldout2 {label}: injection recall {fmt(hit, n)}, clean refused {fmt(ref, nc)}")
    for name, ex in out_feats.items():
        refused = sum(x >= t for x in scores((weights, bias), ex))
        print(f"{name}: scorer refuses {refused}/{len(ex)} (threshold {t:.3f})")


def latency() -> None:
    """p50/p95 CPU time the scorer adds to `check_injection` (given the folded view the
    rules made already), beside `check_injection` itself, as bench/guards_latency.py
    builds texts."""
    from bench.guards_latency import adversarial, chat_turns, joined, percentile, timed
    from core.guards import check_injection
    from core.guards.normalize import folded

    clean = [r["text"] for n in CORPORA for r in corpus(n) if r["expect"] == "clean"]
    views: dict[str, str] = {}  # the folded view the rules hand the scorer, made untimed

    def scored(text: str) -> float:
        return learnt.injection_score(text, views[text])

    learnt.injection_score("warm up")
    check_injection("warm up")
    for size in (100, 500, 2000):
        kinds = {
            "chat": joined(chat_turns(), size, 40, 37),
            "look-alike": joined(clean, size, 40, 13),
            "adversarial": adversarial(size),
        }
        for kind, texts in kinds.items():
            views.update((text, folded(text)) for text in texts)
            ours = [timed(scored, t, 5) for t in texts]
            rules = [timed(check_injection, t, 5) for t in texts]
            p95, whole = percentile(ours, 0.95), percentile(rules, 0.95)
            print(
                f"{kind:<11} {size:>5}: scorer p50 {percentile(ours, 0.5):.3f} ms p95 {p95:.3f}"
                f" ms; check_injection p95 {whole:.3f} ms (scorer ÷ check {p95 / whole:.2f})"
            )


def model_json(data: dict[str, list[Row]], feats: Feats) -> str:
    """The shipped model file's text: trained on every corpus, heldout2 never."""
    weights, bias, t = train_model(data, feats)
    model = {"bias": bias, "threshold": round(t, 4), "weights": dict(sorted(weights.items()))}
    return json.dumps(model, ensure_ascii=False, separators=(",", ":")) + "\n"


def write(data: dict[str, list[Row]], feats: Feats) -> None:
    text = model_json(data, feats)
    learnt.MODEL.write_text(text, encoding="utf-8")
    print(f"wrote {learnt.MODEL}: {len(text):,} bytes")


if __name__ == "__main__":
    main()
