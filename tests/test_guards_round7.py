"""The seventh round's mechanisms, with values of our own (not dev_secrets7's rows): keys
spelled out character by character, short HTTP Basic credentials, passwords with no word
for them, passphrases handed over as what unlocks, a policy's bounds after "contraseña",
and Australian Medicare, Chilean RUT and Portuguese NIF numbers by their check digits,
each beside its checksum-broken twin."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest

from core.guards import check, more_ids
from core.guards.budget import Budget
from core.guards.unmask import spelled
from core.guards.world_ids import au_medicare_valid, pt_nif_valid, rut_valid

BODY = "Zq8LmW3xR7tVb2Nc9Kd4Hs6Jf1Gp5Yw0Ae3Ui8"  # 36 characters after "ghp_"
TOKEN = "ghp_" + BODY[:36]


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize(
    "text",
    [
        "letter by letter: " + "-".join(TOKEN),
        "dotted: " + ".".join(TOKEN),
        "with spaces round the dots: " + " . ".join(TOKEN),
        "and dashes: " + " - ".join("sk_live_" + BODY[:24]),
    ],
)
def test_a_key_spelled_out_is_refused(text: str) -> None:
    finding = check(text)
    assert finding is not None and finding.category == "secret", text


def test_spelling_keeps_a_dash_that_is_part_of_the_key() -> None:
    joined = spelled("x-o-x-b---1-2-3-4-5-6-7-8-9-0-a-b-c-D", Budget())
    assert joined == "xoxb-1234567890abcD"
    assert spelled("M-A-R-G-A-R-E-T, two Ts", Budget()) is None  # too short to be a key


@pytest.mark.parametrize(
    "text",
    [
        "spell it out: M-A-R-G-A-R-E-T",
        "the network is called H-O-M-E-5-G",
        "I.B.M. and A.T.&T. merged? no",
        "- - - - - - - - - - - - - - - - - - - -",
    ],
)
def test_spelled_words_pass(text: str) -> None:
    assert check(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "proxy-authorization: basic " + _b64("me:Qx7!v"),
        "use " + _b64("kim:Tz4#w9") + " as the basic auth value",
        "Authorization: Basic " + _b64("ops:Jw2$k"),
    ],
)
def test_short_basic_credentials_are_refused(text: str) -> None:
    finding = check(text)
    assert finding is not None and finding.category == "secret", text


@pytest.mark.parametrize(
    "text",
    [
        "Basic setup takes ten minutes",
        "Basic " + _b64("nocolonhere"),  # decodes, but to no user:password
        "Authorization: Basic <base64 of user:password>",
        "the base64 of 'Hola mundo' is " + _b64("Hola mundo"),
    ],
)
def test_basic_look_alikes_pass(text: str) -> None:
    assert check(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "it's Qu4rtz&Moon9 btw",
        "for the printer: Lm3!xT8pwq",
        "Spotify → Harbor$Lime42",
        "mine's now Vk2@rPz7!u, keep it quiet",
    ],
)
def test_a_password_without_a_word_for_it_is_refused(text: str) -> None:
    finding = check(text)
    assert finding is not None and finding.rule == "password_shape", text


@pytest.mark.parametrize(
    "text",
    [
        "we moved to Claude-3.5-Sonnet for the summaries",
        "ping me at jane.Doe42@acme-mail.com",
        "#Summer2024 was great",
        "FRITZ!Box 7590 is the router",
        "C#10 and F#6 are out",
        "see Report_Q3-2024.pdf in the drive",
        "the file is Notes#2_Final.docx",
        "Ben&Jerry's2 for dessert",
        'sortKey: "2026-12-03T10:14:07Z#ord_8f7e6d"',
        # the same make-up in a sentence, or given as an identifier (lead's review)
        "C#Dev2024 meetup is on Friday",
        "the repo is Ben&Co-Tools3",
        "Use ticket QA#4512b for that",
        "My gamertag is xX_Sn1per#Wolf_Xx",
        "The meeting room is B2#West-Wing",
        "Version v2.3.1-Beta#7 shipped",
        "Discord tag Mike#4821",
        "my discord is Mike#4821",
        "Order no. AbC#12345 shipped",
        "F#Major7 chord then G",
    ],
)
def test_password_shaped_look_alikes_pass(text: str) -> None:
    assert check(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "the safe unlocks with lantern-pebble-cobalt-waffle",
        "use falcon.meadow.quiver.tulip to log in to the kiosk",
        "Bitwarden master is now 'ember gravel otter pistachio'",
    ],
)
def test_a_passphrase_handed_over_is_refused(text: str) -> None:
    finding = check(text)
    assert finding is not None and finding.category == "secret", text


@pytest.mark.parametrize(
    "text",
    [
        "log into staging-payments-api-cluster and restart it",
        "sign in to acme-sso-login-portal first",
        "the master branch is feature-login-page-redesign now",
        "unlock with face-id",
    ],
)
def test_where_to_log_in_is_not_a_passphrase(text: str) -> None:
    assert check(text) is None, text


def test_a_policy_bound_is_not_a_password() -> None:
    assert check("contraseña: mínimo 12 caracteres y un número") is None
    assert check("contraseña: Girasol#2024") is not None


def test_au_medicare_check_digit() -> None:
    assert au_medicare_valid("2950123481")
    assert not au_medicare_valid("2950123471")  # the check digit (9th) broken
    assert check("Medicare card: 2950 12348 1") is not None
    assert check("Medicare card: 2950 12347 1") is None


def test_chilean_rut_check_digit() -> None:
    assert rut_valid("123456785")
    assert not rut_valid("123456784")
    assert check("RUT 12.345.678-5") is not None
    assert check("RUT 12.345.678-4") is None


def test_portuguese_nif_check_digit() -> None:
    assert pt_nif_valid("501234560")
    assert not pt_nif_valid("501234561")
    assert check("NIF 501 234 560") is not None
    assert check("NIF 501 234 561") is None


# Each country's published specimen or test number, and the same with its check broken.
MORE_IDS = [
    (more_ids.cnp_valid, "1800101221144", "1800101221145", "CNP {}"),
    (more_ids.oib_valid, "69435151530", "69435151531", "OIB: {}"),
    (more_ids.ahv_valid, "7569217076985", "7569217076986", "AHV-Nr. {}"),
    (more_ids.israeli_id_valid, "000000018", "000000019", "teudat zehut {}"),
    (more_ids.cuit_valid, "20123456786", "20123456787", "CUIT {}"),
    (more_ids.taiwan_id_valid, "A123456789", "A123456788", "身分證字號 {}"),
    (more_ids.hkid_valid, "A1234563", "A1234564", "HKID {}"),
    (more_ids.pps_valid, "1234567T", "1234567U", "PPS number {}"),
    (more_ids.svnr_valid, "1237010180", "1238010180", "SV-Nummer {}"),
    (more_ids.amka_valid, "01018012342", "01018012343", "AMKA {}"),
    (more_ids.baltic_code_valid, "37605030299", "37605030298", "isikukood {}"),
    (more_ids.de_id_card_valid, "T220001293", "T220001294", "Personalausweis-Nr. {}"),
]


@pytest.mark.parametrize(("valid", "good", "broken", "template"), MORE_IDS)
def test_more_national_numbers_by_their_check(
    valid: Callable[[str], bool], good: str, broken: str, template: str
) -> None:
    assert valid(good)
    assert not valid(broken)
    finding = check(template.format(good))
    assert finding is not None and finding.category == "pii", template
    assert check(template.format(broken)) is None, template


def test_a_number_without_its_naming_word_passes() -> None:
    assert check("order 37605030299 shipped") is None
    assert check("ticket 69435151530 is closed") is None
