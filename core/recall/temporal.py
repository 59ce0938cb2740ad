"""When-questions want memories that say when.

"When did Caroline go to the support group?" shares its words with every memory
about the support group, but the one that answers it is the one that says when:
"I went to the support group yesterday", "…last Friday", "…on 7 May". On the LoCoMo
dev split 69–89 % of the evidence turns of temporal questions state a time, against
13–19 % of all turns, so for a question that asks for a time, recall raises the
relevance of candidates that state one (`core.recall.hybrid.Tuning.when`, chosen
leave-one-conversation-out). Other questions are untouched.

A memory's own date (when it was saved, or the `valid_from` an import gave it) is
metadata, not a statement in its text: a leading bracketed stamp such as chat-log
exports write ("[1:56 pm on 8 May, 2023] Caroline: …", "[09:12] <ana> …") is read as
that metadata and skipped, so only what the text itself says counts.

A question that names a period ("what did we decide in March 2024?") is the other
way round: the memory's date is what it asks about, so candidates dated in that
month or year rank higher (`core.recall.hybrid.Tuning.dated`), whatever their text.

English words only, like the stopword list: the other languages keep plain recall.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

_ASKS = re.compile(
    r"\b(?:when|since when|what (?:date|day|year|month|week|time)"
    r"|which (?:date|day|year|month|week|weekend)|how long ago"
    r"|how (?:many|long) (?:days|weeks|months|years) ago)\b",
    re.IGNORECASE,
)

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
)
_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_STATES = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|last|next|recently|earlier|lately|soon"
    r"|weekend|week|weeks|month|months|year|years|morning|afternoon|evening"
    rf"|{_DAYS}|{_MONTHS}|(?:19|20)\d\d|\d{{1,2}}(?:st|nd|rd|th)"
    r"|\d{4}-\d\d-\d\d|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)\b",
    re.IGNORECASE,
)
_STAMP = re.compile(r"^\s*\[[^\]\n]{1,60}\]\s*")


def asks_when(question: str) -> bool:
    """True when the question asks for a time ("when…", "what year…", "how long ago…")."""
    return _ASKS.search(question) is not None


def states_time(text: str) -> bool:
    """True when the text itself says when something happens (a leading stamp aside)."""
    return _STATES.search(_STAMP.sub("", text, count=1)) is not None


_MONTH_NUMBERS = {
    name: number
    for number, name in enumerate(
        [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ],
        start=1,
    )
}
# Capitalised month names only ("in May", "May 3"; not "may I ask"), years, ISO dates.
_NAMED = re.compile(
    rf"\b(?:(?P<month>{'|'.join(_MONTH_NUMBERS)})\b(?:\s+\d{{1,2}}(?:st|nd|rd|th)?,?)?"
    r"(?:\s+(?P<year>(?:19|20)\d\d))?|(?P<alone>(?:19|20)\d\d)(?:-(?P<iso>\d\d)-\d\d)?)\b"
)


def named_periods(question: str) -> list[tuple[int | None, int | None]]:
    """The (year, month) periods a question names: "in March 2024" → (2024, 3),
    "in May" → (None, 5), "back in 2021" → (2021, None), "2024-03-05" → (2024, 3)."""
    periods: list[tuple[int | None, int | None]] = []
    for m in _NAMED.finditer(question):
        if m.group("month"):
            year = int(m.group("year")) if m.group("year") else None
            periods.append((year, _MONTH_NUMBERS[m.group("month")]))
        else:
            month = int(m.group("iso")) if m.group("iso") else None
            periods.append((int(m.group("alone")), month if month and month <= 12 else None))
    return periods


def in_period(when: float, periods: list[tuple[int | None, int | None]]) -> bool:
    """True when the timestamp falls in one of the periods (UTC)."""
    day = datetime.fromtimestamp(when, UTC)
    return any(
        (year is None or year == day.year) and (month is None or month == day.month)
        for year, month in periods
    )
