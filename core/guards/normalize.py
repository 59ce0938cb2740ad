"""Seeing text the way a model reads it: invisible characters, homoglyphs, spacing.

Attackers hide instructions with zero-width and bidi control characters, Unicode
tag characters (invisible ASCII), Cyrillic/Greek letters that look Latin, full-width
or mathematical letters, l33tspeak and s p a c e d letters. The guard folds all of
that away before matching, and flags the invisible characters themselves — while
leaving ordinary emoji (ZWJ sequences, flag tags) and RTL scripts alone.
"""

from __future__ import annotations

import unicodedata

from core.guards.budget import Budget
from core.guards.lazy import lazy

# Zero-width, bidi embedding/override/isolate, word joiners, BOM, interlinear
# annotation and Unicode tag characters. U+200C/U+200D are only suspicious
# outside the scripts and emoji sequences that need them (see hidden_characters).
_INVISIBLE = lazy(
    r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb"
    r"\u180e\U000e0000-\U000e007f]"
)
_ALWAYS_BAD = lazy(
    r"[\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufff9-\ufffb\u180e\U000e0001-\U000e001f"
    r"\U000e0080-\U000e00ff]"
)
# Soft hyphen, combining grapheme joiner, Hangul fillers: invisible but common in pasted
# text, so stripped before matching without being treated as an attack on their own.
_SOFT = lazy(r"[\u00ad\u034f\u115f\u1160\u3164\uffa0]")
_RTL = lazy(r"[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]")
_JOINER_SCRIPTS = lazy(
    r"[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}"
    r"\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}"
    r"\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}"
    r"\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Mongolian}]"
)
_EMOJI = lazy(r"[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f\u20e3]")
# Runs of variation selectors carry hidden bytes ("emoji smuggling").
_SMUGGLED_SELECTORS = lazy(r"[\ufe00-\ufe0e\U000e0100-\U000e01ef]{3,}")
_FLAG_TAGS = lazy(r"\U0001f3f4[\U000e0061-\U000e007a\U000e0030-\U000e0039]{2,7}\U000e007f")

# Common Latin look-alikes from Cyrillic and Greek (lower case, after casefold).
_CONFUSABLES = str.maketrans(
    "аᴀвсԁеёєһіїјкӏмոноօрԛѕтսуүхԝьɑαβεηικνορτυχγωϲϳıɡȷ",
    "aabcdeeehiijklmnhoopqstuyyxwbaabenikvoptuxywcjigj",
)
_CONFUSABLE_CHARS = tuple(chr(code) for code in _CONFUSABLES)
_LEET = str.maketrans("013457@$", "oieastas")
# Text reduced to its shape, one byte per character (characters outside ASCII as "?"):
# a = a-z, d = a digit, @ or $, s = a separator of spaced letters, o = anything else.
# What `_LEET_WORD` and `_SPACED` match has a telling shape ("ad", "asasasa"), so a
# text without it skips their scans.
_SHAPE = bytes(
    ord("a") if 97 <= b <= 122 else ord("d") if chr(b) in "0123456789@$"
    else ord("s") if chr(b) in " .-_*" else ord("o")
    for b in range(256)
)  # fmt: skip
_LEET_WORD = lazy(r"\b(?=[\w@$]*[a-z])(?=[\w@$]*[0-9@$])[a-z0-9@$]{3,}\b")
_SPACED = lazy(r"(?<![a-z])[a-z](?:[ .\-_*][a-z](?![a-z])){3,}+(?![a-z])")
# Hyphens and underscores used as spaces: "ignore-all-previous-instructions".
_WORD_JOINERS = lazy(r"(?<=[a-z])[\-_](?=[a-z])")
_MAX_JOINERS = 200
_SPACES = lazy(r"[ \t\u00a0\u3000]+")


def _timeout(budget: Budget | None) -> float:
    return budget.timeout() if budget else 0.2


def hidden_characters(text: str, budget: Budget | None = None) -> bool:
    """True when `text` carries invisible or direction-control characters meant to hide content.

    Allowed: ZWJ/ZWNJ next to emoji or in scripts that need them, LRM/RLM in
    text that contains RTL script, a leading BOM, and subdivision-flag tag sequences.
    """
    if text.isascii():
        return False  # every character it looks for is outside ASCII
    if not _INVISIBLE.search(text, timeout=_timeout(budget)) and not _SMUGGLED_SELECTORS.search(
        text, timeout=_timeout(budget)
    ):
        return False
    body = text[1:] if text.startswith("\ufeff") else text
    body = _FLAG_TAGS.sub("", body, timeout=_timeout(budget))
    if _lone_zero_width(body, budget):
        return False
    if _ALWAYS_BAD.search(body, timeout=_timeout(budget)):
        return True
    if _SMUGGLED_SELECTORS.search(body, timeout=_timeout(budget)):
        return True
    rtl = _RTL.search(body, timeout=_timeout(budget)) is not None
    for count, m in enumerate(_INVISIBLE.finditer(body, timeout=_timeout(budget))):
        if count >= _MAX_JOINERS:
            return True  # no ordinary message needs this many joiners
        ch = m.group(0)
        around = body[max(0, m.start() - 2) : m.end() + 2]
        if ch in "\u200c\u200d" and (_EMOJI.search(around) or _JOINER_SCRIPTS.search(around)):
            continue
        if ch in "\u200e\u200f" and rtl:
            continue
        return True
    return False


# One zero-width space (or word joiner) is what copying from a web page or a chat client
# leaves behind; hiding an order takes many. The views strip it, so whatever it might
# split ("ig\u200bnore …") is still matched by the patterns.
_LONE_KINDS = frozenset("\u200b\u2060\ufeff")


def _lone_zero_width(body: str, budget: Budget | None) -> bool:
    found = _INVISIBLE.findall(body, timeout=_timeout(budget))
    return (
        len(found) == 1
        and found[0] in _LONE_KINDS
        and not _SMUGGLED_SELECTORS.search(body, timeout=_timeout(budget))
    )


def strip_invisible(text: str, budget: Budget | None = None) -> str:
    """Remove every invisible/bidi/tag character (quoting and re-scanning use this)."""
    if text.isascii():
        return text  # none of them is ASCII
    text = _INVISIBLE.sub("", text, timeout=_timeout(budget))
    text = _SOFT.sub("", text, timeout=_timeout(budget))
    return str(_SMUGGLED_SELECTORS.sub("", text, timeout=_timeout(budget)))


def _base(text: str, budget: Budget | None) -> str:
    return unicodedata.normalize("NFKC", strip_invisible(text, budget)).casefold()


def _collapse(text: str, budget: Budget | None) -> str:
    """Runs of spaces and tabs as one space (only a run, or another kind of space, changes)."""
    if "  " not in text and not any(ch in text for ch in "\t\u00a0\u3000"):
        return text
    return str(_SPACES.sub(" ", text, timeout=_timeout(budget)))


def plain(text: str, budget: Budget | None = None) -> str:
    """NFKC, case-folded, invisible characters removed, whitespace collapsed."""
    return _collapse(_base(text, budget), budget)


def folded(text: str, budget: Budget | None = None) -> str:
    """Like `plain`, with homoglyphs, l33tspeak and s p a c e d letters folded to Latin words."""
    return _fold(_base(text, budget), budget)


def views(text: str, budget: Budget | None = None) -> list[str]:
    """What injection patterns run on: the folded text and, when it differs, the plain text
    (so Cyrillic, Greek and other scripts are also matched as written)."""
    base = _base(text, budget)
    folded_text = _fold(base, budget)
    plain_text = _collapse(base, budget)
    return [folded_text] if plain_text == folded_text else [folded_text, plain_text]


def _unspaced(run: str) -> str:
    """ "i g n o r e" -> "ignore"; "w.e.r.e g.i.v.e.n" -> "were given": where the letters are
    joined by dots (dashes, stars), the spaces between those groups still part words."""
    if " " in run and any(sep in run for sep in ".-_*"):
        return run.translate(_NOT_SPACES)
    return run.translate(_ALL_SEPARATORS)


_NOT_SPACES = str.maketrans("", "", ".-_*")
_ALL_SEPARATORS = str.maketrans("", "", " .-_*")


# Diacritics from the Combining Diacritical Marks block ("ignorë prëvious" -> "ignore
# previous"); the plain view keeps them, so "précédentes" is still matched as written.
_DIACRITICS = lazy(r"[\u0300-\u036f]")


def _undiacritic(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    if decomposed == text and not _DIACRITICS.search(text):
        return text
    return unicodedata.normalize("NFC", _DIACRITICS.sub("", decomposed))


# Words an order is made of: diacritics are dropped only when that spells more of them, so
# French or German prose (whose folded view would otherwise differ from the plain one and
# be scanned twice) keeps its accents.
_STEERING_WORDS = lazy(
    r"ignore|disregard|forget|instruction|previous|prior|system|prompt|assistant|rules"
    r"|pretend|reveal|override|memor"
)


def _undiacritic_if_steering(text: str, budget: Budget | None) -> str:
    stripped = _undiacritic(text)
    if stripped == text:
        return text
    timeout = _timeout(budget)
    gained = len(_STEERING_WORDS.findall(stripped, timeout=timeout))
    return stripped if gained > len(_STEERING_WORDS.findall(text, timeout=timeout)) else text


def _fold(base: str, budget: Budget | None) -> str:
    # Each pass runs only when the text holds what it rewrites: prose without digits,
    # dashes or odd letters costs a few character lookups here, not five regex scans.
    if not base.isascii() and any(ch in base for ch in _CONFUSABLE_CHARS):
        base = base.translate(_CONFUSABLES)
    if not base.isascii():
        base = _undiacritic_if_steering(base, budget)
    shape = base.encode("ascii", "replace").translate(_SHAPE)
    if b"ad" in shape or b"da" in shape:  # a letter next to a digit, @ or $
        base = _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), base, timeout=_timeout(budget))
        shape = base.encode("ascii", "replace").translate(_SHAPE)
    if b"asasasa" in shape:  # four letters, each alone, one separator apart
        base = _SPACED.sub(lambda m: _unspaced(m.group(0)), base, timeout=_timeout(budget))
    if "-" in base or "_" in base:
        base = _WORD_JOINERS.sub(" ", base, timeout=_timeout(budget))
    return _collapse(base, budget)
