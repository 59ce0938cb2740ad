"""Sensitive identifiers with check digits: SSNs, payment cards, IBANs, NINOs, SINs, CPFs.

Digit runs are everywhere in team chat (order numbers, tracking numbers, ports,
phone numbers), so a run is only refused when its arithmetic says it is real
(Luhn, mod-97, SSA issuance rules) and, for formats that collide with everyday
numbers, when the words around it say what it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import regex

from core.guards import prefilter
from core.guards.budget import Budget
from core.guards.checksums import (
    IBAN_LENGTHS,
    card_brand_plausible,
    cpf_valid,
    iban_mod97,
    luhn,
    nino_valid,
    sin_valid,
    ssn_valid,
)
from core.guards.columns import column_header
from core.guards.identifiers import (
    aadhaar_vids,
    aadhaars,
    itins,
    licences,
    lower_case_ninos,
    medical_records,
    medicare_ids,
    passports,
    uk_bank_accounts,
    us_bank_accounts,
    wa_licences,
)
from core.guards.lazy import lazy
from core.guards.more_ids import MORE_IDS
from core.guards.national_ids import (
    bsns,
    china_ids,
    cprs,
    hetus,
    nhs_numbers,
    nirs,
    nordic_ids,
    pans,
    pesels,
    spanish_ids,
)
from core.guards.prefilter import TEXT
from core.guards.world_ids import (
    au_medicare_numbers,
    belgian_numbers,
    chile_ruts,
    codici_fiscali,
    curps,
    irds,
    kimliks,
    korean_named,
    korean_rrns,
    my_numbers,
    named_codici_fiscali,
    named_curps,
    named_nrics,
    named_rfcs,
    nrics,
    pt_nifs,
    rfcs,
    sa_ids,
    steuer_ids,
    tfns,
)

_SSN_CONTEXT = lazy(
    r"(?i)\b(?:ssn|ss(?=\s*#)|ss\s+no|social\s*security|taxpayer|tax\s+id|tin"
    r"|soc(?:ial|ail)?\.?\s*sec(?:urity|uirty|urty|urit|uity|ruity)?"
    r"|seguro\s+social|sécurité\s+sociale|social(?=\s*(?:[:#=]|no\b|num|is\b|\d)))\b"
)
_NOT_SSN_CONTEXT = lazy(
    r"(?i)\b(?:order|invoice|ticket|case|ref(?:erence)?|part|sku|model|serial|tracking|po|item"
    r"|phone|tel|fax|call|build|job|run|batch|lot|issue|pr|account|acct|routing|zip|date|claim"
    r"|policy)\b"
)
_CARD_CONTEXT = lazy(
    r"(?i)(?:\b(?:card|cc|credit|debit|visa|mastercard|master\s*card|amex|american\s+express"
    r"|discover|jcb|diners|unionpay|maestro|pan|carte|tarjeta|karte|kreditkarte|cartão|carta"
    r"|kaart|karta|pay|paying|payment|charge|refund|billing|exp|expiry|expires|cvv"
    r"|cvc|cvv2)s?\b|карт[аыу]|カード|卡)"
)
_NOT_CARD_CONTEXT = lazy(
    r"(?i)\b(?:order|tracking|invoice|shipment|parcel|ticket|case|ref(?:erence)?|po|sku|id|imei"
    r"|serial|account|acct|isbn|ean|upc|barcode|build|job|phone|tel)\b"
)
_LABEL_BEFORE = lazy(
    r"(?i)\b(?:order|tracking|invoice|shipment|parcel|ticket|case|ref(?:erence)?|po|sku|id|imei"
    r"|serial|isbn|ean|upc|barcode|build|job)\b\s*(?:no\.?|number|num|#|id)?\s*[:#]?\s*$"
)
_TEST_CONTEXT = lazy(r"(?i)\b(?:test|testing|stripe|sandbox|dummy|example|sample|fake)\b")
# Published test card numbers; harmless when the sentence says it is about testing.
_TEST_CARD_TEXT = """
    4242424242424242 4111111111111111 5555555555554444 378282246310005 371449635398431
    4000056655665556 5105105105105100 6011111111111117 4012888888881881 3056930009020004
    5200828282828210 2223003122003222 6011000990139424 3566002020360505 4000000000000002
    4000000000009995 4000002500003155 36227206271667 6200000000000005 4000000000000077
    4012000033330026 4005550000000001 5454545454545454 4917610000000000003
"""
_TEST_CARDS = frozenset(_TEST_CARD_TEXT.split())
# The IBANs the IBAN registry, banks' and payment providers' documentation print as examples
# (DE89 3704 0044 0532 0130 00 is in every German tutorial); harmless, as the test cards
# are, when the sentence says it is an example or a test.
_EXAMPLE_IBAN_TEXT = """
    DE89370400440532013000 GB82WEST12345698765432 GB29NWBK60161331926819 NL91ABNA0417164300
    FR1420041010050500013M02606 ES9121000418450200051332 IT60X0542811101000000123456
    BE68539007547034 AT611904300234573201 CH9300762011623852957 PL61109010140000071219812874
    PT50000201231234567890154 DK5000400440116243 SE4550000000058398257466 NO9386011117947
    FI2112345600000785 IE29AIBK93115212345678 LU280019400644750000 TR330006100519786457841326
    SA0380000000608010167519 AE070331234567890123456
"""
_EXAMPLE_IBANS = frozenset(_EXAMPLE_IBAN_TEXT.split())
_EXAMPLE_CONTEXT = lazy(
    r"(?i)\b(?:test|testing|sandbox|dummy|example|sample|fake|documentation|docs|spec"
    r"|specification|tutorial|standard|beispiel|exemple|ejemplo|exemplo|esempio|voorbeeld)\b"
)

_SSN = lazy(r"(?<![\d\-.])(?P<a>\d{3})(?P<s>[\- .]?)(?P<g>\d{2})(?P=s)(?P<n>\d{4})(?![\d\-]|\.\d)")
_DIGIT_RUN = lazy(r"(?<![\d.])\d{1,19}+(?:[ \-]\d{1,19}){0,9}+(?!\d|\.\d)")
_CARD_MIN = 13  # the fewest digits of a card number
_SEPARATOR = regex.compile(r"([ \-])")
_CARD_DIGITS = lazy(r"\d(?:[ \-]?\d){12}")
_IBAN = lazy(r"(?<![A-Za-z0-9])(?P<cc>[A-Z]{2}|[a-z]{2})\d{2}(?:[ \-]?[A-Za-z0-9]){10,34}")
# Where an IBAN that counts could start: a country's code, its two check digits and the
# shortest body. A text without one yields none, so `_IBAN` need not scan it. Only its
# gates are asked: running it (an alternation of 150 codes) cost three `_IBAN` scans.
_IBAN_START = lazy(
    r"(?<![A-Za-z0-9])(?:"
    + "|".join(sorted(IBAN_LENGTHS) + sorted(c.lower() for c in IBAN_LENGTHS))
    + r")\d{2}(?:[ \-]?[A-Za-z0-9]){10}"
)
# Spaced or dashed in pairs ("QQ 12 34 56 C", "QQ-12-34-56-C"), as payslips print it.
_NINO = lazy(
    r"(?<![A-Za-z0-9\-])[A-Z]{2}[ \-]?\d{2}[ \-]?\d{2}[ \-]?\d{2}[ \-]?[A-D](?![A-Za-z0-9])"
)
# Named as a SIN, so dots count as a separator too ("586.309.445").
_SIN = lazy(r"(?<![\d\-.])\d{3}([ \-.]?)\d{3}\1\d{3}(?![\d]|[ \-.]\d)")
_SIN_CONTEXT = lazy(r"(?i)\b(?:sin|social\s+insurance|nas|assurance\s+sociale)\b")
# The printed 3.3.3-2, or other groupings once "CPF" is named: compact, dotted or dashed
# throughout, or (`_CPF_SPACED`, searched only when the word is in the text) spaced.
_CPF = lazy(
    r"(?<![\d.\-])(?:\d{3}\.\d{3}\.\d{3}-\d{2}|(?P<bare>\d{3}\.\d{3}\.\d{3}[./]?\d{2}"
    r"|\d{3}-\d{3}-\d{3}[\-/]?\d{2}|\d{11}))(?![\d\-]|\.\d)"
)
_CPF_SPACED = lazy(r"(?<![\d.\-])\d{3} \d{3} \d{3}[ \-]?\d{2}(?![\d\-]|\.\d)")
_CPF_CONTEXT = lazy(r"(?i)\b(?:cpf|c\.p\.f|cadastro\s+de\s+pessoas?\s+f[ií]sicas?)(?!\w)")


def _near(pattern: regex.Pattern[str], text: str, start: int, end: int, budget: Budget) -> bool:
    """True when `pattern` occurs within a short window before or after a match."""
    window = text[max(0, start - 48) : start] + " " + text[end : end + 32]
    window += " " + column_header(text, start)  # a table's header names its column once
    return budget.search(pattern, window.replace("_", " ")) is not None


def _ssns(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_SSN, text, budget):
        if not ssn_valid(m.group("a"), m.group("g"), m.group("n")):
            continue
        dashed = m.group("s") == "-"
        if _near(_SSN_CONTEXT, text, m.start(), m.end(), budget) or (
            dashed and not _near(_NOT_SSN_CONTEXT, text, m.start(), m.end(), budget)
        ):
            yield True


def _labelled_as_other(text: str, start: int, budget: Budget) -> bool:
    """True when the words just before a number name it as an order, ticket, id, …"""
    return budget.search(_LABEL_BEFORE, text[max(0, start - 24) : start]) is not None


_LISTED = None  # a span of short groups: a card only beside a card word


def _card_candidates(run: str) -> Iterator[tuple[str, bool | None]]:
    """Every contiguous span of digit groups in `run` that could be one card number.

    A card is often followed or preceded by other numbers ("4111 1111 1111 1111 12/26",
    "Amex 3782-822463-10005 cvv 123"), so each span of groups is tried on its own.
    Yields (digits, has_separators), has_separators `_LISTED` for a span of short groups.
    """
    parts = _SEPARATOR.split(run)
    groups, seps = parts[0::2], parts[1::2]
    lengths = [len(g) for g in groups]
    for i in range(len(groups)):
        total, shortest = 0, 99  # digits in groups[i:j + 1]; shortest of groups[i:j]
        for j in range(i, len(groups)):
            total += lengths[j]
            if total > 19:
                break
            # "12 34 56 …" (a group under 3 digits before the last) or mixed separators
            # ("4051 5166-0859 7980") read as a list: such a span is a card only when a
            # card is named (`_LISTED`, judged by the caller).
            plain = j == i or (shortest >= 3 and len(set(seps[i:j])) == 1)
            if total >= 13:
                yield "".join(groups[i : j + 1]), (j > i) if plain else _LISTED
            shortest = min(shortest, lengths[j])


def _cards(text: str, budget: Budget) -> Iterator[bool]:
    # A card is 13+ digits of one run, groups one space or dash apart: text without such
    # a stretch has none, and a run shorter than 13 characters holds none.
    if prefilter.SKIP and not _GATED.search(_CARD_DIGITS, text, budget):
        return
    # The arithmetic of a digit string, and the spans of a run, depend on nothing else:
    # each is worked out once per check however often a text repeats it ("1234 5678 "…).
    spans: dict[str, list[tuple[str, bool | None]]] = {}
    valid: dict[str, bool] = {}
    for m in _GATED.finditer(_DIGIT_RUN, text, budget):
        if prefilter.SKIP and m.end() - m.start() < _CARD_MIN:
            continue
        run = m.group(0)
        candidates = spans.get(run)
        if candidates is None:
            candidates = spans[run] = list(_card_candidates(run))
        for digits, separated in candidates:
            ok = valid.get(digits)
            if ok is None:
                ok = valid[digits] = card_brand_plausible(digits) and luhn(digits)
            if not ok:
                continue
            if digits in _TEST_CARDS and _near(_TEST_CONTEXT, text, m.start(), m.end(), budget):
                continue
            card_words = _near(_CARD_CONTEXT, text, m.start(), m.end(), budget)
            if separated is _LISTED and not card_words:
                continue  # "41 59 2656 7204 5762" is a card when one is named, else a list
            if (not separated or not card_words) and _labelled_as_other(text, m.start(), budget):
                continue  # "ticket 4532015112830366", "tracking 5479 4055 …": named as another
            bare_number = not separated and not card_words
            if bare_number and len(digits) not in (15, 16):
                continue  # 13/17-19 unbroken digits are ids and timestamps unless called a card
            if bare_number and _near(_NOT_CARD_CONTEXT, text, m.start(), m.end(), budget):
                continue
            yield True


def _ibans(text: str, budget: Budget) -> Iterator[bool]:
    if prefilter.SKIP and not _GATED.possible(_IBAN_START, text, budget):
        return
    for m in _GATED.finditer(_IBAN, text, budget):
        length = IBAN_LENGTHS.get(m.group("cc").upper())
        if length is None:
            continue
        compact, end = [], m.start()
        for i in range(m.start(), m.end()):
            ch = text[i]
            if ch.isalnum():
                compact.append(ch)
                end = i + 1
                if len(compact) == length:
                    break
        if len(compact) != length or (end < len(text) and text[end].isalnum()):
            continue
        number = "".join(compact)
        if not iban_mod97(number):
            continue
        if number.upper() in _EXAMPLE_IBANS and _near(
            _EXAMPLE_CONTEXT, text, m.start(), m.end(), budget
        ):
            continue
        yield True


def _ninos(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_NINO, text, budget):
        if nino_valid(m.group(0)):
            yield True


def _sins(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_SIN, text, budget):
        if sin_valid(m.group(0)) and _near(_SIN_CONTEXT, text, m.start(), m.end(), budget):
            yield True


def _cpfs(text: str, budget: Budget) -> Iterator[bool]:
    for m in _GATED.finditer(_CPF, text, budget):
        if not cpf_valid(m.group(0)):
            continue
        if not m.group("bare") or _near(_CPF_CONTEXT, text, m.start(), m.end(), budget):
            yield True
    if _GATED.search(_CPF_CONTEXT, text, budget):
        for m in _GATED.finditer(_CPF_SPACED, text, budget):
            if cpf_valid(m.group(0)) and _near(_CPF_CONTEXT, text, m.start(), m.end(), budget):
                yield True


# Whole-text scans: run only when the text holds a long enough chunk for them.
_GATED = TEXT.family([_SSN, _DIGIT_RUN, _IBAN, _NINO, _SIN, _CPF, _CARD_DIGITS, _IBAN_START,
                      _CPF_SPACED, _CPF_CONTEXT])


@dataclass(frozen=True)
class PiiCheck:
    rule: str
    label: str
    min_digits: int  # the check runs only on text with at least this many digits
    scan: Callable[[str, Budget], Iterator[bool]]


PII_CHECKS: tuple[PiiCheck, ...] = (
    PiiCheck("us_ssn", "a US social security number", 9, _ssns),
    PiiCheck("payment_card", "a payment card number", 13, _cards),
    PiiCheck("iban", "a bank account number (IBAN)", 8, _ibans),
    PiiCheck("uk_nino", "a UK National Insurance number", 6, _ninos),
    PiiCheck("ca_sin", "a Canadian Social Insurance Number", 9, _sins),
    PiiCheck("br_cpf", "a Brazilian CPF number", 11, _cpfs),
    PiiCheck("in_aadhaar", "an Aadhaar number", 12, aadhaars),
    PiiCheck("in_aadhaar", "an Aadhaar number", 16, aadhaar_vids),
    PiiCheck("us_itin", "a US taxpayer identification number (ITIN)", 9, itins),
    PiiCheck("uk_nino", "a UK National Insurance number", 6, lower_case_ninos),
    PiiCheck("us_bank_account", "a US bank account and routing number", 15,
             us_bank_accounts),
    PiiCheck("passport", "a passport number", 2, passports),
    PiiCheck("drivers_licence", "a driver's licence number", 5, licences),
    PiiCheck("drivers_licence", "a driver's licence number", 1, wa_licences),
    PiiCheck("es_dni", "a Spanish DNI/NIE number", 7, spanish_ids),
    PiiCheck("nl_bsn", "a Dutch citizen service number (BSN)", 9, bsns),
    PiiCheck("fr_nir", "a French social security number", 11, nirs),
    PiiCheck("pl_pesel", "a Polish PESEL number", 11, pesels),
    PiiCheck("cn_resident_id", "a Chinese resident ID number", 17, china_ids),
    PiiCheck("fi_hetu", "a Finnish personal identity code", 9, hetus),
    PiiCheck("nordic_id", "a Nordic personal identity number", 10, nordic_ids),
    PiiCheck("uk_nhs", "a UK NHS number", 10, nhs_numbers),
    PiiCheck("in_pan", "an Indian PAN", 4, pans),
    PiiCheck("medical_record", "a medical record number", 5, medical_records),
    PiiCheck("us_medicare", "a US Medicare number (MBI)", 5, medicare_ids),
    PiiCheck("uk_bank_account", "a UK bank account and sort code", 14, uk_bank_accounts),
    PiiCheck("it_codice_fiscale", "an Italian codice fiscale", 7, codici_fiscali),
    PiiCheck("mx_curp", "a Mexican CURP", 7, curps),
    PiiCheck("sg_nric", "a Singapore NRIC/FIN", 7, nrics),
    PiiCheck("kr_rrn", "a Korean resident registration number", 13, korean_rrns),
    PiiCheck("kr_rrn", "a Korean resident registration number", 13, korean_named),
    PiiCheck("de_steuer_id", "a German tax ID (Steuer-ID)", 11, steuer_ids),
    PiiCheck("tr_kimlik", "a Turkish identity number", 11, kimliks),
    PiiCheck("za_id", "a South African ID number", 13, sa_ids),
    PiiCheck("au_tfn", "an Australian tax file number", 9, tfns),
    PiiCheck("jp_my_number", "a Japanese My Number", 12, my_numbers),
    PiiCheck("be_national_number", "a Belgian national number", 11, belgian_numbers),
    PiiCheck("au_medicare", "an Australian Medicare number", 10, au_medicare_numbers),
    PiiCheck("cl_rut", "a Chilean RUT number", 7, chile_ruts),
    PiiCheck("pt_nif", "a Portuguese tax number (NIF)", 9, pt_nifs),
    *(PiiCheck(rule, label, least, scan) for rule, label, least, scan in MORE_IDS),
    PiiCheck("it_codice_fiscale", "an Italian codice fiscale", 7, named_codici_fiscali),
    PiiCheck("mx_curp", "a Mexican CURP", 7, named_curps),
    PiiCheck("sg_nric", "a Singapore NRIC/FIN", 7, named_nrics),
    PiiCheck("mx_rfc", "a Mexican RFC (tax id)", 7, rfcs),
    PiiCheck("mx_rfc", "a Mexican RFC (tax id)", 7, named_rfcs),
    PiiCheck("dk_cpr", "a Danish CPR number", 10, cprs),
    PiiCheck("nz_ird", "a New Zealand IRD number", 8, irds),
)  # fmt: skip
