"""`memorybot` — the command line. Each command mirrors one call of the Python API.

memorybot remember "the staging DB is on port 6543"
memorybot recall "which port is staging on?"
memorybot chat            # the console bot
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, NoReturn, ParamSpec, TypeVar

import click

from bots import cli_connected
from bots.config import AppConfig, ConfigError, check_database_url, load_config
from bots.connected import is_connected, queue_backfill
from bots.discord import discord_command
from bots.redact import configure_logging, redact
from bots.slack_command import slack
from bots.wiring import open_service, open_store_only
from core import texts
from core.faults import FAULTS, explain
from core.models import KEY_FIELDS, Principal, Scope
from core.providers.encryption import SecretBox, SecretKeyError
from core.responses import ActionKind, Response
from core.validation import InvalidInput, broken_text

if TYPE_CHECKING:  # the service, commands and guards load when a command opens one
    from core.ports import Store
    from core.service import MemoryService

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str) -> NoReturn:
    raise click.ClickException(redact(message))


def with_service(
    fn: Callable[Concatenate[MemoryService, AppConfig, P], Awaitable[R]],
) -> Callable[P, R]:
    """Run an async command body with an open service; config errors become clean exits.

    The body takes (service, config, *click's parameters); the command click sees
    takes click's parameters alone (`pass_obj` supplies the config)."""

    @click.pass_obj
    @wraps(fn)
    def wrapper(config: AppConfig, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async def body() -> R:
            async with open_service(config) as service:
                return await fn(service, config, *args, **kwargs)

        return run_body(body)

    return wrapper


def write_private(path: Path, text: str) -> None:
    """Write an export as the database itself is kept: a new file readable by its owner
    only (0600), since it holds the same private memories (issue 11)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)


def with_store(
    fn: Callable[Concatenate[Store, AppConfig, P], Awaitable[R]],
) -> Callable[P, R]:
    """`with_service` for a command that reads only the store: it opens the store alone
    (`bots.wiring.open_store_only`), so neither the service nor a provider loads."""

    @click.pass_obj
    @wraps(fn)
    def wrapper(config: AppConfig, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async def body() -> R:
            async with open_store_only(config) as store:
                return await fn(store, config, *args, **kwargs)

        return run_body(body)

    return wrapper


def run_body(body: Callable[[], Coroutine[Any, Any, R]]) -> R:
    """Run a command body; config errors and store faults become clean exits."""
    try:
        return asyncio.run(body())
    except ConfigError as exc:
        fail(str(exc))
    except FAULTS as exc:  # the one mapping from a fault to a sentence (core.faults)
        fail(explain(exc))
    except ValueError as exc:  # open_store: an unsupported URL or a missing extra
        fail(str(exc))


def with_ids(response: Response) -> str:
    """Plain text with each listed memory's id in front: the id `edit`, `pin` and
    `forget` take."""
    sections = tuple(
        replace(
            section,
            items=tuple(
                replace(item, text=f"{item.actions[0].value}  {item.text}")
                if item.actions
                else item
                for item in section.items
            ),
        )
        for section in response.sections
    )
    return replace(response, sections=sections).plain()


def emit(data: Any, as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str) if as_json else text)


@click.group()
@click.option("--db", "database_url", envvar="MEMORYBOT_DATABASE_URL", help="Database URL.")
@click.option("--workspace", "-w", help="Workspace id (default: MEMORYBOT_WORKSPACE or local).")
@click.option("--user", "-u", help="Act as this user (default: MEMORYBOT_USER or $USER).")
@click.version_option(package_name="memorybot")
@click.pass_context
def cli(
    ctx: click.Context, database_url: str | None, workspace: str | None, user: str | None
) -> None:
    """memorybot: long-term memory for a chat assistant."""
    try:
        config = load_config()
    except ConfigError as exc:
        fail(str(exc))
    if database_url:
        try:
            check_database_url(database_url, "--db")
        except ConfigError as exc:
            fail(str(exc))
    overrides = {"database_url": database_url, "workspace": workspace, "user": user}
    ctx.obj = AppConfig(**{**config.__dict__, **{k: v for k, v in overrides.items() if v}})
    configure_logging(config.log_level, config.log_payloads)


async def _command(service: MemoryService, config: AppConfig, name: str, text: str) -> Response:
    from core.commands import CommandRequest, run_command

    request = CommandRequest(config.workspace, config.user, "cli", text, platform="cli")
    return await run_command(service, name, request)


@cli.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--global", "is_global", is_flag=True, help="Share with the whole workspace.")
@click.option("--json", "as_json", is_flag=True)
@with_service
async def remember(
    service: MemoryService, config: AppConfig, text: tuple[str, ...], is_global: bool, as_json: bool
) -> None:
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
async def recall(
    service: MemoryService, config: AppConfig, query: tuple[str, ...], limit: int, as_json: bool
) -> None:
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
        "\n".join(
            f"{r['id']}  {r['score']:.3f}  {r['content']}  [{r['kind']}, {r['scope']}]"
            for r in rows
        )
        or "Nothing recalled."
    )
    emit(rows, as_json, text)


@cli.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True)
@with_service
async def forget(
    service: MemoryService, config: AppConfig, query: tuple[str, ...], as_json: bool
) -> None:
    """Forget the memories containing all these words (or the one with this id)."""
    response = await _command(service, config, "forget", " ".join(query))
    emit(response.data, as_json, response.plain())
    if not response.ok:  # nothing matched (or too much): a script must be able to tell
        sys.exit(1)


@cli.command()
@click.option("--json", "as_json", is_flag=True)
@with_service
async def memories(service: MemoryService, config: AppConfig, as_json: bool) -> None:
    """List recent memories, the review queue and storage usage."""
    response = await _command(service, config, "memories", "")
    emit(response.data, as_json, with_ids(response))
    if not response.ok:
        sys.exit(1)


@cli.command()
@click.argument("audit_id", required=False)
@with_service
async def undo(service: MemoryService, config: AppConfig, audit_id: str | None) -> None:
    """Undo your last change (or the one with this audit id)."""
    from core.commands import CommandRequest, run_action

    request = CommandRequest(config.workspace, config.user, "cli", is_admin=True, platform="cli")
    response = await run_action(service, request, ActionKind.UNDO, audit_id or "")
    click.echo(response.plain())
    if not response.ok:
        sys.exit(1)


@cli.command()
@click.option("--json", "as_json", is_flag=True)
@with_store
async def stats(store: Store, config: AppConfig, as_json: bool) -> None:
    """Memory count, entity count and size for you and your workspace."""
    principal = Principal(config.workspace, config.user)
    async with store.session(principal, read_only=True) as session:  # as MemoryService.stats
        s = (await session.stats()).as_dict()
    emit(s, as_json, "\n".join(f"{k}: {v}" for k, v in s.items()))


def _markdown_format(fmt: str | None, path: Path | None) -> bool:
    if fmt:
        return fmt == "markdown"
    return path is not None and path.suffix.lower() in (".md", ".markdown")


@cli.command("export")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["jsonl", "markdown"]), help="Default: by extension."
)
@click.option("--global", "global_set", is_flag=True, help="The workspace's global set (MD).")
@with_service
async def export_(
    service: MemoryService,
    config: AppConfig,
    output: Path | None,
    fmt: str | None,
    global_set: bool,
) -> None:
    """Export your memories as JSONL or MEMORY.md Markdown (stdout by default).

    Example: memorybot export --format markdown -o MEMORY.md"""
    from core.governance.memory_md import export_markdown
    from core.governance.portability import export_jsonl

    if _markdown_format(fmt, output) or global_set:
        text = await export_markdown(
            service.ports, config.workspace, config.user, global_set=global_set
        )
        count = sum(line.startswith("- ") for line in text.splitlines())
    else:
        lines = [line async for line in export_jsonl(service.ports, config.workspace, config.user)]
        text, count = "".join(line + "\n" for line in lines), len(lines)
    if output:
        write_private(output, text)
        click.echo(f"Exported {count} memories to {output}", err=True)
    else:
        click.echo(text, nl=False)


@cli.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["jsonl", "markdown"]), help="Default: by extension."
)
@click.option("--global", "global_set", is_flag=True, help="Import MD as global memories.")
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write refused line numbers and progress here (JSON), after every batch.",
)
@click.option("--resume", is_flag=True, help="Continue after the last batch --report recorded.")
@with_service
async def import_(
    service: MemoryService,
    config: AppConfig,
    path: Path,
    fmt: str | None,
    global_set: bool,
    report_path: Path | None,
    resume: bool,
) -> None:
    """Import memories from JSONL or a MEMORY.md (each entry passes the guards again).

    Saved in batches of 500 lines, one transaction each. Example:
    memorybot import export.jsonl --report import-report.json"""
    from bots.import_report import progress, report_writer, resume_point
    from core.governance.memory_md import import_markdown
    from core.governance.portability import import_jsonl

    if resume and report_path is None:
        raise click.UsageError("--resume needs --report FILE (the earlier run's report)")
    start_after = resume_point(report_path, path) if resume and report_path else 0
    on_batch = report_writer(report_path, path) if report_path else None
    lines = path.read_text(encoding="utf-8").splitlines()
    markdown = _markdown_format(fmt, path) or global_set
    ws, user = config.workspace, config.user
    with progress(max(0, len(lines) - start_after)) as bar:
        if markdown:
            report = await import_markdown(
                service.ports, ws, user, lines, global_set=global_set, is_admin=True,
                progress=bar, start_after=start_after, on_batch=on_batch,
            )  # fmt: skip
        else:
            report = await import_jsonl(
                service.ports, ws, user, lines, bar, start_after=start_after, on_batch=on_batch
            )
    summary = ", ".join(f"{n} {status}" for status, n in sorted(report.by_status.items()))
    what = "entries" if markdown else "lines"
    click.echo(f"Imported {report.total} {what}: {summary or 'nothing'}")
    for number, reason in report.refused:
        click.echo(f"  line {number}: refused ({reason})")


@cli.command()
@click.option("--user", "users", multiple=True, help="Only this user's private memories.")
@click.option("--json", "as_json", is_flag=True)
@with_service
async def consolidate(
    service: MemoryService, config: AppConfig, users: tuple[str, ...], as_json: bool
) -> None:
    """Merge near-duplicates, retire old plans, mark long-unused memories stale.

    Runs for the whole workspace (every user's memories and the global set) unless
    --user is given. Every change is audited: each user can undo their part."""
    from core.governance.consolidation import consolidate as run

    report = await run(
        service.ports,
        config.workspace,
        actor=config.user,
        users=users or None,
        include_global=not users,
    )
    rows = report.as_dict()
    text = (
        f"merged {report.merged}, rewritten {report.rewritten}, retired {report.retired}, "
        f"stale {report.stale} ({report.scopes} scopes)"
    )
    text += "".join(f"\n  undo: memorybot -u {a} undo {i}" for a, i in report.audit)
    emit(rows, as_json, text)


@cli.command()
@click.option("--user", "target", required=True, help="The user to erase.")
@click.option("--globals", "include_globals", is_flag=True, help="Also their global memories.")
@click.option("--confirm", is_flag=True, help="Really erase (without it: show what would go).")
@with_service
async def erase(
    service: MemoryService, config: AppConfig, target: str, include_globals: bool, confirm: bool
) -> None:
    """Erase everything held about a user (e.g. one who left). Cannot be undone.

    Example: memorybot erase --user U123 --confirm"""
    preview = await service.erase_preview(config.workspace, target)
    if not (preview.memories or preview.profile_fields or preview.votes or preview.kept_globals):
        fail(f"Nothing is held about {target} in workspace {config.workspace}: nothing to erase.")
    if not confirm:
        click.echo(
            f"Would erase {preview.memories} private memories, {preview.profile_fields} "
            f"profile fields and {preview.votes} votes of {target}"
            + (f", and {preview.kept_globals} global memories" if include_globals else "")
            + ". Add --confirm to erase."
        )
        sys.exit(1)
    report = await service.erase(
        config.workspace,
        target,
        actor=config.user,
        is_admin=True,
        include_globals=include_globals,
    )
    if not report.done:
        click.echo(texts.ERASE_UNKNOWN.format(user=target, workspace=config.workspace), err=True)
        sys.exit(1)
    click.echo(
        f"Erased {target}: {report.memories} private memories, {report.globals} global, "
        f"{report.profile_fields} profile fields, {report.votes} votes, "
        f"{report.records} records."
    )


@cli.command()
@click.argument("memory_id")
@click.argument("text", nargs=-1, required=True)
@with_service
async def edit(
    service: MemoryService, config: AppConfig, memory_id: str, text: tuple[str, ...]
) -> None:
    """Correct a memory's text in place.  Example: memorybot edit ID the DB is on 5432"""
    response = await _action(service, config, ActionKind.EDIT, f"{memory_id} {' '.join(text)}")
    click.echo(response.plain())
    if not response.ok:
        sys.exit(1)


@cli.command()
@click.argument("memory_id")
@click.option("--off", is_flag=True, help="Unpin instead.")
@with_service
async def pin(service: MemoryService, config: AppConfig, memory_id: str, off: bool) -> None:
    """Pin a memory: it never fades and consolidation leaves it alone."""
    kind = ActionKind.UNPIN if off else ActionKind.PIN
    response = await _action(service, config, kind, memory_id)
    click.echo(response.plain())
    if not response.ok:
        sys.exit(1)


async def _action(
    service: MemoryService, config: AppConfig, kind: ActionKind, value: str
) -> Response:
    from core.commands import CommandRequest, run_action

    request = CommandRequest(config.workspace, config.user, "cli", is_admin=True, platform="cli")
    return await run_action(service, request, kind, value)


@cli.command()
@click.option("--channel", "-c", default="general", show_default=True)
@click.option("--admin", is_flag=True, help="Act as a workspace admin.")
@click.pass_obj
def chat(config: AppConfig, channel: str, admin: bool) -> None:
    """The console bot: slash commands and chat in this terminal."""
    from adapters.console import ConsoleContext
    from bots.console import run_console
    from core.governance.schedule import consolidation_schedule

    async def body() -> None:
        # a long-running process, as the bots: memories without a vector get one
        async with open_service(config, starting=True) as service:
            schedule = consolidation_schedule(service.jobs, lambda: [config.workspace]).start()
            try:
                context = ConsoleContext(config.workspace, config.user, channel, admin)
                await run_console(service, context)
            finally:
                await schedule.stop()

    run_body(body)


@cli.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def settings(ctx: click.Context, as_json: bool) -> None:
    """Show the workspace settings (and channels with their own).  Example: memorybot settings"""
    if ctx.invoked_subcommand is None:
        ctx.invoke(_settings_run, words=(), admin=False, as_json=as_json)


@settings.command("set")
@click.argument("name")
@click.argument("value", nargs=-1, required=True)
@click.option("--admin", is_flag=True, help="Act as a workspace admin (required to change).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def settings_set(
    ctx: click.Context, name: str, value: tuple[str, ...], admin: bool, as_json: bool
) -> None:
    """Change one setting.  Example: memorybot settings set auto_extract off --admin"""
    ctx.invoke(_settings_run, words=("set", name, *value), admin=admin, as_json=as_json)


@settings.command("channel")
@click.argument("channel")
@click.argument("policy", type=click.Choice(["on", "recall_only", "off"]))
@click.option("--admin", is_flag=True, help="Act as a workspace admin (required to change).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def settings_channel(
    ctx: click.Context, channel: str, policy: str, admin: bool, as_json: bool
) -> None:
    """Set memory in one channel.  Example: memorybot settings channel C0HR off --admin"""
    ctx.invoke(_settings_run, words=("channel", channel, policy), admin=admin, as_json=as_json)


@with_service
async def _settings_run(
    service: MemoryService,
    config: AppConfig,
    words: tuple[str, ...],
    admin: bool,
    as_json: bool,
) -> None:
    from core.commands import CommandRequest
    from core.commands.settings import settings_line

    request = CommandRequest(
        config.workspace, config.user, "cli", " ".join(words), admin, platform="cli"
    )
    response = await settings_line(service, request)
    emit(response.data, as_json, response.plain())
    if not response.ok:
        sys.exit(1)


@cli.group()
def db() -> None:
    """Database housekeeping."""


@db.command()
@with_service
async def migrate(service: MemoryService, config: AppConfig) -> None:
    """Apply pending schema migrations."""
    applied = await service.store.migrate()
    if is_connected(config):
        await queue_backfill(service)  # the Compose `migrate` service runs at every start
    click.echo(f"Database at {redact(config.database_url)} is up to date.")
    for name in applied:
        click.echo(f"  applied {name}")


@cli.group()
def keys() -> None:
    """Provider API keys stored per workspace: encrypted, write-only, rotatable."""


@keys.command("generate")
def keys_generate() -> None:
    """Print a new secret key for MEMORYBOT_SECRET_KEY (newest first, comma-separated)."""
    click.echo(SecretBox.generate_key())


@keys.command("set")
@click.argument("provider", type=click.Choice(sorted(KEY_FIELDS)))
@click.option(
    "--api-key",
    prompt="API key",
    hide_input=True,
    help="The key (prompted without echo when omitted). An empty value removes it.",
)
@with_service
async def keys_set(service: MemoryService, config: AppConfig, provider: str, api_key: str) -> None:
    """Store this workspace's API key for the embedder or chat model, encrypted.

    Example: memorybot keys set chat   (then paste the key at the hidden prompt)
    """
    try:
        await service.keys.set(config.workspace, config.user, provider, api_key, is_admin=True)
    except SecretKeyError as exc:
        fail(str(exc))
    status = (await service.keys.status(config.workspace))[provider]
    click.echo(f"{provider} API key for workspace {config.workspace}: {status}")


@keys.command("status")
@click.option("--json", "as_json", is_flag=True)
@with_service
async def keys_status(service: MemoryService, config: AppConfig, as_json: bool) -> None:
    """Which provider keys this workspace has: set / not set (never the keys)."""
    status = await service.keys.status(config.workspace)
    emit(status, as_json, "\n".join(f"{k} API key: {v}" for k, v in status.items()))


@keys.command("rotate")
@with_service
async def keys_rotate(service: MemoryService, config: AppConfig) -> None:
    """Re-encrypt every stored provider key under the newest MEMORYBOT_SECRET_KEY.

    Put the new key first and keep the old ones after it, run this, then drop the old.
    """
    try:
        report = await service.keys.rotate()
    except SecretKeyError as exc:
        fail(str(exc))
    click.echo(f"Re-encrypted {report.rotated} key(s) in {report.workspaces} workspace(s).")
    if report.failed:
        fail(
            f"{len(report.failed)} workspace(s) hold keys none of the configured secret keys "
            f"opens: {', '.join(report.failed)}. Add the old key back after the newest one, "
            "or set those keys again."
        )


@cli.command("commands")
def list_commands() -> None:
    """List the slash commands every platform offers."""
    from core.commands import COMMANDS

    for spec in COMMANDS.values():
        click.echo(f"/{spec.name:<10} {spec.description}")


cli.add_command(slack)
cli.add_command(discord_command)
cli_connected.register(cli, db)


def main() -> None:
    # Invalid UTF-8 in an argument arrives as lone surrogates: refuse before anything runs.
    if any(broken_text(arg) for arg in sys.argv[1:]):
        click.echo(f"Error: {explain(InvalidInput('bad_text', 'argument'))}", err=True)
        sys.exit(2)
    cli(prog_name="memorybot")


if __name__ == "__main__":
    main()
