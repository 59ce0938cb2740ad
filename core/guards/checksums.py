"""Check-digit validators for identifiers the privacy guard refuses.

A digit run is only PII if it could really be one: a 16-digit order number that
fails Luhn is not a card, an IBAN-shaped reference that fails mod-97 is not an
account. Checking the arithmetic is what lets look-alikes through without
weakening recall on the real thing.
"""

from __future__ import annotations

import hashlib

# ISO 13616 IBAN lengths per country (registry plus the widely used experimental
# ones). A country missing here is treated as "not an IBAN".
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22,
    "BH": 22, "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24,
    "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
    "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27,
    "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
    "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27,
    "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28,
    "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31,
    "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    # Experimental / partner countries that publish IBANs in the same format.
    "AO": 25, "BF": 28, "BJ": 28, "CI": 28, "CM": 27, "CV": 25, "DZ": 26, "IR": 26,
    "MA": 28, "MG": 27, "ML": 28, "MZ": 25, "SN": 28,
}  # fmt: skip


_LUHN_DOUBLED = str.maketrans("0123456789", "0246813579")  # 2d, less 9 when over 9


def luhn(digits: str) -> bool:
    """True when `digits` (only 0-9) passes the Luhn mod-10 check.

    Used for payment cards and Canadian SINs; one mistyped digit fails it, so a
    random run of digits passes only one time in ten.
    """
    if not digits or not digits.isdigit():
        return False
    if digits.isascii():  # the same sum in C passes: every other digit doubled by a table
        doubled = digits[-2::-2].translate(_LUHN_DOUBLED)
        return (sum(map(int, digits[-1::-2])) + sum(map(int, doubled))) % 10 == 0
    return luhn_digit_by_digit(digits)


def luhn_digit_by_digit(digits: str) -> bool:
    """The Luhn sum as first written, one digit at a time (digits outside ASCII take it;
    `tests/test_guards_shortcuts.py` checks the table against it)."""
    if not digits or not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def mod11_10(digits: str) -> bool:
    """ISO 7064 MOD 11,10: the last digit checks the ones before it (Croatia's OIB,
    Germany's Steuer-ID)."""
    product = 10
    for d in digits[:-1]:
        total = (int(d) + product) % 10 or 10
        product = total * 2 % 11
    return (11 - product) % 10 == int(digits[-1])


def iban_mod97(iban: str) -> bool:
    """True when `iban` (spaces allowed) has its country's length and passes mod-97.

    The country length check matters as much as the checksum: it stops a long
    alphanumeric reference that happens to start with two letters and two digits.
    """
    compact = iban.replace(" ", "").replace("-", "").upper()
    if len(compact) < 15 or not compact.isascii() or not compact.isalnum():
        return False
    country = compact[:2]
    if IBAN_LENGTHS.get(country) != len(compact) or not compact[2:4].isdigit():
        return False
    rearranged = compact[4:] + compact[:4]
    remainder = 0
    for ch in rearranged:
        value = int(ch, 36)  # '0'-'9' -> 0-9, 'A'-'Z' -> 10-35
        remainder = (remainder * (100 if value > 9 else 10) + value) % 97
    return remainder == 1


def ssn_valid(area: str, group: str, serial: str) -> bool:
    """True when the three parts form an SSN the SSA could have issued.

    Area 000, 666 and 900-999, group 00 and serial 0000 are never issued, so a
    number using them is a look-alike (a date, a part number) rather than an SSN.
    """
    if not (len(area) == 3 and len(group) == 2 and len(serial) == 4):
        return False
    if not (area + group + serial).isdigit():
        return False
    a = int(area)
    return a != 0 and a != 666 and a < 900 and group != "00" and serial != "0000"


def nino_valid(nino: str) -> bool:
    """True when `nino` (spaces allowed) is a well-formed UK National Insurance number.

    There is no check digit; validity is the prefix rules HMRC publishes.
    """
    compact = nino.replace(" ", "").replace("-", "").upper()
    if len(compact) != 9:
        return False
    prefix, digits, suffix = compact[:2], compact[2:8], compact[8]
    if not (prefix.isalpha() and digits.isdigit() and suffix in "ABCD"):
        return False
    if prefix[0] in "DFIQUV" or prefix[1] in "DFIOQUV":
        return False
    return prefix not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def sin_valid(sin: str) -> bool:
    """True when `sin` (spaces/dashes allowed) is 9 digits passing Luhn, as Canadian SINs do.

    Callers only ask when the words around say "SIN"; the check digit keeps a
    mistyped or invented number from counting.
    """
    digits = "".join(ch for ch in sin if ch.isdigit())
    return len(digits) == 9 and luhn(digits)


def cpf_valid(cpf: str) -> bool:
    """True when `cpf` is a Brazilian CPF whose two mod-11 check digits match."""
    digits = [int(ch) for ch in cpf if ch.isdigit()]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for n in (9, 10):
        total = sum(d * w for d, w in zip(digits[:n], range(n + 1, 1, -1), strict=True))
        check = (total * 10) % 11 % 10
        if digits[n] != check:
            return False
    return True


def card_brand_plausible(digits: str) -> bool:
    """True when a Luhn-valid run also starts with an issuer prefix of a matching length.

    Luhn alone lets one random number in ten through; requiring a real IIN range
    (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro, Mir) for
    the run's length removes most order and tracking numbers that pass by chance.
    """
    n = len(digits)
    two, four, six = int(digits[:2]), int(digits[:4]), int(digits[:6])
    if digits[0] == "4":
        return n in (13, 16, 19)  # Visa
    if 51 <= two <= 55 or 2221 <= four <= 2720:
        return n == 16  # Mastercard
    if two in (34, 37):
        return n == 15  # Amex
    if 2200 <= four <= 2204:
        return 16 <= n <= 19  # Mir
    if four == 6011 or 644 <= int(digits[:3]) <= 649 or two == 65 or 622126 <= six <= 622925:
        return 16 <= n <= 19  # Discover
    if 3528 <= four <= 3589:
        return 16 <= n <= 19  # JCB
    if 300 <= int(digits[:3]) <= 305 or two in (36, 38, 39) or four == 3095:
        return 14 <= n <= 19  # Diners Club
    if two == 62:
        return 16 <= n <= 19  # UnionPay
    if two == 50 or 56 <= two <= 69:
        return 12 <= n <= 19  # Maestro
    return False


# Verhoeff dihedral-group tables (used by India's Aadhaar): catches every single-digit
# error and every swap of adjacent digits, so a typo'd or invented number fails.
_VERHOEFF_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5),
    (2, 3, 4, 0, 1, 7, 8, 9, 5, 6), (3, 4, 0, 1, 2, 8, 9, 5, 6, 7),
    (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3),
    (8, 7, 6, 5, 9, 3, 2, 1, 0, 4), (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)  # fmt: skip
_VERHOEFF_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4),
    (5, 8, 0, 3, 7, 9, 6, 1, 4, 2), (8, 9, 1, 6, 0, 4, 3, 5, 2, 7),
    (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)  # fmt: skip


def verhoeff(digits: str) -> bool:
    """True when `digits` (only 0-9, check digit last) passes the Verhoeff check."""
    if not digits or not digits.isdigit():
        return False
    c = 0
    for i, ch in enumerate(reversed(digits)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][ord(ch) - 48]]
    return c == 0


def aadhaar_valid(number: str) -> bool:
    """12 digits, not starting with 0 or 1 (UIDAI never issues those), Verhoeff-valid."""
    digits = "".join(ch for ch in number if ch.isdigit())
    return len(digits) == 12 and digits[0] not in "01" and verhoeff(digits)


def aba_valid(digits: str) -> bool:
    """True when `digits` is a US ABA routing number: 9 digits, a prefix in the ranges the
    Federal Reserve uses (00-32, 61-72, 80; 13-20 are reserved but written by mistake
    often enough to count) and the 3-7-1 weighted checksum."""
    if len(digits) != 9 or not digits.isdigit():
        return False
    prefix = int(digits[:2])
    if not (prefix <= 32 or 61 <= prefix <= 72 or prefix == 80):
        return False
    weights = (3, 7, 1, 3, 7, 1, 3, 7, 1)
    return sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 10 == 0


def itin_valid(digits: str) -> bool:
    """A US ITIN: 9xx-GG-xxxx with the group in the IRS ranges 50-65, 70-88, 90-92, 94-99."""
    if len(digits) != 9 or not digits.isdigit() or digits[0] != "9":
        return False
    group = int(digits[3:5])
    return 50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92 or 94 <= group <= 99


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {ch: i for i, ch in enumerate(_B58)}


def base58check_payload(text: str) -> bytes | None:
    """Decode Bitcoin base58check; the payload if the 4-byte double-SHA256 checksum holds.

    A random 51-character base58 string passes one time in four billion, so a
    match is a real key, not a look-alike.
    """

    n = 0
    for ch in text:
        value = _B58_INDEX.get(ch)
        if value is None:
            return None
        n = n * 58 + value
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(text) - len(text.lstrip("1"))) + raw
    if len(raw) < 5:
        return None
    payload, checksum = raw[:-4], raw[-4:]
    digest = hashlib.sha256(hashlib.sha256(payload).digest()).digest()
    return payload if digest[:4] == checksum else None
