"""What a guard reports when it refuses text.

A Finding names the *kind* of problem and never carries the offending text, so
it can be shown to the user, logged and audited without leaking the secret it
is about. Labels are fixed strings chosen per rule, never built from input.
"""

from __future__ import annotations

from dataclasses import dataclass

SECRET = "secret"
PII = "pii"
INJECTION = "injection"


@dataclass(frozen=True)
class Finding:
    """One reason to refuse: `category` is "secret", "pii" or "injection";
    `rule` is a stable id for tests and metrics ("aws_access_key"); `label` is
    the human kind for a refusal message ("an AWS access key")."""

    category: str
    rule: str
    label: str


TIMEOUT_LABEL = "text too complex to check"


def timeout_finding(category: str) -> Finding:
    """Fail closed: text the guard could not finish checking is treated as unsafe."""
    return Finding(category=category, rule="guard_timeout", label=TIMEOUT_LABEL)
