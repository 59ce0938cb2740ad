"""`memorybot discord` and `memorybot discord sync`: configuration and start-up errors
are one clear line naming what to fix, never a traceback and never the token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bots.cli import cli
from tests.discord.conftest import fake_in_thread
from tests.fakes.discord_server import APP_ID, BOT_TOKEN, GUILD

ROOT = Path(__file__).resolve().parents[2]
OTHER_TOKEN = "MTQwMDAwMDAwMDAwMDAwMDAwOQ.GwRoNg.not-the-right-token_0123456789abcdef"


@pytest.fixture
def run(tmp_path):
    def invoke(*args: str, **env: str):
        environment = {
            "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/cli.db",
            "DISCORD_TOKEN": "",
            "MEMORYBOT_DISCORD_API_URL": "",
            "MEMORYBOT_DISCORD_GATEWAY_URL": "",
            **env,
        }
        return CliRunner().invoke(cli, list(args), env=environment, catch_exceptions=False)

    return invoke


def test_the_discord_command_is_part_of_memorybot(run):
    result = run("--help")
    assert "discord" in result.output


def test_starting_without_a_token_says_where_to_get_one(run):
    result = run("discord")
    assert result.exit_code == 1
    assert "DISCORD_TOKEN is not set" in result.output
    assert "https://discord.com/developers/applications" in result.output


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("not-a-token", "does not look like a bot token"),
        ("abc.def", "does not look like a bot token"),
        ("abc.d ef.ghi", "does not look like a bot token"),
        (f"Bot {BOT_TOKEN}", "without the 'Bot ' prefix"),
    ],
)
def test_a_malformed_token_is_refused_without_echoing_it(run, token, message):
    result = run("discord", DISCORD_TOKEN=token)
    assert result.exit_code == 1
    assert message in result.output
    assert token.removeprefix("Bot ") not in result.output


def test_a_token_discord_rejects_says_to_reset_it(run):
    with fake_in_thread() as (fake, _):
        result = run("discord", DISCORD_TOKEN=OTHER_TOKEN, MEMORYBOT_DISCORD_API_URL=fake.api_url)
        asked = [(c.method, c.path) for c in fake.calls]
    assert result.exit_code == 1
    assert "Discord rejected DISCORD_TOKEN (401 Unauthorized)" in result.output
    assert OTHER_TOKEN not in result.output
    assert asked == [("GET", "/users/@me")]


def test_an_unreachable_discord_api_is_named(run):
    result = run("discord", DISCORD_TOKEN=BOT_TOKEN, MEMORYBOT_DISCORD_API_URL="http://127.0.0.1:9")
    assert result.exit_code == 1
    assert "Could not reach Discord at http://127.0.0.1:9/api/v10" in result.output


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("MEMORYBOT_DISCORD_API_URL", "ftp://proxy", "must be an http(s) URL"),
        ("MEMORYBOT_DISCORD_GATEWAY_URL", "http://proxy", "must be a ws:// or wss:// URL"),
    ],
)
def test_proxy_urls_are_validated(run, name, value, message):
    result = run("discord", DISCORD_TOKEN=BOT_TOKEN, **{name: value})
    assert result.exit_code == 1
    assert f"{name} {message}" in result.output


def test_shard_ids_need_the_total(run):
    result = run("discord", "--shard-ids", "0,1", DISCORD_TOKEN=BOT_TOKEN)
    assert result.exit_code == 2
    assert "needs --shards" in result.output


def test_sync_registers_the_commands_in_one_guild_through_an_api_proxy(run):
    with fake_in_thread() as (fake, _):
        proxy = fake.api_url.removesuffix("/api/v10")  # the version is added when missing
        result = run(
            "discord", "sync", "--guild", str(GUILD.id),
            DISCORD_TOKEN=BOT_TOKEN, MEMORYBOT_DISCORD_API_URL=proxy,
        )  # fmt: skip
        puts = fake.calls_to("PUT", rf"/applications/{APP_ID}/guilds/{GUILD.id}/commands")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Registered 8 commands in server {GUILD.id}: /remember")
    assert len(puts) == 1


def test_memorybot_discord_runs_the_bot_and_answers_a_command(tmp_path):
    """The real process: `python -m bots discord`, against the fake on loopback."""
    with fake_in_thread() as (fake, call):
        env = {
            **os.environ,
            "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/process.db",
            "DISCORD_TOKEN": BOT_TOKEN,
            "MEMORYBOT_DISCORD_API_URL": fake.api_url,
            "MEMORYBOT_DISCORD_GATEWAY_URL": fake.gateway_url,
        }
        process = subprocess.Popen(
            [sys.executable, "-m", "bots", "discord"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            call(fake.wait_ready(timeout=20))
            ex = call(fake.slash("remember", {"text": "we deploy on Tuesdays"}))
            first = call(fake.callback_for(ex))
            reply = call(fake.followup_for(ex))
        finally:
            process.terminate()
            output = process.communicate(timeout=10)[0].decode()
    assert first.body["type"] == 5, output
    assert reply.body["content"] == "🧠 Saved to memory.", output
    assert [c.path for c in fake.calls[:3]] == [
        "/users/@me",
        "/oauth2/applications/@me",
        "/gateway/bot",
    ]
