# ruff: noqa: E501  (data tables: one phrasing a line reads better than wrapped strings)
"""Personal-identifier families of the blind corpus (see make_blind.py): national,
tax, bank, card, travel, licence and medical numbers of many countries, each made with
its check digits and said the way people say them (forms, chat, JSON, other languages)."""

from __future__ import annotations

import random

from blind_values import (
    F,
    V,
    aadhaar,
    aba,
    bsn,
    card,
    china_id,
    cpf,
    digits,
    dni,
    driving_licence,
    format_card,
    grouped,
    iban,
    itin,
    mrn,
    mrz,
    nhs,
    nie,
    nino,
    nir,
    pan,
    passport_other,
    personnummer,
    pesel,
    sin,
    ssn,
    us_passport,
)

R = random.Random


def one(fn):  # type: ignore[no-untyped-def]
    return lambda r: {"v": fn(r)}


def ssn_forms(r: R) -> dict[str, str]:
    v = ssn(r)
    return {"v": v, "bare": v.replace("-", ""), "sp": v.replace("-", " "),
            "dob": f"{r.randint(1950, 2003)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"}


def bank(r: R) -> dict[str, str]:
    return {"aba": aba(r), "acct": digits(r, r.choice((8, 10, 12)))}


def iban_forms(r: R) -> dict[str, str]:
    v = iban(r)
    return {"v": v, "g": grouped(v), "de": iban(r, "DE"), "es": grouped(iban(r, "ES")),
            "fr": grouped(iban(r, "FR")), "gb": iban(r, "GB"), "nl": iban(r, "NL")}


def ni(r: R) -> dict[str, str]:
    v = nino(r)
    return {"v": v, "low": v.lower(), "sp": f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:8]} {v[8]}",
            "lowsp": f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:8]} {v[8]}".lower()}


def aad(r: R) -> dict[str, str]:
    v = aadhaar(r)
    return {"v": v, "sp": grouped(v), "dash": grouped(v, 4, "-")}


def cards(r: R) -> dict[str, str]:
    number = card(r)
    return {"v": format_card(number, r), "raw": number,
            "exp": f"{r.randint(1, 12):02d}/{r.randint(26, 31)}", "cvv": digits(r, 4 if len(number) == 15 else 3)}


def passport(r: R) -> dict[str, str]:
    country, value = passport_other(r)
    return {"us": us_passport(r), "country": country, "v": value, "mrz": mrz(r)}


def licence(r: R) -> dict[str, str]:
    state, value = driving_licence(r)
    return {"state": state, "v": value}


def es(r: R) -> dict[str, str]:
    return {"dni": dni(r), "nie": nie(r)}


def medical(r: R) -> dict[str, str]:
    return {"v": mrn(r), "nhs": nhs(r)}


PII: list[F] = [
    F("pii", "us-ssn", (
        V(ssn_forms, "my SSN is ⟨v⟩ if HR asks", "ssn: ⟨v⟩", "social: ⟨sp⟩"),
        V(ssn_forms, "new hire paperwork — name ⟨name⟩ ⟨last⟩, DOB ⟨dob⟩, SSN ⟨bare⟩",
          '{"employee": "⟨name⟩ ⟨last⟩", "ssn": "⟨v⟩", "dob": "⟨dob⟩"}'),
        V(ssn_forms, "his social security number is ⟨sp⟩", "Social Security No. ⟨v⟩ (for the W-9)"),
        V(ssn_forms, "name,ssn,dob\n⟨name⟩ ⟨last⟩,⟨v⟩,⟨dob⟩", "| name | SSN |\n|---|---|\n| ⟨name⟩ ⟨last⟩ | ⟨v⟩ |"),
    ), 3),
    F("pii", "us-itin", (
        V(one(itin), "contractor's ITIN is ⟨v⟩", "ITIN: ⟨v⟩"),
        V(one(itin), "taxpayer id for ⟨name⟩ (no SSN, she has an ITIN) ⟨v⟩", "1099 for ⟨name⟩ ⟨last⟩, tin ⟨v⟩"),
    ), 3),
    F("pii", "us-bank-account", (
        V(bank, "direct deposit: routing ⟨aba⟩, account ⟨acct⟩", "my checking acct ⟨acct⟩ routing number ⟨aba⟩"),
        V(bank, "wire to ABA ⟨aba⟩ acct# ⟨acct⟩ (⟨name⟩ ⟨last⟩)",
          '{"routing_number": "⟨aba⟩", "account_number": "⟨acct⟩", "holder": "⟨name⟩ ⟨last⟩"}'),
        V(bank, "bank details for my reimbursement — RTN ⟨aba⟩ / acc ⟨acct⟩", "ach: ⟨aba⟩ ⟨acct⟩ checking"),
    ), 3),
    F("pii", "iban", (
        V(iban_forms, "my IBAN for the refund: ⟨g⟩", "IBAN ⟨v⟩ (personal account)"),
        V(iban_forms, "Bitte überweise auf mein Konto, IBAN: ⟨de⟩", "mi IBAN es ⟨es⟩",
          "mon RIB / IBAN : ⟨fr⟩"),
        V(iban_forms, "salary goes to ⟨gb⟩ from next month", "payee ⟨name⟩ ⟨last⟩, iban ⟨nl⟩"),
        V(iban_forms, '{"beneficiary": "⟨name⟩ ⟨last⟩", "iban": "⟨v⟩"}', "expenses → ⟨name⟩ ⟨last⟩ · IBAN ⟨g⟩"),
    ), 3),
    F("pii", "uk-nino", (
        V(ni, "my NI number is ⟨v⟩", "National Insurance no: ⟨sp⟩"),
        V(ni, "ni no ⟨low⟩ for the payroll form", "nino: ⟨lowsp⟩"),
        V(ni, "⟨name⟩'s national insurance number ⟨lowsp⟩, starts monday", "P45 says NINO ⟨v⟩"),
    ), 3),
    F("pii", "india-aadhaar", (
        V(aad, "aadhaar no ⟨sp⟩", "my Aadhaar number is ⟨v⟩"),
        V(aad, "आधार संख्या: ⟨sp⟩", "UIDAI number for KYC: ⟨dash⟩"),
        V(aad, "kyc docs for ⟨name⟩: aadhar ⟨v⟩", "Aadhaar: ⟨dash⟩ (mother's)"),
    ), 3),
    F("pii", "india-pan", (
        V(one(pan), "PAN: ⟨v⟩", "my PAN card no is ⟨v⟩"),
        V(one(pan), "for TDS please quote PAN ⟨v⟩", "pan number of ⟨name⟩ ⟨last⟩ -> ⟨v⟩"),
    ), 3),
    F("pii", "passports", (
        V(passport, "my passport number is ⟨us⟩ (US)", "US passport no. ⟨us⟩, expires 2031"),
        V(passport, "⟨country⟩ passport ⟨v⟩", "passport no: ⟨v⟩ — for the visa form"),
        V(passport, "scan of the data page:\n⟨mrz⟩", "MRZ from ⟨name⟩'s passport\n⟨mrz⟩"),
        V(passport, "Reisepass-Nr. ⟨v⟩", "número de pasaporte ⟨v⟩", "numéro de passeport : ⟨v⟩"),
        V(passport, "Passport No.: ⟨us⟩ | Nationality: USA | Surname: ⟨last⟩", "travel profile for ⟨name⟩ - passport ⟨v⟩ (⟨country⟩), seat aisle"),
    ), 3),
    F("pii", "driving-licences", (
        V(licence, "my ⟨state⟩ driver's license number is ⟨v⟩", "DL# ⟨v⟩ (⟨state⟩)"),
        V(licence, "drivers licence no ⟨v⟩ for the rental", "licence number: ⟨v⟩"),
        V(licence, "DL ⟨v⟩ exp 2029", "driving licence ⟨v⟩, ⟨state⟩ issued"),
        V(licence, "License # ⟨v⟩ Class C (⟨state⟩)", "⟨name⟩'s driver license: ⟨v⟩"),
    ), 3),
    F("pii", "spain-dni-nie", (
        V(es, "DNI: ⟨dni⟩", "mi DNI es ⟨dni⟩"),
        V(es, "NIE ⟨nie⟩ para el contrato", "número de identidad extranjero ⟨nie⟩"),
    ), 3),
    F("pii", "brazil-cpf", (
        V(lambda r: {"v": cpf(r)}, "CPF: ⟨v⟩", "meu CPF é ⟨v⟩"),
        V(lambda r: {"v": cpf(r, formatted=False)}, "cpf do cliente ⟨v⟩ para a nota fiscal",
          "nota fiscal pro ⟨name⟩, cpf ⟨v⟩"),
    ), 3),
    F("pii", "canada-sin", (
        V(one(sin), "my SIN is ⟨v⟩", "Social Insurance Number ⟨v⟩"),
        V(one(sin), "sin for payroll: ⟨v⟩", "NAS (numéro d'assurance sociale) : ⟨v⟩"),
    ), 3),
    F("pii", "netherlands-bsn", (
        V(one(bsn), "BSN: ⟨v⟩", "mijn burgerservicenummer is ⟨v⟩"),
        V(one(bsn), "bsn ⟨v⟩ voor de loonadministratie", "citizen service number ⟨v⟩ (NL)"),
    ), 3),
    F("pii", "other-national-ids", (
        V(lambda r: {"v": pesel(r)}, "PESEL: ⟨v⟩", "mój numer PESEL to ⟨v⟩"),
        V(lambda r: {"v": nir(r)}, "numéro de sécurité sociale : ⟨v⟩", "NIR ⟨v⟩ pour la mutuelle"),
        V(lambda r: {"v": china_id(r)}, "身份证号: ⟨v⟩", "resident ID card number ⟨v⟩"),
        V(lambda r: {"v": personnummer(r)}, "personnummer ⟨v⟩", "mitt personnummer är ⟨v⟩"),
    ), 3),
    F("pii", "credit-cards", (
        V(cards, "card ⟨v⟩ exp ⟨exp⟩ cvv ⟨cvv⟩", "use my visa for the team lunch: ⟨v⟩ ⟨exp⟩ ⟨cvv⟩"),
        V(cards, '{"card_number": "⟨raw⟩", "exp": "⟨exp⟩", "cvc": "⟨cvv⟩"}', "cc: ⟨v⟩"),
        V(cards, "company amex for the AWS bill is ⟨v⟩", "my card number is ⟨v⟩, expiry ⟨exp⟩"),
        V(cards, "tarjeta ⟨v⟩ caduca ⟨exp⟩", "Kreditkarte: ⟨v⟩, gültig bis ⟨exp⟩"),
    ), 3),
    F("pii", "medical-records", (
        V(medical, "patient MRN ⟨v⟩ — follow-up on the 14th", "MRN: ⟨v⟩"),
        V(medical, "my NHS number is ⟨nhs⟩", "NHS no. ⟨nhs⟩ for the GP referral"),
        V(medical, "medical record number ⟨v⟩, allergy to penicillin", "chart # ⟨v⟩ (⟨name⟩ ⟨last⟩, cardiology)"),
    ), 3),
]
