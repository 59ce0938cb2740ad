"""What extraction proposes: candidate memories and profile fields, and who reviews them.

A candidate becomes an active memory only when the user stated it, the extractor
is confident (at least REVIEW_BELOW) and it touches nothing sensitive; otherwise it
waits in the user's review queue (/memories → Accept / Reject). Below
MIN_CONFIDENCE it is not kept at all: extraction prefers nothing over noise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import regex

from core.models import Kind

REVIEW_BELOW = 0.7
MIN_CONFIDENCE = 0.5
MAX_CANDIDATES = 5
MAX_CONTENT_CHARS = 300
MIN_CONTENT_WORDS = 3
CONTEXT_MESSAGES = 4

# Special categories of personal data (GDPR art. 9 and friends): never auto-activated.
_SENSITIVE = regex.compile(
    r"\b(diagnos\w*|illness|disease|cancer|diabetes|depress\w*|anxiety|adhd|autis\w*"
    r"|therap(y|ist)|medication|pregnan\w*|disabilit\w*|religio\w*|church|mosque|synagogue"
    r"|muslim|christian|jewish|hindu|buddhist|atheist|democrat\w*|republican\w*"
    r"|political|voted?\s+for|gay|lesbian|bisexual|transgender|sexual\w*|ethnicity|racial"
    r"|salary|debt|bankrupt\w*|mortgage|income|arrest\w*|lawsuit|convicted|criminal"
    r"|immigration|visa\s+status|divorce\w*)\b",
    regex.IGNORECASE,
)


def is_sensitive(text: str) -> bool:
    return _SENSITIVE.search(text) is not None


@dataclass(frozen=True)
class Candidate:
    content: str
    kind: Kind
    confidence: float
    stated: bool
    entities: tuple[str, ...] = ()
    sensitive: bool = False

    @property
    def needs_review(self) -> bool:
        """Inferred, unsure or sensitive: the user decides."""
        return (
            not self.stated
            or self.confidence < REVIEW_BELOW
            or self.sensitive
            or is_sensitive(self.content)
        )


@dataclass(frozen=True)
class Extraction:
    memories: tuple[Candidate, ...] = ()
    profile: dict[str, str] = field(default_factory=dict)
    method: str = "rules"  # "rules" | "model" | "rules+model"


@dataclass(frozen=True)
class Said:
    """What extraction reads: the user's message, and a few earlier messages as context."""

    message: str
    context: tuple[tuple[str, str], ...] = ()  # (role, content), oldest first

    @property
    def everything(self) -> str:
        """All conversation text the extractor saw: names may only come from here."""
        return "\n".join([*(content for _, content in self.context), self.message])

    def to_payload(self) -> dict[str, Any]:
        return {"message": self.message, "context": [list(pair) for pair in self.context]}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Said:
        context: Sequence[Any] = payload.get("context") or ()
        pairs = tuple((str(pair[0]), str(pair[1])) for pair in context if len(pair) == 2)[
            -CONTEXT_MESSAGES:
        ]
        return cls(str(payload.get("message", "")), pairs)


def merged(rules: Extraction, model: Extraction) -> Extraction:
    """The rules' candidates and the model's together: the rules catch explicit
    statements cheaply and reliably (and a model may well answer with nothing for
    "from now on answer in bullet points"), the model adds what rules cannot.
    Rules come first and win a profile field both found; an exact repeat (same
    words, any case or spacing) is dropped here, near ones are left to
    reconciliation when they are saved."""
    memories: list[Candidate] = []
    seen: set[str] = set()
    for candidate in (*rules.memories, *model.memories):
        key = " ".join(candidate.content.casefold().split())
        if key not in seen:
            seen.add(key)
            memories.append(candidate)
    ruled = bool(rules.memories or rules.profile)
    return Extraction(
        tuple(memories[:MAX_CANDIDATES]),
        {**model.profile, **rules.profile},
        method="rules+model" if ruled else "model",
    )
