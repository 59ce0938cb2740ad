"""Seeing text the way a model reads it: invisible characters, homoglyphs, spacing.

Attackers hide instructions with zero-width and bidi control characters, Unicode
tag characters (invisible ASCII), Cyrillic/Greek letters that look Latin, full-width
or mathematical letters, l33tspeak and s p a c e d letters. The guard folds all of
that away before matching, and flags the invisible characters themselves — while
leaving ordinary emoji (ZWJ sequences, flag tags) and RTL scripts alone.
"""

from __future__ import annotations

import unicodedata

import regex

# Zero-width, bidi embedding/override/isolate, word joiners, BOM, interlinear
# annotation and Unicode tag characters. U+200C/U+200D are only suspicious
# outside the scripts and emoji sequences that need them (see hidden_characters).
_INVISIBLE = regex.compile(
    r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb"
    r"\u180e\U000e0000-\U000e007f]"
)
_ALWAYS_BAD = regex.compile(
    r"[\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufff9-\ufffb\u180e\U000e0001-\U000e001f"
    r"\U000e0080-\U000e00ff]"
)
_RTL = regex.compile(r"[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]")
_JOINER_SCRIPTS = regex.compile(
    r"[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}"
    r"\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}"
    r"\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}"
    r"\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Mongolian}]"
)
_EMOJI = regex.compile(r"[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f\u20e3]")
# Runs of variation selectors carry hidden bytes ("emoji smuggling").
_SMUGGLED_SELECTORS = regex.compile(r"[\ufe00-\ufe0e\U000e0100-\U000e01ef]{3,}")
_FLAG_TAGS = regex.compile(r"\U0001f3f4[\U000e0061-\U000e007a\U000e0030-\U000e0039]{2,7}\U000e007f")

# Common Latin look-alikes from Cyrillic and Greek (lower case, after casefold).
_CONFUSABLES = str.maketrans(
    "аᴀвсԁеёєһіїјкӏмոноօрԛѕтսуүхԝьɑαβεηικνορτυχγωϲϳıɡȷ",
    "aabcdeeehiijklmnhoopqstuyyxwbaabenikvoptuxywcjigj",
)
_LEET = str.maketrans("013457@$", "oieastas")
_LEET_WORD = regex.compile(r"\b(?=[\w@$]*[a-z])(?=[\w@$]*[0-9@$])[a-z0-9@$]{3,}\b")
_SPACED = regex.compile(r"\b(?:[a-z][ .\-_*]){3,}[a-z]\b")
_SEPARATORS = regex.compile(r"[ .\-_*]")
_SPACES = regex.compile(r"[ \t\u00a0\u3000]+")


def hidden_characters(text: str) -> bool:
    """True when `text` carries invisible or direction-control characters meant to hide content.

    Allowed: ZWJ/ZWNJ next to emoji or in scripts that need them, LRM/RLM in
    text that contains RTL script, a leading BOM, and subdivision-flag tag sequences.
    """
    if not _INVISIBLE.search(text, timeout=0.1) and not _SMUGGLED_SELECTORS.search(
        text, timeout=0.1
    ):
        return False
    body = _FLAG_TAGS.sub("", text[1:] if text.startswith("\ufeff") else text, timeout=0.1)
    if _ALWAYS_BAD.search(body, timeout=0.1) or _SMUGGLED_SELECTORS.search(body, timeout=0.1):
        return True
    for m in _INVISIBLE.finditer(body, timeout=0.1):
        ch = m.group(0)
        around = body[max(0, m.start() - 2) : m.end() + 2]
        if ch in "\u200c\u200d" and (_EMOJI.search(around) or _JOINER_SCRIPTS.search(around)):
            continue
        if ch in "\u200e\u200f" and _RTL.search(body, timeout=0.1):
            continue
        return True
    return False


def strip_invisible(text: str) -> str:
    """Remove every invisible/bidi/tag character (quoting and re-scanning use this)."""
    text = _INVISIBLE.sub("", text, timeout=0.2)
    return _SMUGGLED_SELECTORS.sub("", text, timeout=0.2)


def _base(text: str) -> str:
    return unicodedata.normalize("NFKC", strip_invisible(text)).casefold()


def plain(text: str) -> str:
    """NFKC, case-folded, invisible characters removed, whitespace collapsed."""
    return _SPACES.sub(" ", _base(text), timeout=0.2)


def folded(text: str) -> str:
    """Like `plain`, with homoglyphs, l33tspeak and s p a c e d letters folded to Latin words."""
    base = _base(text).translate(_CONFUSABLES)
    base = _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), base, timeout=0.2)
    base = _SPACED.sub(lambda m: _SEPARATORS.sub("", m.group(0)), base, timeout=0.2)
    return _SPACES.sub(" ", base, timeout=0.2)
