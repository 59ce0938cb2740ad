"""`memorybot slack`: the Slack bot process, in Socket Mode (default) or HTTP mode.

    SLACK_BOT_TOKEN=xoxb-… SLACK_APP_TOKEN=xapp-… memorybot slack
    SLACK_BOT_TOKEN=xoxb-… SLACK_SIGNING_SECRET=… memorybot slack --http --port 3000

HTTP mode serves Slack at POST /slack/events, liveness at GET /healthz and readiness
(database reachable, migrations current: 200, else 503) at GET /readyz.
MEMORYBOT_SLACK_API_URL points the Web API elsewhere (GovSlack, a proxy, a test
fake). Settings are read here, from the configuration `bots.config` loaded, and
checked before anything connects, so a wrong token fails with a clear message.
The process also runs the daily consolidation (tidy-up) of the workspace its token
serves (`core.governance.schedule`), and stops it before the service closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
import click
from aiohttp import web

from bots.config import AppConfig, ConfigError
from bots.wiring import open_service
from core.commands.registry import COMMAND_PREFIX
from core.faults import FAULTS, explain

if TYPE_CHECKING:  # slack-bolt is an optional extra: imported only when the bot runs
    from adapters.slack import SlackBot

log = logging.getLogger(__name__)

DEFAULT_API_URL = "https://slack.com/api/"
EVENTS_PATH = "/slack/events"
HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"


@dataclass(frozen=True)
class SlackConfig:
    bot_token: str = field(repr=False)
    app_token: str = field(default="", repr=False)  # Socket Mode
    signing_secret: str = field(default="", repr=False)  # HTTP mode
    api_url: str = DEFAULT_API_URL
    command_prefix: str = ""  # MEMORYBOT_SLACK_COMMAND_PREFIX, as in the manifest


def _token(env: Mapping[str, str], name: str, prefix: str, what: str, where: str) -> str:
    value = env.get(name, "").strip()
    if not value:
        raise ConfigError(f"{name} is not set: copy the {what} ({prefix}…) from {where}")
    if not value.startswith(prefix):
        # Name the kind of token that was pasted (its prefix), never the token itself.
        kind = value.split("-", 1)[0] + "-" if "-" in value[:6] else "something else"
        raise ConfigError(f"{name} must be a {what} starting with {prefix} (got {kind}); {where}")
    return value


def load_slack_config(env: Mapping[str, str], *, http: bool) -> SlackConfig:
    """Validate the Slack settings for one mode; raises ConfigError naming what to fix."""
    bot_token = _token(
        env, "SLACK_BOT_TOKEN", "xoxb-", "bot token", "OAuth & Permissions → Bot User OAuth Token"
    )
    app_token = secret = ""
    if http:
        secret = env.get("SLACK_SIGNING_SECRET", "").strip()
        if not secret:
            raise ConfigError(
                "SLACK_SIGNING_SECRET is not set: HTTP mode needs it to verify requests "
                "(Basic Information → App Credentials → Signing Secret)"
            )
        if secret.startswith(("xox", "xapp-")) or any(c.isspace() for c in secret):
            raise ConfigError(
                "SLACK_SIGNING_SECRET does not look like a signing secret (a token was "
                "pasted?); copy it from Basic Information → App Credentials"
            )
    else:
        app_token = _token(
            env,
            "SLACK_APP_TOKEN",
            "xapp-",
            "app-level token",
            "Basic Information → App-Level Tokens (scope connections:write); "
            "or run with --http for HTTP mode",
        )
    api_url = env.get("MEMORYBOT_SLACK_API_URL", "").strip() or DEFAULT_API_URL
    parts = urlsplit(api_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(
            "MEMORYBOT_SLACK_API_URL must be an http(s) URL such as https://slack.com/api/, "
            f"got {api_url!r}"
        )
    prefix = env.get("MEMORYBOT_SLACK_COMMAND_PREFIX", "").strip()
    if not COMMAND_PREFIX.fullmatch(prefix):
        raise ConfigError(
            "MEMORYBOT_SLACK_COMMAND_PREFIX takes lowercase letters, digits, - and _ "
            f"(e.g. mb-), the one given to the manifest generator; got {prefix!r}"
        )
    return SlackConfig(bot_token, app_token, secret, api_url.rstrip("/") + "/", prefix)


def http_application(bot: SlackBot) -> web.Application:
    """Bolt's aiohttp application at /slack/events, plus /healthz (liveness: the
    process answers) and /readyz (readiness: the database is reachable and its
    migrations are current) for load balancers and orchestrators."""

    async def healthz(_: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    async def readyz(_: web.Request) -> web.Response:
        try:
            problems = await bot.service.store.readiness()
        except FAULTS as exc:
            problems = [explain(exc)]
        if problems:
            log.warning("not ready: %s", "; ".join(problems))
        status = 503 if problems else 200
        return web.json_response({"ok": not problems, "problems": problems}, status=status)

    application = bot.app.web_app(path=EVENTS_PATH)
    application.middlewares.append(malformed_payloads)
    application.router.add_get(HEALTH_PATH, healthz)
    application.router.add_get(READY_PATH, readyz)
    return application


def payload_problem(body: str) -> str | None:
    """Why an interactivity body (`payload=<json>`) is malformed, or None when it is
    well-formed (or not an interactivity body at all)."""
    form = parse_qs(body, keep_blank_values=True)
    if "payload" not in form:
        return None
    try:
        payload = json.loads(form["payload"][0])
    except ValueError:
        return "payload is not JSON"
    if not isinstance(payload, dict):
        return "payload is not an object"
    actions = payload.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        return "actions is not a list of objects"
    for name in ("view", "user", "team", "channel", "container"):
        if name in payload and not isinstance(payload[name], dict | None):
            return f"{name} is not an object"
    return None


@web.middleware
async def malformed_payloads(request: web.Request, handler: Any) -> web.StreamResponse:
    """A malformed interactivity payload is answered 400 with one log line, before
    Bolt would fail on it with a traceback and a 500."""
    if request.method == "POST" and request.path == EVENTS_PATH:
        try:
            problem = payload_problem((await request.read()).decode("utf-8"))
        except UnicodeDecodeError:
            problem = "the body is not UTF-8"
        if problem is not None:
            log.warning("slack: refused a malformed request (400): %s", problem)
            return web.json_response({"ok": False, "error": problem}, status=400)
    return await handler(request)


async def check_token(bot: SlackBot) -> str:
    """Fail at start, not at the first message, when Slack refuses the bot token; else
    the workspace the token serves (its team, or its org for an org-wide install)."""
    from slack_sdk.errors import SlackApiError

    try:
        auth = await bot.client.auth_test()
    except SlackApiError as exc:
        raise ConfigError(
            f"Slack refused SLACK_BOT_TOKEN ({exc.response.get('error', 'error')}): "
            "reinstall the app and copy the Bot User OAuth Token again"
        ) from None
    except aiohttp.ClientError as exc:
        raise ConfigError(f"cannot reach the Slack Web API ({exc.__class__.__name__})") from None
    return str(auth.get("team_id") or auth.get("enterprise_id") or "")


def stop_signal() -> asyncio.Event:
    """Set on SIGTERM or SIGINT, so the bot stops taking requests and finishes its work."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, stop.set)
    return stop


async def serve_http(bot: SlackBot, host: str, port: int) -> web.AppRunner:
    runner = web.AppRunner(http_application(bot))
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


async def run(
    config: AppConfig,
    slack: SlackConfig,
    http: bool,
    host: str,
    port: int,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve until `stop` is set (by default: until SIGTERM or SIGINT)."""
    from adapters.slack import SlackBot
    from core.governance.schedule import consolidation_schedule
    async with open_service(config, starting=True) as service:
        bot = SlackBot(
            service,
            token=slack.bot_token,
            signing_secret=slack.signing_secret,
            api_url=slack.api_url,
            command_prefix=slack.command_prefix,
        )
        workspace = await check_token(bot)
        schedule = consolidation_schedule(service.jobs, lambda: [workspace]).start()
        click.echo(f"memorybot: daily tidy-up scheduled for workspace {workspace}", err=True)
        stop = stop or stop_signal()
        try:
            if http:
                await serve_http_until(stop, bot, host, port)
            else:
                await serve_socket_until(stop, bot, slack)
        finally:
            await schedule.stop()  # before the service closes (and drains its jobs)


async def serve_http_until(stop: asyncio.Event, bot: SlackBot, host: str, port: int) -> None:
    runner = await serve_http(bot, host, port)
    click.echo(f"memorybot: Slack HTTP mode on http://{host}:{port}{EVENTS_PATH}", err=True)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
        await bot.drain()


async def serve_socket_until(stop: asyncio.Event, bot: SlackBot, slack: SlackConfig) -> None:
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
    from slack_sdk.errors import SlackApiError

    handler = AsyncSocketModeHandler(bot.app, slack.app_token)
    # The SDK retries a refused app token forever; ask once ourselves, so a
    # wrong token stops the start with a message, and hand it the URL we got.
    try:
        opened = await bot.client.apps_connections_open(app_token=slack.app_token)
    except SlackApiError as exc:
        raise ConfigError(
            f"Slack refused SLACK_APP_TOKEN ({exc.response.get('error', 'error')}): "
            "it needs the connections:write scope and Socket Mode turned on"
        ) from None
    handler.client.wss_uri = opened["url"]
    await handler.connect_async()
    click.echo("memorybot: Slack Socket Mode connected", err=True)
    try:
        await stop.wait()
    finally:
        await handler.close_async()
        await bot.drain()
