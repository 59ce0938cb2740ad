"""What the process may print and log: no database passwords, no chat payloads.

Operators paste `memorybot doctor` output and logs into tickets, so a database URL
is always shown as `postgresql://memorybot_app:***@host/db`, in output, in errors
and in every log record. At MEMORYBOT_LOG_LEVEL=DEBUG the HTTP and platform
libraries (slack_sdk, slack_bolt, discord, aiohttp, …) would log request and event
bodies — messages and memories — so they stay at INFO unless the separate opt-in
MEMORYBOT_LOG_PAYLOADS=1 asks for them (for debugging a platform, knowingly). The
same opt-in lets memorybot's own lines show whole exception messages (a model server's
error text, a refusal): without it they show summaries only (`core.logsafe`).
"""

from __future__ import annotations

import logging

from core.logsafe import log_payloads
from core.stores.urls import hide_passwords

# Libraries whose DEBUG logging prints request/response or event bodies.
PAYLOAD_LOGGERS = (
    "slack_sdk", "slack_bolt", "discord", "aiohttp", "httpx", "httpcore", "urllib3",
    "websockets", "asyncpg", "openai",
)  # fmt: skip


def redact(text: str) -> str:
    """`text` with the password of every URL (and `password=` parameter) replaced by ***
    (`core.stores.urls.hide_passwords`, which the stores' own errors use too).

    >>> redact("postgresql://memorybot_app:AppPw5ecretXYZ@db:5432/memorybot")
    'postgresql://memorybot_app:***@db:5432/memorybot'
    >>> redact("host=db password=hunter2 dbname=m")
    'host=db password=*** dbname=m'
    """
    return hide_passwords(text)


class RedactingFilter(logging.Filter):
    """Rewrites each record's message with `redact` before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def configure_logging(level: str, payloads: bool = False) -> None:
    """Root logging at `level`, every record redacted, payload loggers held at INFO
    and exception messages summarised, unless `payloads` (MEMORYBOT_LOG_PAYLOADS)."""
    log_payloads(payloads)
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
