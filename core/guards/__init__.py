"""Privacy and injection guards (placeholder until the guards branch lands)."""

from __future__ import annotations

from dataclasses import dataclass

import regex


@dataclass(frozen=True)
class Finding:
    category: str
    rule: str
    label: str


_SECRET = regex.compile(r"\b(sk-[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|xox[bpar]-[A-Za-z0-9-]{10,})\b")
_INJECTION = regex.compile(r"ignore (all )?(previous|prior) instructions", regex.IGNORECASE)


def check(text: str) -> Finding | None:
    if _SECRET.search(text, timeout=0.2):
        return Finding("secret", "api_key", "an API key")
    if _INJECTION.search(text, timeout=0.2):
        return Finding("injection", "override", "an attempt to override instructions")
    return None


def safe_for_prompt(text: str) -> bool:
    return check(text) is None


def quote_for_prompt(text: str) -> str:
    return text.replace("\n", " ")
