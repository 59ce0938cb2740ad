"""No echo, anywhere (issue 12): replies never repeat text the guard would refuse, the
CLI never prints a database password, and DEBUG logging keeps payloads out of the log."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import replace

import pytest
from click.testing import CliRunner

from adapters.console import ConsoleContext, ConsoleSession
from bots.cli import cli
from bots.redact import PAYLOAD_LOGGERS, RedactingFilter, configure_logging, redact
from core.chat.turn import ChatTurn
from core.commands import CommandRequest, run_command

WS, ALICE = "acme", "alice"
TOKEN = "ghp_" + "Zq4Lm8Rt2Xv6Bn0Kc3Wd7Hy1Fg5Js9Pa2Te6"
SEED = "thunder choose visit lock few fence mother voyage mixed clinic crop scrap"
PASSWORD = "AppPw5ecretXYZ"


def request(text: str) -> CommandRequest:
    return CommandRequest(WS, ALICE, "general", text)


@pytest.mark.parametrize("query", [TOKEN, f"my password is {PASSWORD}", SEED])
async def test_a_forget_query_the_guard_would_refuse_is_masked_in_the_reply(service, query):
    await service.remember(WS, ALICE, "the staging DB listens on port 6543")
    reply = (await run_command(service, "forget", request(query))).plain()
    assert query not in reply and PASSWORD not in reply and "Zq4Lm8" not in reply
    assert "‹hidden: " in reply


async def test_an_ordinary_forget_query_is_still_quoted_back(service):
    reply = (await run_command(service, "forget", request("lunch menu"))).plain()
    assert "“lunch menu”" in reply


async def test_an_unknown_command_named_like_a_key_is_not_repeated(service):
    reply = await run_command(service, TOKEN, request("and some words"))
    assert TOKEN not in reply.plain() and "‹hidden: a GitHub token›" in reply.plain()
    plain = await run_command(service, "frobnicate", request(""))
    assert "/frobnicate" in plain.plain()


async def test_no_command_reply_repeats_a_guarded_argument(service):
    for name in ("remember", "global", "forget", "memories", "help", "incognito"):
        reply = await run_command(service, name, request(f"note {TOKEN}"))
        assert TOKEN not in reply.plain(), name


def test_redact_hides_url_passwords_and_password_parameters():
    assert redact(f"postgresql://memorybot_app:{PASSWORD}@db/x") == (
        "postgresql://memorybot_app:***@db/x"
    )
    assert PASSWORD not in redact(f"host=db user=a password={PASSWORD}")
    assert redact("sqlite:////tmp/m.db and https://example.com/a") == (
        "sqlite:////tmp/m.db and https://example.com/a"
    )


def run_cli(*args: str, env: dict[str, str]) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result.exit_code, result.output


@pytest.fixture
def connected_env(pg, tmp_path) -> Iterator[dict[str, str]]:
    """A fresh database reached with URLs that carry passwords (trust auth ignores them)."""
    name = pg.fresh()
    app = pg.server.app_url(name).replace("memorybot_app@", f"memorybot_app:{PASSWORD}@")
    admin = pg.server.admin_url(name).replace("postgres@", f"postgres:{PASSWORD}Own@")
    assert PASSWORD in app and PASSWORD in admin
    try:
        yield {
            "MEMORYBOT_DATABASE_URL": app,
            "MEMORYBOT_DATABASE_ADMIN_URL": admin,
            "MEMORYBOT_DATA_DIR": str(tmp_path),
            "MEMORYBOT_EMBED_PRESET": "none",
            "MEMORYBOT_LOG_LEVEL": "DEBUG",
        }
    finally:
        pg.drop(name)


async def test_db_migrate_and_doctor_never_print_the_database_password(connected_env):
    code, out = await asyncio.to_thread(run_cli, "db", "migrate", env=connected_env)
    assert code == 0, out
    assert "memorybot_app:***@" in out and PASSWORD not in out
    code, out = await asyncio.to_thread(run_cli, "doctor", env=connected_env)
    assert "✅ database" in out and PASSWORD not in out


async def test_a_database_error_never_prints_the_password(connected_env, tmp_path):
    env = {
        **connected_env,
        "MEMORYBOT_DATABASE_URL": f"postgresql://memorybot_app:{PASSWORD}@/x?host={tmp_path}",
    }
    for args in (("doctor",), ("db", "migrate"), ("remember", "lunch is at noon")):
        code, out = await asyncio.to_thread(run_cli, *args, env=env)
        assert code != 0 and PASSWORD not in out, args


def test_debug_logging_keeps_payload_libraries_at_info_unless_asked():
    configure_logging("DEBUG")
    for name in PAYLOAD_LOGGERS:
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    assert logging.getLogger().level == logging.DEBUG  # memorybot's own loggers follow the root
    configure_logging("DEBUG", payloads=True)
    assert logging.getLogger("slack_sdk").isEnabledFor(logging.DEBUG)


def test_every_log_record_is_redacted_before_it_is_written(caplog):
    caplog.handler.addFilter(RedactingFilter())
    logging.getLogger("memorybot.test").warning("cannot reach %s", f"postgresql://a:{PASSWORD}@h/d")
    assert "postgresql://a:***@h/d" in caplog.text and PASSWORD not in caplog.text


async def test_even_a_trusted_model_s_reply_never_posts_a_password_to_the_channel(
    model_service, model_script
):
    # "send" trusts the model with the turn as written; what it answers still goes to a
    # team channel, so a reply line the guards would refuse is masked.
    model_service.providers.chat_config = replace(
        model_service.providers.chat_config, redact="send"
    )
    model_script.reply = "Sure.\nThe NAS admin password is Kx9#vQ2mLp\nAnything else?"
    result = await model_service.chat(ChatTurn(WS, ALICE, "general", "how do I log in to the NAS?"))
    assert "Kx9#vQ2mLp" not in result.text
    assert result.text.splitlines() == ["Sure.", "‹hidden: a password›", "Anything else?"]
    await model_service.jobs.drain()


async def test_console_switches_never_repeat_a_guarded_name(service):
    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "general"))
    assert TOKEN not in await console.handle(f"/as {TOKEN}")
    assert TOKEN not in await console.handle(f"/channel {TOKEN}")
