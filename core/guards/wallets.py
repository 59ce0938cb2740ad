"""Secrets with structure but no provider prefix: wallet keys, seed phrases, 2FA seeds.

A Bitcoin WIF key carries a base58check checksum, a BIP-39 seed phrase is 12-24
words from one published 2048-word list, a TOTP setup key is base32 of a known
length, recovery codes come in fixed groups after a naming word. Checking that
structure (not the look of one example) is what lets these be refused without
refusing Bitcoin addresses, ordinary word lists or serial numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

import regex

from core.guards.budget import Budget
from core.guards.checksums import base58check_payload
from core.guards.prefilter import TEXT
from core.guards.values import entropy


@cache
def bip39_words() -> frozenset[str]:
    """The BIP-39 English word list (2048 words, MIT, shipped as package data)."""
    text = resources.files("core.guards").joinpath("data/bip39_english.txt").read_text("utf-8")
    return frozenset(text.split())


# ---- WIF and extended private keys --------------------------------------------------
_WIF = regex.compile(r"(?<![A-Za-z0-9])[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}(?![A-Za-z0-9])")
_XPRV = regex.compile(r"(?<![A-Za-z0-9])[xtyzuv]prv[1-9A-HJ-NP-Za-km-z]{100,108}(?![A-Za-z0-9])")


def wallet_keys(text: str, budget: Budget) -> bool:
    for m in _GATED.finditer(_WIF, text, budget):
        payload = base58check_payload(m.group(0))
        if payload and payload[0] in (0x80, 0xEF) and len(payload) in (33, 34):
            return True
    return any(base58check_payload(m.group(0)) for m in _GATED.finditer(_XPRV, text, budget))


# A keypair file as Solana's CLI writes it (id.json): the 64 bytes of an ed25519 secret
# key as a JSON array. Nothing public is written that way.
_BYTE_ARRAY = regex.compile(r"\[\s*(?:\d{1,3}\s*,\s*){31,63}\d{1,3}\s*\]")


def key_byte_arrays(text: str, budget: Budget) -> bool:
    if "," not in text or "[" not in text:
        return False
    for m in budget.finditer(_BYTE_ARRAY, text):
        values = [int(v) for v in m.group(0).strip("[] \n\t").split(",")]
        high = sum(v > 127 for v in values)  # random bytes: about half of them
        if len(values) in (32, 64) and max(values) <= 255 and high >= len(values) // 4:
            return True
    return False


# ---- BIP-39 seed phrases ----------------------------------------------------------------
# A seed phrase is a run of BIP-39 words; between two of them only separators may
# stand: spaces, punctuation in `_SEP_CHARS`, digits (numbering: "1.", "2)"). Any other
# character (a letter outside a-z, "!", "@", an emoji) ends the run.
_SEP_CHARS = ",;/|-–—.:()[]\"'`"
_SEED_CONTEXT = regex.compile(
    r"(?i)\b(?:seed|phrase|mnemonic|recovery|backup|wallet|words?|ledger|trezor|metamask"
    r"|electrum|exodus|phantom|keystore|bip-?39|cold\s+storage|crypto)\b"
)
_SEED_SIZES = (12, 15, 18, 21, 24)

# ASCII text in a few C passes: separators and digits become spaces, any other
# non-letter the byte 0x01, set apart; letters and the six ASCII spaces stay.
_BREAK = 0x01
_ASCII_TABLE = bytes(
    code
    if chr(code).isalpha() or chr(code) in " \t\n\r\x0b\x0c"
    else (0x20 if chr(code) in _SEP_CHARS or chr(code).isdigit() else _BREAK)
    for code in range(256)
)
_NON_ASCII = regex.compile(r"[^\x00-\x7f]")


def _as_ascii(m: regex.Match[str]) -> str:
    """A character outside ASCII: a space if it separates words (a wide space, a dash),
    else the break byte."""
    ch = m.group(0)
    return " " if ch in _SEP_CHARS or ch.isspace() else "\x01"


@cache
def _bip39_bytes() -> frozenset[bytes]:
    return frozenset(word.encode("ascii") for word in bip39_words())


def longest_run(text: str, budget: Budget) -> int:
    """The most BIP-39 words in `text` one after another, separators allowed between."""
    return len(best_run(text, budget))


def best_run(text: str, budget: Budget) -> list[bytes]:
    """The longest run of BIP-39 words in `text` (the first of equals), as `longest_run`
    counts them."""
    if not text.isascii():
        text = budget.sub(_NON_ASCII, _as_ascii, text)
    data = text.lower().encode("ascii").translate(_ASCII_TABLE)
    if _BREAK in data:
        data = data.replace(b"\x01", b" \x01 ")
    words = _bip39_bytes()
    tokens = data.split()
    start = best = best_start = 0
    for i, token in enumerate(tokens):
        if token in words:
            if i + 1 - start > best:
                best, best_start = i + 1 - start, start
        else:
            start = i + 1
    return tokens[best_start : best_start + best]


@cache
def _bip39_index() -> dict[bytes, int]:
    return {word.encode("ascii"): i for i, word in enumerate(sorted(bip39_words()))}


def bip39_checksum(words: list[bytes]) -> bool:
    """True when `words` (12-24, a multiple of 3) end in the BIP-39 checksum of the rest:
    the first len/3 bits of SHA-256 of the entropy the words spell."""
    if len(words) not in _SEED_SIZES:
        return False
    index = _bip39_index()
    return checksum_holds([index[word] for word in words])


def checksum_holds(indices: list[int]) -> bool:
    """True when the word numbers `indices` (each 0-2047 in its list's order; 12-24, a
    multiple of 3) end in the BIP-39 checksum of the rest: the same for every language,
    since the checksum is over the numbers, not the words."""
    if len(indices) not in _SEED_SIZES:
        return False
    bits = 0
    for number in indices:
        bits = bits << 11 | number
    check_bits = len(indices) * 11 // 33
    entropy_bits = len(indices) * 11 - check_bits
    data = (bits >> check_bits).to_bytes(entropy_bits // 8, "big")
    return bits & ((1 << check_bits) - 1) == hashlib.sha256(data).digest()[0] >> (8 - check_bits)


def seed_phrases(text: str, budget: Budget) -> bool:
    """A run of 12+ BIP-39 words: refused when its length is a BIP-39 size and nothing
    else is in the line, or when a word like "seed"/"wallet"/"recovery" names it."""
    if len(text) < 40:
        return False
    run = best_run(text, budget)
    best = len(run)
    if best < 12:
        return False
    named = budget.search(_SEED_CONTEXT, text) is not None
    # Twelve words drawn at random are in alphabetical order once in 479 million: a sorted
    # run nothing names as a seed is a list someone sorted ("shopping: apple, banana, …"),
    # unless its BIP-39 checksum holds.
    if (
        not named
        and run == sorted(run)
        and not any(
            bip39_checksum(run[i : i + n]) for n in _SEED_SIZES for i in range(best - n + 1)
        )
    ):
        return False
    return best in _SEED_SIZES or named


# ---- TOTP setup keys and recovery codes ---------------------------------------------------
_OTP_CONTEXT = regex.compile(
    r"(?i)\b(?:totp|otp|2fa|mfa|two[\s\-]factor|authenticator|authy|setup\s+(?:key|code)"
    r"|seed|secret|google\s+auth)\b"
)
_BASE32 = regex.compile(
    r"(?i)(?<![A-Za-z0-9])(?P<v>[A-Z2-7]{4}(?:[ \-]?[A-Z2-7]{4}){3,15})(?![A-Za-z0-9])"
)
_OTPAUTH = regex.compile(r"(?i)otpauth://[^\s?]*\?(?:[^\s#]*&)?secret=[A-Z2-7]{16,}")


def totp_seeds(text: str, budget: Budget) -> bool:
    if _GATED.search(_OTPAUTH, text, budget):
        return True
    if not _GATED.search(_OTP_CONTEXT, text, budget):
        return False
    for m in _GATED.finditer(_BASE32, text, budget):
        compact = regex.sub(r"[ \-]", "", m.group("v")).upper()
        if "EXAMPLE" in compact:
            continue  # AWS's documented AKIAIOSFODNN7EXAMPLE is base32-shaped
        if len(compact) in (16, 20, 24, 26, 32, 40, 52, 64) or len(compact) >= 16:
            has_digit = any(ch in "234567" for ch in compact)
            if has_digit and entropy(compact) >= 3.2:
                return True
    return False


_RECOVERY_CONTEXT = regex.compile(
    r"(?i)\b(?:recovery|backup|emergency|scratch|one[\s\-]time)\s+(?:codes?|keys?|kit)"
    r"|\bsecret\s+key\b|\brecovery\s+(?:phrase|password)\b"
    # "códigos de respaldo", "codes de récupération", "Wiederherstellungscodes", …
    r"|\b(?:c[oó]digos?|codes?|codici|kody|koder)\s+(?:de\s+|di\s+)?(?:respaldo|recuperaci[oó]n"
    r"|r[ée]cup[ée]ration|secours|secour|backup|recupero|emergenza|recupera[cç][aã]o|seguran[cç]a"
    r"|zapasowe|odzyskiwania|reserve)\b"
    r"|\b(?:wiederherstellungs|notfall|backup-?|herstel|reserve)(?:codes?|schl[üu]ssel)\b"
)
# Grouped codes ("7F3K-92QX"), or one long ungrouped code of letters and digits, as
# Bitwarden's 28-character recovery code is.
_CODE_GROUP = regex.compile(
    r"(?<!\d)\d{4} \d{4}(?!\d)|(?<![A-Za-z0-9])(?=[A-Za-z0-9\-]*\d)[A-Za-z0-9]{4,40}"
    r"(?:[\-][A-Za-z0-9]{2,10}){0,8}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{16,40}(?![A-Za-z0-9])"
)


_LISTED_CODE = regex.compile(r"(?<![A-Za-z0-9\-])[A-Za-z0-9]{6,12}(?![A-Za-z0-9\-])")
_DATE = regex.compile(r"(?:19|20)\d\d-[01]\d-[0-3]\d")

# Google's form: two groups of four lower-case letters and digits ("jc4b 5usk").
_CODE_PAIR = regex.compile(r"(?<![A-Za-z0-9])[a-z0-9]{4} [a-z0-9]{4}(?![A-Za-z0-9])")


def _code_pairs(tail: str, budget: Budget) -> int:
    pairs = 0
    for m in budget.finditer(_CODE_PAIR, tail):
        code = m.group(0)
        if any(ch.isdigit() for ch in code) and any(ch.isalpha() for ch in code):
            pairs += 1
    return pairs


def _code_list(tail: str, budget: Budget) -> bool:
    """Three or more codes of one length with digits among letters ("54no6mmt 9jgnnfwi
    skeag3n7"): a printed list of codes, even where each alone looks like a word."""
    lengths: dict[int, int] = {}
    for m in budget.finditer(_LISTED_CODE, tail):
        code = m.group(0)
        if any(ch.isdigit() for ch in code) and any(ch.isalpha() for ch in code):
            lengths[len(code)] = lengths.get(len(code), 0) + 1
    return any(count >= 3 for count in lengths.values())


def recovery_codes(text: str, budget: Budget) -> bool:
    for ctx in _GATED.finditer(_RECOVERY_CONTEXT, text, budget):
        tail = text[ctx.end() : ctx.end() + 160]
        if _code_pairs(tail, budget) >= 2 or _code_list(tail, budget):
            return True
        for m in budget.finditer(_CODE_GROUP, tail):
            code = m.group(0)
            if _DATE.fullmatch(code):
                continue  # "from 2026-12-01": a date, not a code
            compact = code.replace("-", "").replace(" ", "")
            grouped = "-" in code or compact.isdigit()
            if len(compact) >= 8 and (grouped or entropy(compact) >= 3):
                return True
            if m.start() > 40:
                break
    return False


# Whole-text scans: run only when the text holds their words (or a long enough chunk).
_GATED = TEXT.family([_WIF, _XPRV, _OTPAUTH, _OTP_CONTEXT, _BASE32, _RECOVERY_CONTEXT])


@dataclass(frozen=True)
class SecretCheck:
    rule: str
    label: str
    scan: Callable[[str, Budget], bool]


WALLET_CHECKS: tuple[SecretCheck, ...] = (
    SecretCheck("crypto_private_key", "a cryptocurrency private key", wallet_keys),
    SecretCheck("seed_phrase", "a wallet seed phrase", seed_phrases),
    SecretCheck("totp_seed", "a two-factor (TOTP) setup key", totp_seeds),
    SecretCheck("recovery_codes", "account recovery codes", recovery_codes),
    SecretCheck("crypto_private_key", "a cryptocurrency private key", key_byte_arrays),
)
