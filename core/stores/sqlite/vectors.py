"""Vector search in SQLite without reading every vector: a sign-bit shortlist.

Why: SQLite has no vector index here (Python's sqlite3 on this platform cannot load
extensions, and sqlite-vec's vec0 scans every vector too), and the exact search read
each visible vector (1.5 KB at 384 dimensions) on every recall and save: 15 MB a
query at 10k memories, 150 MB at 100k. So each stored vector also keeps its signs,
one bit per dimension (48 bytes at 384; written with the vector, migration 0141).
Above `EXACT_BELOW` visible memories a search ranks them all by the Hamming
distance of the signs — 32 times less to read, and a popcount — then scores the
nearest tenth (at least `SHORTLIST_FACTOR` × limit) exactly with their full vectors.
Signs lose detail: on bench/vector_shortlist.py's vectors (real embeddings plus
noise, near-ties everywhere) a shortlist of 2 % of 10k rows kept 0.71 of the exact
top 10, 10 % kept 0.95–0.97. So below `EXACT_BELOW` the scan stays exact (it costs
tens of ms there), and above it the shortlist is a tenth of the rows.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

EXACT_BELOW = 20_000  # visible memories; below this every vector is scored exactly
SHORTLIST_FACTOR = 100  # exact scores for at least this many × limit nearest by signs
SHORTLIST_SHARE = 10  # ... and for a tenth of the rows


def sign_bits(blob: bytes | None) -> bytes | None:
    """A float32 vector's signs, one bit per dimension (1 for > 0), packed big-endian
    per byte as numpy's packbits does (the SQL function `memorybot_signs`)."""
    if blob is None:
        return None
    try:
        import numpy as np
    except ImportError:  # the optional local extra is not installed: plain Python
        pass
    else:
        return bytes(np.packbits(np.frombuffer(bytes(blob), dtype=np.float32) > 0).tobytes())
    vector = array("f")
    vector.frombytes(bytes(blob))
    out = bytearray((len(vector) + 7) // 8)
    for i, value in enumerate(vector):
        if value > 0:
            out[i >> 3] |= 0x80 >> (i & 7)
    return bytes(out)


def shortlist(vector: Sequence[float], rows: Sequence[tuple[Any, ...]], size: int) -> list[int]:
    """The seqs of the `size` rows whose signs differ least from the query's."""
    query = sign_bits(array("f", vector).tobytes())
    assert query is not None
    kept = [(seq, bits) for seq, bits in rows if len(bits) == len(query)]
    try:
        import numpy as np
    except ImportError:  # the optional local extra is not installed: plain Python
        q = int.from_bytes(query, "big")
        ranked = sorted(kept, key=lambda r: (q ^ int.from_bytes(r[1], "big")).bit_count())
        return [seq for seq, _ in ranked[:size]]
    if not kept:
        return []
    codes = np.frombuffer(b"".join(bits for _, bits in kept), dtype=np.uint8)
    codes = codes.reshape(len(kept), len(query)) ^ np.frombuffer(query, dtype=np.uint8)
    if hasattr(np, "bitwise_count"):  # numpy 2: a popcount per byte, no unpacking
        distance = np.bitwise_count(codes).sum(axis=1, dtype=np.int32)
    else:
        distance = np.unpackbits(codes, axis=1).sum(axis=1, dtype=np.int32)
    nearest = np.argsort(distance, kind="stable")[:size]
    return [kept[i][0] for i in nearest]


def dot_products(
    vector: Sequence[float], rows: Sequence[tuple[Any, ...]]
) -> list[tuple[float, int]]:
    """(score, seq) for every stored vector of the query's dimension; numpy when present."""
    try:
        import numpy as np
    except ImportError:  # the optional local extra is not installed: plain Python
        query = array("f", vector)
        out = []
        for seq, blob in rows:
            vec = array("f")
            vec.frombytes(blob)
            if len(vec) == len(query):
                out.append((sum(a * b for a, b in zip(query, vec, strict=True)), seq))
        return out
    width = len(vector) * 4
    kept = [(seq, blob) for seq, blob in rows if len(blob) == width]
    if not kept:
        return []
    matrix = np.frombuffer(b"".join(blob for _, blob in kept), dtype=np.float32)
    scores = matrix.reshape(len(kept), len(vector)) @ np.asarray(vector, dtype=np.float32)
    return [(float(score), seq) for score, (seq, _) in zip(scores, kept, strict=True)]
