"""Personal numbers of twelve more countries, each by its published check and its
naming word: Romania's CNP, Croatia's OIB, Switzerland's AHV/AVS number, Israel's
teudat zehut, Argentina's CUIT/CUIL, Taiwan's and Hong Kong's identity cards, Ireland's
PPS number, Austria's social insurance number, Greece's AMKA, the Estonian and
Lithuanian personal code and Germany's identity card number (New Zealand's IRD number
is `world_ids.irds`).

Every one of them is refused only beside the word that names it (within the window
`national_ids.near` reads): their checks are one digit, which a random run of the same
length passes one time in ten or eleven, so the word is what tells a person's number
from an order's. Each scan first asks whether the lower-cased text holds one of its
words at all (a substring test), so a text that names none costs nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.guards.checksums import luhn, mod11_10
from core.guards.lazy import lazy
from core.guards.national_ids import Scanner, named, worded
from core.guards.prefilter import TEXT


def _weighted(digits: str, weights: Iterable[int] | str) -> int:
    """Σ digit·weight; weights as numbers or as a string of digits ("279146358279")."""
    numbers = [int(w) for w in weights] if isinstance(weights, str) else list(weights)
    return sum(int(d) * w for d, w in zip(digits, numbers, strict=False))


def cnp_valid(digits: str) -> bool:
    """Romania: weights 279146358279, the sum mod 11 the 13th digit (10 is written 1)."""
    if len(digits) != 13 or digits[0] == "0":
        return False
    rest = _weighted(digits[:12], "279146358279") % 11
    return (1 if rest == 10 else rest) == int(digits[12])


def oib_valid(digits: str) -> bool:
    """Croatia: ISO 7064 MOD 11,10 over the first ten digits."""
    return len(digits) == 11 and mod11_10(digits)


def ahv_valid(digits: str) -> bool:
    """Switzerland: 756, nine digits and an EAN-13 check digit."""
    if len(digits) != 13 or not digits.startswith("756"):
        return False
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


def israeli_id_valid(digits: str) -> bool:
    """Israel: nine digits (shorter ones padded with zeros), a Luhn check."""
    return 5 <= len(digits) <= 9 and luhn(digits.zfill(9)) and int(digits) > 0


def cuit_valid(digits: str) -> bool:
    """Argentina: a type (20, 23, 24, 27, 30, 33, 34), eight digits, a mod-11 check."""
    if len(digits) != 11 or digits[:2] not in ("20", "23", "24", "27", "30", "33", "34"):
        return False
    check = 11 - _weighted(digits[:10], (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11
    return {11: 0, 10: 9}.get(check, check) == int(digits[10])


_TAIWAN_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def taiwan_id_valid(code: str) -> bool:
    """Taiwan: a letter (its number 10-35 as two digits), 1 or 2, eight digits, weights
    1,9,8,…,1, the sum a multiple of ten."""
    code = code.upper()
    if len(code) != 10 or code[0] not in _TAIWAN_LETTERS or code[1] not in "12":
        return False
    if not code[1:].isdigit():
        return False
    number = _TAIWAN_LETTERS.index(code[0]) + 10
    values = [number // 10, number % 10, *map(int, code[1:])]
    return (
        sum(v * w for v, w in zip(values, (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1), strict=True)) % 10 == 0
    )


def hkid_valid(code: str) -> bool:
    """Hong Kong: one or two letters, six digits, a mod-11 check (A for 10)."""
    code = code.upper()
    letters = code[:-7]
    if len(letters) not in (1, 2) or not letters.isalpha() or not code[-7:-1].isdigit():
        return False
    padded = ([36] if len(letters) == 1 else []) + [ord(ch) - 55 for ch in letters]
    values = padded + [int(d) for d in code[-7:-1]]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1), strict=True))
    check = (11 - total % 11) % 11
    return ("A" if check == 10 else str(check)) == code[-1]


def pps_valid(code: str) -> bool:
    """Ireland: seven digits, a check letter (mod 23, a second letter counting 9 each)."""
    code = code.upper()
    if len(code) not in (8, 9) or not code[:7].isdigit() or not code[7:].isalpha():
        return False
    total = _weighted(code[:7], range(8, 1, -1))
    if len(code) == 9:
        total += 9 * (ord(code[8]) - 64 if code[8] != "W" else 0)
    return "WABCDEFGHIJKLMNOPQRSTUV"[total % 23] == code[7]


def svnr_valid(digits: str) -> bool:
    """Austria: three serial digits, a check digit, the birth date DDMMYY; weights
    3,7,9 and 5,8,4,2,1,6, the sum mod 11 the check."""
    if len(digits) != 10 or digits[0] == "0":
        return False
    body = digits[:3] + digits[4:]
    rest = _weighted(body, (3, 7, 9, 5, 8, 4, 2, 1, 6)) % 11
    return rest < 10 and rest == int(digits[3]) and 1 <= int(digits[6:8]) <= 12


def amka_valid(digits: str) -> bool:
    """Greece: the birth date DDMMYY, four digits, a Luhn check."""
    return len(digits) == 11 and 1 <= int(digits[2:4]) <= 12 and luhn(digits)


def baltic_code_valid(digits: str) -> bool:
    """Estonia and Lithuania: century and sex, YYMMDD, three digits, a mod-11 check with
    a second set of weights when the first gives 10."""
    if len(digits) != 11 or digits[0] not in "123456" or not 1 <= int(digits[3:5]) <= 12:
        return False
    rest = _weighted(digits[:10], (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)) % 11
    if rest == 10:
        rest = _weighted(digits[:10], (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)) % 11
        rest = 0 if rest == 10 else rest
    return rest == int(digits[10])


_MRZ_VALUES = {ch: i for i, ch in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")}


def de_id_card_valid(code: str) -> bool:
    """Germany's Personalausweis: nine characters of its alphabet and the MRZ check digit
    (weights 7, 3, 1)."""
    code = code.upper()
    if len(code) != 10 or not code[-1].isdigit() or any(ch in "AEIOUBDQS" for ch in code[:9]):
        return False
    total = sum(_MRZ_VALUES[ch] * (7, 3, 1)[i % 3] for i, ch in enumerate(code[:9]))
    return total % 10 == int(code[9])


_B = r"(?<![\w\-./])"
_E = r"(?![\w\-]|[./]\w)"
_CNP = lazy(_B + r"[1-9]\d{12}" + _E)
_CNP_CONTEXT = lazy(r"(?i)\b(?:cnp|cod(?:ul)?\s+numeric\s+personal)\b")
_OIB = lazy(_B + r"\d{11}" + _E)
_OIB_CONTEXT = lazy(r"(?i)\b(?:oib|osobni\s+identifikacijski\s+broj)\b")
_AHV = lazy(_B + r"756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}" + _E)
_AHV_CONTEXT = lazy(
    r"(?i)\b(?:ahv|avs|oasi|ahv-?nr|sozialversicherung\w*|versichertennummer|num[eé]ro\s+avs"
    r"|social\s+security|numero\s+avs)\b"
)
_IL_ID = lazy(_B + r"\d{5,9}" + _E)
_IL_ID_CONTEXT = lazy(
    r"(?i)(?:\b(?:teudat\s+zehut|mispar\s+zehut|israeli\s+id)\b|תעודת\s+זהות|ת\.ז)"
)
_CUIT = lazy(_B + r"\d{2}-?\d{8}-?\d" + _E)
_CUIT_CONTEXT = lazy(r"(?i)\b(?:cuit|cuil|cdi)\b")
_TAIWAN = lazy(r"(?<![A-Za-z0-9])[A-Za-z][12]\d{8}(?![A-Za-z0-9])")
_TAIWAN_CONTEXT = lazy(r"(?i)(?:身分證|身份證|\b(?:taiwan(?:ese)?\s+(?:national\s+)?id)\b)")
_HKID = lazy(r"(?<![A-Za-z0-9])[A-Za-z]{1,2}\d{6}\s?\(?[0-9Aa]\)?(?![A-Za-z0-9])")
_HKID_CONTEXT = lazy(r"(?i)(?:\bhkid\b|香港身份證|身份證|\bhong\s+kong\s+id(?:entity)?\b)")
_PPS = lazy(r"(?<![A-Za-z0-9])\d{7}[A-Wa-w][A-Ia-iWw]?(?![A-Za-z0-9])")
_PPS_CONTEXT = lazy(r"(?i)\b(?:ppsn?|personal\s+public\s+service)\b")
_SVNR = lazy(_B + r"\d{4}\s?\d{6}" + _E)
_SVNR_CONTEXT = lazy(
    r"(?i)\b(?:sv-?n(?:umme)?r|vsnr|sozialversicherungs-?nummer|versicherungsnummer|e-card)\b"
)
_AMKA = lazy(_B + r"\d{11}" + _E)
_AMKA_CONTEXT = lazy(r"(?i)(?:\bamka\b|ΑΜΚΑ)")
_BALTIC = lazy(_B + r"[1-6]\d{10}" + _E)
_BALTIC_CONTEXT = lazy(r"(?i)\b(?:isikukood|asmens\s+kodas|personal\s+code)\b")
_DE_ID = lazy(r"(?<![A-Za-z0-9])[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}\d(?![A-Za-z0-9])")
_DE_ID_CONTEXT = lazy(
    r"(?i)\b(?:personalausweis\w*|ausweis-?n(?:umme)?r\.?|ausweisnummer|dokumentennummer"
    r"|id\s+card\s+(?:number|no))"
)

_GATED = TEXT.family([
    _CNP, _CNP_CONTEXT, _OIB, _OIB_CONTEXT, _AHV, _AHV_CONTEXT, _IL_ID, _IL_ID_CONTEXT, _CUIT,
    _CUIT_CONTEXT, _TAIWAN, _TAIWAN_CONTEXT, _HKID, _HKID_CONTEXT, _PPS, _PPS_CONTEXT, _SVNR,
    _SVNR_CONTEXT, _AMKA, _AMKA_CONTEXT, _BALTIC, _BALTIC_CONTEXT, _DE_ID,
    _DE_ID_CONTEXT,
])  # fmt: skip

MORE_IDS: tuple[tuple[str, str, int, Scanner], ...] = (
    ("ro_cnp", "a Romanian personal numeric code (CNP)", 13,
     worded(("cnp", "cod numeric", "codul numeric"), named(_GATED, _CNP, _CNP_CONTEXT, cnp_valid))),
    ("hr_oib", "a Croatian personal identification number (OIB)", 11,
     worded(("oib", "osobni"), named(_GATED, _OIB, _OIB_CONTEXT, oib_valid))),
    ("ch_ahv", "a Swiss social insurance number (AHV/AVS)", 13,
     worded(("ahv", "avs", "oasi", "versichertennummer", "sozialversicherung", "social security"),
             named(_GATED, _AHV, _AHV_CONTEXT, ahv_valid))),
    ("il_id", "an Israeli identity number", 5,
     worded(("zehut", "israeli", "זהות", "ת.ז"),
             named(_GATED, _IL_ID, _IL_ID_CONTEXT, israeli_id_valid))),
    ("ar_cuit", "an Argentine CUIT/CUIL number", 11,
     worded(("cuit", "cuil", "cdi"), named(_GATED, _CUIT, _CUIT_CONTEXT, cuit_valid))),
    ("tw_id", "a Taiwanese national ID number", 9,
     worded(("身分證", "身份證", "taiwan", "taiwanese"),
             named(_GATED, _TAIWAN, _TAIWAN_CONTEXT, taiwan_id_valid))),
    ("hk_id", "a Hong Kong identity card number", 7,
     worded(("hkid", "身份證", "hong kong"), named(_GATED, _HKID, _HKID_CONTEXT, hkid_valid))),
    ("ie_pps", "an Irish PPS number", 7,
     worded(("pps", "ppsn", "public service"), named(_GATED, _PPS, _PPS_CONTEXT, pps_valid))),
    ("at_svnr", "an Austrian social insurance number", 10,
     worded(("svnr", "vsnr", "sv-nr", "sv-nummer", "versicherungsnummer", "e-card"),
             named(_GATED, _SVNR, _SVNR_CONTEXT, svnr_valid))),
    ("gr_amka", "a Greek social security number (AMKA)", 11,
     worded(("amka", "αμκα"), named(_GATED, _AMKA, _AMKA_CONTEXT, amka_valid))),
    ("baltic_id", "an Estonian or Lithuanian personal code", 11,
     worded(("isikukood", "asmens", "personal code"),
             named(_GATED, _BALTIC, _BALTIC_CONTEXT, baltic_code_valid))),
    ("de_id_card", "a German identity card number", 1,
     worded(("ausweis", "personalausweis", "ausweisnummer", "dokumentennummer", "id card"),
             named(_GATED, _DE_ID, _DE_ID_CONTEXT, de_id_card_valid))),
)  # fmt: skip
