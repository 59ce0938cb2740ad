"""Identity and tax numbers of countries beyond Europe's, by their published checks.

Italy's codice fiscale and Mexico's CURP end in a check character computed over every
letter and digit, Singapore's NRIC in a check letter (all three as written, in capitals:
matching them in any case would try every long word), a dashed Korean resident number in
a weighted check digit: those are refused unless a word names them as something else.
Germany's Steuer-ID, South Africa's ID number, Australia's TFN, Japan's My Number,
Turkey's T.C. Kimlik and Belgium's national number are plain digit runs whose check a
random run passes one time in ten or so, so they also need their naming word nearby
(see `national_ids`). So do Mexico's RFC of a person (four letters, a birth date, a
homoclave whose last character is a mod-11 check; a company's has three letters and is
not personal) and New Zealand's IRD number (weights 3,2,7,6,5,4,3,2, a second set when
the first gives 10). Once named, the lettered codes are read in lower case and in their
printed groups too (`any_case`).
"""

from __future__ import annotations

from core.guards.checksums import luhn, mod11_10
from core.guards.lazy import lazy
from core.guards.national_ids import any_case, checked, named, worded
from core.guards.prefilter import TEXT

_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4,
                    18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23), strict=True))  # fmt: skip


def codice_fiscale_valid(code: str) -> bool:
    """Italy: odd positions by a fixed table, even by their value, the sum mod 26 a letter."""
    code = code.upper()
    if len(code) != 16:
        return False
    total = 0
    for i, ch in enumerate(code[:15]):
        total += _CF_ODD[ch] if i % 2 == 0 else (int(ch) if ch.isdigit() else ord(ch) - 65)
    return chr(65 + total % 26) == code[15]


_CURP_VALUES = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"


def curp_valid(code: str) -> bool:
    """Mexico: the 18th digit is 10 − (Σ value·(18 − position)) mod 10."""
    code = code.upper()
    if len(code) != 18 or not code[17].isdigit():
        return False
    total = sum(_CURP_VALUES.index(ch) * (18 - i) for i, ch in enumerate(code[:17]))
    return (10 - total % 10) % 10 == int(code[17])


def nric_valid(code: str) -> bool:
    """Singapore NRIC/FIN: weights 2,7,6,5,4,3,2, +4 for T/G, a letter from the series' table."""
    code = code.upper()
    prefix, digits, letter = code[0], code[1:8], code[8]
    total = sum(int(d) * w for d, w in zip(digits, (2, 7, 6, 5, 4, 3, 2), strict=True))
    total += 4 if prefix in "TG" else 0
    table = "JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK"
    return table[total % 11] == letter


def rrn_valid(digits: str) -> bool:
    """South Korea's resident registration number: a date, a sex digit, a weighted check."""
    if len(digits) != 13 or not (1 <= int(digits[2:4]) <= 12 and 1 <= int(digits[4:6]) <= 31):
        return False
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    total = sum(int(d) * w for d, w in zip(digits[:12], weights, strict=True))
    return digits[6] in "12345678" and (11 - total % 11) % 10 == int(digits[12])


def steuer_id_valid(digits: str) -> bool:
    """Germany: ISO 7064 MOD 11,10, and one digit of the first ten repeated (twice or thrice)."""
    if len(digits) != 11 or digits[0] == "0":
        return False
    counts = sorted((digits[:10].count(d) for d in set(digits[:10])), reverse=True)
    if counts[0] not in (2, 3) or (len(counts) > 1 and counts[1] > 1):
        return False
    return mod11_10(digits)


def sa_id_valid(digits: str) -> bool:
    """South Africa: YYMMDD, four digits, citizenship 0/1, one more, a Luhn check."""
    month, day = int(digits[2:4]), int(digits[4:6])
    return 1 <= month <= 12 and 1 <= day <= 31 and digits[10] in "01" and luhn(digits)


def tfn_valid(digits: str) -> bool:
    """Australia's tax file number: weights 1,4,3,7,5,8,6,9,10, a multiple of 11."""
    weights = (1, 4, 3, 7, 5, 8, 6, 9, 10)
    total = sum(int(d) * w for d, w in zip(digits, weights, strict=True))
    return len(digits) == 9 and total % 11 == 0


def my_number_valid(digits: str) -> bool:
    """Japan's My Number: 11 digits weighted 2…7, 2…6 from the right, check 11 − r (0 for r ≤ 1)."""
    body = digits[:11][::-1]
    total = sum(int(d) * (n + 1 if n <= 6 else n - 5) for n, d in enumerate(body, 1))
    r = total % 11
    return (0 if r <= 1 else 11 - r) == int(digits[11])


_RFC_VALUES = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ"


def rfc_valid(code: str) -> bool:
    """Mexico's RFC of a person: AAAA YYMMDD XX + a check, Σ value·(13 − position) mod 11."""
    code = code.upper()
    if len(code) != 13 or not code[4:10].isdigit():
        return False
    if not (1 <= int(code[6:8]) <= 12 and 1 <= int(code[8:10]) <= 31):
        return False
    if any(ch not in _RFC_VALUES for ch in code[:12]):
        return False
    r = sum(_RFC_VALUES.index(ch) * (13 - i) for i, ch in enumerate(code[:12])) % 11
    return code[12] == ("0" if r == 0 else "A" if r == 1 else str(11 - r))


def ird_valid(digits: str) -> bool:
    """New Zealand's IRD number: 8 or 9 digits between 10,000,000 and 150,000,000, its last
    digit 11 − (Σ weights) mod 11 with 3,2,7,6,5,4,3,2, or 7,4,3,2,5,2,7,6 when that is 10."""
    if not (8 <= len(digits) <= 9 and digits.isdigit()):
        return False
    if not 10_000_000 <= int(digits) <= 150_000_000:
        return False
    body = digits[:-1].rjust(8, "0")
    for weights in ((3, 2, 7, 6, 5, 4, 3, 2), (7, 4, 3, 2, 5, 2, 7, 6)):
        r = sum(int(d) * w for d, w in zip(body, weights, strict=True)) % 11
        check = 0 if r == 0 else 11 - r
        if check != 10:
            return check == int(digits[-1])
    return False


def kimlik_valid(digits: str) -> bool:
    """Turkey's T.C. Kimlik: two check digits from the odd and even positions."""
    d = [int(c) for c in digits]
    if d[0] == 0:
        return False
    tenth = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    return tenth == d[9] and sum(d[:10]) % 10 == d[10]


def belgian_valid(digits: str) -> bool:
    """Belgium's national number: 97 − (YYMMDDSSS mod 97), with 2 put first after 2000."""
    body, check = int(digits[:9]), int(digits[9:])
    return check in (97 - body % 97, 97 - (2_000_000_000 + body) % 97)


def au_medicare_valid(digits: str) -> bool:
    """Australia's Medicare card: first digit 2-6, digits 1-8 weighted 1,3,7,9,1,3,7,9, the
    sum mod 10 the ninth; then the card's issue number (and a person's, if written)."""
    if len(digits) not in (10, 11) or digits[0] not in "23456" or digits[9] == "0":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=True))
    return total % 10 == int(digits[8])


def rut_valid(compact: str) -> bool:
    """Chile's RUT/RUN: digits weighted 2,3,4,5,6,7 from the right, 11 − (sum mod 11) the
    check (11 is 0, 10 is K)."""
    body, check = compact[:-1], compact[-1].upper()
    if not body.isdigit() or not 7 <= len(body) <= 8:
        return False
    total = sum(int(d) * (2 + i % 6) for i, d in enumerate(reversed(body)))
    expected = {11: "0", 10: "K"}.get(11 - total % 11, str(11 - total % 11))
    return check == expected


def pt_nif_valid(digits: str) -> bool:
    """Portugal's NIF: nine digits, the last 11 − (Σ digit·(9…2) mod 11), 0 for 10 or 11."""
    if len(digits) != 9 or digits[0] not in "125689":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True))
    check = 11 - total % 11
    return (0 if check >= 10 else check) == int(digits[8])


_CF = lazy(
    r"(?<![A-Za-z0-9])[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z]"
    r"[0-9LMNPQRSTUV]{3}[A-Z](?![A-Za-z0-9])"
)
_CURP = lazy(r"(?<![A-Za-z0-9])[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d(?![A-Za-z0-9])")
_NRIC = lazy(r"(?<![A-Za-z0-9])[STFG]\d{7}[A-Z](?![A-Za-z0-9])")
# The same codes in any case and printed groups, read only once named (`any_case`).
_CF_ANY = lazy(
    r"(?i)(?<![A-Za-z0-9])[A-Z]{3} ?[A-Z]{3} ?[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}"
    r" ?[A-Z][0-9LMNPQRSTUV]{3}[A-Z](?![A-Za-z0-9])"
)
_CF_CONTEXT = lazy(
    r"(?i)\b(?:codice\s+fiscale|cod\.\s?fisc\w*|codfisc\w*|cf[ .:#]|c\.f\.|tessera\s+sanitaria)"
)
_CURP_ANY = lazy(r"(?i)(?<![A-Za-z0-9])[A-Z]{4} ?\d{6} ?[HMX][A-Z]{5}[0-9A-Z]\d(?![A-Za-z0-9])")
_CURP_CONTEXT = lazy(r"(?i)\b(?:curp|clave\s+[uú]nica)\b")
_NRIC_ANY = lazy(r"(?i)(?<![A-Za-z0-9])[STFG] ?\d{7} ?[A-Z](?![A-Za-z0-9])")
_NRIC_CONTEXT = lazy(
    r"(?i)\b(?:nric|fin[ .:#]|i/c|ic[ .](?:no|number)|ic[:#]|identity[ ]card|singapore[ ]id)"
)
_RFC = lazy(r"(?<![A-Za-z0-9&Ñ])[A-ZÑ&]{4}\d{6}[A-Z0-9]{2}[0-9A](?![A-Za-z0-9])")
_RFC_ANY = lazy(
    r"(?i)(?<![A-Za-z0-9&Ñ])[A-ZÑ&]{4}[ \-]?\d{6}[ \-]?[A-Z0-9]{2}[0-9A](?![A-Za-z0-9])"
)
_RFC_CONTEXT = lazy(r"(?i)\b(?:rfc|registro\s+federal|homoclave)\b")
_IRD = lazy(r"(?<![\d\-])\d{2,3}([ \-]?)\d{3}\1\d{3}(?![\d\-])")
_IRD_CONTEXT = lazy(r"(?i)\b(?:ird|inland\s+revenue|gst\s+number)\b")
_RRN_DASHED = lazy(r"(?<![\d\-])\d{6}-\d{7}(?![\d\-])")
_ELEVEN = lazy(r"(?<![\d\-./])\d{2}[ ./]?\d{3}[ ./]?\d{3}[ ./]?\d{3}(?![\d\-]|[./]\d)")
_STEUER_CONTEXT = lazy(
    r"(?i)\b(?:steuer[\s\-]?id|steuer[\s\-]?ident\w*|steuernummer|idnr"
    r"|identifikationsnummer|tax\s+id(?:entification)?(?:\s+number)?|german\s+tax)\b"
)
_THIRTEEN = lazy(r"(?<![\d\-])\d{6}[ \-]?\d{4}[ \-]?\d{3}(?![\d\-])")
_SA_CONTEXT = lazy(
    r"(?i)\b(?:sa\s+id|south\s+african?\s+id|id\s+(?:number|no\.?|nr)|rsa\s+id"
    r"|identity\s+(?:number|no\.?|nr|document)|id[\s\-](?:nommer|dokument)|identiteitsnommer)\b"
    r"|\bmy\s+id\b|\bid(?:[:#]|\s+[:#])|\bnational\s+id(?:entity)?\b"
)
_RRN_CONTEXT = lazy(
    r"(?i)(?:\b(?:rrn|resident\s+registration|jumin)\b|주민등록번호|주민번호|주민 등록 번호"
    r"|주민 번호)"
)
_NINE = lazy(r"(?<![\d\-.])\d{3}[ \-.]?\d{3}[ \-.]?\d{3}(?![\d\-]|\.\d)")
_TFN_CONTEXT = lazy(r"(?i)\b(?:tfn|tax\s+file\s+(?:number|no))\b")
_TWELVE = lazy(r"(?<![\d\-])\d{4}[ \-]?\d{4}[ \-]?\d{4}(?![\d\-])")
_MY_NUMBER_CONTEXT = lazy(
    r"(?i)(?:\bmy\s*number\b|\bindividual\s+number\b|マイナンバー|個人番号|\bkojin\s+bang[oō]\b)"
)
_KIMLIK_CONTEXT = lazy(r"(?i)\b(?:t\.?c\.?\s+(?:kimlik|no)|kimlik|tckn|turkish\s+id)\b")
_BELGIAN = lazy(
    r"(?<![\d\-.])\d{2}[.\-]?\d{2}[.\-]?\d{2}[ \-.]?\d{3}[.\-]?\d{2}(?![\d\-]|\.\d)"
)
_BELGIAN_CONTEXT = lazy(
    r"(?i)\b(?:rijksregister(?:nummer|nr)?|num[eé]ro\s+national|registre\s+national"
    r"|national\s+(?:register\s+)?number|nationaal\s+nummer|insz(?:-nummer)?|niss|nn)\b"
)

# "3977 29250 8", "3977292508/1": ten digits (an eleventh, the person's number, may follow).
_AU_MEDICARE = lazy(r"(?<![\d\-])\d{4}[ \-]?\d{5}[ \-]?\d(?:[ \-/]?\d)?(?![\d\-])")
_AU_MEDICARE_CONTEXT = lazy(r"(?i)\bmedicare\b")
_RUT = lazy(r"(?<![\d\-.])\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK](?![\w\-]|\.\d)")
_RUT_CONTEXT = lazy(r"(?i)\b(?:rut|rol\s+[uú]nico\s+tributario|c[eé]dula\s+de\s+identidad)\b")
_NIF_PT = lazy(r"(?<![\d\-])\d{3}[ .]?\d{3}[ .]?\d{3}(?![\d\-])")
_NIF_PT_CONTEXT = lazy(r"(?i)\b(?:nif|nipc|contribuinte|n[uú]mero\s+fiscal)\b")

# Whole-text scans: run only when the text holds a long enough chunk for them.
_GATED = TEXT.family([_CF, _CURP, _NRIC, _RRN_DASHED, _ELEVEN, _THIRTEEN, _NINE, _TWELVE,
                      _BELGIAN, _STEUER_CONTEXT, _KIMLIK_CONTEXT, _SA_CONTEXT, _RRN_CONTEXT,
                      _TFN_CONTEXT, _MY_NUMBER_CONTEXT, _BELGIAN_CONTEXT, _AU_MEDICARE,
                      _AU_MEDICARE_CONTEXT, _RUT, _RUT_CONTEXT, _NIF_PT,
                      _NIF_PT_CONTEXT, _CF_ANY, _CF_CONTEXT,
                      _CURP_ANY, _CURP_CONTEXT, _NRIC_ANY, _NRIC_CONTEXT, _RFC, _RFC_ANY,
                      _RFC_CONTEXT, _IRD, _IRD_CONTEXT])  # fmt: skip


codici_fiscali = checked(_GATED, _CF, codice_fiscale_valid, _CF_CONTEXT)
named_codici_fiscali = any_case(_GATED, _CF_ANY, _CF_CONTEXT, codice_fiscale_valid)
curps = checked(_GATED, _CURP, curp_valid, _CURP_CONTEXT)
named_curps = any_case(_GATED, _CURP_ANY, _CURP_CONTEXT, curp_valid)
nrics = checked(_GATED, _NRIC, nric_valid, _NRIC_CONTEXT)
named_nrics = any_case(_GATED, _NRIC_ANY, _NRIC_CONTEXT, nric_valid)
rfcs = checked(_GATED, _RFC, rfc_valid, _RFC_CONTEXT)
named_rfcs = any_case(_GATED, _RFC_ANY, _RFC_CONTEXT, rfc_valid)
irds = named(_GATED, _IRD, _IRD_CONTEXT, ird_valid)
korean_rrns = checked(_GATED, _RRN_DASHED, rrn_valid, _RRN_CONTEXT)
steuer_ids = named(_GATED, _ELEVEN, _STEUER_CONTEXT, steuer_id_valid)
kimliks = named(_GATED, _ELEVEN, _KIMLIK_CONTEXT, kimlik_valid)
sa_ids = named(_GATED, _THIRTEEN, _SA_CONTEXT, sa_id_valid)
korean_named = named(_GATED, _THIRTEEN, _RRN_CONTEXT, rrn_valid)
tfns = named(_GATED, _NINE, _TFN_CONTEXT, tfn_valid)
my_numbers = named(_GATED, _TWELVE, _MY_NUMBER_CONTEXT, my_number_valid)
belgian_numbers = named(_GATED, _BELGIAN, _BELGIAN_CONTEXT, belgian_valid)


au_medicare_numbers = worded(
    ("medicare",), named(_GATED, _AU_MEDICARE, _AU_MEDICARE_CONTEXT, au_medicare_valid)
)
chile_ruts = worded(
    ("rut", "rol único", "rol unico", "cédula", "cedula"),
    named(_GATED, _RUT, _RUT_CONTEXT, rut_valid),
)
pt_nifs = worded(
    ("nif", "nipc", "contribuinte", "número fiscal", "numero fiscal"),
    named(_GATED, _NIF_PT, _NIF_PT_CONTEXT, pt_nif_valid),
)
