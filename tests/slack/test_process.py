"""`memorybot slack`: clear start-up errors, and the real process in both modes."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import pytest
from click.testing import CliRunner

from bots.cli import cli
from bots.config import ConfigError, load_config
from bots.slack import check_token, load_slack_config, run
from core import texts
from tests.fakes.slack_server import SECRET, command_payload, sign
from tests.slack.conftest import ALICE, APP_TOKEN, BOT_TOKEN

ROOT = Path(__file__).resolve().parents[2]
SOCKET_ENV = {"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_APP_TOKEN": APP_TOKEN}
HTTP_ENV = {"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET}


@pytest.mark.parametrize(
    ("env", "http", "expected"),
    [
        ({}, False, "SLACK_BOT_TOKEN is not set"),
        ({"SLACK_BOT_TOKEN": "xapp-1-abc"}, False, "starting with xoxb- (got xapp-)"),
        ({"SLACK_BOT_TOKEN": "xoxp-123"}, False, "starting with xoxb- (got xoxp-)"),
        ({"SLACK_BOT_TOKEN": BOT_TOKEN}, False, "SLACK_APP_TOKEN is not set"),
        ({**SOCKET_ENV, "SLACK_APP_TOKEN": BOT_TOKEN}, False, "starting with xapp- (got xoxb-)"),
        ({"SLACK_BOT_TOKEN": BOT_TOKEN}, True, "SLACK_SIGNING_SECRET is not set"),
        ({**HTTP_ENV, "SLACK_SIGNING_SECRET": BOT_TOKEN}, True, "does not look like a signing"),
        ({**SOCKET_ENV, "MEMORYBOT_SLACK_API_URL": "slack.com/api"}, False, "http(s) URL"),
    ],
)
def test_missing_or_wrong_settings_stop_the_start_with_a_clear_error(env, http, expected):
    with pytest.raises(ConfigError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        load_slack_config(env, http=http)


def test_an_error_never_echoes_a_token():
    with pytest.raises(ConfigError) as caught:
        load_slack_config({"SLACK_BOT_TOKEN": "xoxp-SECRETVALUE"}, http=False)
    assert "SECRETVALUE" not in str(caught.value)


def test_the_cli_reports_config_errors_and_exits_1(tmp_path):
    env = {"SLACK_BOT_TOKEN": "xapp-1-x", "MEMORYBOT_DATA_DIR": str(tmp_path)}
    result = CliRunner().invoke(cli, ["slack"], env=env)
    assert result.exit_code == 1
    assert "SLACK_BOT_TOKEN must be a bot token starting with xoxb-" in result.output
    result = CliRunner().invoke(cli, ["slack", "--port", "8080"], env={**env, **SOCKET_ENV})
    assert result.exit_code == 2 and "--port only applies to HTTP mode" in result.output


def test_the_api_url_defaults_to_slack_and_can_point_elsewhere():
    assert load_slack_config(SOCKET_ENV, http=False).api_url == "https://slack.com/api/"
    gov = {**SOCKET_ENV, "MEMORYBOT_SLACK_API_URL": "https://slack-gov.com/api"}
    assert load_slack_config(gov, http=False).api_url == "https://slack-gov.com/api/"


async def test_the_token_check_names_the_workspace_whose_memories_get_the_daily_tidy_up(bot):
    assert await check_token(bot) == "T1"


@pytest.mark.parametrize("http", [True, False], ids=["http", "socket"])
async def test_the_bot_runs_the_daily_tidy_up_and_stops_it_on_shutdown(slack, tmp_path, http):
    env = {"MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/bot.db"}
    config = load_config({**env, "MEMORYBOT_DATA_DIR": str(tmp_path)}, dotenv=None)
    tokens = {**(HTTP_ENV if http else SOCKET_ENV), "MEMORYBOT_SLACK_API_URL": slack.api_url}
    stop = asyncio.Event()
    bot = asyncio.create_task(
        run(config, load_slack_config(tokens, http=http), http, "127.0.0.1", free_port(), stop)
    )

    def schedules() -> list[asyncio.Task]:
        return [t for t in asyncio.all_tasks() if t.get_name() == "consolidation"]

    for _ in range(250):
        if schedules() and (http or slack.connected.is_set()):
            break
        await asyncio.sleep(0.02)
    [schedule] = schedules()
    assert not schedule.done()
    stop.set()
    await asyncio.wait_for(bot, 10)
    assert schedule.cancelled() and schedules() == []


async def test_a_token_slack_refuses_is_a_start_up_error(bot, slack):
    slack.errors["auth.test"] = "invalid_auth"
    with pytest.raises(ConfigError, match=r"Slack refused SLACK_BOT_TOKEN \(invalid_auth\)"):
        await check_token(bot)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def bot_process(args: list[str], env: dict[str, str], tmp_path) -> AsyncIterator:
    """`python -m bots slack …` as a child process, stopped (by its pid) at the end."""
    full_env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "MEMORYBOT_"))},
        **env,
        "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/bot.db",
        "MEMORYBOT_DATA_DIR": str(tmp_path),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bots",
        "slack",
        *args,
        cwd=ROOT,
        env=full_env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


async def wait_for_line(process, text: str, timeout: float = 20.0) -> None:
    async def read() -> None:
        while True:
            line = await process.stderr.readline()
            if not line:
                raise AssertionError(f"process ended before printing {text!r}")
            if text in line.decode():
                return

    await asyncio.wait_for(read(), timeout)


def assert_stopped_cleanly(stderr: bytes) -> None:
    """No task (the consolidation schedule, a listener's work) left behind or failing."""
    text = stderr.decode()
    assert "Traceback" not in text and "Task was destroyed" not in text, text


async def test_http_mode_process_serves_events_and_health(slack, tmp_path):
    port = free_port()
    env = {**HTTP_ENV, "MEMORYBOT_SLACK_API_URL": slack.api_url}
    async with bot_process(
        ["--http", "--port", str(port), "--host", "127.0.0.1"], env, tmp_path
    ) as proc:
        await wait_for_line(proc, "daily tidy-up scheduled for workspace T1")
        await wait_for_line(proc, "HTTP mode on")
        base = f"http://127.0.0.1:{port}"
        key, url = slack.response_url()
        body = urlencode(command_payload("remember", "we use Postgres 16", ALICE, "C1", url))
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/healthz") as health:
                assert health.status == 200
            headers = {"Content-Type": "application/x-www-form-urlencoded", **sign(body)}
            async with session.post(f"{base}/slack/events", data=body, headers=headers) as r:
                assert r.status == 200
            async with session.post(f"{base}/slack/events", data=body) as unsigned:
                assert unsigned.status == 401
        for _ in range(100):
            if slack.responses[key]:
                break
            await asyncio.sleep(0.05)
        assert slack.responses[key][-1]["text"] == texts.SAVED
        assert {c.token for c in slack.calls} == {BOT_TOKEN}
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 10) == 0, "a stop signal ends it cleanly"
        assert_stopped_cleanly(await proc.stderr.read())


async def test_socket_mode_process_connects_and_answers(slack, tmp_path):
    env = {**SOCKET_ENV, "MEMORYBOT_SLACK_API_URL": slack.api_url}
    async with bot_process([], env, tmp_path) as proc:
        await wait_for_line(proc, "daily tidy-up scheduled for workspace T1")
        await wait_for_line(proc, "Socket Mode connected")
        key, url = slack.response_url()
        payload = command_payload("incognito", "on", ALICE, "C1", url)
        ack = await slack.send_envelope("slash_commands", payload)
        assert ack["envelope_id"]
        for _ in range(100):
            if slack.responses[key]:
                break
            await asyncio.sleep(0.05)
        assert slack.responses[key][-1]["text"] == texts.INCOGNITO_ON
        [connect] = slack.calls_to("apps.connections.open")
        assert connect.token == APP_TOKEN
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), 10) == 0, "a stop signal ends it cleanly"
        assert_stopped_cleanly(await proc.stderr.read())


async def test_an_app_token_slack_refuses_stops_the_process_with_a_clear_error(slack, tmp_path):
    slack.errors["apps.connections.open"] = "invalid_auth"
    env = {**SOCKET_ENV, "MEMORYBOT_SLACK_API_URL": slack.api_url}
    async with bot_process([], env, tmp_path) as proc:
        _, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 1
    assert "Slack refused SLACK_APP_TOKEN (invalid_auth)" in err.decode()
