"""Identity and bank numbers that need a check digit or a naming word to be told apart.

Aadhaar numbers carry a Verhoeff check digit, US routing numbers an ABA
checksum, ITINs a fixed range of group digits; passports and driver's licences
have no check digit anyone can compute, so they are only refused when the words
just before them say what they are ("passport no.", "DL#"), the way Presidio's
context-aware recognizers work. Each scanner yields once per real hit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import regex

from core.guards.budget import Budget
from core.guards.checksums import aadhaar_valid, aba_valid, itin_valid, nino_valid, verhoeff
from core.guards.columns import column_header
from core.guards.lazy import lazy
from core.guards.prefilter import TEXT


def _near(pattern: regex.Pattern[str], text: str, start: int, end: int, budget: Budget) -> bool:
    # Snake-case keys name a number too ("aadhaar_no=…"): underscores read as spaces.
    window = text[max(0, start - 60) : start] + " " + text[end : end + 40]
    window += " " + column_header(text, start)  # a table's header names its column once
    return budget.search(pattern, window.replace("_", " ")) is not None


# Words that name a number as something else (an order, a phone, a ticket, a loyalty card),
# in the languages orders and invoices are written in.
_OTHER_NUMBER = lazy(
    r"(?i)\b(?:order|invoice|ticket|case|ref(?:erence)?|tracking|parcel|waybill|awb|po|sku"
    r"|isbn|ean|upc|barcode|phone|tel|fax|call|mobile|hotline|imei|serial|build|job|batch"
    r"|container|booking|customer|membership|employee|claim|policy|loyalty|library|gift|member|rewards"
    r"|voucher|coupon|bestell\w*|rechnung\w*|kunden\w*|sendung\w*|commande|facture|client"
    r"|pedido|factura|cliente|ordine|fattura|bestelling|factuur|klant\w*|zamówieni\w*"
    r"|faktur\w*|sipariş\w*|fatura)\b|注文|订单|訂單|发票|請求書"
)

# ---- Aadhaar --------------------------------------------------------------------
_AADHAAR = lazy(r"(?<![\d][ \-.]?|\d)[2-9]\d{3}(?P<s>[ \-.]?)\d{4}(?P=s)\d{4}(?![ \-.]?\d)")
_AADHAAR_CONTEXT = lazy(
    r"(?i)(?:\b(?:aadh?aa?r|adhaar|uidai|uid|unique\s+identification|e-?kyc|kyc)\b|आधार)"
)


def aadhaars(text: str, budget: Budget) -> Iterator[bool]:
    """Verhoeff-valid 12-digit numbers; a spaced 4-4-4 one needs no naming word unless
    another word names it (an order, a phone), a compact one needs "Aadhaar"/"UID"."""
    for m in _GATED.finditer(_AADHAAR, text, budget):
        if not aadhaar_valid(m.group(0)):
            continue
        named = _near(_AADHAAR_CONTEXT, text, m.start(), m.end(), budget)
        spaced = m.group("s") in (" ", "-")  # dotted groups read as a version or an amount
        if named or (spaced and not _near(_OTHER_NUMBER, text, m.start(), m.end(), budget)):
            yield True


# The 16-digit Virtual ID UIDAI issues in place of the number, also Verhoeff-checked.
_AADHAAR_VID = lazy(r"(?<![\d\-])\d{4}(?P<s>[ \-]?)\d{4}(?P=s)\d{4}(?P=s)\d{4}(?![\d\-])")
_VID_CONTEXT = lazy(r"(?i)\b(?:vid|virtual\s+id|aadh?aa?r|adhaar|uidai)\b")


def aadhaar_vids(text: str, budget: Budget) -> Iterator[bool]:
    checked: dict[str, bool] = {}  # a repeated number is checked once per text
    for m in _GATED.finditer(_AADHAAR_VID, text, budget):
        number = m.group(0)
        valid = checked.get(number)
        if valid is None:
            valid = checked[number] = verhoeff("".join(ch for ch in number if ch.isdigit()))
        if valid and _near(_VID_CONTEXT, text, m.start(), m.end(), budget):
            yield True


# ---- passports and driver's licences: no check digit, so the naming word decides ----
_PASSPORT_WORD = (
    r"(?i:pass?(?:port|eport|aporte|aporto|poort)|paszport|pasaport|reisepass|пасп[оа]рт"
    r"|\bpass(?:nummer|-?nr\b)|\bpp\s*(?:no\b|number|num\b|\#)|\bpass\s+port"
    r"|\btravel\s+doc(?:ument)?s?\b"
    r"|パスポート|护照|護照|여권|पासपोर्ट|جواز\s+السفر)"
)
_DOC_NUMBER = (
    r"(?<![\w\-])(?P<v>(?=(?:[A-Za-z]*\d){2})[A-Z0-9](?:[A-Z0-9]|[ \-](?=[A-Z0-9])){5,20}"
    r"|\d{6,12})(?![\w\-])"
)
# Up to five short words or punctuation between the naming word and the number.
_BRIDGE = r"[^\n\d]{0,40}?"
# A form's label on one line and the number on the next ("Passport Number\n…").
_LABEL_LINE = r"(?:" + _BRIDGE + r"|[^\n\d]{0,20}?\n[ \t]{0,4})"
_PASSPORT = lazy(_PASSPORT_WORD + r"\w*" + _LABEL_LINE + _DOC_NUMBER)
_LICENCE_WORD = (
    r"(?:(?i:driv(?:er'?s?|ing|ers)[\s_]+(?:licen[cs]e|lic\b|lisc?ense)|licen[cs]e[\s_]+(?:no\b|number"
    r"|num\b|\#)|\bdl\s*(?:number|no\b|num\b|\#)|\bd/l\b|\bdln\b|\bcdl\b"
    r"|\blic\.?\s*(?:\#|no\b|number|num\b)|\bdl\s*[:\#]"
    r"|führerschein|(?:permis|licence)\s+de\s+conduire|licencia\s+de\s+conducir|patente\s+di\s+guida)"
    r"|\bDL\b|\bD\.L\.)"
)
_LICENCE = lazy(_LICENCE_WORD + r"\w*" + _BRIDGE + _DOC_NUMBER)
# The number first: "997043952 is my passport number", "D1234567 = her licence no."
_NAMED_AFTER = lazy(
    _DOC_NUMBER + r"\s+(?i:is|was|=|-|–|are)\s+(?i:my|his|her|our|their|the|your)\s+(?i:\w+\s+)?"
    r"(?:" + _PASSPORT_WORD + r"|(?i:driv(?:er'?s?|ing|ers)\s+licen[cs]e|licen[cs]e))\s*"
    r"(?i:no\b\.?|number|num\b|\#|id\b)?"
)
# "license Z672-5421-3582": the bare word, but only before a number in a US state's own
# layout (a letter, then 11-13 digits in groups; Florida's 1-3-3-2-3-1), never a software
# licence key, plate or fee.
_STATE_LICENCE = lazy(
    r"(?i:\blicen[cs]e)(?!\s+(?:key|plate|file|server|fee|agreement|code))[^\n\d]{0,20}?"
    r"(?<![\w\-])(?P<v>[A-Z]\d{3}[ \-]\d{4}[ \-]\d{4,5}|[A-Z]\d{3}[ \-]\d{3}[ \-]\d{2}"
    r"[ \-]\d{3}[ \-]\d|[A-Z]\d{12,13})(?![\w\-])"
)
# Washington's licences since 2018: WDL and nine letters or digits, often one digit only.
_WA_LICENCE = lazy(
    r"(?i:\blicen[cs]e|\bdl\b|\blic\b)[^\n]{0,20}?(?<![\w\-])WDL[A-Z0-9]{9}(?![\w\-])"
)
# "CA license F4388874", "NY DL 123 456 789": a state named right before the word, so the
# number need not be in one of `_STATE_LICENCE`'s layouts.
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH"
    "|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC"
)
_STATE_NAMES = (
    r"alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia"
    r"|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts"
    r"|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new\s+hampshire"
    r"|new\s+jersey|new\s+mexico|new\s+york|north\s+carolina|north\s+dakota|ohio|oklahoma"
    r"|oregon|pennsylvania|rhode\s+island|south\s+carolina|south\s+dakota|tennessee|texas|utah"
    r"|vermont|virginia|washington|west\s+virginia|wisconsin|wyoming"
)
# The word leads the pattern (its gate), the state before it is checked after a match.
_STATE_NAMED_LICENCE = lazy(
    r"(?<![A-Za-z])(?i:licen[cs]e|lic\b\.?|dl\b)(?!\s+(?i:key|plate|file|server|fee"
    r"|agreement|code|board))[^\n\d]{0,12}?" + _DOC_NUMBER
)
# Written in lower case too ("ca dl W1619348"), but not the codes that are everyday words.
_LOWER_STATES = "|".join(
    code.lower() for code in _STATES.split("|")
    if code not in {"IN", "ME", "OR", "OK", "HI", "OH", "DE", "LA", "PA", "MA", "CO", "ID", "AL",
                    "MO", "NE", "AR", "GA", "MS"}
)  # fmt: skip
_STATE_BEFORE = lazy(
    r"(?:(?<![A-Za-z])(?:" + _STATES + r"|" + _LOWER_STATES + r")|(?i:\b(?:" + _STATE_NAMES
    + r")))\s+"
    r"(?i:driver'?s?\s+|driving\s+)?$"
)  # fmt: skip
# A passport's machine-readable zone: "P<GBRSMITH<<JOHN<<…" over a 44-character line.
_MRZ = lazy(
    r"(?m)^P[A-Z<][A-Z]{3}[\p{Lu}<]{2,39}<<[\p{Lu}<]{1,39}[ \t]*\r?\n[A-Z0-9<]{9}\d[A-Z<]{3}\d{6}"
)
# A year or a date, not a document number ("24 592 529" is a licence, "24/05/2029" a date).
_NOT_DOC = lazy(
    r"^(?:19|20)\d\d$|^\d{1,2}[\-/.]\d{1,2}(?:[\-/.]\d{2,4})?$|^\d{1,2} \d{1,2} \d{2,4}$"
    r"|^(?:19|20)\d\d[\-/.]\d{1,2}[\-/.]\d{1,2}$"
)


# A UK driving licence number carries its holder's surname, birth date and initials:
# SMITH 7 10 23 8 JJ 9AB (month +50 for women). The date is checked, so a product code
# of the same length passes.
_UK_LICENCE = lazy(
    r"(?<![A-Za-z0-9])[A-Z][A-Z9]{4}\d{6}[A-Z9]{2}\d[A-Z]{2}(?:\s?\d{2})?(?![A-Za-z0-9])"
)


def _uk_licence_date(value: str) -> bool:
    month, day = int(value[6:8]), int(value[8:10])
    return (1 <= month <= 12 or 51 <= month <= 62) and 1 <= day <= 31


Scanner = Callable[[str, Budget], Iterator[bool]]


def _documents(pattern: regex.Pattern[str]) -> Scanner:
    def scan(text: str, budget: Budget) -> Iterator[bool]:
        for m in _GATED.finditer(pattern, text, budget):
            value = m.group("v")
            if budget.search(_OTHER_NUMBER, text[m.start() : m.start("v")]):
                continue  # "passport office phone: 0300 …": the number is named as another
            digits = sum(ch.isdigit() for ch in value)
            compact = sum(ch.isalnum() for ch in value)
            upper_mix = value.isupper() and 8 <= compact <= 10 and digits >= 2
            if (digits >= 5 or upper_mix) and 6 <= compact <= 18 and not _NOT_DOC.search(value):
                yield True

    return scan


_passports = _documents(_PASSPORT)
_licences = _documents(_LICENCE)
_after_licence_word = _documents(_STATE_NAMED_LICENCE)


def _state_licences(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_STATE_NAMED_LICENCE, text, budget):
        if budget.search(_STATE_BEFORE, text[max(0, m.start() - 24) : m.start()]):
            yield from _after_licence_word(text[m.start() : m.end()], budget)


_named_after = _documents(_NAMED_AFTER)
_DOC_WORD = lazy(r"(?:" + _PASSPORT_WORD + r"|(?i:licen[cs]e))")


def _number_first(text: str, budget: Budget) -> Iterator[bool]:
    """`_NAMED_AFTER` near each passport or licence word only: its number comes first, so
    searched over the whole text it would be tried at every word."""
    for word in _GATED.finditer(_DOC_WORD, text, budget):
        yield from _named_after(text[max(0, word.start() - 48) : word.end() + 16], budget)


def passports(text: str, budget: Budget) -> Iterator[bool]:
    yield from _passports(text, budget)
    yield from _number_first(text, budget)
    if "<<" in text:
        yield from (True for _ in _GATED.finditer(_MRZ, text, budget))


def wa_licences(text: str, budget: Budget) -> Iterator[bool]:
    if "WDL" in text:  # run on text with any digit: the literal first, not the gates
        yield from (True for _ in _GATED.finditer(_WA_LICENCE, text, budget))


def licences(text: str, budget: Budget) -> Iterator[bool]:
    yield from _licences(text, budget)
    yield from _state_licences(text, budget)
    for m in _GATED.finditer(_UK_LICENCE, text, budget):
        if _uk_licence_date(m.group(0)):
            yield True
    for m in _GATED.finditer(_STATE_LICENCE, text, budget):
        if not budget.search(_OTHER_NUMBER, text[m.start() : m.start("v")]):
            yield True

# ---- medical record numbers: a naming word, then the number (often with a prefix) -----
_MEDICAL = lazy(
    r"(?i:\bmrn\b|\bmedical\s+record(?:\s+(?:number|no\b|num\b|\#))?"
    r"|\bpatient\s+(?:id\b|number|no\b|\#|record)|\bchart\s*(?:\#|number|no\b)"
    r"|\bhospital\s+(?:number|no\b|id\b)|\bhealth\s+(?:record|insurance|plan|card)\s+"
    r"(?:member\s+)?(?:number|no\b|id\b|\#)|\bmedicare\s+(?:number|no\b|id\b)"
    r"|\bmedicaid\s+(?:number|no\b|id\b))"
    + _BRIDGE + r"(?<![\w])(?:[A-Za-z]{1,4}[\-\#]?)?(?P<v>\d(?:[\d]|[ \-](?=\d)){4,15})(?![\w\-])"
)


def medical_records(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_MEDICAL, text, budget):
        value = m.group("v")
        if sum(ch.isdigit() for ch in value) >= 5 and not _NOT_DOC.search(value):
            yield True


# ---- US bank account: an ABA routing number next to an account number ------------
_NINE = lazy(r"(?<![\d\-])\d{9}(?![\d\-])")
# Not inside a word, but "routing_number" and "aba_rtn" (JSON and form keys) count.
_ROUTING_CONTEXT = lazy(
    r"(?i)(?<![a-z])(?:rout(?:ing|ng|ign|eing)|aba|rtn|rtg|r/t|transit|ach|wire|direct[\s_]+deposit"
    r"|bank[\s_]+(?:details|info|account))(?![a-z])"
)
_DIGITS_6_17 = lazy(r"(?<!\d)\d{6,17}(?!\d)")
_ROUTING_THEN_ACCOUNT = lazy(r"(?<![\d\-.])(?P<r>\d{9})[ /|:]{1,3}\d{6,17}(?![\d\-.])")
_PAYMENT_CONTEXT = lazy(
    r"(?i)\b(?:send|sent|pay|paid|payment|transfer|wire|deposit|rent|payroll|payee|salary"
    r"|refund|reimburse\w*|venmo|zelle|bank)\w*"
)
# The account number may be grouped ("acct # 25150 83858") or a JSON key's value.
_ACCOUNT = lazy(
    r"(?i)(?<![a-z])(?:acc?(?:ount|oun|ont|unt)|accnt|acct|a/c|checking|savings)(?![a-z])"
    r"[^\n\d]{0,20}?"
    r"(\d(?:[ \-]?\d){5,16})(?![\d])"
)


def us_bank_accounts(text: str, budget: Budget) -> Iterator[bool]:
    """A checksum-valid routing number named as one, with an account number nearby."""
    for m in _GATED.finditer(_NINE, text, budget):
        if not aba_valid(m.group(0)):
            continue
        window = text[max(0, m.start() - 80) : m.end() + 80]
        if not budget.search(_ROUTING_CONTEXT, window):
            continue
        for acct in budget.finditer(_ACCOUNT, window):
            if regex.sub(r"[ \-]", "", acct.group(1)) != m.group(0):
                yield True
                break
        else:
            if budget.search(_DIGITS_6_17, window.replace(m.group(0), "")):
                yield True
    yield from _paired_accounts(text, budget)


def _paired_accounts(text: str, budget: Budget) -> Iterator[bool]:
    """"send rent to 103095145 70433302803": a valid routing number with an account number
    straight after it, as a cheque prints them, and a payment named."""
    for m in _GATED.finditer(_ROUTING_THEN_ACCOUNT, text, budget):
        if aba_valid(m.group("r")) and budget.search(
            _PAYMENT_CONTEXT, text[max(0, m.start() - 80) : m.end() + 80]
        ):
            yield True


# ---- UK bank account: a sort code named as one, with an 8-digit account beside it ----
_SORT_CODE = lazy(
    r"(?i:\bsort[\s\-]?code)\b[^\n\d]{0,12}(?<!\d)\d{2}[ \-]?\d{2}[ \-]?\d{2}(?![\d\-])"
    r"[^\n\d]{0,40}?(?<![\d\-])\d{8}(?!\d)"
    r"|(?<![\d\-])\d{8}(?!\d)[^\n\d]{0,40}?(?i:\bsort[\s\-]?code)\b[^\n\d]{0,12}(?<!\d)"
    r"\d{2}[ \-]?\d{2}[ \-]?\d{2}(?![\d\-])"
)


def uk_bank_accounts(text: str, budget: Budget) -> Iterator[bool]:
    yield from (True for _ in _GATED.finditer(_SORT_CODE, text, budget))


# ---- US Medicare Beneficiary Identifier: 11 characters in fixed classes -------------
_MBI_LETTER = "AC-HJKMNP-RT-Y"
_MBI = lazy(
    r"(?i:\b(?:medicare|mbi|beneficiary)\b)[^\n]{0,30}?(?<![A-Za-z0-9])[1-9][" + _MBI_LETTER
    + r"][" + _MBI_LETTER + r"0-9]\d-?[" + _MBI_LETTER + r"][" + _MBI_LETTER + r"0-9]\d-?["
    + _MBI_LETTER + r"]{2}\d{2}(?![A-Za-z0-9])"
)


def medicare_ids(text: str, budget: Budget) -> Iterator[bool]:
    yield from (True for _ in _GATED.finditer(_MBI, text, budget))


# ---- US ITIN ------------------------------------------------------------------------
_ITIN = lazy(r"(?<![\d\-])9\d{2}(?P<s>[ \-]?)\d{2}(?P=s)\d{4}(?![\d\-])")
_ITIN_CONTEXT = lazy(
    r"(?i)\b(?:itin|taxpayer|tax\s*(?:payer\s+)?id(?:entification)?|tin|w-?7|irs|ssn|social)\b"
)


def itins(text: str, budget: Budget) -> Iterator[bool]:
    """ITIN ranges; dashed ones unless named as something else, others when named."""
    for m in _GATED.finditer(_ITIN, text, budget):
        if not itin_valid("".join(ch for ch in m.group(0) if ch.isdigit())):
            continue
        if _near(_ITIN_CONTEXT, text, m.start(), m.end(), budget) or (
            m.group("s") == "-" and not _near(_OTHER_NUMBER, text, m.start(), m.end(), budget)
        ):
            yield True


# ---- UK NINO written in lower case -------------------------------------------------------
_NINO_ANY_CASE = lazy(
    r"(?i)(?<![A-Za-z0-9\-])[A-Z]{2}[ \-]?\d{2}[ \-]?\d{2}[ \-]?\d{2}[ \-]?[A-D](?![A-Za-z0-9])"
)
_NINO_CONTEXT = lazy(
    r"(?i)\b(?:ni|nin|nino|nat(?:ional)?\.?\s+ins(?:urance)?|hmrc|paye)\b|\bn\.\s?i\.(?!\w)"
)


def lower_case_ninos(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_NINO_ANY_CASE, text, budget):
        if nino_valid(m.group(0)) and _near(_NINO_CONTEXT, text, m.start(), m.end(), budget):
            yield True


# Whole-text scans: run only when the text holds their words (or a long enough chunk).
_GATED = TEXT.family([_AADHAAR, _PASSPORT, _LICENCE, _NINE, _ITIN, _NINO_ANY_CASE, _MEDICAL,
                      _STATE_LICENCE, _MRZ, _UK_LICENCE, _SORT_CODE, _MBI,
                      _AADHAAR_VID, _STATE_NAMED_LICENCE, _NAMED_AFTER, _DOC_WORD,
                      _ROUTING_THEN_ACCOUNT, _WA_LICENCE])
