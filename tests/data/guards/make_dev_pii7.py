# ruff: noqa: E501  (hand-written corpus sentences read best on one line each)
"""Write dev_pii7.jsonl: national and tax ids as outsiders paste them, and clean look-alikes.

Issue 12's seventh round (pii7). Written before any rule it measures was changed and
without reading core/guards, so that its first measurement is a mini hold-out: personal
identifiers of thirty countries in the chats they are pasted in (HR, payroll, clinic,
school, landlord, bank support, visa), in the language spoken around them, with typos,
inside tables, JSON and forms, spaced, dashed, dotted or compact; and beside them what has
the same shape but is not a person's identifier: the same shapes with a broken check
digit, order, invoice and tracking numbers, business phone numbers, dates, postcodes,
companies' VAT numbers, EINs, CNPJs and RFCs, ISBNs, masked values, "last four" and "SSN"
as a topic. Driver's licences, Medicare numbers, passports, IBANs and secrets are left to
the sibling round (secret7).

Every value comes from this file's own makers, with the published check digits (Luhn,
Verhoeff, mod 11, mod 97, ISO 7064 MOD 11,10, the codice fiscale's odd/even tables, the
CURP/RFC alphabets, ...). A clean row with a "broken" value is the valid value with its
check digit changed, and `_selfcheck` asserts it then fails. Nothing here is a real person.

Before (mini hold-out, measured once on main 8e6a3ff before any rule changed):
    .venv/bin/python bench/guards_quality.py --api tests/data/guards/dev_pii7.jsonl
    pii recall 0.821 (92/112), clean refused 0.011 (1/94): 206 rows

Tuned on since: it is part of the dev split (`bench/guards_quality.py --split dev`); its
misses were read only after that first measurement. After the round's rules (validators
per family, naming words in their languages, separators per family, column headers):
    pii recall 1.000 (112/112), clean refused 0.000 (0/94)

    .venv/bin/python tests/data/guards/make_dev_pii7.py
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).with_name("dev_pii7.jsonl")
R = random.Random(20261204)


def digits(n: int, first: str = "123456789") -> str:
    return R.choice(first) + "".join(R.choice(string.digits) for _ in range(n - 1))


def other_digit(d: str) -> str:
    return R.choice([c for c in string.digits if c != d])


# --- check digits -------------------------------------------------------------------


def luhn_ok(s: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def luhn_complete(body: str) -> str:
    for c in string.digits:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError(body)


_VD = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
_VP = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
_VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def verhoeff_ok(s: str) -> bool:
    c = 0
    for i, ch in enumerate(reversed(s)):
        c = _VD[c][_VP[i % 8][int(ch)]]
    return c == 0


def verhoeff_complete(body: str) -> str:
    c = 0
    for i, ch in enumerate(reversed(body)):
        c = _VD[c][_VP[(i + 1) % 8][int(ch)]]
    return body + str(_VINV[c])


def weighted(s: str, weights: list[int]) -> int:
    return sum(int(c) * w for c, w in zip(s, weights, strict=False))


# --- makers, one per family (each returns the compact value) -----------------------


def ssn() -> str:
    while True:
        area = R.randint(1, 899)
        if area != 666:
            return f"{area:03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"


def itin() -> str:
    group = R.choice([*range(70, 89), 90, 91, 92, *range(94, 100)])
    return f"9{R.randint(0, 99):02d}{group:02d}{R.randint(1, 9999):04d}"


def ein() -> str:
    return f"{R.choice(['12', '27', '45', '46', '81', '94', '20', '84'])}{digits(7, string.digits)}"


def nino() -> str:
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"
    while True:
        prefix = R.choice(first) + R.choice(second)
        if prefix not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
            return prefix + digits(6, string.digits) + R.choice("ABCD")


def aadhaar() -> str:
    return verhoeff_complete(digits(11, "23456789"))


def pan() -> str:
    letters = string.ascii_uppercase
    return (
        "".join(R.choice(letters) for _ in range(3))
        + "P"
        + R.choice(letters)
        + digits(4, string.digits)
        + R.choice(letters)
    )


def sin() -> str:
    return luhn_complete(digits(8, "1234567"))


def cpf() -> str:
    body = digits(9, string.digits)
    for n in (10, 11):
        r = sum(int(c) * w for c, w in zip(body, range(n, 1, -1), strict=False)) * 10 % 11
        body += str(0 if r == 10 else r)
    return body


def cnpj() -> str:
    body = digits(8, string.digits) + "0001"
    for weights in ([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]):
        r = weighted(body, weights) % 11
        body += str(0 if r < 2 else 11 - r)
    return body


_CURP_ALPHA = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"


def curp_check(body17: str) -> str:
    total = sum(_CURP_ALPHA.index(c) * (18 - i) for i, c in enumerate(body17))
    return str((10 - total % 10) % 10)


def curp() -> str:
    vowels, cons = "AEIOU", "BCDFGHJKLMNPQRSTVWXYZ"
    yy, mm, dd = R.randint(60, 99), R.randint(1, 12), R.randint(1, 28)
    body = (
        R.choice(cons)
        + R.choice(vowels)
        + R.choice(cons)
        + R.choice(cons)
        + f"{yy:02d}{mm:02d}{dd:02d}"
        + R.choice("HM")
        + R.choice(["DF", "JC", "NL", "PL", "VZ", "MC", "YN"])
        + R.choice(cons)
        + R.choice(cons)
        + R.choice(cons)
        + "0"
    )
    return body + curp_check(body)


_RFC_ALPHA = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ"


def rfc_check(body: str) -> str:
    body = body.rjust(12)  # a company's 11 characters are scored as if led by a space
    total = sum(_RFC_ALPHA.index(c) * (13 - i) for i, c in enumerate(body))
    r = total % 11
    if r == 0:
        return "0"
    return "A" if 11 - r == 10 else str(11 - r)


def rfc(company: bool = False) -> str:
    letters = "ABCDEFGHJKLMNPRSTUVWXZ"
    name = "".join(R.choice(letters) for _ in range(3 if company else 4))
    date = f"{R.randint(60, 99):02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}"
    homo = R.choice(letters) + R.choice(string.digits + letters)
    body = name + date + homo
    return body + rfc_check(body)


_DNI = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni() -> str:
    n = digits(8, string.digits)
    return n + _DNI[int(n) % 23]


def nie() -> str:
    p = R.choice("XYZ")
    n = digits(7, string.digits)
    return p + n + _DNI[int(str("XYZ".index(p)) + n) % 23]


_CF_ODD = dict(zip("0123456789", [1, 0, 5, 7, 9, 13, 15, 17, 19, 21], strict=True))
_CF_ODD.update(
    zip(
        string.ascii_uppercase,
        [
            1,
            0,
            5,
            7,
            9,
            13,
            15,
            17,
            19,
            21,
            2,
            4,
            18,
            20,
            11,
            3,
            6,
            8,
            12,
            14,
            16,
            10,
            22,
            25,
            24,
            23,
        ],
        strict=True,
    )
)


def cf_check(body15: str) -> str:
    total = 0
    for i, c in enumerate(body15):
        if i % 2 == 0:
            total += _CF_ODD[c]
        else:
            total += int(c) if c.isdigit() else ord(c) - 65
    return chr(65 + total % 26)


def codice_fiscale() -> str:
    cons = "BCDFGHLMNPRSTVZ"
    month = "ABCDEHLMPRST"
    day = R.randint(1, 28) + R.choice([0, 40])
    body = (
        "".join(R.choice(cons) for _ in range(6))
        + f"{R.randint(50, 99):02d}"
        + R.choice(month)
        + f"{day:02d}"
        + R.choice("ABCDEFGHLM")
        + f"{R.randint(100, 999)}"
    )
    return body + cf_check(body)


def nir() -> str:
    body = (
        R.choice("12")
        + f"{R.randint(50, 99):02d}"
        + f"{R.randint(1, 12):02d}"
        + f"{R.randint(1, 95):02d}".replace("20", "21")
        + f"{R.randint(1, 999):03d}"
        + f"{R.randint(1, 999):03d}"
    )
    return body + f"{97 - int(body) % 97:02d}"


def steuer_id_check(body10: str) -> str:
    product = 10
    for c in body10:
        s = (int(c) + product) % 10 or 10
        product = s * 2 % 11
    check = 11 - product
    return "0" if check == 10 else str(check)


def steuer_id() -> str:
    while True:
        pool = R.sample(string.digits, 9)
        body_digits = [*pool, R.choice(pool)]
        R.shuffle(body_digits)
        body = "".join(body_digits)
        if body[0] != "0":
            return body + steuer_id_check(body)


def bsn() -> str:
    while True:
        body = digits(8, "123456789")
        r = weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11
        if r < 10:
            return body + str(r)


def pesel() -> str:
    yy, mm, dd = R.randint(0, 99), R.randint(1, 12), R.randint(1, 28)
    if yy < 10:
        mm += 20
    body = f"{yy:02d}{mm:02d}{dd:02d}{R.randint(0, 9999):04d}"
    return body + str((10 - weighted(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) % 10)


def personnummer() -> str:
    body = f"{R.randint(40, 99):02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{R.randint(0, 999):03d}"
    return luhn_complete(body)


def cpr() -> str:
    while True:
        body = f"{R.randint(1, 28):02d}{R.randint(1, 12):02d}{R.randint(40, 99):02d}{R.randint(0, 999):03d}"
        r = weighted(body, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11
        check = (11 - r) % 11
        if check < 10:
            return body + str(check)


_HETU = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def hetu() -> str:
    dd, mm = R.randint(1, 28), R.randint(1, 12)
    yy = R.randint(0, 99)
    sign = "A" if yy < 10 else "-"
    z = R.randint(2, 899)
    return (
        f"{dd:02d}{mm:02d}{yy:02d}{sign}{z:03d}"
        + _HETU[int(f"{dd:02d}{mm:02d}{yy:02d}{z:03d}") % 31]
    )


def fodselsnummer() -> str:
    while True:
        body = f"{R.randint(1, 28):02d}{R.randint(1, 12):02d}{R.randint(40, 99):02d}{R.randint(0, 499):03d}"
        k1 = (11 - weighted(body, [3, 7, 6, 1, 8, 9, 4, 5, 2]) % 11) % 11
        if k1 == 10:
            continue
        body += str(k1)
        k2 = (11 - weighted(body, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11) % 11
        if k2 != 10:
            return body + str(k2)


def belgian_nn() -> str:
    yy, mm, dd = R.randint(0, 99), R.randint(1, 12), R.randint(1, 28)
    body = f"{yy:02d}{mm:02d}{dd:02d}{R.randint(1, 997):03d}"
    base = int(("2" if yy < 20 else "") + body)
    return body + f"{97 - base % 97:02d}"


def sa_id() -> str:
    body = f"{R.randint(50, 99):02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{R.randint(0, 9999):04d}{R.choice('01')}8"
    return luhn_complete(body)


def rrn() -> str:
    body = f"{R.randint(60, 99):02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{R.choice('12')}{R.randint(0, 99999):05d}"
    r = weighted(body, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11
    return body + str((11 - r) % 10)


def my_number_check(body11: str) -> str:
    total = 0
    for n, c in enumerate(reversed(body11), start=1):
        total += int(c) * (n + 1 if n <= 6 else n - 5)
    r = total % 11
    return "0" if r <= 1 else str(11 - r)


def my_number() -> str:
    body = digits(11, string.digits)
    return body + my_number_check(body)


def china_check(body17: str) -> str:
    total = weighted(body17, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2])
    return "10X98765432"[total % 11]


def china_id() -> str:
    region = R.choice(["110105", "310104", "440305", "510107", "330106", "420102", "320102"])
    body = (
        region
        + f"{R.randint(1960, 2003)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{R.randint(0, 999):03d}"
    )
    return body + china_check(body)


def nric_check(prefix: str, body7: str) -> str:
    total = weighted(body7, [2, 7, 6, 5, 4, 3, 2]) + (4 if prefix in "TG" else 0)
    return ("JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK")[total % 11]


def nric() -> str:
    prefix = R.choice("STFG")
    body = digits(7, string.digits)
    return prefix + body + nric_check(prefix, body)


def tfn() -> str:
    while True:
        body = digits(8, string.digits)
        for c in string.digits:
            if weighted(body + c, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 == 0:
                return body + c


def ird_check(body8: str) -> int:
    for weights in ([3, 2, 7, 6, 5, 4, 3, 2], [7, 4, 3, 2, 5, 2, 7, 6]):
        r = weighted(body8, weights) % 11
        check = 0 if r == 0 else 11 - r
        if check != 10:
            return check
    return 10


def ird() -> str:
    while True:
        n = R.randint(10_000_000, 149_999_999) // 10
        body = f"{n:08d}"
        check = ird_check(body)
        if check != 10:
            return (body + str(check)).lstrip("0")


def aba() -> str:
    while True:
        body = f"{R.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 26, 31]):02d}{R.randint(0, 999999):06d}"
        for c in string.digits:
            cand = body + c
            if weighted(cand, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 == 0:
                return cand


def card(kind: str) -> str:
    body = {
        "visa": "4" + digits(14, string.digits),
        "mc": R.choice(["51", "53", "55"]) + digits(13, string.digits),
        "amex": R.choice(["34", "37"]) + digits(12, string.digits),
        "disc": "6011" + digits(11, string.digits),
    }[kind]
    return luhn_complete(body)


def isbn13() -> str:
    body = "978" + digits(9, string.digits)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


# --- validators for the broken variants (the self-check) ----------------------------

VALID: dict[str, Callable[[str], bool]] = {
    "aadhaar": verhoeff_ok,
    "sin": luhn_ok,
    "card": luhn_ok,
    "cpf": lambda s: cpf_ok(s),
    "bsn": lambda s: weighted(s[:8], [9, 8, 7, 6, 5, 4, 3, 2]) % 11 == int(s[8]),
    "pesel": lambda s: (
        (10 - weighted(s[:10], [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) % 10 == int(s[10])
    ),
    "steuer": lambda s: steuer_id_check(s[:10]) == s[10],
    "china": lambda s: china_check(s[:17]) == s[17],
    "tfn": lambda s: weighted(s, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 == 0,
    "aba": lambda s: weighted(s, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 == 0,
    "mynumber": lambda s: my_number_check(s[:11]) == s[11],
    "nir": lambda s: 97 - int(s[:13]) % 97 == int(s[13:]),
    "sa": luhn_ok,
    "rrn": lambda s: (
        str((11 - weighted(s[:12], [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11) % 10) == s[12]
    ),
    "personnummer": luhn_ok,
    "dni": lambda s: _DNI[int(s[:8]) % 23] == s[8],
    "cf": lambda s: cf_check(s[:15]) == s[15],
    "nric": lambda s: nric_check(s[0], s[1:8]) == s[8],
    "curp": lambda s: curp_check(s[:17]) == s[17],
}


def cpf_ok(s: str) -> bool:
    body = s[:9]
    for n in (10, 11):
        r = sum(int(c) * w for c, w in zip(body, range(n, 1, -1), strict=False)) * 10 % 11
        body += str(0 if r == 10 else r)
    return body == s


def broken(kind: str, value: str) -> str:
    """`value` with its last character changed so that its check fails."""
    for _ in range(50):
        last = value[-1]
        alphabet = string.digits if last.isdigit() else string.ascii_uppercase
        cand = value[:-1] + R.choice([c for c in alphabet if c != last])
        if not VALID[kind](cand):
            return cand
    raise AssertionError(kind)


def _selfcheck() -> None:
    # Published examples: if a maker's algorithm is wrong, these fail.
    assert verhoeff_ok("236")
    assert luhn_ok("046454286") and luhn_ok("8001015009087") and luhn_ok("8112289874")
    assert cpf_ok("52998224725")
    assert cnpj_ok("11222333000181")
    assert china_check("11010519491231002") == "X"
    assert nric_check("S", "1234567") == "D"
    assert weighted("123456782", [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 == 0
    assert ird_check("04909185") == 0 and ird_check("13641013") == 2
    assert my_number_check("12345678901") == "8"
    assert cf_check("RSSMRA85T10A562") == "S"
    assert steuer_id_check("8609574271") == "9"
    assert weighted("021000021", [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 == 0
    assert _HETU[131052308 % 31] == "T"
    assert (10 - weighted("4405140135", [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) % 10 == 9
    assert rfc_check("GODE561231GR") == "8"


def cnpj_ok(s: str) -> bool:
    body = s[:12]
    for weights in ([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]):
        r = weighted(body, weights) % 11
        body += str(0 if r < 2 else 11 - r)
    return body == s


# --- formatting -----------------------------------------------------------------------


def group(s: str, sizes: list[int], sep: str = " ") -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i : i + n])
        i += n
    return sep.join(out)


def pii_rows() -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []

    def add(family: str, *texts: str) -> None:
        rows.extend((family, t) for t in texts)

    s1, s2, s3, s4 = ssn(), ssn(), ssn(), ssn()
    add(
        "us_ssn",
        f"HR onboarding: legal name Dana Whitfield, SSN {group(s1, [3, 2, 4], '-')}, start date Jan 6",
        f"for the W-4 my social is {s2} (no dashes, the portal rejects them)",
        f"Employee | SSN | Dept\nR. Okafor | {group(s3, [3, 2, 4], '-')} | Payroll",
        f"my soc sec # is {group(s4, [3, 2, 4], ' ')} can u fix the 1099",
        f'{{"employee_id": 4471, "ssn": "{group(ssn(), [3, 2, 4], "-")}", "state": "OH"}}',
    )
    add(
        "us_itin",
        f"I don't have an SSN yet, my ITIN is {group(itin(), [3, 2, 4], '-')} — use that for the lease application",
        f"Tax preparer needs the ITIN: {itin()}",
        f"itin for my spouse {group(itin(), [3, 2, 4], ' ')} pls add to the return",
    )
    add(
        "uk_nino",
        f"National Insurance number: {group(nino(), [2, 2, 2, 2, 1])}",
        f"my NI no is {nino().lower()} for the payslip",
        f"new starter form — NINO {nino()} — P45 to follow",
        f"ni number {group(nino(), [2, 6, 1])}, tax code 1257L",
    )
    add(
        "aadhaar",
        f"For the rental agreement, tenant's Aadhaar: {group(aadhaar(), [4, 4, 4])}",
        f"aadhar no {aadhaar()} pls link with PF account",
        f"KYC pending. Aadhaar - {group(aadhaar(), [4, 4, 4], '-')}",
        f"मेरा आधार नंबर {group(aadhaar(), [4, 4, 4])} है, कृपया अपडेट करें",
        f"school admission form: student UID {aadhaar()}",
    )
    add(
        "india_pan",
        f"PAN: {pan()} (for Form 16)",
        f"my pan card number is {pan().lower()} pls update for TDS",
        f"Name: Priya Raman | PAN {pan()} | DOB 14/02/1991",
    )
    add(
        "ca_sin",
        f"Payroll needs my SIN: {group(sin(), [3, 3, 3])}",
        f"social insurance number {group(sin(), [3, 3, 3], '-')} for the T4",
        f"NAS / SIN: {sin()} (numéro d'assurance sociale pour la paie)",
    )
    c1 = cpf()
    add(
        "br_cpf",
        f"meu CPF é {c1[:3]}.{c1[3:6]}.{c1[6:9]}-{c1[9:]}, pode emitir a nota no meu nome",
        f"CPF do paciente: {cpf()}",
        f"Nome: João Silva; CPF {group(cpf(), [3, 3, 3, 2], '.')}; matrícula 2231",
    )
    add(
        "mx_curp",
        f"Mi CURP es {curp()}, la necesito para el trámite del IMSS",
        f"CURP del alumno: {curp()}",
        f"curp {curp().lower()} para la nómina",
    )
    add(
        "mx_rfc",
        f"RFC para la factura: {rfc()} (persona física)",
        f"mi rfc con homoclave es {rfc()}",
    )
    d1, d2 = dni(), dni()
    add(
        "es_dni",
        f"Mi DNI es {d1}, para el contrato de alquiler",
        f"DNI: {d2[:8]}-{d2[8]}",
        f"NIE {nie()} — permiso de residencia en trámite",
        f"el nie de mi pareja es {group(nie(), [1, 7, 1], '-')}",
    )
    add(
        "it_codice_fiscale",
        f"Il mio codice fiscale è {codice_fiscale()}, serve per la ricetta",
        f"CF: {codice_fiscale().lower()}",
        f"codice fiscale del dipendente {group(codice_fiscale(), [3, 3, 5, 5])}",
    )
    n1 = nir()
    add(
        "fr_nir",
        f"Mon numéro de sécu : {group(n1, [1, 2, 2, 2, 3, 3, 2])}",
        f"numero de securite sociale {nir()} pour la mutuelle",
        f"N° SS: {group(nir(), [13, 2])}",
    )
    add(
        "de_steuer_id",
        f"Meine Steuer-ID lautet {group(steuer_id(), [2, 3, 3, 3])}",
        f"steuerliche Identifikationsnummer: {steuer_id()} (für die Lohnabrechnung)",
        f"IdNr {steuer_id()} bitte an die Personalabteilung",
    )
    add(
        "nl_bsn",
        f"Mijn BSN is {bsn()}, voor de huurovereenkomst",
        f"burgerservicenummer: {group(bsn(), [4, 2, 3], '.')}",
        f"BSN patient {bsn()} — afspraak huisarts dinsdag",
    )
    add(
        "pl_pesel",
        f"Mój PESEL to {pesel()}, proszę wpisać do umowy",
        f"PESEL dziecka: {pesel()} (do zapisu do szkoły)",
        f"pesel {pesel()}",
    )
    p1 = personnummer()
    add(
        "se_personnummer",
        f"Mitt personnummer är {p1[:6]}-{p1[6:]}",
        f"personnr 19{personnummer()} för lönen",
    )
    c2 = cpr()
    add(
        "dk_cpr",
        f"Mit CPR-nummer er {c2[:6]}-{c2[6:]}",
        f"cpr nr {cpr()} til lægen",
    )
    add(
        "fi_hetu",
        f"Henkilötunnus: {hetu()}",
        f"hetu {hetu()} palkanlaskentaan",
    )
    add(
        "no_fodselsnummer",
        f"Fødselsnummeret mitt er {fodselsnummer()}",
        f"fnr: {group(fodselsnummer(), [6, 5])} (for arbeidsgiver)",
    )
    b1 = belgian_nn()
    add(
        "be_national_number",
        f"Rijksregisternummer: {b1[:2]}.{b1[2:4]}.{b1[4:6]}-{b1[6:9]}.{b1[9:]}",
        f"numéro de registre national {belgian_nn()}",
    )
    add(
        "za_id",
        f"My ID number is {sa_id()} for the FICA docs",
        f"SA ID: {group(sa_id(), [6, 4, 3])}",
        f"RSA identity no. {sa_id()}",
    )
    r1 = rrn()
    add(
        "kr_rrn",
        f"주민등록번호: {r1[:6]}-{r1[6:]}",
        f"resident registration number {group(rrn(), [6, 7], '-')} for the visa form",
    )
    add(
        "jp_my_number",
        f"マイナンバー: {group(my_number(), [4, 4, 4])}",
        f"my number (個人番号) {my_number()} for the year-end adjustment",
        f"My Number card: {group(my_number(), [4, 4, 4], '-')}",
    )
    add(
        "cn_resident_id",
        f"身份证号：{china_id()}",
        f"my chinese ID card number is {china_id()} for the hotel booking",
        f"居民身份证 {group(china_id(), [6, 8, 4])}",
    )
    add(
        "sg_nric",
        f"NRIC: {nric()}",
        f"my ic no. is {nric().lower()} for the clinic registration",
        f"FIN {nric()} — work pass holder",
    )
    add(
        "au_tfn",
        f"My TFN is {group(tfn(), [3, 3, 3])}",
        f"tax file number {tfn()} for the super fund",
        f"TFN declaration: {group(tfn(), [3, 3, 3], '-')}",
    )
    add(
        "nz_ird",
        f"IRD number: {group(ird().rjust(9, '0'), [3, 3, 3], '-')}",
        f"my ird no is {ird()} for KiwiSaver",
    )
    add(
        "us_bank_account",
        f"Direct deposit: routing {aba()}, account {digits(10, string.digits)} (checking)",
        f"ABA {aba()} acct# {digits(12, string.digits)} — please wire the deposit back",
        f"Routing number: {aba()}\nAccount number: {digits(9, string.digits)}",
        f'{{"routing_number": "{aba()}", "account_number": "{digits(11, string.digits)}", "type": "savings"}}',
    )
    v, m, a, d = card("visa"), card("mc"), card("amex"), card("disc")
    add(
        "payment_card",
        f"card {group(v, [4, 4, 4, 4], '  ')} exp 09/28",
        f"cc: {group(m, [4, 4, 4, 4], '.')} cvv on the back",
        f"amex {group(a, [4, 6, 5])} for the deposit",
        f"my card is {group(d, [4, 4, 4, 4], '-')}",
        f"{group(card('visa'), [2, 2, 4, 4, 4], ' ')} pls charge the booking to this",
        f"Kartennummer {card('mc')} gültig bis 11/27",
    )
    # Forms, tables, JSON, typos and other languages around the same families.
    s5, k5, z5, cf5 = ssn(), cpf(), china_id(), codice_fiscale()
    add(
        "us_ssn",
        f"Social Security No.:{s5}",
        f"mi número de seguro social es {group(ssn(), [3, 2, 4], '-')} para la solicitud",
        f"ssn# {group(ssn(), [3, 2, 4], '-')} dob 03/14/1988 (for the DS-160)",
    )
    add("aadhaar", f'{{"name": "R. Iyer", "aadhaar_no": "{aadhaar()}", "pan": null}}')
    add("ca_sin", f"mon NAS est le {group(sin(), [3, 3, 3])}, pour le relevé 1")
    add(
        "uk_nino",
        f"| name | NI number | tax code |\n| J. Patel | {group(nino(), [2, 2, 2, 2, 1])} | 1257L |",
    )
    add("br_cpf", f'{{"cliente": "Ana Souza", "cpf": "{k5[:3]}.{k5[3:6]}.{k5[6:9]}-{k5[9:]}"}}')
    add(
        "de_steuer_id",
        f"Steuer-Identifikationsnummer (IdNr.): {group(steuer_id(), [2, 3, 3, 3], ' ')}",
    )
    add("nl_bsn", f"bsn nummer van mijn dochter {bsn()} voor de zorgverzekering")
    add("pl_pesel", f"Imię | Nazwisko | PESEL\nAnna | Kowalska | {pesel()}")
    add("cn_resident_id", f"ID card no. {z5[:-1]}{z5[-1].lower()} (PRC) for the visa appointment")
    add("sg_nric", f"Patient: Tan Wei Ming\nNRIC/FIN: {nric()}\nAllergies: none")
    add("au_tfn", f'{{"employee": "K. Nguyen", "tfn": "{tfn()}", "super": "AustralianSuper"}}')
    add("kr_rrn", f"주민번호 {rrn()} 로 보험 가입했어요")
    add("jp_my_number", f"個人番号（マイナンバー）{my_number()}を年末調整に使ってください")
    d5 = dni()
    add("es_dni", f"dni {d5[:8]} {d5[8].lower()}, para la matrícula")
    add("it_codice_fiscale", f"Nome: Giulia Bianchi\nCodice Fiscale: {cf5}\nMedico: dott. Ferri")
    add(
        "fr_nir",
        f"Numéro d'inscription au répertoire (NIR) du salarié : {group(nir(), [1, 2, 2, 2, 3, 3, 2])}",
    )
    add("be_national_number", f"INSZ-nummer werknemer: {belgian_nn()}")
    add("za_id", f"tenant identity number {sa_id()}, deposit paid")
    add("payment_card", f'{{"card_number": "{card("amex")}", "exp": "04/29"}}')
    add(
        "us_bank_account",
        f"routng # {aba()} and acount # {digits(10, string.digits)} for the payroll deposit",
    )
    add("mx_curp", f"Nombre: Luis Hernández | CURP: {curp()} | Grupo 3B")
    return rows


def clean_rows() -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []

    def add(family: str, *texts: str) -> None:
        rows.extend((family, t) for t in texts)

    add(
        "ssn_topic",
        "How do I get a replacement SSN card if I lost mine?",
        "Reminder: never email SSNs, use the secure upload in Workday",
        "the form asks for SSN or ITIN but I'm on an F-1 visa, what do I put?",
        "Is it safe to give my social security number to a landlord?",
        "Our HR system stores the SSN field encrypted at rest (AES-256).",
    )
    add(
        "masked",
        "SSN on file: ***-**-1234",
        "Aadhaar XXXX XXXX 4821 verified",
        "card ending in 4242 was declined",
        "PAN: XXXXX1234X (masked on the payslip)",
        "account ****6789 will receive the refund",
        "CPF ***.456.789-**",
    )
    add(
        "last_four",
        "the last four of my social are 6789",
        "verify with the last 4 digits of your SSN: 0421",
        "last four digits of the card: 5512",
    )
    add(
        "ein_business",
        f"Our company's EIN is {group(ein(), [2, 7], '-')} for the W-9",
        f"Vendor W-9: Acme Plumbing LLC, EIN {group(ein(), [2, 7], '-')}",
        f"Federal Tax ID (EIN): {group(ein(), [2, 7], '-')}",
    )
    k1 = cnpj()
    add(
        "br_cnpj",
        f"CNPJ da empresa: {k1[:2]}.{k1[2:5]}.{k1[5:8]}/{k1[8:12]}-{k1[12:]}",
        f"Fornecedor Padaria Boa Vista LTDA, CNPJ {cnpj()}",
    )
    add(
        "mx_rfc_company",
        f"RFC de la empresa: {rfc(company=True)} (persona moral)",
        f"Factura a nombre de Tortillería El Sol SA de CV, RFC {rfc(company=True)}",
    )
    add(
        "vat_company",
        f"Our VAT number: GB {digits(3, string.digits)} {digits(4, string.digits)} {digits(2, string.digits)}",
        f"USt-IdNr. der Firma: DE{digits(9, string.digits)}",
        f"N° TVA intracommunautaire : FR{digits(2, string.digits)}{digits(9, string.digits)}",
        f"btw-nummer bedrijf NL{digits(9, string.digits)}B01",
        f"Partita IVA {digits(11, string.digits)} (azienda)",
        f"CIF de la empresa: B{digits(8, string.digits)}",
        "ABN 51 824 753 556 — Kookaburra Cafe Pty Ltd",
    )
    # The same shapes with a broken check digit, in text that does not name an id.
    add(
        "broken_check",
        f"ref {group(broken('aadhaar', aadhaar()), [4, 4, 4])} on the courier slip",
        f"ticket {group(broken('sin', sin()), [3, 3, 3])} closed",
        f"order number {broken('card', card('visa'))}",
        f"invoice {group(broken('card', card('mc')), [4, 4, 4, 4])} is overdue",
        f"batch id {broken('cpf', cpf())}",
        f"item {broken('bsn', bsn())} is back in stock",
        f"meter reading {broken('pesel', pesel())}",
        f"Sendungsnummer {broken('steuer', steuer_id())}",
        f"case {broken('china', china_id())} escalated to tier 2",
        f"job #{broken('tfn', tfn())} finished in 4 min",
        f"sku {broken('aba', aba())}",
        f"booking {group(broken('mynumber', my_number()), [4, 4, 4])}",
        f"dossier {broken('nir', nir())}",
        f"serial {broken('sa', sa_id())}",
        f"build {broken('rrn', rrn())}",
        f"lot {broken('dni', dni())}",
        f"promo code {broken('cf', codice_fiscale())}",
        f"tracking {broken('nric', nric())}",
        f"folio {broken('curp', curp())}",
        f"reference {broken('personnummer', personnummer())}",
    )
    add(
        "order_invoice",
        f"Order #{digits(9, string.digits)} shipped today",
        f"Invoice INV-{digits(6, string.digits)}-{digits(3, string.digits)} due on the 15th",
        f"Amazon order {digits(3, string.digits)}-{digits(7, string.digits)}-{digits(7, string.digits)}",
        f"PO number {digits(10, string.digits)} approved by finance",
        f"Pedido nº {digits(11, string.digits)} enviado",
        f"Bestellnummer {digits(12, string.digits)}",
        f"numéro de commande {digits(13, string.digits)}",
        f"Claim number {digits(3, string.digits)}-{digits(2, string.digits)}-{digits(4, string.digits)} for the insurance",
        f"Zendesk ticket {digits(7, string.digits)}",
        f"Confirmation code {digits(8, string.digits)} for the hotel",
    )
    add(
        "tracking",
        f"UPS tracking 1Z{''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(16))}",
        f"FedEx {digits(12, string.digits)} out for delivery",
        f"USPS 9400 {group(digits(18, string.digits), [4, 4, 4, 4, 2])}",
        f"DHL Sendung {digits(10, string.digits)}",
        f"Correios {''.join(R.choice(string.ascii_uppercase) for _ in range(2))}{digits(9, string.digits)}BR",
    )
    add(
        "business_phone",
        "Call our front desk at +1 (415) 555-0132 between 9 and 5",
        "Support hotline: 1-800-275-2273",
        "Sede: +39 02 8736 4410",
        "Kundenservice 030 123456789",
        "Clinic reception +44 20 7946 0958",
        "電話: 03-1234-5678 (受付)",
        "客服热线 400-810-8888",
        "Service client 01 45 67 89 10",
    )
    add(
        "dates_numbers",
        "Meeting moved to 2026-03-12 14:30",
        "delivery window 12.03.2026–19.03.2026",
        "the build 20261204.3 passed",
        "timestamp 1733312345 in the logs",
        "rent 1.250,00 € due 01/01/2027",
        "population 67,413,000 (2025 estimate)",
        "version 12.4.11 released",
        "chmod 0755 then restart",
    )
    add(
        "postcode",
        "Office address: 10 Downing St, London SW1A 2AA",
        "Ship to 1600 Amphitheatre Pkwy, Mountain View CA 94043-1351",
        "CEP 01310-100, Av. Paulista",
        "PLZ 10115 Berlin-Mitte",
        "〒100-0005 東京都千代田区丸の内",
        "Postal code M5V 3L9, Toronto",
    )
    add(
        "isbn",
        f"ISBN {isbn13()}",
        f"the textbook is ISBN-13: {group(isbn13(), [3, 1, 4, 4, 1], '-')}",
        f"ISBN {group(isbn13(), [3, 2, 3, 4, 1], '-')} for the reading list",
    )
    add(
        "id_talk",
        "What is a CURP and how do I get one?",
        "Do I need a BSN to open a bank account in Amsterdam?",
        "Aadhaar-PAN linking deadline extended again",
        "how long does a NIE appointment take in Madrid?",
        "Mein Steuer-ID Brief ist nicht angekommen",
        "the visa form wants the resident registration number but I only have a passport",
    )
    return rows


def main() -> None:
    _selfcheck()
    rows = [{"text": t, "expect": "pii", "family": f} for f, t in pii_rows()]
    rows += [{"text": t, "expect": "clean", "family": f} for f, t in clean_rows()]
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["expect"]] = counts.get(row["expect"], 0) + 1
    print(f"wrote {OUT.name}: {len(rows)} rows {counts}")


if __name__ == "__main__":
    main()
