"""`memorybot` — the command line. Each command mirrors one call of the Python API.

memorybot remember "the staging DB is on port 6543"
memorybot recall "which port is staging on?"
memorybot chat            # the console bot
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click

from bots import cli_connected
from bots.config import AppConfig, ConfigError, load_config
from bots.wiring import open_service
from core.commands import COMMANDS, CommandRequest, run_command
from core.models import Scope
from core.ports import StoreUnavailable
from core.service import MemoryService


def fail(message: str) -> None:
    raise click.ClickException(message)


def with_service(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
    """Run an async command body with an open service; config errors become clean exits."""

    @click.pass_obj
    @wraps(fn)
    def wrapper(config: AppConfig, *args: Any, **kwargs: Any) -> Any:
        async def body() -> Any:
            async with open_service(config) as service:
                return await fn(service, config, *args, **kwargs)

        try:
            return asyncio.run(body())
        except StoreUnavailable as exc:
            fail(f"the database is unavailable, try again ({exc})")

    return wrapper


def emit(data: Any, as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str) if as_json else text)


@click.group()
@click.option("--db", "database_url", envvar="MEMORYBOT_DATABASE_URL", help="Database URL.")
@click.option("--workspace", "-w", help="Workspace id (default: MEMORYBOT_WORKSPACE or local).")
@click.option("--user", "-u", help="Act as this user (default: MEMORYBOT_USER or $USER).")
@click.version_option(package_name="memorybot")
@click.pass_context
def cli(ctx: click.Context, database_url: str | None, workspace: str | None, user: str | None):
    """memorybot: long-term memory for a chat assistant."""
    try:
        config = load_config()
    except ConfigError as exc:
        fail(str(exc))
    overrides = {"database_url": database_url, "workspace": workspace, "user": user}
    ctx.obj = AppConfig(**{**config.__dict__, **{k: v for k, v in overrides.items() if v}})
    logging.basicConfig(level=config.log_level, format="%(levelname)s %(name)s: %(message)s")


async def _command(service: MemoryService, config: AppConfig, name: str, text: str) -> Any:
    request = CommandRequest(config.workspace, config.user, "cli", text, platform="cli")
    return await run_command(service, name, request)


@cli.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--global", "is_global", is_flag=True, help="Share with the whole workspace.")
@click.option("--json", "as_json", is_flag=True)
@with_service
async def remember(service, config, text, is_global, as_json):
    """Save a memory.  Example: memorybot remember "we deploy on Tuesdays" """
    scope = Scope.GLOBAL if is_global else Scope.PRIVATE
    response = await _command(
        service, config, (scope == Scope.GLOBAL and "global") or "remember", " ".join(text)
    )
    emit(response.data, as_json, response.plain())
    if not response.ok:
        sys.exit(1)


@cli.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", "-n", default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@with_service
async def recall(service, config, query, limit, as_json):
    """Recall the memories that best match a question."""
    hits = await service.recall(config.workspace, config.user, " ".join(query), limit)
    rows = [
        {
            "id": h.id,
            "score": h.score,
            "kind": h.kind.value,
            "scope": h.scope.value,
            "content": h.content,
        }
        for h in hits
    ]
    text = (
        "\n".join(f"{r['score']:.3f}  {r['content']}  [{r['kind']}, {r['scope']}]" for r in rows)
        or "Nothing recalled."
    )
    emit(rows, as_json, text)


@cli.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True)
@with_service
async def forget(service, config, query, as_json):
    """Forget the memories containing all these words (or the one with this id)."""
    response = await _command(service, config, "forget", " ".join(query))
    emit(response.data, as_json, response.plain())


@cli.command()
@click.option("--json", "as_json", is_flag=True)
@with_service
async def memories(service, config, as_json):
    """List recent memories, the review queue and storage usage."""
    response = await _command(service, config, "memories", "")
    emit(response.data, as_json, response.plain())


@cli.command()
@click.argument("audit_id", required=False)
@with_service
async def undo(service, config, audit_id):
    """Undo your last change (or the one with this audit id)."""
    result = await service.undo(config.workspace, config.user, audit_id)
    click.echo(f"↩️ Undone: {result.action}." if result.ok else "Nothing to undo.")


@cli.command()
@click.option("--json", "as_json", is_flag=True)
@with_service
async def stats(service, config, as_json):
    """Memory count, entity count and size for you and your workspace."""
    s = await service.stats(config.workspace, config.user)
    emit(s.__dict__, as_json, "\n".join(f"{k.rstrip('_')}: {v}" for k, v in s.__dict__.items()))


@cli.command("export")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path))
@with_service
async def export_(service, config, output):
    """Export your memories as JSONL (stdout by default)."""
    from core.portability import export_jsonl

    lines = [line async for line in export_jsonl(service, config.workspace, config.user)]
    text = "".join(line + "\n" for line in lines)
    if output:
        output.write_text(text, encoding="utf-8")
        click.echo(f"Exported {len(lines)} memories to {output}", err=True)
    else:
        click.echo(text, nl=False)


@cli.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_service
async def import_(service, config, path):
    """Import memories from JSONL (each line passes the guards again)."""
    from core.portability import import_jsonl

    lines = path.read_text(encoding="utf-8").splitlines()
    with click.progressbar(length=len(lines), label="Importing", file=sys.stderr) as bar:
        report = await import_jsonl(service, config.workspace, config.user, lines, bar.update)
    summary = ", ".join(f"{n} {status}" for status, n in sorted(report.by_status.items()))
    click.echo(f"Imported {report.total} lines: {summary or 'nothing'}")
    for number, reason in report.refused:
        click.echo(f"  line {number}: refused ({reason})")


@cli.command()
@click.option("--channel", "-c", default="general", show_default=True)
@click.option("--admin", is_flag=True, help="Act as a workspace admin.")
@with_service
async def chat(service, config, channel, admin):
    """The console bot: slash commands and chat in this terminal."""
    from adapters.console import ConsoleContext
    from bots.console import run_console

    await run_console(service, ConsoleContext(config.workspace, config.user, channel, admin))


@cli.group()
def db() -> None:
    """Database housekeeping."""


@db.command()
@with_service
async def migrate(service, config):
    """Apply pending schema migrations."""
    applied = await service.store.migrate()
    click.echo(f"Database at {config.database_url} is up to date.")
    for name in applied:
        click.echo(f"  applied {name}")


@cli.command("commands")
def list_commands() -> None:
    """List the slash commands every platform offers."""
    for spec in COMMANDS.values():
        click.echo(f"/{spec.name:<10} {spec.description}")


cli_connected.register(cli, db)


def main() -> None:
    cli(prog_name="memorybot")


if __name__ == "__main__":
    main()
