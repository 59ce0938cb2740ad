"""Passwords given with no word for them: "it's Tr0ub4dor&3 btw", "laptop: Winter#Apfel88",
"Netflix → Dorothy!Oz1939".

The phrase patterns and `password_windows` need a password word ("password", "pw",
"wifi", …) before the value. People leave it out when the thread says what it is. What
still tells is the value's own make-up, the one a password policy asks for and prose
never has: lower and upper case letters, a digit, and a symbol such as "!", "#", "$",
"&" standing between letters or digits, in one run of 8-40 characters. Hyphens, dots,
underscores and slashes do not count as that symbol (they join names, versions and
paths: "Claude-3.5-Sonnet", "Report_Q3.pdf"), nor does a symbol at either end
("#Summer2024", "Yahoo!"); e-mail addresses, URLs, paths and code are never passwords
here, nor are a timestamp joined to an id, a file name or a possessive.

That make-up alone is also a Discord tag ("Mike#4821"), a chord ("F#Major7"), a room
("B2#West-Wing") or a ticket ("QA#4512b"), so the value must also be *given*: right after
a label's colon, arrow, slash or equals sign, or after "is", "to", "with", "now" — and
what it is given as must not be a name for an identifier (a tag, handle, room, repo,
ticket, version …). A policy-shaped run standing in a sentence is left alone.
"""

from __future__ import annotations

import regex

from core.guards.budget import Budget
from core.guards.password_windows import password_shaped
from core.guards.values import clean_value, is_placeholder, looks_like_path_or_url

_SYMBOLS = "!#$%&*?^~@"
# The cheap test: a policy symbol with a letter or digit on both sides (the symbols are
# what the scan looks for first: they are rare, letters are not).
_INNER_SYMBOL = regex.compile(r"(?<=[A-Za-z0-9])[!#$%&*?^~@]+(?=[A-Za-z0-9])")
_EMAIL = regex.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
# A key made of a timestamp and an id ("2026-12-03T10:14:07Z#ord_8f7e"), not a password.
_TIMESTAMP = regex.compile(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d")
# A file ("Report#2_Final.docx") or a possessive ("Ben&Jerry's2"): prose, not a password.
_NOT_A_PASSWORD = regex.compile(r"\.[A-Za-z]{2,4}$|['’]s(?![a-z])")


# How a value is handed over: the end of the line's text before it.
_GIVEN = regex.compile(
    r"(?:[:→=/]|->|\b(?:is|are|was|to|with|now|it'?s|mine'?s|son|est|ist))\s*$", regex.IGNORECASE
)
# What it is handed over as, when that is a name for an identifier, not a secret.
_ID_NOUN = regex.compile(
    r"\b(?:tag|gamertag|handle|user(?:name)?|nick(?:name)?|ids?|version|room|repo(?:sitory)?"
    r"|branch|ticket|order|case|sku|ref(?:erence)?|channel|server|team|title|chord|hashtag"
    r"|discord|project|product|model|build|release)\b",
    regex.IGNORECASE,
)
_DISCORD_TAG = regex.compile(r"[\w.]{2,32}#\d{4}")


def given(before: str) -> bool:
    """Is the value after `before` (its line up to the value) handed over as a secret?"""
    line = before[before.rfind("\n") + 1 :][-60:]
    if not _GIVEN.search(line):
        return False
    label = " ".join(line.split()[-4:])  # the few words it is given as
    return not _ID_NOUN.search(label)


def policy_shaped(value: str) -> bool:
    """Lower, upper, a digit and an inner policy symbol, 8-40 characters, nothing else
    it could be."""
    v = clean_value(value)
    if not 8 <= len(v) <= 40 or is_placeholder(v) or looks_like_path_or_url(v):
        return False
    if _EMAIL.search(v) or _TIMESTAMP.search(v) or _NOT_A_PASSWORD.search(v):
        return False
    if "://" in v or "=" in v or "+" in v or _DISCORD_TAG.fullmatch(v):
        return False
    if not (
        any(ch.islower() for ch in v)
        and any(ch.isupper() for ch in v)
        and any(ch.isdigit() for ch in v)
        and sum(ch.isalpha() for ch in v) >= 3
        and _INNER_SYMBOL.search(v)
    ):
        return False
    # Everything but the "@" test of a password's shape ("Xv7@pLq2!e" is a password).
    return password_shaped(v.replace("@", "!"))


def bare_passwords(text: str, budget: Budget) -> bool:
    if len(text) < 8 or not any(ch in text for ch in _SYMBOLS):
        return False  # most texts hold none of the symbols: no scan at all
    done = 0  # text[:done] is judged
    for m in budget.finditer(_INNER_SYMBOL, text):
        if m.start() < done:
            continue
        # The whitespace-free chunk around the symbol.
        start = max(text.rfind(" ", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        ends = [i for i in (text.find(" ", m.end()), text.find("\n", m.end())) if i != -1]
        end = min(ends, default=len(text))
        done = end
        value = text[start:end].strip(",;")
        if 8 <= end - start <= 48 and policy_shaped(value) and given(text[:start]):
            return True
    return False
