"""PINs and lock codes in the languages people write them in, and logins given without
the word "password".

`credential_phrases` reads "my bank PIN is 4821" and "door code: 7305" in English word
order. Other languages put the owner after the word ("o PIN do cartão é 4829", "il PIN
del bancomat è 5830", "die PIN für das Diensthandy ist 412535", "de pincode van mijn
bankpas is 6028"), name the lock first ("code de la porte", "digicode", "Türcode") or
the device ("iPhone-Code"). A door keypad's code may hold a letter ("4B729").

Logins: "my banking login is Mango1986!", "u: admin p: …", "root / … for the router",
a password named by its account, judged by its shape
(`password_windows.password_shaped`), which usernames rarely have.
"""

from __future__ import annotations

import itertools

import regex

from core.guards.credential_phrases import _NOT_SECRET_WORDS, Phrase, _c
from core.guards.password_windows import password_shaped
from core.guards.prefilter import in_tokens
from core.guards.values import clean_value, is_placeholder, looks_random, password_strength

# Words for a PIN or an unlock code, several languages.
_PIN = (
    r"pin(?:[\s\-]?(?:code|kode|nummer|number|no\.?|#))?|puk(?:[\s\-]?code)?|pincode|pinkode"
    r"|geheimzahl|geheimnummer|passcode|code\s+pin|c[oó]digo\s+pin|codice\s+pin|digicode"
    r"|unlock\s+code|entsperr(?:code|-pin)|code\s+de\s+d[ée]verrouillage|c[oó]digo\s+de\s+desbloqu(?:eo|eio)"
    r"|codice\s+di\s+sblocco|ontgrendel(?:code|pin)"
    r"|(?:iphone|ipad|phone|handy|telefon|smartphone|tablet|laptop|sim|karten|bank|ec|atm|card)"
    r"[\s\-]?(?:code|pin|passcode)"
)
# A lock named after "code": "code de la porte", "código de la alarma", "Code der Haustür".
_LOCKS = (
    r"porte|portail|cadenas|alarme|coffre(?:-fort)?|garage|immeuble|casier|vestiaire|b[âa]timent"
    r"|interphone|puerta|port[oó]n|alarma|caja\s+fuerte|candado|taquilla|garaje|edificio|portal"
    r"|porta|port[aã]o|cadeado|cofre|arm[aá]rio|cacifo|cancello|allarme|cassaforte|lucchetto"
    r"|armadietto|portone|citofono|t[üu]r|haust[üu]r|tor(?:es)?|tresors?|safes?|alarmanlage"
    r"|schloss(?:es)?|spinds?|deur|voordeur|kluis|poort|fietsslot|drzwi|sejfu|alarmu|kłódki"
    r"|domofonu"
)
# The word "code" is a lock's only when the lock is named after it; these name one alone.
_LOCK_WORDS = (
    r"code|c[oó]digo|codice|kode|kod|t[üu]rcode|torcode|zugangscode|zahlencode|tresorcode"
    r"|alarmcode|deurcode|kluiscode|digicode"
)
_PLAIN_CODE = frozenset({"code", "codigo", "código", "codice", "kode", "kod"})
_NAMED_LOCK = (
    r"(?P<lock>\s+(?:de\s+la|de\s+l['’]|du|de|des|del|della|dello|dell['’]|do|da|dos|das|der"
    r"|van\s+de|van\s+het|van|för|til)\s*(?:[\w\-]+\s+)?(?:" + _LOCKS + r")(?![\p{L}])"
    r"|\s+d['’]acc[eè]s|\s+de\s+acces?so)?"
)
# "do cartão", "del bancomat", "für das Diensthandy", "van mijn bankpas", "de ma carte".
_OWNER = (
    r"(?:\s+(?:for|of|on|to|de|du|des|del|della|dello|dei|do|da|dos|das|für|fürs|zum|zur|vom"
    r"|von|der|van|voor|dla|для|от|av|til|för|på)(?:\s+(?:la|le|les|l['’]|el|los|o|a|os|as"
    r"|il|lo|the|my|our|das|die|der|den|dem|mein|meine|meiner|meines|meinem|mon|ma|mes|mi|mis"
    r"|mio|mia|meu|minha|mijn|de|het|moje|mojej|mojego))?(?:\s+[\w\-'’]{1,24}){1,2})?"
)
# "my bank pin, in case I forget: 4821"
_ASIDE = r"(?:\s*,[^,:\n]{1,40})?"
_IS = r"\s*(?:is|was|:|=|est|es|ist|lautet|é|è|är|er|jest|это|-|–)\s*"
_DIGITS = r"[#*]?(?P<v>\d{4,8})[#*]?(?![\w.,:/\-]|,\d)"
# A keypad's code: digits with at most two letters ("4B729", "38A61").
_KEYPAD = r"[#*]?(?P<v>\d{4,8}|(?=(?:[A-D]?\d){3})[0-9A-D]{4,8})[#*]?(?![\w.,:/\-]|,\d)"


def _pin(m: regex.Match[str]) -> bool:
    value = m.group("v")
    return len(set(value)) > 1


def _dial(m: regex.Match[str]) -> bool:
    """A dial's numbers run to 39 or so: one of them has two digits ("27 14 38"), and
    they are not a count ("1 2 3 4")."""
    numbers = [int(n) for n in regex.findall(r"\d+", m.group("v"))]
    steps = {b - a for a, b in itertools.pairwise(numbers)}
    return any(n >= 10 for n in numbers) and steps != {1}


def _lock_code(m: regex.Match[str]) -> bool:
    """ "code" alone is every kind of code (error, promo, postal): a lock's only when the
    lock is named ("code de la porte"); "digicode", "Türcode" name one themselves."""
    if m.group("kw").lower() in _PLAIN_CODE and not m.group("lock"):
        return False
    return _pin(m)


_WORD = r"(?:[a-z]+\d{0,4}|[A-Z]+\d{0,4}|[A-Z][a-z]+\d{0,4})"
_WORDS_JOINED = regex.compile(_WORD + r"(?:[\-_.]" + _WORD + r")+")


def _login(m: regex.Match[str]) -> bool:
    """A login's value must look like a password, not a username ("jsmith2"): a symbol,
    or upper case with digits."""
    value = clean_value(m.group("v"))
    if not password_shaped(value) or "@" in value or _WORDS_JOINED.fullmatch(value):
        return False  # "SAML2-redirect", "sso_v2": words joined, a method's name
    symbol = any(not ch.isalnum() for ch in value)
    upper_digit = any(ch.isupper() for ch in value) and any(ch.isdigit() for ch in value)
    return symbol or upper_digit


_SHAPED = r"[\"'`“‘]?(?P<v>[^\s\"'`”’]{8,40})(?=[\s\"'`”’.,;!?)]|$)"

_KEY_NOUN = r"(?:api[\s_\-]?key|access[\s_\-]?key|token|secret|key)"
_IDENTIFYING = regex.compile(r"(?i)\b(?:" + _NOT_SECRET_WORDS + r")\b")


def _named_after(m: regex.Match[str]) -> bool:
    """ "L4HVFaNf… <- that's the token": key material first, then named a key, but not a
    cache, partition or public key."""
    value = m.group("v")
    tail = m.string[m.end("v") : m.end()]
    return looks_random(value, 20) and not is_placeholder(value) and not _IDENTIFYING.search(tail)


ACCESS_PHRASES: tuple[Phrase, ...] = (
    # "L4HVFaNfDL3LMxpwugSR… <- that's the token", "q8Wc2ZpL… is my api key"
    Phrase("generic_secret", "an API key or token", _c(
        r"(?<![^\s\"'`(])(?P<v>[A-Za-z0-9_\-./+=]{20,200})[\"'`]?\s*(?:<-+|←|=|is|was)\s*"
        r"(?:that's\s+|that\s+is\s+|it's\s+)?(?:the|my|our|your|his|her|their)\s+"
        r"(?:[\w\-]+\s+){0,2}?" + _KEY_NOUN + r"(?![\p{L}])"), _named_after,
        near=_c(r"(?<=\s)" + _KEY_NOUN + r"(?![\p{L}])"), near_starts=in_tokens(2, 7, "\"'`(")),
    Phrase("pin_code", "a PIN or access code", _c(
        r"(?<![\p{L}])(?:" + _PIN + r")(?![\p{L}])" + _OWNER + _ASIDE + _IS + _DIGITS), _pin),
    # "the safe combination: 27 14 38", "combo 3-7-19"
    Phrase("pin_code", "a PIN or access code", _c(
        r"\b(?:combination|combo|kombination|combinaison|combinación|combinazione)\b[^\n\d]{0,30}?"
        r"(?<![\d\-])(?P<v>\d{1,2}(?:(?:\s*[\-–/]\s*|\s+)\d{1,2}){2,3})(?![\d.,:/]|\s*[\-–/]?\s*\d)"),
        _dial),
    Phrase("pin_code", "a PIN or access code", _c(
        r"(?<![\p{L}])(?P<kw>" + _LOCK_WORDS + r")(?![\p{L}])" + _NAMED_LOCK + _OWNER + _IS
        + _KEYPAD), _lock_code),
    # "my banking login is Mango1986!", "windows logon: …"
    Phrase("credentials", "login credentials", _c(
        r"(?<![\p{L}])(?:login|log-in|logon|sign-in)(?![\p{L}])(?:\s+(?:for|to|on|at|of)"
        r"(?:\s+[\w.\-]{1,30}){1,2})?\s*(?:is|was|:|=)\s+" + _SHAPED), _login),
    # "u: admin p: Kx9#vQ2m", "user admin pw Kx9#vQ2m"
    Phrase("credentials", "login credentials", _c(
        r"\b(?:(?:u|usr)[:=]|user(?:name)?\s*[:=]?|login\s*[:=])\s*[\w.@\-]{2,40}[,;]?\s+"
        r"(?:p|pw|pwd|pass)\s*[:=]?\s*" + _SHAPED), _login),
    # "jane:Kx9#vQ2m@ftp.acme.io": a URL's credentials without its scheme.
    Phrase("credentials", "login credentials", _c(
        r"(?<![\w.\-/:@%])[\w.\-]{1,40}:(?P<v>[^\s@/:\"'<>]{6,64})@[\w\-]{1,60}(?:\.[\w\-]{1,30})+"),
        lambda m: password_strength(m.group("v")) == "strong" and not m.group("v").isdigit()),
    # "root / Kx9#vQ2m for the router", "admin:Kx9#vQ2m"
    Phrase("credentials", "login credentials", _c(
        r"(?<![\w/.\-@])(?:root|admin|administrator|sa|pi|ubuntu|postgres|guest|operator"
        r"|superuser)\s*(?:/|\|)\s*" + _SHAPED), _login),
)  # fmt: skip
