"""Hyperscan, when it is installed: one pass over a text tells which patterns can match.

The literal gates (`core.guards.prefilter`) skip a pattern whose words are missing; on
text that holds the words without the pattern ("password" as a topic, order numbers,
hashes) some twenty patterns still ran, for nothing, at 0.2-0.3 ms each. Each pattern's
`core.guards.superset` condition — pieces of byte regex every match of it holds — goes
into one Hyperscan database per prefilter; one scan of the text (microseconds) reports
the pieces found, and a pattern whose condition fails there is not run at all.

Compiling the databases takes a few seconds of CPU, so it is not done on the hot path:
`accelerate()` builds every prefilter's databases in a background thread at the lowest
priority (Hyperscan releases the GIL while it compiles) — started by a process once it
has scanned enough texts to be long-lived — and until they are ready, or where Hyperscan
has no wheel (it is x86-64 only), checks use the literal gates alone. Either way a verdict is
the one a full scan gives; only the time to reach it changes.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import threading
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from core.guards.superset import Condition, encode

# An optional accelerator (x86-64 wheels only): every check is correct without it. It is
# imported when a database is built, so a process that never builds one never loads it.
AVAILABLE = importlib.util.find_spec("hyperscan") is not None


@cache
def _hyperscan() -> Any:
    return importlib.import_module("hyperscan")


# A condition with its pieces numbered: the pieces all required, and groups of which
# one alternative each must hold — so the common case is one subset test in C.
Compiled = tuple[frozenset[int], tuple[tuple["Compiled", ...], ...]]
_TRUE: Compiled = (frozenset(), ())
_NEVER = "\\x00\\xff\\x00"  # stands in for a piece that will not compile: 0xff is never scanned
# One database per prefilter: Hyperscan shares its literal matching across the pieces of
# one database, so the text pool's 180 pieces scan a 2,000-character text in 150 µs as one
# database and in 250 µs as five of 40 (the injection views': 80 µs against 105 µs), and
# compiling them as one takes what five take (3.3-4.2 s of CPU, measured; a database that
# grew superlinearly with its pieces once was why they went in forties).
_PIECES_PER_DATABASE = 1000


def _number(condition: Condition, pieces: dict[str, int]) -> Compiled:
    if isinstance(condition, str):
        return frozenset({pieces.setdefault(condition, len(pieces))}), ()
    kind, parts = condition
    numbered = [_number(part, pieces) for part in parts]
    if kind == "all":
        required = frozenset().union(*(n[0] for n in numbered))
        return required, tuple(group for n in numbered for group in n[1])
    if _TRUE in numbered:
        return _TRUE
    return frozenset(), (tuple(numbered),)


def holds(condition: Compiled, found: set[int]) -> bool:
    """Whether `condition` holds given the pieces `found` in a text."""
    required, groups = condition
    if not required <= found:
        return False
    return all(any(holds(option, found) for option in group) for group in groups)


def _mark(condition: Compiled, broken: set[int]) -> Compiled:
    """The condition with pieces that would not compile taken as found."""
    required, groups = condition
    marked = tuple(tuple(_mark(option, broken) for option in group) for group in groups)
    return required - broken, tuple(g for g in marked if _TRUE not in g)


class Accelerator:
    """The conditions of one prefilter's patterns, as Hyperscan databases.

    `conditions` gives each pattern's condition, or a callable that does (read when the
    databases are built, so a process that never builds them never reads them)."""

    def __init__(
        self, conditions: Sequence[Condition | None] | Callable[[], Sequence[Condition | None]]
    ) -> None:
        self._source = conditions
        self.conditions: list[Compiled | None] = []
        self._pieces: list[str] = []
        self._databases: list[Any] | None = None
        self._local = threading.local()
        self.failed = False

    @property
    def ready(self) -> bool:
        return self._databases is not None

    def build(self) -> None:
        """Compile the databases (seconds of CPU; call it off the hot path)."""
        if self._databases is not None or self.failed or not AVAILABLE:
            return
        source = self._source
        numbered: dict[str, int] = {}
        self.conditions = [
            None if c is None else _number(c, numbered)
            for c in (source() if callable(source) else source)
        ]
        self._pieces = list(numbered)
        if not self._pieces:
            self.failed = True
            return
        databases = []
        for start in range(0, len(self._pieces), _PIECES_PER_DATABASE):
            pieces = self._pieces[start : start + _PIECES_PER_DATABASE]
            try:
                databases.append(_compile(pieces, start))
            except _hyperscan().error:
                databases.append(_compile(self._without_broken(pieces, start), start))
        self._databases = databases

    def _without_broken(self, pieces: Sequence[str], start: int) -> list[str]:
        """Pieces one at a time: one that does not compile is taken as always found."""
        kept: list[str] = []
        broken: set[int] = set()
        for number, piece in enumerate(pieces, start):
            try:
                _compile([piece], number)
            except _hyperscan().error:
                broken.add(number)
                piece = _NEVER
            kept.append(piece)
        self.conditions = [None if c is None else _mark(c, broken) for c in self.conditions]
        return kept

    def found(self, text: str) -> set[int] | None:
        """The pieces found in `text`; None while the databases are not built."""
        databases = self._databases
        if databases is None:
            return None
        local = self._local
        if getattr(local, "databases", None) is not databases:  # scratch is per thread
            local.scratches = [_hyperscan().Scratch(db) for db in databases]
            local.databases = databases
        hits: set[int] = set()

        def on_match(piece: int, _start: int, _end: int, _flags: int, _context: object) -> None:
            hits.add(piece)

        scanned = encode(text)
        for database, scratch in zip(local.databases, local.scratches, strict=True):
            database.scan(scanned, match_event_handler=on_match, scratch=scratch)
        return hits


def _compile(pieces: Sequence[str], start: int) -> Any:
    hs = _hyperscan()
    database = hs.Database(mode=hs.HS_MODE_BLOCK)
    database.compile(
        expressions=[p.encode("ascii") for p in pieces],
        ids=list(range(start, start + len(pieces))),
        flags=hs.HS_FLAG_SINGLEMATCH,
    )
    return database


_REGISTERED: list[Accelerator] = []
_LOCK = threading.Lock()
_started = threading.Event()
_done = threading.Event()


def register(accelerator: Accelerator) -> None:
    """Let `accelerate` build this one too (built at once if a build already ran)."""
    with _LOCK:
        _REGISTERED.append(accelerator)
        late = _done.is_set()
    if late:
        threading.Thread(target=_build_one, args=(accelerator,), name="guards-hyperscan",
                         daemon=True).start()  # fmt: skip


def _build_one(accelerator: Accelerator) -> None:
    _lowest_priority()
    accelerator.build()


def accelerate(wait: bool = False) -> bool:
    """Build every registered database in a background thread (once per process).
    `wait` blocks until they are built. Returns whether Hyperscan is in use."""
    if not AVAILABLE:
        return False
    if not _started.is_set():
        _started.set()
        threading.Thread(target=_build_all, name="guards-hyperscan", daemon=True).start()
    if wait:
        _done.wait()
    return True


def _lowest_priority() -> None:
    """On Linux a thread has its own nice value: the build yields to the serving threads."""
    # Not Linux, or not allowed: the build runs at normal priority.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


def _build_all() -> None:
    _lowest_priority()
    index = 0
    while True:
        with _LOCK:
            if index >= len(_REGISTERED):
                _done.set()  # under the lock: a later `register` builds its own
                return
            accelerator = _REGISTERED[index]
        try:
            accelerator.build()
        except Exception:  # a database that will not build: the literal gates remain
            accelerator.failed = True
        index += 1
