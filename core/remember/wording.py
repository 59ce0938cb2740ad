"""The words reconciliation compares: one spelling for what people type many ways.

Why: the rules in `reconcile` ask whether two texts use the same words, and the same
fact reaches the bot typed in ways that differ only in form — "btw" in front,
"cannot" for "can not", "is able to" for "can", "colour"/"color",
"organise"/"organize", "3rd" for "3", "five" for "5", "Apr" for "April",
"log-in"/"login", "3pm" for "3 pm", "min" for "minute", "prod" for "production".
Each such difference used to make a duplicate look like a new fact. These helpers map
every such form to one, the same way on both sides, so no difference that carries
meaning is erased: negation stays ("cannot" → "can not"), numbers stay numbers, names
keep their letters.

Pure functions over the text; `tokens` is cached per text, since a save compares one
new text with up to twenty neighbours and consolidation compares each text many times.
"""

from __future__ import annotations

import functools

import regex

from core.remember.canonical import TEXT_CACHE_SIZE, words

# Openers that only frame a statement ("btw, the VPN is down"): dropped from the front.
_OPENERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(phrase.split())
    for phrase in (
        "just so you know", "for your information", "for what it s worth", "for the record",
        "as a reminder", "just a reminder", "quick reminder", "by the way", "heads up",
        "just fyi", "fyi", "btw", "fwiw", "psa", "reminder", "note", "update", "ok so",
        "quick update", "quick note", "quick reminder", "small update", "fun fact", "oh and",
        "oh yeah", "oh", "omg", "yeah", "so", "ok", "okay", "hey", "also", "and",
    )
)  # fmt: skip
_OPENER_FIRST = frozenset(opener[0] for opener in _OPENERS)
_NUMBERS = {
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
    "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
    "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
    # ordinals meet "1st", "3rd" (which lose their suffix below); "second" is also a unit
    "first": "1", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6", "seventh": "7",
    "eighth": "8", "ninth": "9", "tenth": "10",
}  # fmt: skip
_MONTHS_DAYS = {
    "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june",
    "jul": "july", "aug": "august", "sep": "september", "sept": "september",
    "oct": "october", "nov": "november", "dec": "december", "mon": "monday",
    "tue": "tuesday", "tues": "tuesday", "thu": "thursday", "thur": "thursday",
    "thurs": "thursday", "fri": "friday",
}  # fmt: skip
# Short forms people type in chat for a unit, a day or a common workplace word; each
# stands for one word wherever it appears ("St" for "Street" beside a name, "min" for
# "minute" beside a number), and both sides are rewritten alike.
_SHORT = {
    "wed": "wednesday", "sat": "saturday", "sun": "sunday",
    "sec": "second", "secs": "seconds", "min": "minute", "mins": "minutes",
    "hrs": "hours", "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years",
    "prod": "production", "cert": "certificate", "certs": "certificates",
    "config": "configuration", "repo": "repository", "repos": "repositories",
    "db": "database", "dbs": "databases", "conf": "conference", "req": "request",
    "reqs": "requests", "dept": "department", "mgr": "manager",
    "st": "street", "ave": "avenue", "rd": "road", "info": "information",
    # chat shorthand for a common word ("bc" / "cuz" for "because", "wknd", "mtg")
    "bc": "because", "cuz": "because", "coz": "because", "cos": "because",
    "wknd": "weekend", "wkend": "weekend", "tmrw": "tomorrow", "tmr": "tomorrow",
    "mtg": "meeting", "mtgs": "meetings", "appt": "appointment", "appts": "appointments",
    "msg": "message", "msgs": "messages", "ppl": "people", "pls": "please", "plz": "please",
    "thru": "through", "abt": "about", "ep": "episode", "eps": "episodes", "mgmt": "management",
    # words of approximation say what "about" says (a function word, compared as one)
    "approx": "about", "approximately": "about", "roughly": "about", "around": "about",
    "via": "by",
}  # fmt: skip
# A number with its unit written on ("64GB", "12h"): split so it meets "64 GB". A time
# of day goes the other way, "3 pm" → "3pm": a lone "am" would read as the verb.
_NUMBER_UNIT = regex.compile(
    r"^(\d+)(am|pm|k|kb|mb|gb|tb|ms|sec|secs|min|mins|h|hr|hrs|wk|wks|mo|yr|yrs)$"
)
_DAYTIME = frozenset(["am", "pm"])
# Written on a number only, a letter or two is a unit ("12h"); alone, "HR" is a team.
_UNITS = {"h": "hour", "hr": "hour", "mo": "month"}
_WHOLE = {
    "cannot": "can not", "grey": "gray", "programme": "program", "programmes": "programs",
    "licence": "license", "licences": "licenses", "defence": "defense", "offence": "offense",
}  # fmt: skip
# Contractions written out, so "can't", "cannot" and "can not" are one ("'s" stays: it
# may be "is", "has" or a possessive).
_CONTRACTIONS = {
    "can't": "can not", "won't": "will not", "shan't": "shall not", "ain't": "is not",
    "n't": " not", "'re": " are", "'m": " am", "'ve": " have", "'ll": " will", "'d": " would",
}  # fmt: skip
_CONTRACTION = regex.compile(
    r"\b(?:can|won|shan|ain)['’]t\b|n['’]t\b|['’](?:re|m|ve|ll|d)\b", flags=regex.IGNORECASE
)
_BE = frozenset(["be", "is", "are", "am", "was", "were", "been"])
_ORDINAL = regex.compile(r"^(\d+)(?:st|nd|rd|th)$")
# British spellings, rewritten the American way (applied to both sides alike, so a rule
# that also touches an unrelated word — "hours" → "hors" — changes no comparison).
_SPELLING: tuple[tuple[regex.Pattern[str], str], ...] = (
    (regex.compile(r"(?<=\w{3})our(?=(?:s|ed|ing|ite|ites|able|ably|hood|er|ers|ful)?$)"), "or"),
    (regex.compile(r"(?<=\w\w)is(?=(?:e|es|ed|ing|ation|ations|er|ers)$)"), "iz"),
    (regex.compile(r"(?<=\w\w)ys(?=(?:e|es|ed|ing)$)"), "yz"),
    (regex.compile(r"(?<=\w\w)tre(?=s?$)"), "ter"),
    (regex.compile(r"(?<=\w\w)ogue(?=s?$)"), "og"),
    (regex.compile(r"(?<=\w\w)ell(?=(?:ed|ing|er|ers)$)"), "el"),
)  # fmt: skip


@functools.lru_cache(maxsize=65536)
def normal_word(word: str) -> str:
    """One form of a case-folded word: "five" → "5", "3rd" and "third" → "3", "apr" → "april",
    "colour" → "color", "organised" → "organized"."""
    if word in _NUMBERS:
        return _NUMBERS[word]
    if word in _MONTHS_DAYS:
        return _MONTHS_DAYS[word]
    if word in _SHORT:
        return _SHORT[word]
    ordinal = _ORDINAL.match(word)
    if ordinal:
        return ordinal.group(1)
    if len(word) < 5 or not word.isalpha():
        return word
    for pattern, replacement in _SPELLING:
        word = pattern.sub(replacement, word, count=1)
    return word


# Symbols typed for a word: "w/ IT" is "with IT", "10%" is "10 percent", "$4.50" is
# "4.50 dollars"; each written as the word on both sides alike.
_SYMBOLS: tuple[tuple[regex.Pattern[str], str], ...] = (
    (regex.compile(r"(?<![\w/])w/o(?![\w/])", flags=regex.IGNORECASE), " without "),
    (regex.compile(r"(?<![\w/])w/(?![\w/])", flags=regex.IGNORECASE), " with "),
    (regex.compile(r"(?<![\w/])b/c(?![\w/])", flags=regex.IGNORECASE), " because "),
    (regex.compile(r"(?<=\p{L})/(?=(?:s|sec|min|h|hr|d|day|wk|week|mo|month|yr|year)\b)"), " per "),
    (regex.compile(r"(?<=\d)\s?%"), " percent"),
    (regex.compile(r"\bper cent\b", flags=regex.IGNORECASE), "percent"),
    (regex.compile(r"\$\s?(\d[\d.]*)"), r"\1 dollars"),
    (regex.compile(r"€\s?(\d[\d.]*)"), r"\1 euros"),
    (regex.compile(r"£\s?(\d[\d.]*)"), r"\1 pounds"),
)
_SYMBOL_CHARS = frozenset("/%$€£")


def _symbols_written(text: str) -> str:
    if not _SYMBOL_CHARS.intersection(text) and "per cent" not in text.casefold():
        return text
    for pattern, replacement in _SYMBOLS:
        text = pattern.sub(replacement, text)
    return text


# A label before a colon that opens the text ("Policy reminder: ...", "Team update: ...",
# "Quick note - ..."): it frames the statement as the openers do.
_LABEL = regex.compile(
    r"^\s*(?:(?!(?:the|a|an|this|that|my|our|your|his|her|their|its)\s)\p{L}+\s+)?"
    r"(?:reminder|update|note|notice|fyi|psa|heads[- ]up|announcement)"
    r"\s*[:\-–—]\s+",
    flags=regex.IGNORECASE,
)


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def tokens(text: str) -> tuple[str, ...]:
    """The text's words as reconciliation compares them: case-folded, contractions'
    negation kept ("cannot" → "can", "not"), spelling, numerals and symbols typed for a
    word made one, and framing openers ("btw", "fyi", "just so you know") dropped from
    the front."""
    text = _LABEL.sub("", _symbols_written(plain_numbers(text)))
    if "'" in text or "’" in text:
        text = _CONTRACTION.sub(_written_out, text)
    out: list[str] = []
    for word in words(text):
        parts = split_unit(word)
        if parts and parts[1] in _DAYTIME:
            parts = (word,)
        for part in parts or _WHOLE.get(word, word).split():
            if part in _DAYTIME and out and out[-1].isdigit():
                out[-1] += part  # "3 pm" → "3pm"
            elif part in _UNITS and out and out[-1].isdigit():
                out.append(_UNITS[part])  # "13 mo", as "13mo": a unit after a number
            else:
                out.append(normal_word(part))
    return tuple(_without_opener(_rate_per(_modal_can(out))))


_GROUPED = regex.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,]|\.\d)")
_THOUSANDS = regex.compile(r"(?<![\d.,])(\d+)[kK]\b")


def plain_numbers(text: str) -> str:
    """Thousands written as digits alone: "40,000" and "40k" both become "40000". Every
    rule that reads numbers reads them through this (`tokens`, `distinctions.marked`)."""
    if "," in text:
        text = _GROUPED.sub(lambda m: m.group().replace(",", ""), text)
    if "k" in text or "K" in text:
        text = _THOUSANDS.sub(lambda m: m.group(1) + "000", text)
    return text


def split_unit(word: str) -> tuple[str, ...]:
    """A number and the unit written on it ("64gb" → "64", "gb"), or () for any other word."""
    unit = _NUMBER_UNIT.match(word) if word[:1].isdigit() else None
    if unit is None:
        return ()
    number, short = unit.groups()
    return number, _UNITS.get(short, short)


def _modal_can(found: list[str]) -> list[str]:
    """ "is able to" / "won't be able to" say "can": a form of "be" before "able to" and
    the two words become "can" ("will not be able to make" → "will not can make")."""
    if "able" not in found:
        return found
    out: list[str] = []
    i = 0
    while i < len(found):
        if found[i] in _BE and found[i + 1 : i + 3] == ["able", "to"]:
            out.append("can")
            i += 3
        else:
            out.append(found[i])
            i += 1
    return out


_PER_UNITS = frozenset(
    ["second", "minute", "hour", "day", "night", "week", "month", "quarter", "year"]
)


def _rate_per(found: list[str]) -> list[str]:
    """ "100 requests a minute", "twice a week": the article before a unit of time after a
    count says "per" ("100 requests per minute"); elsewhere "a day" stays "a day"."""
    if "a" not in found and "an" not in found:
        return found
    out = list(found)
    for i in range(1, len(out) - 1):
        before = out[i - 1]
        counted = (
            before.isdigit()
            or before in ("once", "twice")
            or (len(before) > 3 and before.endswith("s") and i > 1 and out[i - 2].isdigit())
        )
        if out[i] in ("a", "an") and out[i + 1] in _PER_UNITS and counted:
            out[i] = "per"
    return out


def _written_out(match: regex.Match[str]) -> str:
    return _CONTRACTIONS[match.group().casefold().replace("’", "'")]


def _without_opener(found: list[str]) -> list[str]:
    for _ in range(3):  # "ok so, btw: ..." — a few openers in a row at most
        if not found or found[0] not in _OPENER_FIRST:
            break  # most texts open with no opener: skip the scan
        opener = next((o for o in _OPENERS if tuple(found[: len(o)]) == o), None)
        if opener is None or len(found) <= len(opener) + 1:
            break
        found = found[len(opener) :]
    return found


def joined(mine: tuple[str, ...], theirs: tuple[str, ...]) -> tuple[str, ...]:
    """`mine` with each pair of neighbours that the other text writes as one word made
    one word ("log in" beside "login", "off site" beside "offsite")."""
    if len(mine) < 2:
        return mine
    whole = set(theirs)
    out: list[str] = []
    i = 0
    while i < len(mine):
        if i + 1 < len(mine) and mine[i] + mine[i + 1] in whole and mine[i] not in whole:
            out.append(mine[i] + mine[i + 1])
            i += 2
        else:
            out.append(mine[i])
            i += 1
    return tuple(out)
