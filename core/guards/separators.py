"""Digit groups written with unusual separators, rewritten the way the identifier checks read.

A card, an SSN, an Aadhaar or an IBAN is checked in groups joined by a space or a dash
("4111 1111 …", "123-45-6789"). People also write them with dots, slashes, underscores,
en dashes (or any other dash: U+2010-2012, minus, full-width), doubled
spaces or " - " ("4516.6442.7306.0578", "446/06/3796", "8474–5724–6390").
`regrouped` returns the text with such a run's separators made "-", so the same checks
(and their check digits and naming words) judge it; it returns None when the text has no
such run, which is nearly always, so the checks run once.

A run must hold nine or more digits in three or more groups with one separator
throughout, so dates ("2026/12/03"), versions ("3.12.0") and IPv4 addresses (groups of up
to three digits joined by dots) are left as written.
"""

from __future__ import annotations

import regex

from core.guards.budget import Budget

# Groups of 1-6 letters or digits joined by one repeated separator (captured as `s`).
# Dashes other than "-" that people paste from word processors or type on phones:
# hyphen, non-breaking hyphen, figure dash, en and em dash, minus sign, small and
# full-width hyphen-minus.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d"
_RUN = regex.compile(
    r"(?<![\w.\-/])[A-Za-z0-9]{1,6}(?P<s>\.|/|_|[ \t]{2,4}|[ \t]*[\-" + _DASHES + r"][ \t]*)"
    r"[A-Za-z0-9]{1,6}(?:(?P=s)[A-Za-z0-9]{1,6}){1,8}(?![\w\-/]|\.\w)"
)
# The cheap test that a text may hold a run: a digit, one of the separators, a digit.
_HINT = regex.compile(
    r"\d(?:[./_" + _DASHES + r"]|[ \t]{2}|[ \t]+[\-" + _DASHES + r"][ \t]*"
    r"|[\-" + _DASHES + r"][ \t]+)\d"
)


def _plain(sep: str) -> bool:
    """A single space or dash: the checks read those already."""
    return sep in (" ", "-")


def regrouped(text: str, budget: Budget) -> str | None:
    """`text` with each unusual-separator digit run rewritten with dashes, or None.

    Only the stretch around each hint is searched, so text with many dotted versions or
    addresses costs a few short searches, not a scan of the whole text.
    """
    edits: list[tuple[int, int, str]] = []
    done = 0  # text[:done] is settled
    for hint in budget.finditer(_HINT, text):
        if hint.start() < done:
            continue
        window_start = max(done, hint.start() - 48)
        window_end = min(len(text), hint.end() + 64)
        m = _RUN.search(text, window_start, window_end, timeout=budget.timeout())
        while m is not None and m.end() <= hint.start():  # a run before the hint's own
            m = _RUN.search(text, m.end(), window_end, timeout=budget.timeout())
        if m is None or m.start() > hint.start() + 1:
            continue
        done = m.end()
        run, sep = m.group(0), m.group("s")
        groups = run.split(sep)
        if _plain(sep) or sum(ch.isdigit() for ch in run) < 9:
            continue
        if sep == "." and all(len(g) <= 3 and g.isdigit() for g in groups):
            continue  # an IPv4 address or an amount in thousands
        edits.append((m.start(), m.end(), "-".join(groups)))
    if not edits:
        return None
    out, last = [], 0
    for start, end, replacement in edits:
        out += [text[last:start], replacement]
        last = end
    return "".join(out) + text[last:]
