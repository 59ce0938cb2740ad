"""The rule-based extractor: explicit statements only, for when no model is configured
(or the model failed).

It catches what a user plainly asks to be kept or plainly says about themselves —
"remember that…", "fyi …", "from now on…", "I prefer…", "we use…", "our X is Y", "my name
is…", "call me…", "I'm the … at …", "I'm in <timezone>" — and nothing else.
Questions never count. Everything it finds is stated, so it is active unless
sensitive; profile statements fill the profile, not the memory list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import regex

from core.extraction.candidates import (
    MAX_CANDIDATES,
    MIN_CONTENT_WORDS,
    Candidate,
    Extraction,
    Said,
)
from core.guards.lazy import lazy
from core.models import Kind
from core.remember.canonical import clean_text, words
from core.remember.classify import guess_kind

_SENTENCE_BREAK = lazy(r"(?<=[.!?])\s+|\n+")
_TRAILING = lazy(r"[\s.!,;:]+$")
_NAME = r"(?P<name>[\p{L}][\p{L}'’-]{1,30}(?:\s+\p{Lu}[\p{L}'’-]{1,30}){0,2})"
_VAGUE_ENDINGS = frozenset(["it", "this", "that", "them", "these", "those", "one", "so", "too"])
_NOT_NAMES = frozenset(
    [
        "back",
        "later",
        "tomorrow",
        "today",
        "tonight",
        "now",
        "when",
        "if",
        "at",
        "on",
        "in",
        "after",
        "before",
        "anytime",
        "maybe",
        "sometime",
        "please",
        "soon",
        "again",
        "first",
    ]
)
_TIMEZONES = (
    r"(?:UTC|GMT)(?:\s?[+-]\s?\d{1,2}(?::?\d{2})?)?|CEST|CET|EEST|EET|WEST|WET|BST|IST|PST|PDT"
    r"|MST|MDT|CST|CDT|EST|EDT|AKST|AKDT|HST|JST|KST|SGT|HKT|AEST|AEDT|ACST|AWST|NZST|NZDT"
)
_IANA = r"[A-Z][A-Za-z]+/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?"


def _c(pattern: str) -> regex.Pattern[str]:
    """Compiled on first use, like the guards' patterns: CLI calls that extract
    nothing (`memorybot stats`) should not pay for compiling every rule."""
    return lazy(pattern, regex.IGNORECASE | regex.VERSION1)


_REMEMBER = _c(
    r"^(?:(?:also|and|oh|btw|ps|so|ok|okay)[,:]?\s+)?(?:please\s+|pls\s+)?"
    r"(?:remember|note|keep in mind|don'?t forget|do not forget)"
    r"(?:\s+that)?\s*[,:]?\s+(?P<what>.+)$"
)
# "fyi …", "heads up: …", "for the record, …": the user flags a fact for the team.
_FYI = _c(
    r"^(?:fyi|f\.y\.i\.?|heads[- ]up|for the record|for your information|just so you know)"
    r"\s*[,:-]?\s+(?P<what>.+)$"
)
_FROM_NOW_ON = _c(r"\bfrom now on\b")
_PREFER = _c(
    r"^(?:i|we)\s+(?:really\s+|much\s+|generally\s+)?(?:prefer|would prefer|like it when)\s+\S"
)
_WE_USE = _c(r"^(?:we|our team|the team)\s+(?:use|are using|run on|deploy (?:on|to|with))\s+\S")
_OUR_X_IS = _c(r"^our\s+[\p{L}\p{N}][\p{L}\p{N} '’-]{1,40}?\s+(?:is|are)\s+\S")
_MY_NAME = _c(rf"^(?:hi[,!]?\s+|hello[,!]?\s+)?(?:my name is|my name's)\s+{_NAME}$")
_CALL_ME = _c(rf"^(?:please\s+|you can\s+|just\s+)?call me\s+{_NAME}$")
_ROLE_AT = _c(
    r"^(?:i'?m|i am|i work as)\s+(?:the|a|an)\s+(?P<role>[\p{L}][\p{L}\s/&-]{1,50}?)\s+"
    r"(?:at|for)\s+(?P<company>[\p{L}\p{N}][\p{L}\p{N}&.'’ -]{0,50}?)$"
)
_TZ = rf"(?P<tz>{_IANA}|{_TIMEZONES})"
_TIMEZONE = _c(
    rf"^(?:i'?m|i am|i'?m based|i work|i live)\s+(?:in|on)\s+(?:the\s+)?{_TZ}"
    r"(?:\s+time(?:\s?zone)?)?$"
)
_MY_TIMEZONE = _c(rf"^my time\s?zone is\s+{_TZ}$")


@dataclass(frozen=True)
class Rule:
    pattern: regex.Pattern[str]  # compiled on first use
    kind: Kind | None  # None: guess from the text
    confidence: float
    whole_sentence: bool = True  # keep the sentence, or only the "what" group


MEMORY_RULES = (
    Rule(_REMEMBER, None, 0.95, whole_sentence=False),
    Rule(_FYI, None, 0.85, whole_sentence=False),
    Rule(_FROM_NOW_ON, Kind.PREFERENCE, 0.9),
    Rule(_PREFER, Kind.PREFERENCE, 0.85),
    Rule(_WE_USE, Kind.FACT, 0.8),
    Rule(_OUR_X_IS, Kind.FACT, 0.8),
)


def sentences(text: str) -> Iterator[str]:
    """Statements only: questions are skipped."""
    for part in _SENTENCE_BREAK.split(text):
        part = clean_text(part)
        if part and not part.endswith("?"):
            yield _TRAILING.sub("", part)


def _memory(sentence: str) -> Candidate | None:
    for rule in MEMORY_RULES:
        match = rule.pattern.search(sentence)
        if match is None:
            continue
        content = sentence if rule.whole_sentence else _TRAILING.sub("", match.group("what"))
        tokens = words(content)
        if len(tokens) < MIN_CONTENT_WORDS or tokens[-1] in _VAGUE_ENDINGS:
            return None
        return Candidate(content, rule.kind or guess_kind(content), rule.confidence, stated=True)
    return None


def _name(match: regex.Match[str]) -> dict[str, str]:
    name = match.group("name").strip()
    if name.split()[0].casefold() in _NOT_NAMES:
        return {}
    return {"name": name[0].upper() + name[1:]}


def _timezone(match: regex.Match[str]) -> dict[str, str]:
    zone = match.group("tz")
    return {"timezone": zone if "/" in zone else zone.upper().replace(" ", "")}


def _role(match: regex.Match[str]) -> dict[str, str]:
    return {"role": match.group("role").strip(), "company": match.group("company").strip()}


ProfileReader = Callable[[regex.Match[str]], dict[str, str]]
PROFILE_RULES: tuple[tuple[regex.Pattern[str], ProfileReader], ...] = (
    (_MY_NAME, _name),
    (_CALL_ME, _name),
    (_ROLE_AT, _role),
    (_TIMEZONE, _timezone),
    (_MY_TIMEZONE, _timezone),
)


def _profile(sentence: str) -> dict[str, str]:
    for pattern, read in PROFILE_RULES:
        match = pattern.search(sentence)
        if match is not None:
            return read(match)
    return {}


def asked_to_remember(text: str) -> tuple[Candidate | None, str]:
    """The first thing a message plainly asks to be kept ("remember that …"), and the
    rest of the message: a chat turn saves the first before replying (so the reply
    can say so) and leaves only the rest to background extraction."""
    parts = list(sentences(text))
    for i, sentence in enumerate(parts):
        candidate = _memory(sentence) if _REMEMBER.search(sentence) else None
        if candidate is not None:
            return candidate, ". ".join(parts[:i] + parts[i + 1 :])
    return None, text


def extract_with_rules(said: Said) -> Extraction:
    """Explicit statements in the user's message (never in the context)."""
    memories: list[Candidate] = []
    profile: dict[str, str] = {}
    for sentence in sentences(said.message):
        fields = _profile(sentence)
        if fields:
            profile.update(fields)
            continue
        candidate = _memory(sentence)
        if candidate is not None and candidate.content not in {c.content for c in memories}:
            memories.append(candidate)
    return Extraction(tuple(memories[:MAX_CANDIDATES]), profile, method="rules")
