"""`memorybot slack`, the command only: the Slack process lives in `bots.slack`.

Kept apart so that every other CLI call (`memorybot stats`, `memories`, `forget`) does
not import aiohttp and the Slack process to register one command: that import was
about 0.4 s of a connected `memorybot stats`. The process module is imported when the
command runs.
"""

from __future__ import annotations

import asyncio

import click

from bots.config import AppConfig, ConfigError
from bots.redact import redact
from core.faults import FAULTS, explain
from core.texts import install_hint


@click.command()
@click.option("--http", "http_mode", is_flag=True, help="HTTP mode (default: Socket Mode).")
@click.option("--port", type=click.IntRange(1, 65535), help="HTTP port (default 3000).")
@click.option("--host", default="0.0.0.0", show_default=True, help="HTTP bind address.")
@click.pass_obj
def slack(config: AppConfig, http_mode: bool, port: int | None, host: str) -> None:
    """Run the Slack bot (Socket Mode; --http --port N for HTTP mode)."""
    if port is not None and not http_mode:
        raise click.UsageError("--port only applies to HTTP mode: add --http")
    try:
        import slack_bolt  # noqa: F401
    except ImportError:
        raise click.ClickException(
            "the Slack bot needs slack-bolt: " + install_hint("slack")
        ) from None
    from bots import slack as process

    try:
        slack_config = process.load_slack_config(config.env, http=http_mode)
        asyncio.run(process.run(config, slack_config, http_mode, host, port or 3000))
    except ConfigError as exc:
        raise click.ClickException(redact(str(exc))) from None
    except FAULTS as exc:  # e.g. the database is down: one line, not a traceback
        raise click.ClickException(redact(explain(exc))) from None
    except KeyboardInterrupt:
        pass
