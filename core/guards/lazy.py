"""Regexes compiled on first use.

The guards hold a few hundred large patterns; compiling them all at import took over
a second on a loaded 2-core host, paid by every CLI call — `memorybot stats`,
`memories`, `forget` — even though those check no text. A `LazyRegex` behaves as
the compiled pattern (attribute access goes to it) and compiles once, when first used.
"""

from __future__ import annotations

import threading
from typing import Any, cast

import regex

_LOCK = threading.Lock()
_ALL: list[LazyRegex] = []  # every pattern made, so `compile_all` misses none
_checked = 0  # _ALL[:_checked] are compiled


class LazyRegex:
    """`regex.compile(source, flags)`, deferred until the first attribute access."""

    __slots__ = ("_compiled", "flags", "source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source = source
        self.flags = flags
        self._compiled: regex.Pattern[str] | None = None
        _ALL.append(self)

    @property
    def compiled(self) -> regex.Pattern[str]:
        if self._compiled is None:
            with _LOCK:
                if self._compiled is None:
                    self._compiled = regex.compile(self.source, self.flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)


def compile_all() -> None:
    """Compile every pattern made so far and not compiled yet. The checks call this
    before starting their time budget, so the first check in a process is not cut
    short (and its text refused as too complex) by compiling."""
    global _checked
    while _checked < len(_ALL):
        _ = _ALL[_checked].compiled
        _checked += 1


def lazy(source: str, flags: int = 0) -> regex.Pattern[str]:
    """A pattern compiled on first use, typed as the compiled pattern it stands for."""
    return cast("regex.Pattern[str]", LazyRegex(source, flags))
