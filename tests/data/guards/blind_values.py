"""Values for the blind guard corpus, made with each format's real structure and check
digits (CRC32 in GitHub tokens, base58check, Verhoeff, ABA, mod-97, Luhn, the 11-test…),
so a detector that validates is measured fairly. Every value is drawn from a seeded
random generator: none is a real secret or a real person's number.

Written for tests/data/guards/make_blind.py without reading core/guards/ (see there).
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
HEX = "0123456789abcdef"

# The standard BIP-39 English list (sha256 2f5eed53…24dbda), the public word list itself.
BIP39_FILE = Path(__file__).resolve().parents[3] / "core" / "guards" / "data" / "bip39_english.txt"
BIP39_SHA256 = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"


def s(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def digits(r: random.Random, n: int) -> str:
    return s(r, string.digits, n)


def base62(n: int, width: int) -> str:
    out = ""
    while n:
        n, rem = divmod(n, 62)
        out = ALNUM[rem] + out
    return out.rjust(width, "0")[-width:]


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


# --- secrets -------------------------------------------------------------------------


def github(r: random.Random, prefix: str = "ghp") -> str:
    body = s(r, ALNUM, 30)
    return f"{prefix}_{body}{base62(zlib.crc32(body.encode()), 6)}"


def github_pat(r: random.Random) -> str:
    return f"github_pat_11{s(r, UPPER_DIGITS, 20)}_{s(r, ALNUM, 59)}"


def aws_key_id(r: random.Random, prefix: str = "AKIA") -> str:
    return prefix + s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret(r: random.Random) -> str:
    return s(r, B64, 40)


def slack_bot(r: random.Random, kind: str = "xoxb") -> str:
    return f"{kind}-{digits(r, 12)}-{digits(r, 13)}-{s(r, ALNUM, 24)}"


def slack_user(r: random.Random) -> str:
    return f"xoxp-{digits(r, 12)}-{digits(r, 12)}-{digits(r, 13)}-{s(r, HEX, 32)}"


def slack_webhook(r: random.Random) -> str:
    return (
        f"https://hooks.slack.com/services/T{s(r, UPPER_DIGITS, 10)}/"
        f"B{s(r, UPPER_DIGITS, 10)}/{s(r, ALNUM, 24)}"
    )


def slack_app(r: random.Random) -> str:
    return f"xapp-1-A{s(r, UPPER_DIGITS, 10)}-{digits(r, 13)}-{s(r, HEX, 64)}"


def snowflake(r: random.Random) -> str:
    return str(r.randint(10**17, 13 * 10**17))


def discord_bot(r: random.Random) -> str:
    uid = b64url(snowflake(r).encode())
    return f"{uid}.{s(r, B64URL, 6)}.{s(r, B64URL, 38)}"


def discord_webhook(r: random.Random) -> str:
    return f"https://discord.com/api/webhooks/{snowflake(r)}/{s(r, B64URL, 68)}"


def telegram(r: random.Random) -> str:
    return f"{r.randint(10**8, 8 * 10**9)}:AA{s(r, B64URL, 33)}"


def stripe(r: random.Random, prefix: str = "sk_live_") -> str:
    return prefix + s(r, ALNUM, r.choice((24, 99)))


def openai(r: random.Random) -> str:
    if r.random() < 0.5:
        return f"sk-{s(r, ALNUM, 20)}T3BlbkFJ{s(r, ALNUM, 20)}"
    return f"sk-proj-{s(r, B64URL, 74)}T3BlbkFJ{s(r, B64URL, 74)}"


def anthropic(r: random.Random) -> str:
    return f"sk-ant-api03-{s(r, B64URL, 93)}AA"


def google_api(r: random.Random) -> str:
    return "AIza" + s(r, B64URL, 35)


def google_oauth_secret(r: random.Random) -> str:
    return "GOCSPX-" + s(r, B64URL, 28)


def gitlab(r: random.Random) -> str:
    return "glpat-" + s(r, B64URL, 20)


def npm(r: random.Random) -> str:
    return "npm_" + s(r, ALNUM, 36)


def pypi(r: random.Random) -> str:
    return "pypi-AgEIcHlwaS5vcmc" + s(r, B64URL, 150)


def sendgrid(r: random.Random) -> str:
    return f"SG.{s(r, B64URL, 22)}.{s(r, B64URL, 43)}"


def huggingface(r: random.Random) -> str:
    return "hf_" + s(r, string.ascii_letters, 34)


def shopify(r: random.Random) -> str:
    return "shpat_" + s(r, HEX, 32)


def digitalocean(r: random.Random) -> str:
    return "dop_v1_" + s(r, HEX, 64)


def vault(r: random.Random) -> str:
    return "hvs." + s(r, ALNUM + "_-", 90)


def azure_storage_key(r: random.Random) -> str:
    return base64.b64encode(r.randbytes(64)).decode()


def azure_client_secret(r: random.Random) -> str:
    return s(r, ALNUM, 3) + str(r.randint(0, 9)) + "Q~" + s(r, ALNUM + "_-.~", 34)


def hex_token(r: random.Random, n: int = 32) -> str:
    return s(r, HEX, n)


def uuid4(r: random.Random) -> str:
    h = s(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def jwt(r: random.Random) -> str:
    header = b64url(b'{"alg":"HS256","typ":"JWT"}')
    claims = (
        f'{{"sub":"{r.randint(1000, 99999)}","name":"{r.choice(FIRST)}",'
        f'"iat":{r.randint(1_600_000_000, 1_800_000_000)}}}'
    )
    return f"{header}.{b64url(claims.encode())}.{b64url(r.randbytes(32))}"


def pem(r: random.Random, kind: str = "RSA PRIVATE KEY", lines: int = 6) -> str:
    body = "\n".join(base64.b64encode(r.randbytes(48)).decode() for _ in range(lines))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


def openssh_private(r: random.Random) -> str:
    first = base64.b64encode(b"openssh-key-v1\x00" + r.randbytes(33)).decode()
    rest = "\n".join(base64.b64encode(r.randbytes(52)).decode() for _ in range(4))
    return (
        f"-----BEGIN OPENSSH PRIVATE KEY-----\n{first}\n{rest}\n-----END OPENSSH PRIVATE KEY-----"
    )


def pgp_private(r: random.Random) -> str:
    body = "\n".join(base64.b64encode(r.randbytes(48)).decode() for _ in range(5))
    return (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        f"{body}\n={base64.b64encode(r.randbytes(3)).decode()}\n"
        "-----END PGP PRIVATE KEY BLOCK-----"
    )


def b58encode(data: bytes) -> str:
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, rem = divmod(n, 58)
        out = B58[rem] + out
    pad = len(data) - len(data.lstrip(b"\0"))
    return "1" * pad + out


def b58check(payload: bytes) -> str:
    check = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    return b58encode(payload + check)


def wif(r: random.Random) -> str:
    compressed = r.random() < 0.7
    return b58check(b"\x80" + r.randbytes(32) + (b"\x01" if compressed else b""))


def btc_address(r: random.Random) -> str:
    return b58check(r.choice((b"\x00", b"\x05")) + r.randbytes(20))


def bip39_words() -> list[str]:
    data = BIP39_FILE.read_bytes()
    if hashlib.sha256(data).hexdigest() != BIP39_SHA256:
        raise SystemExit(f"{BIP39_FILE} is not the standard BIP-39 English list")
    return data.decode().split()


def seed_phrase(r: random.Random, words: list[str], count: int = 12) -> str:
    """A valid BIP-39 mnemonic: entropy, then its SHA-256 checksum bits."""
    ent_bits = count * 11 * 32 // 33
    entropy = r.randbytes(ent_bits // 8)
    bits = bin(int.from_bytes(entropy, "big"))[2:].zfill(ent_bits)
    checksum = bin(hashlib.sha256(entropy).digest()[0])[2:].zfill(8)[: ent_bits // 32]
    bits += checksum
    return " ".join(words[int(bits[i : i + 11], 2)] for i in range(0, len(bits), 11))


def base32_secret(r: random.Random, n: int = 32) -> str:
    return s(r, B32, n)


def grouped(text: str, size: int = 4, sep: str = " ") -> str:
    return sep.join(text[i : i + size] for i in range(0, len(text), size))


def recovery_codes(r: random.Random, count: int = 4) -> list[str]:
    style = r.choice(("hex5", "alnum4", "digits"))
    if style == "hex5":
        return [f"{s(r, HEX, 5)}-{s(r, HEX, 5)}" for _ in range(count)]
    if style == "alnum4":
        low = string.ascii_lowercase + string.digits
        return [f"{s(r, low, 4)}-{s(r, low, 4)}" for _ in range(count)]
    return [f"{digits(r, 4)} {digits(r, 4)}" for _ in range(count)]


def password(r: random.Random) -> str:
    word = r.choice(("Hund", "Sommer", "Tigre", "Falcon", "Maple", "Orion", "Pelican", "Quartz"))
    return r.choice(
        (
            f"{word}#{r.randint(1960, 2015)}",
            f"{word.lower()}{r.randint(10, 99)}!{s(r, string.ascii_uppercase, 2)}",
            s(r, ALNUM + "!@#%^&*", r.randint(12, 20)),
            f"{r.choice(('Correct', 'Purple', 'Silent'))}-{word}-{r.randint(100, 999)}",
            f"{s(r, string.ascii_lowercase, 5)}{r.randint(1000, 9999)}{r.choice('!?$%')}",
        )
    )


def pin(r: random.Random) -> str:
    return digits(r, r.choice((4, 4, 6)))


# --- personal identifiers ------------------------------------------------------------


def luhn_digit(number: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d -= 9 if d > 9 else 0
        total += d
    return str((10 - total % 10) % 10)


def luhn_ok(number: str) -> bool:
    return luhn_digit(number[:-1]) == number[-1]


def card(r: random.Random) -> str:
    prefix, length = r.choice(
        (("4", 16), ("51", 16), ("55", 16), ("2221", 16), ("34", 15), ("37", 15), ("6011", 16))
    )
    body = prefix + digits(r, length - len(prefix) - 1)
    return body + luhn_digit(body)


def format_card(number: str, r: random.Random) -> str:
    style = r.choice(("spaces", "dashes", "compact"))
    if style == "compact":
        return number
    sep = " " if style == "spaces" else "-"
    if len(number) == 15:
        return sep.join((number[:4], number[4:10], number[10:]))
    return grouped(number, 4, sep)


def ssn(r: random.Random) -> str:
    area = r.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}"


def itin(r: random.Random) -> str:
    group = r.choice([*range(70, 89), 90, 91, 92, *range(94, 100)])
    return f"9{digits(r, 2)}-{group}-{digits(r, 4)}"


def aba(r: random.Random) -> str:
    first = r.choice([*range(1, 13), *range(21, 33), *range(61, 73), 80])
    d = f"{first:02d}{digits(r, 6)}"
    w = 3 * (int(d[0]) + int(d[3]) + int(d[6])) + 7 * (int(d[1]) + int(d[4]) + int(d[7]))
    w += int(d[2]) + int(d[5])
    return d + str((10 - w % 10) % 10)


def aba_ok(d: str) -> bool:
    w = [3, 7, 1] * 3
    return sum(int(c) * k for c, k in zip(d, w, strict=True)) % 10 == 0


IBAN_FORMATS = {
    "DE": "n8n10",
    "GB": "a4n6n8",
    "FR": "n5n5c11n2",
    "ES": "n4n4n2n10",
    "NL": "a4n10",
    "IT": "a1n5n5c12",
    "BE": "n3n7n2",
    "CH": "n5c12",
    "PL": "n8n16",
    "PT": "n4n4n11n2",
}


def iban(r: random.Random, country: str | None = None) -> str:
    country = country or r.choice(sorted(IBAN_FORMATS))
    spec = IBAN_FORMATS[country]
    bban = ""
    i = 0
    while i < len(spec):
        kind = spec[i]
        j = i + 1
        while j < len(spec) and spec[j].isdigit():
            j += 1
        n = int(spec[i + 1 : j])
        alphabet = {"n": string.digits, "a": string.ascii_uppercase, "c": UPPER_DIGITS}[kind]
        bban += s(r, alphabet, n)
        i = j
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    return f"{country}{check:02d}{bban}"


def nino(r: random.Random) -> str:
    first = r.choice([c for c in string.ascii_uppercase if c not in "DFIQUV"])
    second = r.choice([c for c in string.ascii_uppercase if c not in "DFIOQUV"])
    if first + second in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
        return nino(r)
    return f"{first}{second}{digits(r, 6)}{r.choice('ABCD')}"


VERHOEFF_D = [
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
VERHOEFF_P = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def verhoeff_digit(number: str) -> str:
    c = 0
    for i, ch in enumerate(reversed(number)):
        c = VERHOEFF_D[c][VERHOEFF_P[(i + 1) % 8][int(ch)]]
    return str(VERHOEFF_INV[c])


def verhoeff_ok(number: str) -> bool:
    c = 0
    for i, ch in enumerate(reversed(number)):
        c = VERHOEFF_D[c][VERHOEFF_P[i % 8][int(ch)]]
    return c == 0


def aadhaar(r: random.Random) -> str:
    body = str(r.randint(2, 9)) + digits(r, 10)
    return body + verhoeff_digit(body)


def pan(r: random.Random) -> str:
    up = string.ascii_uppercase
    return f"{s(r, up, 3)}{r.choice('PPPPCHF')}{s(r, up, 1)}{digits(r, 4)}{s(r, up, 1)}"


def dni(r: random.Random) -> str:
    n = r.randint(10**6, 10**8 - 1)
    return f"{n:08d}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nie(r: random.Random) -> str:
    lead = r.choice("XYZ")
    n = r.randint(0, 9_999_999)
    value = int(str("XYZ".index(lead)) + f"{n:07d}")
    return f"{lead}{n:07d}{'TRWAGMYFPDXBNJZSQVHLCKE'[value % 23]}"


def cpf(r: random.Random, formatted: bool = True) -> str:
    d = [r.randint(0, 9) for _ in range(9)]
    for size in (9, 10):
        total = sum(v * (size + 1 - i) for i, v in enumerate(d[:size]))
        d.append(0 if total % 11 < 2 else 11 - total % 11)
    t = "".join(map(str, d))
    return f"{t[:3]}.{t[3:6]}.{t[6:9]}-{t[9:]}" if formatted else t


def sin(r: random.Random) -> str:
    body = r.choice("1234567") + digits(r, 7)
    n = body + luhn_digit(body)
    return f"{n[:3]} {n[3:6]} {n[6:]}" if r.random() < 0.6 else f"{n[:3]}-{n[3:6]}-{n[6:]}"


def bsn(r: random.Random) -> str:
    while True:
        d = [r.randint(0, 9) for _ in range(8)]
        total = sum(v * (9 - i) for i, v in enumerate(d))
        last = total % 11
        if last < 10 and d[0] != 0:
            return "".join(map(str, d)) + str(last)


def nhs(r: random.Random) -> str:
    while True:
        d = [r.randint(0, 9) for _ in range(9)]
        check = 11 - sum(v * (10 - i) for i, v in enumerate(d)) % 11
        check = 0 if check == 11 else check
        if check != 10:
            n = "".join(map(str, d)) + str(check)
            return f"{n[:3]} {n[3:6]} {n[6:]}"


def pesel(r: random.Random) -> str:
    body = f"{r.randint(50, 99):02d}{r.randint(1, 12):02d}{r.randint(1, 28):02d}{digits(r, 4)}"
    w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
    total = sum(int(c) * k for c, k in zip(body, w, strict=True))
    return body + str((10 - total % 10) % 10)


def nir(r: random.Random) -> str:
    body = (
        f"{r.choice('12')}{r.randint(50, 99):02d}{r.randint(1, 12):02d}"
        f"{r.randint(1, 95):02d}{digits(r, 3)}{digits(r, 3)}"
    )
    key = 97 - int(body) % 97
    return f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:]} {key:02d}"


def china_id(r: random.Random) -> str:
    body = (
        f"{r.choice(('110101', '310104', '440305', '510107'))}"
        f"{r.randint(1960, 2004)}{r.randint(1, 12):02d}{r.randint(1, 28):02d}{digits(r, 3)}"
    )
    w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    total = sum(int(c) * k for c, k in zip(body, w, strict=True))
    return body + "10X98765432"[total % 11]


def personnummer(r: random.Random) -> str:
    body = f"{r.randint(50, 99):02d}{r.randint(1, 12):02d}{r.randint(1, 28):02d}{digits(r, 3)}"
    return f"{body[:6]}-{body[6:]}{luhn_digit(body)}"


def us_passport(r: random.Random) -> str:
    return digits(r, 9) if r.random() < 0.6 else r.choice("ACEFHJKLMNPRSTUVWXYZ") + digits(r, 8)


def passport_other(r: random.Random) -> tuple[str, str]:
    country, value = r.choice(
        (
            ("UK", digits(r, 9)),
            ("German", "C" + s(r, "CFGHJKLMNPRTVWXYZ0123456789", 8)),
            ("Indian", r.choice(string.ascii_uppercase) + digits(r, 7)),
            ("French", f"{digits(r, 2)}{s(r, string.ascii_uppercase, 2)}{digits(r, 5)}"),
            ("Canadian", s(r, string.ascii_uppercase, 2) + digits(r, 6)),
            ("Irish", s(r, string.ascii_uppercase, 2) + digits(r, 7)),
        )
    )
    return country, value


def mrz_check(field: str) -> str:
    weights = (7, 3, 1)
    total = 0
    for i, ch in enumerate(field):
        v = 0 if ch == "<" else int(ch) if ch.isdigit() else ord(ch) - 55
        total += v * weights[i % 3]
    return str(total % 10)


def mrz(r: random.Random) -> str:
    surname, given = r.choice(LAST).upper(), r.choice(FIRST).upper()
    number = digits(r, 9)
    birth = f"{r.randint(60, 99)}{r.randint(1, 12):02d}{r.randint(1, 28):02d}"
    expiry = f"{r.randint(27, 35)}{r.randint(1, 12):02d}{r.randint(1, 28):02d}"
    line1 = f"P<GBR{surname}<<{given}".ljust(44, "<")
    line2 = (
        f"{number}{mrz_check(number)}GBR{birth}{mrz_check(birth)}{r.choice('MF')}"
        f"{expiry}{mrz_check(expiry)}".ljust(42, "<")
    )
    return f"{line1}\n{line2}{mrz_check(line2[:42])}{r.randint(0, 9)}"


def driving_licence(r: random.Random) -> tuple[str, str]:
    up = string.ascii_uppercase
    return r.choice(
        (
            ("CA", r.choice(up) + digits(r, 7)),
            ("NY", f"{digits(r, 3)} {digits(r, 3)} {digits(r, 3)}"),
            ("FL", f"{r.choice(up)}{digits(r, 3)}-{digits(r, 3)}-{digits(r, 2)}-{digits(r, 3)}-0"),
            ("IL", f"{r.choice(up)}{digits(r, 3)}-{digits(r, 4)}-{digits(r, 4)}"),
            ("TX", digits(r, 8)),
            ("WA", "WDL" + s(r, UPPER_DIGITS, 9)),
            ("PA", f"{digits(r, 2)} {digits(r, 3)} {digits(r, 3)}"),
            ("UK", f"{r.choice(LAST).upper()[:5]:9<5}{digits(r, 6)}{s(r, up, 2)}9{s(r, up, 2)}"),
        )
    )


def mrn(r: random.Random) -> str:
    forms = (digits(r, 8), f"MRN-{digits(r, 7)}", digits(r, 10), f"{digits(r, 3)}-{digits(r, 5)}")
    return r.choice(forms)


# --- clean look-alikes ---------------------------------------------------------------


def isbn13(r: random.Random) -> str:
    body = r.choice(("978", "979")) + digits(r, 9)
    total = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    return body + str((10 - total % 10) % 10)


def isbn10(r: random.Random) -> str:
    body = digits(r, 9)
    check = (11 - sum(int(c) * (10 - i) for i, c in enumerate(body)) % 11) % 11
    return body + ("X" if check == 10 else str(check))


def sha(r: random.Random, n: int = 40) -> str:
    return hashlib.sha256(r.randbytes(16)).hexdigest()[:n] if n <= 64 else s(r, HEX, n)


def ups(r: random.Random) -> str:
    return f"1Z{s(r, UPPER_DIGITS, 6)}{digits(r, 10)}"


def usps(r: random.Random) -> str:
    return grouped("9400" + digits(r, 18), 4)


def amazon_order(r: random.Random) -> str:
    return f"{r.randint(111, 114)}-{digits(r, 7)}-{digits(r, 7)}"


def semver(r: random.Random) -> str:
    tail = r.choice(("", "", f"-rc.{r.randint(1, 4)}", f"+build.{r.randint(100, 9999)}", "-beta"))
    return f"{r.randint(0, 12)}.{r.randint(0, 40)}.{r.randint(0, 30)}{tail}"


def ssh_public(r: random.Random) -> str:
    if r.random() < 0.5:
        blob = base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + r.randbytes(32))
        return f"ssh-ed25519 {blob.decode()} {r.choice(FIRST).lower()}@laptop"
    head = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01"
    blob = base64.b64encode(head + r.randbytes(180))
    return f"ssh-rsa {blob.decode()} deploy@ci"


def eth_address(r: random.Random) -> str:
    return "0x" + s(r, HEX, 40)


def ulid(r: random.Random) -> str:
    return s(r, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)


def phone_business(r: random.Random) -> str:
    return r.choice(
        (
            f"+1 (800) 555-{r.randint(100, 199):04d}",
            f"1-888-{digits(r, 3)}-{digits(r, 4)}",
            f"+44 20 7946 {r.randint(0, 999):04d}",
            f"+49 30 {digits(r, 4)} {digits(r, 4)}",
            f"(415) 555-{r.randint(100, 199):04d}",
            f"+33 1 {digits(r, 2)} {digits(r, 2)} {digits(r, 2)} {digits(r, 2)}",
        )
    )


FIRST = ["Priya", "Jonas", "Maria", "Kenji", "Aisha", "Tom", "Lucía", "Oluwaseun", "Mei", "Sven",
         "Fatima", "Diego", "Hannah", "Ravi", "Chloé", "Mateus", "Ingrid", "Noah", "Zeynep", "Sam"]
LAST = ["Patel", "Schmidt", "Garcia", "Tanaka", "Okafor", "Nguyen", "Rossi", "Kowalski",
        "Dubois", "Silva", "Johansson", "Murphy", "Haddad", "Kim", "Moreau", "Fischer"]
HOSTS = ["db-prod-2.internal", "pg.staging.acme.io", "10.0.4.17",
         "mongo-cluster0.x8k2p.mongodb.net", "redis.cache.local",
         "mysql-east.corp.example", "orders-db.eu-west-1.rds.amazonaws.com"]
SERVICES = ["billing", "checkout", "auth", "search", "payments", "notifications", "ingest",
            "reporting", "webhooks", "the data pipeline"]


# --- templates -----------------------------------------------------------------------

Values = Callable[[random.Random], dict[str, str]]


@dataclass(frozen=True)
class V:
    """One variant of a family: how its values are made and the phrasings that carry them.
    A family's variants are split between blind-dev and blind-test, never one variant in both."""

    values: Values
    templates: tuple[str, ...]

    def __init__(self, values: Values, *templates: str) -> None:
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "templates", templates)

    def make(self, r: random.Random, index: int) -> str:
        template = self.templates[index % len(self.templates)]
        fields = common(r) | self.values(r)
        for key, value in fields.items():
            template = template.replace(f"⟨{key}⟩", value)
        if "⟨" in template:
            raise ValueError(f"unfilled field in {template!r}")
        return template


@dataclass(frozen=True)
class F:
    category: str
    family: str
    variants: tuple[V, ...]
    per_variant: int = 3


def common(r: random.Random) -> dict[str, str]:
    first = r.choice(FIRST)
    return {
        "name": first,
        "user": first.lower().replace("é", "e").replace("í", "i"),
        "last": r.choice(LAST),
        "host": r.choice(HOSTS),
        "svc": r.choice(SERVICES),
        "day": r.choice(("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")),
        "n": str(r.randint(2, 9)),
    }


def nothing(_r: random.Random) -> dict[str, str]:
    return {}
