"""Judging a candidate secret value: placeholder, ordinary word, or the real thing.

Patterns find *where* a secret could be; these functions decide whether the text
there is one. They are what lets "sk-...", "<your-api-key>", "password: required"
and "the password is stored in 1Password" through while "password: hunter2" and a
random 40-character key are refused.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import unicodedata
from collections import Counter

import regex

from core.guards.budget import PER_CALL_SECONDS
from core.guards.lazy import lazy

_PLACEHOLDER = lazy(
    r"""(?ix)
    ^(?:[x*#.•·_\-=?]+|<[^>]*>|\[[^\]]*\]|\{[^}]*\}|\(\w+\)
      |\$\{?\w+\}?|%\(?\w*\)?s?|\$\w+|%\w+%
      |changeme|change_me|placeholder|redacted|hidden|masked|removed|omitted|secret|token
      |password|passwd|pass|pwd|pw|mypassword|yourpassword|dummy|example|sample
      |none|null|nil|undefined|empty|blank|n/?a|tbd|todo|fixme|false|true)$
    | x{4,} | \*{3,} | \.{3} | …
    | (?:your|my)[_\-]?(?:[a-z]+[_\-]){0,3}(?:api|key|secret|token|password|pass|own|real)(?![a-z])
    # The same stand-in in the other languages: votre_mot_de_passe, dein-passwort, tu_clave.
    | (?<![a-z])(?:votre|ton|dein|ihr|tu|su|seu|sua|tuo|tua|je|uw|twoje|tw[oó]j|sizin|senin)[_\-]
      (?:[a-z]+[_\-]){0,3}(?:passe|passwort|kennwort|contrase[nñ]a|clave|senha|password
      |wachtwoord|has[lł]o|[şs]ifre(?:n|niz)?|token|schl[üu]ssel|chiave|chave|cl[ée])(?![a-z])
    | (?:api|secret|access)[_\-]?key[_\-]?here | _here$ | -here$
    | example | placeholder | redacted | insert[_\-] | replace[_\-]?me
    | os\.environ | getenv | process\.env | env\( | secrets\. | \{\{ | \$\{ | ^\$\( | ^`
    | ^<%=? | ^\{%
    """
)

_SEQUENTIAL = lazy(
    r"0123456|1234567|2345678|3456789|4567890|abcdefg|bcdefgh|cdefghi|qwertyu|asdfghj"
)

# Words that commonly follow "password is" / "token:" in ordinary sentences.
# Several languages, because the phrase detectors are multilingual.
_STOP_TEXT = """
    a an the my our your his her their its this that these those it there here is was be
    been being are were will would should must can could may might not no never none nothing
    something anything everything someone somewhere and or but if then so also too very
    really just still now already again only in on at of for to from by with without via
    into onto about above below under over after before behind inside within between through
    per as like than same different new old current previous next first last other another
    required mandatory optional needed necessary recommended correct incorrect wrong right
    invalid valid weak strong secure insecure safe unsafe simple complex long short longer
    shorter empty blank missing unknown known hidden visible public private temporary
    permanent random generated expired expiring locked unlocked disabled enabled reset
    changed rotated stored saved kept managed shared written pinned attached encrypted
    hashed case sensitive insensitive exactly literally probably definitely actually please
    thanks thank ok okay yes yeah nope sure fine good bad great terrible what which who whom
    whose where when why how whatever one two three four five six seven eight nine ten
    twelve characters character chars char digits letters symbols words length policy
    policies rule rules manager vault keychain 1password lastpass bitwarden dashlane keepass
    keeper sso okta ldap oauth saml totp mfa 2fa otp see check ask use using set setting
    type typed enter entered same-as usual default standard normal common easy hard obvious
    strict lax argon2 argon2id bcrypt scrypt sha1 sha256 sha512 md5 pbkdf2 oauth2 base64
    utf8 utf-8 hmac aes256 aes-256 rsa ssh http https tls ssl json yaml env string str int
    bool boolean bytes text varchar number object undefined null nullable le la les un une
    des du de est pas sur dans mon ton son notre votre leur el los las uno una es en mi tu
    su nuestro muy der die das ein eine ist nicht im mein dein sein unser sehr o os um uma
    não nao meu minha il lo gli è non della mio mia het een niet mijn jest nie moje mój trop
    très assez plus moins requis obligatoire faux vrai vide court courte faible fort expiré
    oublié différent nouveau ancien même changé demasiado requerida obligatoria incorrecta
    correcta vacía corta larga débil fuerte caducada nueva misma zu falsch richtig leer kurz
    lang schwach stark abgelaufen erforderlich neu gleich muito obrigatória incorreta vazia
    curta longa fraca forte expirada nova mesma troppo molto obbligatoria sbagliata vuota
    lunga debole scaduta nuova stessa te erg verplicht fout leeg kort zwak sterk verlopen
    nieuw za bardzo wymagane błędne puste krótkie długie słabe silne слишком очень неверный
    пустой короткий длинный слабый
    minimum maximum min max least mínimo máximo minimo maximo mindestens höchstens minimal
    minimale maximale minimaal maximaal minimalnie almeno
"""
STOPWORDS: frozenset[str] = frozenset(_STOP_TEXT.split())

_SUFFIX_WORDS = lazy(
    r"(?i)^[a-z]+(?:ed|ing|ly|tion|sion|ment|able|ible|ness|ful|less|ous|ive|ity|ance|ence)$"
)
_VERSION = lazy(r"(?i)^v?\d+(?:\.\d+)+[a-z0-9\-]*$")
# Code, not a value: `Optional[str]`, `request.form[`, `VARCHAR(255)`, `!vault`, `$(cat …)`.
_CODE = lazy(r"^(?:[A-Za-z_][\w.]*[(\[]|!\w|\$\(|<%|\{%|\w+\.\w+\()")
_WORDISH = lazy(r"[a-z]+\d{0,4}|[A-Z]+\d{0,4}|[A-Z][a-z]+\d{0,4}")
# A standard's or a tracker's reference, not a password: CVE-2024-3094, NIST800-63B, ISO27001.
_REFERENCE = lazy(
    r"^(?:CVE|CWE|GHSA|ISO|IEC|NIST|RFC|JIRA|INC|CHG|REQ|TKT|PR|SR|KB|MS|SOC|PCI|HIPAA|GDPR)"
    r"[\-_ ]?\d[\w\-.]*$"
)
_HYPHEN_WORDS = lazy(r"^[A-Za-z]+(?:-[A-Za-z]+)+$")
_OPTION = lazy(r"^--?[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_KEY_NAME = lazy(r"^[A-Za-z_][\w\-]*$")
_TRIM = "\"'`“”‘’«»「」()[]{}<>.,;:!?。、，；：！？"


def clean_value(value: str) -> str:
    """Strip quotes and trailing sentence punctuation around a captured value."""
    return value.strip().strip(_TRIM)


def is_placeholder(value: str) -> bool:
    """True for documentation stand-ins: sk-..., <your-api-key>, YOUR_API_KEY, xxxx, ${TOKEN}."""
    v = value.strip().strip("\"'`")
    if not v:
        return True
    if _PLACEHOLDER.search(v, timeout=PER_CALL_SECONDS):
        return True
    distinct = set(v.lower())
    if len(v) >= 6 and len(distinct) <= 2:
        return True
    # "sk-1234567890abcdef…", "AKIA1234567890ABCDEF": documentation keys count upwards.
    return len(v) >= 16 and _SEQUENTIAL.search(v.lower(), timeout=PER_CALL_SECONDS) is not None


# A JOSE header's names (RFC 7515/7516): what a JWT's first segment holds, and nothing secret.
_JOSE_NAMES = frozenset({
    "alg", "enc", "typ", "cty", "kid", "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256", "crit",
    "zip", "epk", "apu", "apv", "iv", "tag", "p2s", "p2c", "b64",
})  # fmt: skip


def is_jose_header(value: str) -> bool:
    """True for a JWT's header alone ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" is
    {"alg":"HS256","typ":"JWT"}): base64url JSON naming an algorithm and only header
    fields, with no payload or signature after it. It says how a token is signed, and
    every token of that kind starts with it."""
    v = value.strip().strip(_TRIM)
    if not v.startswith("eyJ") or "." in v or len(v) > 400:
        return False
    try:
        header = json.loads(base64.urlsafe_b64decode(v + "=" * (-len(v) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return (
        isinstance(header, dict)
        and ("alg" in header or "enc" in header)
        and set(header) <= _JOSE_NAMES
    )


def entropy(value: str) -> float:
    """Shannon entropy in bits per character; random keys score ~4+, prose ~3 or less."""
    if not value:
        return 0.0
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def looks_random(token: str, min_len: int = 16) -> bool:
    """True when `token` reads like machine-generated key material.

    Random keys mix character classes and rarely repeat; identifiers such as
    "compatible-transformers-wrapper" or "settings.SECRET_KEY" do not.
    """
    if len(token) < min_len or is_placeholder(token) or is_jose_header(token):
        return False
    letters = sum(c.isalpha() for c in token)
    digits = sum(c.isdigit() for c in token)
    if letters == 0:
        return False
    mixed_case = any(c.islower() for c in token) and any(c.isupper() for c in token)
    if digits == 0 and not (mixed_case and len(token) >= 20):
        return False
    if len(set(token)) < min(10, len(token) // 2) or identifier_like(token):
        return False
    return entropy(token) >= 3.0


def identifier_like(token: str) -> bool:
    """ "user_profile_v2_12345", "build-2024-05-14": words and numbers joined, not key material."""
    parts = [p for p in regex.split(r"[_\-.]", token) if p]
    return len(parts) >= 3 and all(
        p.isdigit() or (len(p) <= 12 and _WORDISH.fullmatch(p)) for p in parts
    )


_CALL = lazy(r"[A-Za-z_][\w.]*[(\[][^()\[\]]*[)\]]?[;,]?|!\w+|\$\(.*")


def looks_like_code(value: str) -> bool:
    """A call or an index, not a value: `config(`, `generate(32)`, `request.form[`,
    `!vault`. A random key may hold brackets too ("EYeo6(wo9Nb)lzKx#f…"), but not as a
    name followed by its arguments and nothing else."""
    return _CALL.fullmatch(value) is not None


def looks_like_path_or_url(value: str) -> bool:
    """File paths, URLs and dotted identifiers are not key material."""
    if "://" in value or value.startswith(("/", "./", "../", "~/")):
        return True
    if "/" in value:
        parts = [p for p in value.split("/") if p]
        if any("." in p for p in parts[-1:]) or all(p.islower() or p.isdigit() for p in parts):
            return True
    return bool(regex.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?", value))


def is_mark(ch: str) -> bool:
    """A combining mark: Devanagari and other Indic vowel signs, Arabic and Hebrew vowel marks."""
    return unicodedata.category(ch).startswith("M")


def password_strength(value: str) -> str | None:
    """Classify a value after "password is": "strong", "weak" (a plain word) or None.

    Strong values (digits with letters, symbols, inner capitals, PIN-like digit
    runs) are refused in every phrasing; weak ones only where the phrasing is an
    unambiguous statement ("my password is sunshine").
    """
    v = clean_value(value)
    # "<base64-encoded-password>" is a stand-in as written; stripped of its brackets it
    # would read as a word with digits.
    if len(v) < 4 or is_placeholder(v) or is_placeholder(value) or v.lower() in STOPWORDS:
        return None
    if "@" in v and "." in v.split("@")[-1]:
        return None  # an e-mail address, not a password
    if looks_like_path_or_url(v) and not regex.search(r"\d", v):
        return None
    if v.startswith(("/", "~/", "./", "../")) and v.count("/") >= 2:
        return None  # "/Users/me/Code2024": a path, digits or not
    if _VERSION.match(v) or _CODE.match(v) or _REFERENCE.match(v):
        return None
    if _OPTION.match(v) or (value.rstrip().endswith(":") and _KEY_NAME.match(v)):
        return None  # "--with-decryption", "valueFrom:": an option or the next key, not a value
    if _HYPHEN_WORDS.match(v):
        parts = v.lower().split("-")
        if any(p in STOPWORDS or _SUFFIX_WORDS.match(p) for p in parts):
            return None
        return "weak"
    has_alpha = any(c.isalpha() for c in v)
    has_digit = any(c.isdigit() for c in v)
    # A vowel sign or a vowel mark ("फ्रिज", "مُحَمَّد") is part of a word, not a symbol.
    has_symbol = any(not c.isalnum() and not is_mark(c) for c in v)
    inner_upper = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
    if (has_alpha and has_digit) or (has_symbol and (has_alpha or has_digit)) or inner_upper:
        return "strong"
    if v.isdigit():
        return "strong" if len(v) >= 4 else None
    if has_alpha and not _SUFFIX_WORDS.match(v) and len(v) >= 4:
        return "weak"
    return None
