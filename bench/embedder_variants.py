"""Ways to run the local MiniLM, side by side: CPU cost, closeness to fp32, recall.

Issue 14: the local embedder's CPU caps saves/s, import and the recall's query
embedding. Each variant is one onnxruntime session on the shipped model file:

- fp32 (as before issue 14): the int8 weights dequantised at load, with session
  option variants (optimisation level, memory arena, 2 intra-op threads);
- int8 MatMulNBits, blocks of 32/64/128 (core/providers/embedders/int8_graph.py);
- int8 DynamicQuantizeMatMul (activations quantised per tensor, i.e. per batch).

It prints, per variant: CPU ms per text (process time, so both threads count with
2 threads) embedding the memory-sized texts of bench/embedder_speed.py one at a time
and in runs of 8 and 32, the median of `--rounds` rounds interleaved across
variants; then on the LoCoMo dev split, the cosine of each turn's (= each stored
memory's) and each question's vector to fp32's, and vector-only Recall@5/@10 (each
question ranks its conversation's turns by cosine, the recall protocol's metrics).
"Alone vs batch" is the cosine between a text embedded alone and inside a batch of
32 with others: 1.0 means a text's vector does not depend on its companions.

    python bench/embedder_variants.py [--rounds 5] [--skip-recall] [--skip-speed]
                                      [--only b64 b128 ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import onnxruntime as ort  # noqa: E402
import tokenizers  # noqa: E402

from bench.embedder_speed import MEMORIES, QUERY  # noqa: E402
from bench.locomo import load, recall_at, score  # noqa: E402
from bench.recall_quality import DEFAULT_DATA  # noqa: E402
from core.providers.embedders import local  # noqa: E402
from core.providers.embedders.int8_graph import int8_model_bytes  # noqa: E402

Session = Any  # onnxruntime.InferenceSession


def session(
    model: str | bytes, threads: int = 1, disabled: Sequence[str] = (), **options: Any
) -> Session:
    """A session as local.py opens one, with `options` set on its SessionOptions and
    the graph optimisers named in `disabled` off."""
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 3
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    for key, value in options.items():
        setattr(opts, key, value)
    return ort.InferenceSession(
        model,
        sess_options=opts,
        providers=["CPUExecutionProvider"],
        disabled_optimizers=list(disabled),
    )


def variants() -> dict[str, Session]:
    path = local._default_model_path()
    raw = path.read_bytes()
    level = ort.GraphOptimizationLevel
    return {
        "fp32 (before)": session(str(path)),
        "fp32 opt=basic": session(str(path), graph_optimization_level=level.ORT_ENABLE_BASIC),
        "fp32 opt=extended": session(str(path), graph_optimization_level=level.ORT_ENABLE_EXTENDED),
        "fp32 no arena": session(str(path), enable_cpu_mem_arena=False),
        "fp32 2 threads": session(str(path), threads=2),
        "fp32 no SkipLayerNorm": session(str(path), disabled=["SkipLayerNormFusion"]),
        "int8 nbits b32": session(int8_model_bytes(raw, block_size=32)),
        "int8 nbits b64": session(int8_model_bytes(raw, block_size=64)),
        "int8 nbits b128": session(int8_model_bytes(raw, block_size=128)),
        "int8 nbits b128 2thr": session(int8_model_bytes(raw, block_size=128), threads=2),
        "int8 nbits b128 noSLN": session(
            int8_model_bytes(raw, block_size=128), disabled=["SkipLayerNormFusion"]
        ),
        "int8 dynamic/tensor": session(int8_model_bytes(raw, op="DynamicQuantizeMatMul")),
    }


def tokenizer() -> tokenizers.Tokenizer:
    return local._open_tokenizer(tokenizers, local._default_tokenizer_path())


def encoder(sess: Session, tok: tokenizers.Tokenizer) -> Callable[[list[str]], np.ndarray]:
    """One model run over `texts`, exactly as LocalMiniLMEmbedder._encode does it."""
    names = [i.name for i in sess.get_inputs()]

    def encode(texts: list[str]) -> np.ndarray:
        encodings = tok.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        (hidden,) = sess.run(["last_hidden_state"], {n: feed[n] for n in names})
        return np.array(local._mean_pool_and_normalise(hidden, mask), dtype=np.float32)

    return encode


def embed_all(
    encode: Callable[[list[str]], np.ndarray], texts: list[str], batch: int
) -> np.ndarray:
    """Vectors for `texts` in runs of `batch` texts of similar length (as coalesce.py)."""
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    out = np.zeros((len(texts), local.LocalMiniLMEmbedder.dimensions), dtype=np.float32)
    for start in range(0, len(order), batch):
        chunk = order[start : start + batch]
        out[chunk] = encode([texts[i] for i in chunk])
    return out


def cpu_ms_per_text(encode: Callable[[list[str]], np.ndarray], batch: int) -> float:
    texts = MEMORIES[:64] if batch > 1 else MEMORIES[:32]
    started = time.process_time()
    for start in range(0, len(texts), batch):
        encode(texts[start : start + batch])
    return 1000 * (time.process_time() - started) / len(texts)


def speed(encoders: dict[str, Callable[[list[str]], np.ndarray]], rounds: int) -> None:
    shapes = {"query": 0, "1": 1, "8": 8, "32": 32}
    got: dict[tuple[str, str], list[float]] = {}
    for encode in encoders.values():  # warm up
        encode([QUERY])
        encode(MEMORIES[:8])
    for _ in range(rounds):
        for shape, batch in shapes.items():
            for name, encode in encoders.items():
                if batch == 0:
                    started = time.process_time()
                    for _ in range(32):
                        encode([QUERY])
                    ms = 1000 * (time.process_time() - started) / 32
                else:
                    ms = cpu_ms_per_text(encode, batch)
                got.setdefault((name, shape), []).append(ms)
    base = "fp32 (before)"
    print(f"\nCPU ms per text, median of {rounds} interleaved rounds (x = vs fp32 before)")
    print(
        f"{'variant':<22}"
        + "".join(f"{'batch ' + s if s != 'query' else 'query':>16}" for s in shapes)
    )
    for name in encoders:
        cells = []
        for shape in shapes:
            ms = statistics.median(got[(name, shape)])
            ratio = statistics.median(got[(base, shape)]) / ms
            cells.append(f"{ms:>8.2f} {ratio:>5.2f}x ")
        print(f"{name:<22}" + "".join(f"{c:>16}" for c in cells))


def cosine_stats(a: np.ndarray, b: np.ndarray) -> str:
    cos = (a * b).sum(axis=1)
    return (
        f"min {cos.min():.4f}  p1 {np.percentile(cos, 1):.4f}  "
        f"p5 {np.percentile(cos, 5):.4f}  mean {cos.mean():.5f}"
    )


def quality(encoders: dict[str, Callable[[list[str]], np.ndarray]], data: Path) -> None:
    conversations = load(data)
    turns = [t.text for c in conversations for t in c.turns]
    questions = [q.question for c in conversations for q in c.queries]
    tok = tokenizer()
    lengths = np.array([sum(e.attention_mask) for e in tok.encode_batch(turns)])
    print(
        f"\nLoCoMo dev: {len(turns)} turns, {len(questions)} questions; turn tokens "
        f"p50 {np.median(lengths):.0f} p99 {np.percentile(lengths, 99):.0f} max {lengths.max()}, "
        f"> 128: {(lengths > 128).sum()}, > 64: {(lengths > 64).sum()}"
    )
    reference: tuple[np.ndarray, np.ndarray, list[float], list[float]] | None = None
    sample = [*MEMORIES[:32], "hi", "", QUERY]
    for name, encode in encoders.items():
        if reference is not None and (name.startswith("fp32") or "2thr" in name):
            continue  # the same vectors as fp32 (before) or as its one-thread twin
        # Per-tensor quantisation ties a text's vector to its batch: only batches of
        # one would give each text one vector, so that variant is measured that way.
        batch = 1 if "tensor" in name else 32
        vt, vq = embed_all(encode, turns, batch), embed_all(encode, questions, min(batch, 8))
        rankings = []
        offset_t = offset_q = 0
        for conv in conversations:
            ct = vt[offset_t : offset_t + len(conv.turns)]
            ids = [t.dia_id for t in conv.turns]
            for j, query in enumerate(conv.queries):
                sims = ct @ vq[offset_q + j]
                top = np.argsort(-sims, kind="stable")[:10]
                rankings.append(([{ids[i]} for i in top], query.evidence))
            offset_t += len(conv.turns)
            offset_q += len(conv.queries)
        s = score(rankings)
        r5 = [recall_at(r, e, 5) for r, e in rankings]
        r10 = [recall_at(r, e, 10) for r, e in rankings]
        if reference is None:
            reference = (vt, vq, r5, r10)
        paired = "  ".join(
            f"R@{k} queries worse/better than fp32 "
            f"{sum(a < b for a, b in zip(got, ref, strict=True))}/"
            f"{sum(a > b for a, b in zip(got, ref, strict=True))}"
            for k, got, ref in ((5, r5, reference[2]), (10, r10, reference[3]))
        )
        alone = np.array([encode([t])[0] for t in sample])
        together = embed_all(encode, sample, 32)
        print(
            f"{name:<22} vector-only R@5 {s.recall5:.4f}  R@10 {s.recall10:.4f}  "
            f"NDCG@10 {s.ndcg10:.4f}  ({paired})"
        )
        print(f"{'':<22} turns vs fp32:     {cosine_stats(vt, reference[0])}")
        print(f"{'':<22} questions vs fp32: {cosine_stats(vq, reference[1])}")
        print(f"{'':<22} alone vs batch:    {cosine_stats(alone, together)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--skip-recall", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument(
        "--only", nargs="*", default=(), help="variants whose name holds one of these words"
    )
    args = parser.parse_args()
    print(f"load average {'/'.join(f'{x:.1f}' for x in os.getloadavg())}")
    tok = tokenizer()
    encoders = {
        name: encoder(sess, tok)
        for name, sess in variants().items()
        if name == "fp32 (before)" or not args.only or any(w in name for w in args.only)
    }
    if not args.skip_speed:
        speed(encoders, args.rounds)
    if not args.skip_recall:
        quality(encoders, args.data)


if __name__ == "__main__":
    main()
