"""What a log line may say about a failure: its summary, never the words it carries.

Issue 12 ("no echo, anywhere"): at MEMORYBOT_LOG_LEVEL=DEBUG no memory text, query or
chat message reaches the log. Exception messages are the sly way in: a model server's
400 repeats the prompt, a refusal quotes the user, a database error names the row's
values. So a log line shows an exception's `summary` (ProviderError and memorybot's
own errors whose messages are written never to hold user text) or else only its type,
and a traceback shows where it happened (files, lines, code) but not the messages.

The whole message and the usual traceback come back only under the documented opt-in
MEMORYBOT_LOG_PAYLOADS=1, which `bots.redact.configure_logging` passes to
`log_payloads` once at start-up (core never reads the environment).
"""

from __future__ import annotations

import logging
import traceback

_payloads = False


class SafeMessage:
    """Mixin for an exception whose message is written never to hold user text (a
    count, a shape, a reason): the message is its summary, so logs keep it."""

    @property
    def summary(self) -> str:
        return str(self)


def log_payloads(enabled: bool) -> None:
    """Turn payload logging on or off for the process (the CLI's logging set-up)."""
    global _payloads
    _payloads = bool(enabled)


def payloads_logged() -> bool:
    """True when MEMORYBOT_LOG_PAYLOADS asked for message bodies in the log."""
    return _payloads


def summary_of(exc: BaseException) -> str:
    """`exc` as a stored job error or an admin's log may show it without the opt-in:
    its `summary` when it has one, else its type name (the message is unknown text)."""
    summary = getattr(exc, "summary", None)
    return summary if isinstance(summary, str) and summary else type(exc).__name__


def loggable(exc: BaseException) -> str:
    """`exc` for a log line: its summary, or its whole message under the opt-in."""
    if _payloads:
        return str(exc) or type(exc).__name__
    return summary_of(exc)


def stack(exc: BaseException) -> str:
    """Where `exc` (and what caused it) happened: frames and type names, no messages."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__))
        name, summary = type(current).__name__, summary_of(current)
        parts.append(frames + (name if summary == name else f"{name}: {summary}"))
        current = current.__cause__ or current.__context__
    return "\n(caused by)\n".join(parts)


def log_failure(logger: logging.Logger, exc: BaseException, message: str, *args: object) -> None:
    """An ERROR line for an unexpected failure at the top of a task: the usual
    traceback under the opt-in, else the summary and a message-free stack."""
    if _payloads:
        logger.error(message, *args, exc_info=exc)
    else:
        logger.error(f"{message}: %s\n%s", *args, summary_of(exc), stack(exc))
