"""Redaction before a model: secrets and identifiers in a chat turn never leave it.

The privacy guard refuses to *store* a key; a turn containing one was still sent
to the chat model verbatim, and a model repeats what it is given — with a hosted
provider that is the key leaving the company. So before a turn goes to a model,
the text the guards classify as a secret or an identifier is replaced by a
placeholder naming its kind ("[an OpenAI API key removed]"), and the reply is
scrubbed of anything that was masked.

The guards say *whether* a text trips them, not where; we call them (never copy
their patterns) on the words of the text: first each word alone (a token, a key,
an SSN written as one word), then, for what still trips (a password given in a
sentence, a card number written in groups), the shortest run of words whose
masking clears the line. A line that cannot be cleared is masked whole.

Policy per deployment (MEMORYBOT_LLM_REDACT): "mask" (default), "send" (trust the
model, e.g. a local one) or "refuse" (the turn is not sent at all).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core import guards, texts
from core.guards.findings import Finding
from core.ports import ChatMessage

MASK, SEND, REFUSE = "mask", "send", "refuse"
_WORDS = re.compile(r"(\s+)")
_PUNCTUATED = re.compile(r"([(\[\"'`]*)(.*?)([)\]\"'`.,;:!?]*)", re.DOTALL)
_MAX_WINDOW_WORDS = 40  # beyond that a flagged line is masked whole


@dataclass(frozen=True)
class Redacted:
    """`text` as it may go to a model; `removed` the original pieces (to scrub from
    the reply, never to log); `kinds` the labels of what was removed."""

    text: str
    removed: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.removed)


def _flag(text: str) -> Finding | None:
    finding = guards.privacy_verdict(text)
    return finding if finding is not None and finding.category in ("secret", "pii") else None


def placeholder(finding: Finding) -> str:
    return texts.REDACTED.format(kind=finding.label)


def redact(text: str) -> Redacted:
    """`text` with every secret or identifier the guards find replaced by a placeholder."""
    if _flag(text) is None:
        return Redacted(text)
    removed: list[str] = []
    kinds: list[str] = []
    lines = [_redact_line(line, removed, kinds) for line in text.split("\n")]
    return Redacted("\n".join(lines), tuple(removed), tuple(dict.fromkeys(kinds)))


def _redact_line(line: str, removed: list[str], kinds: list[str]) -> str:
    finding = _flag(line)
    if finding is None:
        return line
    parts = _WORDS.split(line)  # words at even indexes, the spaces between at odd ones
    for i in range(0, len(parts), 2):
        alone = _flag(parts[i]) if parts[i] else None
        if alone is not None:
            lead, core, trail = _PUNCTUATED.fullmatch(parts[i]).groups()  # type: ignore[union-attr]
            if not core or _flag(core) is None:
                lead, core, trail = "", parts[i], ""
            removed.append(core)
            kinds.append(alone.label)
            parts[i] = lead + placeholder(alone) + trail
    for _ in range(len(parts)):  # each round masks at least one word
        finding = _flag("".join(parts))
        if finding is None:
            return "".join(parts)
        if finding.rule == "guard_timeout":
            break
        window = _clearing_window(parts, placeholder(finding))
        if window is None:
            break
        start, end = _widen(parts, *window)
        removed.append("".join(parts[start:end]))
        kinds.append(finding.label)
        parts[start:end] = [placeholder(finding)]
    assert finding is not None
    removed.append(line)
    kinds.append(finding.label)
    return placeholder(finding)


def _clearing_window(parts: list[str], mask: str) -> tuple[int, int] | None:
    """The shortest run of words (a slice of `parts`) whose masking clears the line,
    the rightmost first: the value comes after the words that introduce it."""
    words = [i for i in range(0, len(parts), 2) if not _is_placeholder(parts[i])]
    if len(words) > _MAX_WINDOW_WORDS:
        return None
    for size in range(1, len(words) + 1):
        for first in reversed(range(len(words) - size + 1)):
            start, end = words[first], words[first + size - 1] + 1
            if _flag("".join([*parts[:start], mask, *parts[end:]])) is None:
                return start, end
    return None


def _widen(parts: list[str], start: int, end: int) -> tuple[int, int]:
    """Take in the neighbouring words that look like more of the value (digits or
    symbols): the other groups of a card number, the rest of a password."""
    while start >= 2 and _value_like(parts[start - 2]):
        start -= 2
    while end + 1 < len(parts) and _value_like(parts[end + 1]):
        end += 2
    return start, end


def _value_like(word: str) -> bool:
    word = word.strip(".,;:!?()\"'")
    if not word or _is_placeholder(word):
        return False
    return any(ch.isdigit() for ch in word) or not word.replace("-", "").isalpha()


def _is_placeholder(word: str) -> bool:
    return word.startswith("[") and word.endswith(" removed]")


def scrub(reply: str, redactions: Sequence[Redacted]) -> str:
    """The reply without anything that was masked on the way in, nor anything the
    guards flag in it (a model may produce a secret from elsewhere)."""
    for redacted in redactions:
        for piece in sorted(redacted.removed, key=len, reverse=True):
            if piece.strip():
                reply = reply.replace(piece, texts.REDACTED.format(kind="a secret"))
    return redact(reply).text


def redact_messages(
    text: str, thread: Sequence[ChatMessage]
) -> tuple[Redacted, tuple[ChatMessage, ...], list[Redacted]]:
    """The turn's text and its thread, masked; every Redacted, for `scrub`."""
    turn = redact(text)
    done = [turn]
    masked_thread = []
    for message in thread:
        redacted = redact(message.content)
        done.append(redacted)
        masked_thread.append(ChatMessage(message.role, redacted.text))
    return turn, tuple(masked_thread), done
