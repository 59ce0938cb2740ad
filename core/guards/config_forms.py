"""Secrets in the shapes configuration files give them, where the name and the value are
not side by side: a Kubernetes env entry (`- name: DB_PASSWORD` then `value: …` on the
next line), an ECS task definition (`{"name": "API_TOKEN", "value": "…"}`), a Terraform
variable with a `default`, an SSM call (`--name /prod/db/password --value …`), an XML
element (`<password>…</password>`, Maven's settings.xml), a Docker or npm `auth` field
(base64 of `user:password`), and a Kubernetes Secret, whose `data:` values are base64 of
the secrets themselves.

The phrase patterns (`credential_phrases`) read a name, an operator and a value in one
run; these read the structure around them. The value is judged as there: random key
material or a password by its shape (`values`), never a placeholder, a reference
(`valueFrom`, `${VAR}`) or code.
"""

from __future__ import annotations

import base64
import binascii

import regex

from core.guards.budget import Budget
from core.guards.credential_phrases import Phrase, _c
from core.guards.values import (
    clean_value,
    identifier_like,
    is_placeholder,
    looks_like_code,
    looks_like_path_or_url,
    looks_random,
    password_strength,
)
from core.guards.wallets import SecretCheck

# A setting's name that says it holds a secret: "DB_PASSWORD", "stripe.apiKey",
# "/prod/db/password", "datadog_api_key".
_SECRET_NAME = (
    r"[\w.\-/]{0,40}?(?:password|passwd|passphrase|pwd|secret|token|api[_\-]?key|apikey"
    r"|access[_\-]?key|private[_\-]?key|auth[_\-]?key|signing[_\-]?key|encryption[_\-]?key"
    r"|credentials?|conn(?:ection)?[_\-]?str(?:ing)?)[\w.\-/]{0,30}"
)
_FIELD_OP = r"[\"']?(?:\s*[:=]\s*|\s+)[\"']?"


def _secret_value(value: str) -> bool:
    """Key material or a password, not a stand-in, a reference, code or a region name."""
    v = clean_value(value)
    if len(v) < 6 or is_placeholder(value) or is_placeholder(v) or looks_like_code(v):
        return False
    if looks_like_path_or_url(v) or v.lower().startswith(("arn:", "projects/", "vault:")):
        return False
    if looks_random(v, 12):
        return True
    return password_strength(v) == "strong" and not identifier_like(v)


def _pair(m: regex.Match[str]) -> bool:
    return _secret_value(m.group("v"))


def _element(m: regex.Match[str]) -> bool:
    """`<password>` holds a password even when it is a plain word; other names need
    key material or a password's shape."""
    value = m.group("v")
    if "pass" in m.group("kw").lower() or "pwd" in m.group("kw").lower():
        return password_strength(value) in ("strong", "weak") and not identifier_like(value)
    return _secret_value(value)


def basic_credentials(blob: str) -> bool:
    """base64 of "user:password" with a real password after the colon."""
    try:
        raw = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    user, sep, password = decoded.partition(":")
    if not sep or not user or "\n" in decoded or not decoded.isprintable():
        return False
    return (
        len(password) >= 4
        and not is_placeholder(password)
        and password_strength(password)
        in (
            "strong",
            "weak",
        )
    )


_USER_PASS = regex.compile(r"[\w.@+\-]{1,64}:[^\s:]{4,128}")


def basic_credentials_text(decoded: str) -> bool:
    """A decoded blob that is "user:password" and nothing else (HTTP Basic's form)."""
    value = decoded.strip()
    if _USER_PASS.fullmatch(value) is None:
        return False
    password = value.split(":", 1)[1]
    return not is_placeholder(password) and password_strength(password) == "strong"


def _auth_field(m: regex.Match[str]) -> bool:
    return basic_credentials(m.group("v"))


CONFIG_PHRASES: tuple[Phrase, ...] = (
    # "- name: DB_PASSWORD\n  value: …", {"name": "API_TOKEN", "value": "…"},
    # variable "db_password" { default = "…" }, --name /prod/db/password --value …
    Phrase("secret_setting", "a secret in a configuration file", _c(
        r"(?<![\w\-])-{0,2}(?:name|key|variable|param(?:eter)?|secret[_\-]?name)" + _FIELD_OP
        + r"(?P<kw>" + _SECRET_NAME + r")[\"']?[^\n]{0,20}(?:\n[^\n]{0,80}){0,3}?"
        r"(?<![\w\-])-{0,2}(?:value|default|secret[_\-]?string|secret[_\-]?value|string[_\-]?value)"
        + _FIELD_OP + r"(?P<v>[^\s\"'<>]{6,200})"), _pair),
    # <password>…</password>, <ns:apiKey>…</ns:apiKey>
    Phrase("secret_setting", "a secret in a configuration file", _c(
        r"<(?P<kw>(?:[\w\-]+:)?[\w\-]{0,30}?(?:password|passwd|pwd|passphrase|secret|token"
        r"|api[_\-]?key|apikey|access[_\-]?key|private[_\-]?key)[\w\-]{0,20})>"
        r"(?P<v>[^<>\s]{4,200})</"), _element),
    # Docker's config.json and .npmrc: "auth": "dXNlcjpwYXNz", _auth=dXNlcjpwYXNz
    Phrase("secret_setting", "a secret in a configuration file", _c(
        r"(?<![\w\-])[\"']?_?auth[\"']?\s*[:=]\s*[\"']?(?P<v>[A-Za-z0-9+/]{8,}={0,2})"
        r"(?![A-Za-z0-9+/=])"), _auth_field),
)  # fmt: skip


# ---- Kubernetes Secrets ------------------------------------------------------------------
_SECRET_KIND = regex.compile(r"\bkind:\s*[\"']?Secret\b")
_DATA_LINE = regex.compile(
    r"(?m)^[ \t]+[\"']?(?P<k>[\w.\-]+)[\"']?:[ \t]*[\"']?(?P<v>[A-Za-z0-9+/]{4,}={0,2})[\"']?"
    r"[ \t]*$"
)
# Fields of a Secret that name rather than authenticate.
_NAMING_KEYS = frozenset({
    "username", "user", "host", "hostname", "port", "database", "db", "dbname", "namespace",
    "name", "email", "region", "endpoint", "url", "server", "account", "login", "schema",
})  # fmt: skip
_PASSWORD_KEY = regex.compile(r"(?i)pass|pwd|secret|token|key|auth|cred")


def _decoded_value(blob: str) -> str | None:
    try:
        text = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return text if text.strip() and text.replace("\n", "").replace("\t", "").isprintable() else None


def k8s_secret_data(text: str, budget: Budget) -> bool:
    """A Kubernetes Secret's `data:` field whose base64 value decodes to a secret."""
    if "Secret" not in text or "data:" not in text or budget.search(_SECRET_KIND, text) is None:
        return False
    for m in budget.finditer(_DATA_LINE, text[text.index("data:") :]):
        key = m.group("k").lower()
        if key in _NAMING_KEYS:
            continue
        decoded = _decoded_value(m.group("v"))
        if decoded is None:
            continue
        value = decoded.strip()
        if _secret_value(value) or basic_credentials(value):
            return True
        if _PASSWORD_KEY.search(key) and password_strength(value) == "weak":
            return True
        if "\n" in value or '"auth"' in value:
            return True  # a whole file (.dockerconfigjson, a key, a config) in a Secret
    return False


CONFIG_CHECKS: tuple[SecretCheck, ...] = (
    SecretCheck("secret_setting", "a secret in a configuration file", k8s_secret_data),
)
