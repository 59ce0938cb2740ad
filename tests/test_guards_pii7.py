"""Issue 12, seventh round (pii7): national and tax ids as outsiders paste them.

The new validators (Mexico's RFC, New Zealand's IRD number, Denmark's CPR date) each with
a valid and a broken value; then the general causes the mini hold-out dev_pii7.jsonl
found: a naming word settles a checked number even beside an "order" word, lettered ids
are read in any case and in printed groups once named, separators are read per family,
Nordic naming words take their article, and numbers named as claims or policies pass.
Each refused text stands beside the look-alike that must pass."""

from __future__ import annotations

import pytest

from core.guards import check
from core.guards.checksums import nino_valid
from core.guards.national_ids import cpr_valid
from core.guards.world_ids import ird_valid, rfc_valid


def refused(text: str) -> bool:
    finding = check(text)
    return finding is not None and finding.category == "pii"


def test_new_validators_accept_the_published_examples_and_reject_a_broken_check() -> None:
    # SAT's example RFC, and a one-character change of its check.
    assert rfc_valid("GODE561231GR8") and not rfc_valid("GODE561231GR9")
    assert rfc_valid("gode561231gr8")  # judged upper-cased
    assert not rfc_valid("GODE561331GR8")  # month 13
    # Inland Revenue's examples: 8 digits, 9 digits, and the second weights.
    assert ird_valid("49091850") and not ird_valid("49091851")
    assert ird_valid("136410132") and not ird_valid("136410133")
    assert not ird_valid("9125568")  # under 10,000,000
    # CPR has no check digit since 2007: only the birth date is checked.
    assert cpr_valid("0707614285") and not cpr_valid("3213614285")
    assert nino_valid("AB-12-34-56-C") and not nino_valid("QD-12-34-56-C")


@pytest.mark.parametrize(
    "text",
    [
        "RFC para la factura: GODE561231GR8",
        "mi rfc con homoclave es gode561231gr8",
        "IRD number: 049-091-850",
        "my ird no is 136410132 for KiwiSaver",
        "Mit CPR-nummer er 070761-4285",
        "cpr nr 0707614285 til lægen",
        "Fødselsnummeret mitt er 15076500565",
        "fnr: 150765 00565 (for arbeidsgiver)",
    ],
)
def test_new_families_are_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    "text",
    [
        "RFC de la empresa: ABC850101AB3 (persona moral)",  # a company's RFC: 3 letters
        "ref GODE561231GR9 on the slip",  # broken check
        "Zendesk ticket 070761-4285",  # a CPR shape with no CPR word
        "job 136410132 done",  # an IRD shape with no IRD word
    ],
)
def test_their_look_alikes_pass(text: str) -> None:
    assert not refused(text)


def test_a_naming_word_beats_an_other_word_beside_a_checked_number() -> None:
    assert refused("my chinese ID card number is 11010519491231002X for the hotel booking")
    assert not refused("booking 11010519491231002X confirmed")  # named as a booking only
    assert refused("居民身份证 110105 19491231 002X")  # the card's 6-8-4 groups


@pytest.mark.parametrize(
    ("named", "unnamed"),
    [
        ("CF: rssmra85t10a562s", "rssmra85t10a562s"),
        ("codice fiscale del dipendente RSS MRA 85T10 A562S", "RSS MRA 85T10 A562S"),
        ("curp seyh810113hynckr09 para la nómina", "seyh810113hynckr09"),
        ("my ic no. is s1234567d", "s1234567d"),
    ],
)
def test_lettered_ids_are_read_in_any_case_once_named(named: str, unnamed: str) -> None:
    assert refused(named)
    assert not refused(unnamed)


@pytest.mark.parametrize(
    "text",
    [
        "Nome: João Silva; CPF 529.982.247.25; matrícula 2231",
        "CPF 529 982 247 25",
        "meu CPF é 529.982.247-25.",  # a full stop after it
        "C.P.F. 52998224725",
        "NI number AB-12-34-56-C",
        "SIN 046.454.286",
        "DNI 12.345.678-Z",
        "n° de sécu 2.55.08.14.168.025.38",
        "numer PESEL 440514 01458",
        "national number: 850730-033-28",
        "henkilötunnus 131052-308t",
        "visa 4111 1111-1111 1111 exp 09/28",
        "41 11 1111 1111 1111 pls charge the booking to this card",
        "routng # 021000021 and acount # 6838903550 for the payroll deposit",
    ],
)
def test_separators_typos_and_case_are_read_per_family(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    "text",
    [
        "41 11 1111 1111 1111 are the lottery numbers",  # short groups, no card word
        "Claim number 988-82-5238 for the insurance",  # an ITIN's shape named as a claim
        "policy 912-78-1234 renewed",
        "tel 529 982 247 25",  # a CPF's shape, spaced, not named
        "version 046.454.286",
    ],
)
def test_the_same_shapes_named_as_other_or_unnamed_pass(text: str) -> None:
    assert not refused(text)


def test_a_table_header_names_the_numbers_of_its_column() -> None:
    from core.guards.columns import column_header

    table = (
        "| Employee name | Department | Start date | Social Security Number |\n"
        "|---|---|---|---|\n"
        "| Jonathan Smithers | Engineering | 2024-03-01 | 749630129 |"
    )
    assert column_header(table, table.index("749630129")).strip() == "Social Security Number"
    assert column_header("no table 749630129 here", 9) == ""
    assert refused(table)
    phones = table.replace("Social Security Number", "Desk phone")
    assert not refused(phones)


@pytest.mark.parametrize(
    "text",
    [
        '{"ird_number": "49091850"}',
        '{"steuer_id": "86095742719"}',
        '{"my_number": "123456789018"}',
        '{"customer": {"name": "Thabo M", "national_id": "8001015009087"}}',
    ],
)
def test_snake_case_keys_name_their_value(text: str) -> None:
    assert refused(text)
