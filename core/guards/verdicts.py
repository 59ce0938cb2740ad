"""Guard verdicts remembered per text, so a text is scanned once, not once per use.

A request guards the same text more than once: every recalled memory and profile value
is checked again before it enters a prompt (on every turn that recalls it), a message
is checked for secrets when the redaction policy refuses and again when it masks. A
verdict depends only on the text (and the code), so the verdicts of recently seen texts
are kept in a bounded LRU per process, keyed by a digest: no text is kept. A check that
ran out of budget is not remembered; the next one may finish.

These are the entry points for hot paths; `core.guards.check` and friends stay uncached,
so a test that changes the guards' budget sees a fresh scan.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable

from core.guards.findings import Finding
from core.guards.injection import check_injection
from core.guards.privacy import check_privacy

MAX_TEXTS = 4096  # a few MB at most: two small verdicts per 16-byte digest

_UNKNOWN = object()
_lock = threading.Lock()
_seen: OrderedDict[bytes, list[object]] = OrderedDict()  # digest -> [privacy, injection]


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _verdict(text: str, slot: int, scan: Callable[[str], Finding | None]) -> Finding | None:
    key = _digest(text)
    with _lock:
        entry = _seen.get(key)
        if entry is not None:
            _seen.move_to_end(key)
            known = entry[slot]
            if known is not _UNKNOWN:
                return known if isinstance(known, Finding) else None
    finding = scan(text)  # outside the lock: checks in other threads need not wait
    if finding is not None and finding.rule == "guard_timeout":
        return finding
    with _lock:
        entry = _seen.setdefault(key, [_UNKNOWN, _UNKNOWN])
        entry[slot] = finding
        _seen.move_to_end(key)
        while len(_seen) > MAX_TEXTS:
            _seen.popitem(last=False)
    return finding


def privacy_verdict(text: str) -> Finding | None:
    """`check_privacy(text)`, scanned once per text per process."""
    return _verdict(text, 0, check_privacy)


def injection_verdict(text: str) -> Finding | None:
    """`check_injection(text)`, scanned once per text per process."""
    return _verdict(text, 1, check_injection)


def checked(text: str) -> Finding | None:
    """`core.guards.check(text)`, each half scanned once per text per process."""
    return privacy_verdict(text) or injection_verdict(text)


def safe_in_prompt(text: str) -> bool:
    """`safe_for_prompt(text)`, each half scanned once per text per process."""
    return injection_verdict(text) is None and privacy_verdict(text) is None


def forget_all() -> None:
    """Drop every remembered verdict (tests that count scans start from nothing)."""
    with _lock:
        _seen.clear()
