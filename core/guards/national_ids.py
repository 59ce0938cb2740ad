"""National identity and health numbers of more countries, each told apart by its own
arithmetic and, where that is weak, by the words around it.

Spain's DNI/NIE end in a mod-23 letter, the Dutch BSN passes the 11-test, France's NIR
ends in a mod-97 key, China's resident ID in an ISO 7064 check character, Finland's
henkilötunnus in a mod-31 one: a match of those is refused unless a word names it as
something else. The Polish PESEL, Swedish personnummer, Norwegian fødselsnummer, UK NHS
number and Indian PAN have a check a random number passes far more often (one in ten or
eleven) or a shape an ordinary code can have, so they also need their naming word close
by, as Presidio's context-aware recognizers do. Denmark's CPR number lost its mod-11
check in 2007, so only its birth date and its word ("CPR") tell it apart.

A naming word settles what a number is: a checked number named as an id is refused even
when an order or a booking is mentioned beside it ("my ID card number is … for the hotel
booking"), and, once named, a code written in lower case or in the groups its card prints
("hgb cdt 89s62 c187z") is read as well (`any_case`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import regex

from core.guards.budget import Budget
from core.guards.checksums import luhn
from core.guards.columns import column_header
from core.guards.lazy import lazy
from core.guards.prefilter import TEXT, Family

Scanner = Callable[[str, Budget], Iterator[bool]]


def near(pattern: regex.Pattern[str], text: str, start: int, end: int, budget: Budget) -> bool:
    """`pattern` in the words around a match or in its table column's header; snake-case
    keys name a number too ("national_id": …), so underscores read as spaces."""
    window = text[max(0, start - 60) : start] + " " + text[end : end + 40]
    window += " " + column_header(text, start)
    return budget.search(pattern, window.replace("_", " ")) is not None


# Words that name a number as something else (an order, a ticket, a platform id).
_OTHER = lazy(
    r"(?i)\b(?:order|invoice|ticket|case|ref(?:erence)?|tracking|parcel|waybill|po|sku|isbn"
    r"|ean|upc|barcode|phone|tel|fax|mobile|hotline|imei|serial|build|job|batch|booking"
    r"|customer|membership|channel|guild|snowflake|message|user\s+id|discord|slack|commit"
    r"|version|part|model|release|pr|issue|claim|policy)\b"
)

# ---- check digits -----------------------------------------------------------------------
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_HETU_CHARS = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def dni_valid(number: str, letter: str) -> bool:
    """Spain's DNI (8 digits) or NIE (X/Y/Z + 7 digits): the letter is the number mod 23."""
    lead = number[0].upper()
    digits = str("XYZ".index(lead)) + number[1:] if lead in "XYZ" else number
    return digits.isdigit() and _DNI_LETTERS[int(digits) % 23] == letter.upper()


def bsn_valid(digits: str) -> bool:
    """The Dutch 11-test: 9·d1 + 8·d2 + … + 2·d8 − d9 is a multiple of 11."""
    if len(digits) != 9 or not digits.isdigit() or digits == "0" * 9:
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True))
    return (total - int(digits[8])) % 11 == 0


def nir_valid(compact: str) -> bool:
    """France's NIR: 13 characters (Corsica's 2A/2B as 19/18) and a key of 97 − n mod 97."""
    body, key = compact[:13].upper(), compact[13:]
    body = body.replace("2A", "19", 1) if body[5:7] == "2A" else body.replace("2B", "18", 1)
    if not (body.isdigit() and key.isdigit() and len(key) == 2):
        return False
    month = int(body[3:5])
    return (1 <= month <= 12 or 20 <= month <= 99) and 97 - int(body) % 97 == int(key)


def pesel_valid(digits: str) -> bool:
    """Poland's PESEL: a birth date (century in the month) and a 1-3-7-9 weighted check."""
    if len(digits) != 11 or not digits.isdigit():
        return False
    month, day = int(digits[2:4]) % 20, int(digits[4:6])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    weights = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    total = sum(int(d) * w for d, w in zip(digits[:10], weights, strict=True))
    return (10 - total % 10) % 10 == int(digits[10])


def china_id_valid(number: str) -> bool:
    """China's resident ID: region, birth date, sequence, ISO 7064 mod 11-2 check."""
    body, check = number[:17], number[17:].upper()
    if not body.isdigit() or len(check) != 1:
        return False
    year, month, day = int(body[6:10]), int(body[10:12]), int(body[12:14])
    if not (1900 <= year <= 2030 and 1 <= month <= 12 and 1 <= day <= 31):
        return False
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    return "10X98765432"[sum(int(d) * w for d, w in zip(body, weights, strict=True)) % 11] == check


def hetu_valid(date: str, serial: str, check: str) -> bool:
    """Finland's henkilötunnus: the check character is DDMMYYZZZ mod 31."""
    day, month = int(date[:2]), int(date[2:4])
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return False
    return _HETU_CHARS[int(date + serial) % 31] == check.upper()


def personnummer_valid(digits: str) -> bool:
    """Sweden's personnummer (YYMMDD + 4, coordination numbers add 60 to the day): Luhn."""
    digits = digits[-10:]
    month, day = int(digits[2:4]), int(digits[4:6]) % 60
    return 1 <= month <= 12 and 1 <= day <= 31 and luhn(digits)


def fodselsnummer_valid(digits: str) -> bool:
    """Norway's fødselsnummer: DDMMYY + 3, then two mod-11 check digits."""
    if len(digits) != 11 or not digits.isdigit():
        return False
    d = [int(c) for c in digits]
    for n, weights in ((9, (3, 7, 6, 1, 8, 9, 4, 5, 2)), (10, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))):
        check = 11 - sum(a * b for a, b in zip(d[:n], weights, strict=True)) % 11
        if (0 if check == 11 else check) != d[n]:
            return False
    return 1 <= d[0] * 10 + d[1] <= 71 and 1 <= (d[2] * 10 + d[3]) % 40 <= 12


def cpr_valid(digits: str) -> bool:
    """Denmark's CPR number: DDMMYY and four digits (no check digit since 2007), so the
    date is all there is to check."""
    if len(digits) != 10 or not digits.isdigit():
        return False
    return 1 <= int(digits[:2]) <= 31 and 1 <= int(digits[2:4]) <= 12


def nhs_valid(digits: str) -> bool:
    """The UK NHS number: 10 digits, weights 10…2, check 11 − sum mod 11 (10 never issued)."""
    if len(digits) != 10 or not digits.isdigit():
        return False
    check = 11 - sum(int(d) * w for d, w in zip(digits[:9], range(10, 1, -1), strict=True)) % 11
    return (0 if check == 11 else check) == int(digits[9]) and check != 10


# ---- patterns and the words that name them --------------------------------------------
# Also dotted in thousands, as Spanish forms print it ("12.345.678-Z").
_DNI = lazy(
    r"(?<![\w\-.])(?P<n>[XYZxyz][ \-]?\d{7}|\d{8}|\d{2}\.\d{3}\.\d{3})[ \-]?(?P<c>[A-Za-z])"
    r"(?![\w\-])"
)
_DNI_CONTEXT = lazy(
    r"(?i)\b(?:dni|nie|nif|d\.n\.i\.?|documento\s+(?:nacional|de\s+identidad)|identidad"
    r"|extranjer[oa]|spanish\s+(?:id|national)|carn[eé])\b"
)
_NINE_DIGITS = lazy(
    r"(?<![\d\-.])\d{4}\.?\d{2}\.?\d{3}(?![\d\-]|\.\d)|(?<![\d\-])\d{3} \d{3} \d{3}(?!\d)"
)
_BSN_CONTEXT = lazy(
    r"(?i)\b(?:bsn|burger\s?service\s?nummer|sofi(?:nummer)?|citizen\s+service\s+number"
    r"|persoonsnummer)\b"
)
_NIR = lazy(
    r"(?<![\dA-Za-z.])[1-478][ .]?\d{2}[ .]?\d{2}[ .]?(?:\d{2}|2[ABab])[ .]?\d{3}[ .]?\d{3}"
    r"[ .]?\d{2}(?![\dA-Za-z]|\.\d)"
)
_PESEL = lazy(r"(?<![\d\-])\d{6}[ \-]?\d{5}(?![\d\-])")
_PESEL_CONTEXT = lazy(r"(?i)\bpesel\b")
# Compact, or in the 6-8-4 groups of the card's layout.
_CHINA_ID = lazy(
    r"(?<![\dA-Za-z])[1-9]\d{5}(?P<s>[ \-]?)(?:19|20)\d{6}(?P=s)\d{3}[\dXx](?![\dA-Za-z])"
)
_CHINA_CONTEXT = lazy(
    r"(?i)(?:\b(?:resident\s+id\w*|id(?:entity)?\s+card|chinese\s+id|prc\s+id)|身份证|身份證"
    r"|居民身份)"
)
_HETU = lazy(
    r"(?<![\w\-+])(?P<d>\d{6})[\-+A-FU-Y](?P<z>\d{3})(?P<c>[0-9A-FHJ-NPR-Ya-fhj-npr-y])(?![\w\-])"
)
_NORDIC = lazy(r"(?<![\d\-+])(?:(?:19|20)?\d{6}[\-+ ]?\d{4}|\d{6} ?\d{5})(?![\d\-])")
# Nordic nouns take their article as a suffix ("fødselsnummeret", "personnumret").
_NORDIC_CONTEXT = lazy(
    r"(?i)\b(?:person(?:nummer|nr|numret)\w*|personal\s+(?:identity\s+|id\s+)?(?:number|no)"
    r"|samordningsnummer\w*|f[øo]dsels(?:nummer|nr)\w*|fnr|d-nummer\w*|birth\s+number"
    r"|swedish\s+id|norwegian\s+id|national\s+id(?:entity)?\s+(?:number|no))\b"
)
_CPR = lazy(r"(?<![\d\-+])\d{6}-?\d{4}(?![\d\-])")
_CPR_CONTEXT = lazy(r"(?i)\b(?:cpr\w*|danish\s+(?:id|personal)\w*)\b")
_NHS = lazy(r"(?<![\d\-])\d{3}([ \-]?)\d{3}\1\d{4}(?![\d\-])")
_NHS_CONTEXT = lazy(r"(?i)\b(?:nhs|national\s+health|chi\s+(?:number|no)|health\s+service)\b")
_PAN = lazy(r"(?i)(?<![A-Za-z0-9])[A-Z]{3}(?P<t>[ABCFGHJLPT])[A-Z]\d{4}[A-Z](?![A-Za-z0-9])")
_PAN_CONTEXT = lazy(
    r"(?i)(?:\b(?:pan|permanent\s+account\s+number|income[\s\-]tax|tds|itr|kyc)\b|पैन)"
)


def compact(value: str) -> str:
    return "".join(ch for ch in value if ch.isalnum())


def _spanish_ids(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_DNI, text, budget):
        number, letter = compact(m.group("n")), m.group("c")
        if not dni_valid(number, letter):
            continue
        named = near(_DNI_CONTEXT, text, m.start(), m.end(), budget)
        if named or (letter.isupper() and not near(_OTHER, text, m.start(), m.end(), budget)):
            yield True


def spaced_snake(text: str, budget: Budget) -> str:
    """`text` with underscores as spaces ("ird_number": "_" is a word character to `\b`),
    made once per check so the pool's one pass over it serves every family."""
    key = ("spaced_snake", id(text))
    memo = budget.shared.get(key)
    if isinstance(memo, tuple) and memo[0] is text:
        return str(memo[1])
    spaced = text.replace("_", " ")
    budget.shared[key] = (text, spaced)
    return spaced


def named(
    family: Family,
    pattern: regex.Pattern[str],
    context: regex.Pattern[str],
    valid: Callable[[str], bool],
) -> Scanner:
    """Numbers whose check a random run passes too often: refused only when named. The
    naming word is looked for first (the pass over the text skips it when its word is
    absent), so a text full of numbers but no such word costs no digit scan."""

    def scan(text: str, budget: Budget) -> Iterator[bool]:
        if not family.search(context, text, budget) and not (
            "_" in text and family.search(context, spaced_snake(text, budget), budget)
        ):
            return
        for m in family.finditer(pattern, text, budget):
            if valid(compact(m.group(0))) and near(context, text, m.start(), m.end(), budget):
                yield True

    return scan


def _has_word(lowered: str, word: str) -> bool:
    """`word` in `lowered` with no letter or digit either side ("ird", not "third")."""
    at = lowered.find(word)
    while at != -1:
        end = at + len(word)
        before = lowered[at - 1] if at else " "
        after = lowered[end] if end < len(lowered) else " "
        if not before.isalnum() and not after.isalnum():
            return True
        at = lowered.find(word, at + 1)
    return False


@lru_cache(maxsize=4)
def lowered_text(text: str) -> str:
    """`text` lower-cased once for every scanner that asks (they read one text each)."""
    return text.lower()


def worded(names: tuple[str, ...], scan: Scanner) -> Scanner:
    """`scan`, tried only when the text holds one of its naming words: a whole word for a
    short ASCII one ("ird" is not in "third"), a substring for the rest (a phrase,
    another script, a long word that compounds: "versicherungsnummer" is in
    "Sozialversicherungsnummer"), where the gated search of the context would cost a
    pass of its own."""
    short = tuple(n for n in names if n.isascii() and n.isalnum() and len(n) <= 7)
    others = tuple(n for n in names if n not in short)

    def scan_worded(text: str, budget: Budget) -> Iterator[bool]:
        lowered = lowered_text(text)
        if any(n in lowered for n in others) or any(_has_word(lowered, n) for n in short):
            yield from scan(text, budget)

    return scan_worded


def checked(family: Family, pattern: regex.Pattern[str], valid: Callable[[str], bool],
            context: regex.Pattern[str] | None = None) -> Scanner:
    """Numbers whose check and structure are strong: refused unless named as other, and
    always when their own naming word (`context`) is beside them."""

    def scan(text: str, budget: Budget) -> Iterator[bool]:
        for m in family.finditer(pattern, text, budget):
            if not valid(compact(m.group(0))):
                continue
            start, end = m.start(), m.end()
            if not near(_OTHER, text, start, end, budget) or (
                context is not None and near(context, text, start, end, budget)
            ):
                yield True

    return scan


def any_case(family: Family, pattern: regex.Pattern[str], context: regex.Pattern[str],
             valid: Callable[[str], bool]) -> Scanner:
    """A code matched in capitals only (matching any case would try every long word),
    read in any case and with its printed spacing once its naming word is in the text:
    `pattern` is case-insensitive and may hold spaces, and the value is judged upper-cased
    and compact."""
    return named(family, pattern, context, lambda value: valid(value.upper()))


def _hetus(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_HETU, text, budget):
        if hetu_valid(m.group("d"), m.group("z"), m.group("c")):
            yield True


def _nordic_valid(digits: str) -> bool:
    return personnummer_valid(digits) if len(digits) in (10, 12) else fodselsnummer_valid(digits)


# A PAN whose type letter is not P belongs to a company, firm or trust; beside such a word
# ("company PAN AAACT2727Q on the invoice") it is a business's number, printed on its bills.
_BUSINESS = lazy(
    r"(?i)\b(?:company|firm|vendor|supplier|business|corporate|entity|ltd|llp|pvt|limited"
    r"|trust|society|organi[sz]ation|employer|partnership)(?:['’]s)?\b"
)


def _pans(text: str, budget: Budget) -> Iterator[bool]:
    """A PAN is AAAAA9999A with its 4th letter the holder's type (P: a person)."""
    for m in _GATED.finditer(_PAN, text, budget):
        if m.group("t").upper() != "P" and near(_BUSINESS, text, m.start(), m.end(), budget):
            continue
        named = near(_PAN_CONTEXT, text, m.start(), m.end(), budget)
        if not m.group(0).isupper():
            named = named and m.group(0).islower()  # "my pan no qxupv7956n", not "Dell5678x"
            if named:
                yield True
            continue
        if named or (m.group("t") == "P" and not near(_OTHER, text, m.start(), m.end(), budget)):
            yield True


# Whole-text scans: run only when the text holds a long enough chunk for them.
_GATED = TEXT.family(
    [
        _DNI,
        _NINE_DIGITS,
        _NIR,
        _PESEL,
        _CHINA_ID,
        _HETU,
        _NORDIC,
        _NHS,
        _PAN,
        _BSN_CONTEXT,
        _PESEL_CONTEXT,
        _NORDIC_CONTEXT,
        _NHS_CONTEXT,
        _CHINA_CONTEXT,
        _CPR,
        _CPR_CONTEXT,
    ]
)

spanish_ids = _spanish_ids
bsns = named(_GATED, _NINE_DIGITS, _BSN_CONTEXT, bsn_valid)
nirs = checked(_GATED, _NIR, nir_valid)
pesels = named(_GATED, _PESEL, _PESEL_CONTEXT, pesel_valid)
china_ids = checked(_GATED, _CHINA_ID, china_id_valid, _CHINA_CONTEXT)
hetus = _hetus
nordic_ids = named(_GATED, _NORDIC, _NORDIC_CONTEXT, _nordic_valid)
cprs = named(_GATED, _CPR, _CPR_CONTEXT, cpr_valid)
nhs_numbers = named(_GATED, _NHS, _NHS_CONTEXT, nhs_valid)
pans = _pans
