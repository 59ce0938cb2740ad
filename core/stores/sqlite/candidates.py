"""Bounded candidate generation for keyword search: cost follows the answer, not the table.

Why: recall ORs the question's words, and FTS5's `ORDER BY rank` scores every row that
holds any of them. In a real workspace "team", the product's name or "deploy" sit in
half the memories or more, so one recall (and the near-duplicate look-up before each
save) scored nearly the whole table: 50 ms at 10k memories, seconds at 100k.

So, as Lucene's common-terms query does, each term is first probed for its visible
matches, at most `TERM_QUOTA` + 1 (FTS5 walks its posting list in rowid order and
stops; no scoring); a term found common is remembered per principal for a while
(`KnownCommon`), so its full-quota probe is not repeated on every save and recall.
A term that stays within the quota is *rare*: all its matches are candidates and
FTS5 ranks them by BM25 over the rare terms — cheap, since BM25's per-term
statistics then cover short posting lists only. A term that fills its
quota is *common*: it does not generate candidates, but it still weighs in later
(recall multiplies by the share of question words a memory contains). FTS5's own idf
is ~0 for a term in over half the rows, so leaving common terms out of BM25 changes
little. Only when the rare terms bring fewer rows than asked do common terms
contribute candidates: the newest rows holding all of them (AND, which FTS5 answers
by skipping through posting lists), and, if no rare term matched at all, each one's
newest matches — scored by the summed idf of the common terms they hold, the document
count estimated from how densely the probe found the word.
"""

from __future__ import annotations

import math
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.recall.textsearch import fts5_match

TERM_QUOTA = 200
SPARSE = 64  # matches `newest_rows` reads in rowid order before walking newest first
VISIBLE = "m.workspace = :ws AND (m.scope = 'global' OR m.owner = :user)"


@dataclass(frozen=True)
class Probe:
    """How many visible rows (at most quota + 1) hold a term, and their rowid span."""

    count: int
    newest: int
    oldest: int

    def estimated_df(self, total: int) -> int:
        """A common term's document count: it matched `count` of the rowids between
        its newest and oldest match, so about that share of all rows. (FTS5 has no
        O(1) document count; counting a word in every row is a scan.)"""
        span = self.newest - self.oldest + 1
        return min(total, round(total * self.count / span)) if span > 0 else total


def fts5_idf(df: int, total: int) -> float:
    """FTS5's bm25 idf (clamped to 1e-6 for terms in more than half the rows)."""
    value = math.log((total - df + 0.5) / (df + 0.5)) if total else 0.0
    return value if value > 0 else 1e-6


def _newest(match: str, status_sql: str, order: str = "DESC") -> str:
    return f"""SELECT f.rowid AS seq FROM memories_fts f JOIN memories m ON m.seq = f.rowid
        WHERE memories_fts MATCH {match} AND {VISIBLE} AND {status_sql}
        ORDER BY f.rowid {order} LIMIT :probe_limit"""


class KnownCommon:
    """Terms found common, per principal, for `ttl` seconds: their probe is the costly
    one (a full quota of rows), and a workspace's common words change slowly. Only how
    candidates are gathered depends on it, never which memories are visible. Reader
    and writer threads share it, hence the lock."""

    def __init__(self, ttl: float = 600.0, principals: int = 1000) -> None:
        self.ttl, self.principals = ttl, principals
        self._known: OrderedDict[tuple[str, str], dict[str, tuple[float, Probe]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str], terms: Sequence[str]) -> dict[str, Probe]:
        """Which of `terms` are known common for `key`, with their probes. Only those
        terms are looked at: a workspace can have hundreds of common words, and copying
        them all was a tenth of a save's candidate generation."""
        now = time.monotonic()
        with self._lock:
            known = self._known.get(key)
            if not known:
                return {}
            found = {t: known[t] for t in terms if t in known}
        return {t: p for t, (until, p) in found.items() if until > now}

    def add(self, key: tuple[str, str], probes: dict[str, Probe]) -> None:
        until = time.monotonic() + self.ttl
        with self._lock:
            self._known.setdefault(key, {}).update({t: (until, p) for t, p in probes.items()})
            self._known.move_to_end(key)
            while len(self._known) > self.principals:
                self._known.popitem(last=False)


def probe(conn: sqlite3.Connection, params: dict[str, Any], term: str, status_sql: str) -> Probe:
    """Count a term's visible rows, stopping at quota + 1: FTS5 walks its posting list
    in rowid order (ascending: descending loads the whole list) and nothing is scored
    or read into Python."""
    row = conn.execute(
        f"SELECT count(*), max(seq), min(seq) FROM ({_newest(':probe', status_sql, 'ASC')})",
        {**params, "probe": fts5_match([term]), "probe_limit": TERM_QUOTA + 1},
    ).fetchone()
    return Probe(row[0], row[1] or 0, row[2] or 0)


def within_quota(conn: sqlite3.Connection, term: str) -> bool:
    """True when the term is in at most `TERM_QUOTA` rows of the whole index, whoever's
    and whatever their status: then it is rare for every principal, and saying so reads
    the posting list alone, not a memory row per match as `probe` does."""
    row = conn.execute(
        "SELECT count(*) FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH :probe"
        " LIMIT :probe_limit)",
        {"probe": fts5_match([term]), "probe_limit": TERM_QUOTA + 1},
    ).fetchone()
    return bool(row[0] <= TERM_QUOTA)


def visible_total(
    conn: sqlite3.Connection,
    params: dict[str, Any],
    terms: Sequence[str],
    status_sql: str,
    known: dict[str, int],
    enough: int,
) -> int:
    """The sum over `terms` of each one's visible rows, counted only until it reaches
    `enough` (`known`: terms already counted exactly): whether the rare terms fill the
    pool is all the caller asks."""
    total = 0
    for term in terms:
        if total >= enough:
            break
        if term in known:
            total += known[term]
            continue
        row = conn.execute(
            f"SELECT count(*) FROM ({_newest(':probe', status_sql, 'ASC')})",
            {**params, "probe": fts5_match([term]), "probe_limit": enough - total},
        ).fetchone()
        total += row[0]
    return total


def newest_rows(
    conn: sqlite3.Connection, params: dict[str, Any], match: str, status_sql: str, limit: int
) -> list[int]:
    """Visible rows matching `match`, newest first, at most `limit`: no scoring.

    Walked in ascending rowid order first, up to `SPARSE` rows: an AND of a workspace's
    common words often holds few rows or none, and proving that in descending order
    (which loads each posting list whole) cost 3-9 ms at 100k memories, against 1.6 ms
    ascending. Fewer than `SPARSE` found: those are all there are, newest first. Else
    the matches are dense and the descending walk stops early, as before."""
    found = [
        row[0]
        for row in conn.execute(
            _newest(":probe", status_sql, "ASC"),
            {**params, "probe": match, "probe_limit": max(SPARSE, limit)},
        )
    ]
    if len(found) < max(SPARSE, limit):
        return found[::-1][:limit]
    return [
        row[0]
        for row in conn.execute(
            _newest(":probe", status_sql), {**params, "probe": match, "probe_limit": limit}
        )
    ]


@dataclass(frozen=True)
class Candidates:
    """What candidate generation found: rare terms (rank them with FTS5), and rows
    found through common terms only, with their relevance."""

    rare: list[str]
    common_rows: list[tuple[int, float]]


@dataclass
class SessionTerms:
    """Terms already split by earlier searches of one transaction, kept for its life.

    A read transaction's snapshot does not change, so there the split is exact. A write
    transaction's is what an import batch's lines (which share most of their words)
    search in turn: a term found within the quota stays rare for the rest of the batch
    even if the batch's own rows take it over — all its matches are then ranked, which
    finds what the split would have found and more, at the cost of ranking at most a
    batch more rows — and each line probes only the terms no earlier line had."""

    within: set[str] = field(default_factory=set)  # within the quota over the whole index
    probes: dict[tuple[str, str], Probe] = field(default_factory=dict)  # (statuses, term)


def bounded_candidates(
    conn: sqlite3.Connection,
    params: dict[str, Any],
    terms: Sequence[str],
    limit: int,
    status_sql: str,
    known: KnownCommon | None = None,
    session: SessionTerms | None = None,
) -> Candidates:
    """Split `terms` into rare and common by a bounded probe each (terms `known` to be
    common for this principal are not probed again); when the rare terms cannot fill
    `limit`, gather rows through the common ones: those holding all of them, and — only
    if no rare term matched at all — each one's newest (rows the rare terms also found
    may come back here too: the caller keeps the first).

    A term within the quota over the whole index is rare without a visible probe
    (`within_quota`), and the rare terms' visible rows are counted only as far as the
    two questions asked of them need (do they reach `limit`? any at all?): the same
    split and candidates as probing every term, for a fraction of the row reads."""
    key = (params["ws"], params["user"])
    known_common = known.get(key, terms) if known else {}
    probes: dict[str, Probe] = {}
    rare: list[str] = []
    within = session.within if session else set()
    probed = session.probes if session else {}
    for t in dict.fromkeys(terms):
        was_common = probed.get((status_sql, t)) or known_common.get(t)
        if was_common is None and (t in within or within_quota(conn, t)):
            within.add(t)
            rare.append(t)
            continue
        probes[t] = was_common or probe(conn, params, t, status_sql)
        probed[status_sql, t] = probes[t]
        if probes[t].count <= TERM_QUOTA:
            rare.append(t)
    common = [t for t in terms if t not in rare]
    if known and common:
        known.add(key, {t: probes[t] for t in common})
    if not common:
        return Candidates(rare, [])
    counted = {t: probes[t].count for t in rare if t in probes}
    rare_total = visible_total(conn, params, rare, status_sql, counted, limit)
    if rare_total >= limit:
        return Candidates(rare, [])
    total = _row_total(conn)
    weight = {t: fts5_idf(probes[t].estimated_df(total), total) for t in common}
    holders: dict[int, set[str]] = {}
    if len(common) > 1:
        all_common = fts5_match(common, operator="AND")
        for seq in newest_rows(conn, params, all_common, status_sql, limit):
            holders[seq] = set(common)
    for t in common if rare_total == 0 else ():
        for seq in newest_rows(conn, params, fts5_match([t]), status_sql, limit):
            holders.setdefault(seq, set()).add(t)
    found = sorted(
        ((seq, sum(weight[t] for t in held)) for seq, held in holders.items()),
        key=lambda pair: (-pair[1], -pair[0]),
    )
    return Candidates(rare, found[:limit])


def _row_total(conn: sqlite3.Connection) -> int:
    """Rows in the FTS index, from FTS5's averages record (a varint at its start)."""
    row = conn.execute("SELECT block FROM memories_fts_data WHERE id = 1").fetchone()
    if not row or not row[0]:
        return 0
    value = 0
    for i, byte in enumerate(bytes(row[0])[:9]):
        if i == 8:
            return (value << 8) | byte
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value
    return value
