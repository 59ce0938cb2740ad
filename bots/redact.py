"""What the process may print and log: no database passwords, no chat payloads.

Operators paste `memorybot doctor` output and logs into tickets, so a database URL
is always shown as `postgresql://memorybot_app:***@host/db`, in output, in errors
and in every log record. At MEMORYBOT_LOG_LEVEL=DEBUG the HTTP and platform
libraries (slack_sdk, slack_bolt, discord, aiohttp, …) would log request and event
bodies — messages and memories — so they stay at INFO unless the separate opt-in
MEMORYBOT_LOG_PAYLOADS=1 asks for them (for debugging a platform, knowingly).
"""

from __future__ import annotations

import logging

import regex

_URL_PASSWORD = regex.compile(
    r"(?i)\b([a-z][a-z0-9+.\-]{1,30}://[^\s:/@?#'\"<>]{0,64}:)([^\s@/'\"<>]+)(@)"
)
_PARAM_PASSWORD = regex.compile(r"(?i)\b(password|passwd|pwd|sslpassword)=([^&\s'\"]+)")

# Libraries whose DEBUG logging prints request/response or event bodies.
PAYLOAD_LOGGERS = (
    "slack_sdk", "slack_bolt", "discord", "aiohttp", "httpx", "httpcore", "urllib3",
    "websockets", "asyncpg", "openai",
)  # fmt: skip


def redact(text: str) -> str:
    """`text` with the password of every URL (and `password=` parameter) replaced by ***.

    >>> redact("postgresql://memorybot_app:AppPw5ecretXYZ@db:5432/memorybot")
    'postgresql://memorybot_app:***@db:5432/memorybot'
    >>> redact("host=db password=hunter2 dbname=m")
    'host=db password=*** dbname=m'
    """
    text = _URL_PASSWORD.sub(r"\1***\3", text, timeout=0.2)
    return _PARAM_PASSWORD.sub(r"\1=***", text, timeout=0.2)


class RedactingFilter(logging.Filter):
    """Rewrites each record's message with `redact` before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def configure_logging(level: str, payloads: bool = False) -> None:
    """Root logging at `level`, every record redacted, payload loggers held at INFO."""
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(level)  # also when handlers existed (basicConfig skipped)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
    floor = (
        logging.getLevelName(level) if payloads else max(logging.INFO, logging.getLevelName(level))
    )
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(floor)
