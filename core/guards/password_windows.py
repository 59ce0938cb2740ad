"""Passwords a few words after their name, whatever the words between: "pw is in my head:
Kiwi_Banana_3", "password = same as last year but with a 4: Harbor2024", "you'll need this
to sign in: Falcon_Orbit_88", "maria.k@gmail.com / Sunset!Road22", "gate code to the lot
is #4471".

The phrase patterns (`credential_phrases`) read a password word, a verb and the value in
fixed orders. People put a clause between them. Here the word and the value may stand
up to fifty characters apart on one line, so the value must look like a password by
itself: 8-40 characters with lower case, and upper case or digits, and digits or symbols;
not a version, a path, an address or the password word itself. Access codes are digits
after a lock's name and "code"/"pin" ("alarm disarm code 6620"), never a year.
"""

from __future__ import annotations

import regex

from core.guards.credential_phrases import _NAMED_AS_EXAMPLE, PASSWORD_WORDS, Phrase, _c
from core.guards.values import (
    STOPWORDS,
    clean_value,
    is_mark,
    is_placeholder,
    looks_like_path_or_url,
)

# The password words that are not also everyday words ("pass", "clave", "parola", "key").
_WORDS = "|".join(
    sorted(
        (regex.escape(w) for w in PASSWORD_WORDS if w not in {"pass", "clave", "parola", "psk"}),
        key=len,
        reverse=True,
    )
)
_SEP = r"(?:[:=→]|->|=>|\bis\b|\bwas\b|\bare\b)"
_SHAPED_VALUE = r"[\"'`“‘]?(?P<v>[^\s\"'`”’]{8,40})(?=[\s\"'`”’.,;!?)]|$)"
_VERSIONISH = regex.compile(r"v?\d+(?:[.\-_]\d+)+[a-z0-9.\-_]*", regex.IGNORECASE)
# Code, not a value: "Optional[str]", "getpass.getpass()", "nvarchar(128)", "${{ … }}"
_CODEISH = regex.compile(r"[A-Za-z_$][\w.$]*[\[(<{].*|.*[\])>}]\)?[,;]?|[a-z]+(?:_[a-z]+)+")


def password_shaped(value: str) -> bool:
    """A value that reads as a password without the words around it."""
    v = clean_value(value)
    if not 8 <= len(v) <= 40 or is_placeholder(v) or looks_like_path_or_url(v):
        return False
    if "@" in v or "password" in v.lower() or _VERSIONISH.fullmatch(v) or _CODEISH.fullmatch(v):
        return False
    lower = any(ch.islower() for ch in v)
    upper = any(ch.isupper() for ch in v)
    digit = any(ch.isdigit() for ch in v)
    symbol = any(not ch.isalnum() and not is_mark(ch) for ch in v)
    letters = sum(ch.isalpha() for ch in v)
    return lower and letters >= 3 and (upper or digit) and (digit or symbol)


def _shaped(m: regex.Match[str]) -> bool:
    """Password-shaped, and not named as an example right after ("passwort=geheim123 (nur
    Platzhalter)"), as the phrase patterns judge theirs."""
    if _NAMED_AS_EXAMPLE.match(m.string, m.end("v"), m.end("v") + 60):
        return False
    return password_shaped(m.group("v"))


def _beside_address(m: regex.Match[str]) -> bool:
    """After a separator, a password's shape; after a bare space ("jane@acme.io
    Tuesday-ish"), also a digit and a symbol other than a hyphen."""
    if not _shaped(m):
        return False
    if m.group("sep").strip():
        return True
    value = m.group("v")
    digit = any(ch.isdigit() for ch in value)
    return digit and any(not ch.isalnum() and ch not in "-." for ch in value)


_CODE_DIGITS = r"[#*]?(?P<v>\d{4,8})[#*]?(?![\d.,:/\-]|,\d)"


def _access_code(m: regex.Match[str]) -> bool:
    value = m.group("v")
    return len(set(value)) > 1 and not (len(value) == 4 and value.startswith(("19", "20")))


# Four or more words joined by one dash or dot ("tundra-pickle-saxophone-ember"), or in
# quotes with spaces between (`q`; one group name each, as the gates read no repeated
# name): how a generated passphrase is handed over.
_PASSPHRASE = (
    r"(?<![\w\-.])(?:(?P<v>[a-z]{3,12}(?:-[a-z]{3,12}){3,6}|[a-z]{3,12}(?:\.[a-z]{3,12}){3,6})"
    r"(?![\w\-]|\.\w)|[\"'`“‘](?P<q>[a-z]{3,12}(?: [a-z]{3,12}){3,6})[\"'`”’])"
)
# The passphrase as what opens, never where to go ("log into staging-payments-api-cluster"):
# "unlocks with …", "sign in using: …", "use … to log in", "the KeePass master is …".
# Three patterns, so that each is gated by its own words.
_ACCESS_WITH = (
    r"\b(?:unlock(?:s|ed|ing)?|(?:log|sign)(?:s|ged|ed|ging|ing)?\s+(?:me\s+)?in)\b"
    r"[^\n]{0,24}?\b(?:with|using)\b\s*:?\s*"
)
_USE = r"\b(?:use|type|enter)\s+"
_TO_ACCESS = r"\s+to\s+(?:unlock|(?:log|sign)\s+in)\b"
_MASTER = (
    r"\b(?:master\s+(?:password|pass\s*phrase|passphrase|key)"
    r"|(?:keepass(?:xc)?|bitwarden|1password|lastpass|dashlane|vault)\s+master)\b"
    r"[^\n]{0,12}?(?:\bis\b|\bwas\b|:)(?:\s+now)?\s*"
)


def _random_words(m: regex.Match[str]) -> bool:
    """Four or more words, none an everyday one ("how-to-log-in", "the new one is")."""
    words = regex.split(r"[\-. ]", (m.group("v") or m.group("q")).lower())
    return len(words) >= 4 and not any(w in STOPWORDS or w in _GLUE for w in words)


# Words a slug or a sentence holds, not a generator's list.
_GLUE = frozenset({"how", "why", "get", "got", "set", "use", "let", "can", "and", "not", "our"})

WINDOWS: tuple[Phrase, ...] = (
    # "the vault unlocks with tundra-pickle-saxophone-ember", "use walnut.harbor.cactus.lemon
    # to log in", "the KeePass master is now 'copper violin meadow sprocket'"
    Phrase("password_statement", "a password", _c(_ACCESS_WITH + _PASSPHRASE), _random_words),
    Phrase("password_statement", "a password", _c(_USE + _PASSPHRASE + _TO_ACCESS), _random_words),
    Phrase("password_statement", "a password", _c(_MASTER + _PASSPHRASE), _random_words),
    # "our shared amazon account pw is in my head: Kiwi_Banana_3"
    Phrase("password_statement", "a password", _c(
        r"(?<![\p{L}\p{N}])(?:" + _WORDS + r")(?![\p{L}])[^\n]{0,50}?" + _SEP + r"\s*"
        + _SHAPED_VALUE), _shaped),
    # "you'll need this to sign in: Falcon_Orbit_88", "unlock it with: …"
    Phrase("password_statement", "a password", _c(
        r"\b(?:sign(?:ing)?\s+in|log(?:ging)?\s+in|unlock(?:ing)?|get\s+in)\b"
        r"[^\n:]{0,30}?:\s*" + _SHAPED_VALUE), _shaped),
    # "maria.k@gmail.com / Sunset!Road22": an account and its password side by side;
    # "netflix is me@mail.com Kx9#vQ2m!" with only a space between.
    Phrase("credentials", "login credentials", _c(
        r"[\w.+\-]{1,40}@[\w\-]{1,40}(?:\.[\w\-]{1,20})+(?P<sep>\s*(?:/|\||:|,)\s+|\s+)"
        + _SHAPED_VALUE), _beside_address),
    # "alarm disarm code 6620", "the gate code to the lot is #4471", "keycode for the unit: 9134*"
    Phrase("pin_code", "a PIN or access code", _c(
        r"\b(?:(?:alarm|gate|door|garage|keypad|lock|safe|vault|entry|disarm|storage|locker"
        r"|building|front\s+door|lockbox)\s+(?:[\w\-]+\s+){0,2}?(?:code|pin|combo|passcode)"
        r"|keycode|key\s+code|entry\s+code)\b[^\n\d]{0,25}?" + _CODE_DIGITS), _access_code),
)  # fmt: skip
