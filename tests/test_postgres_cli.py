"""The operator's commands in connected mode, through the real CLI: `db start`,
`doctor` (checks database, embedder and model, SPEC §8), `embed backfill`, `jobs`,
and `worker` as a real process stopped by SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from bots.cli import cli
from core.stores.postgres.jobs import PostgresJobs

ROOT = Path(__file__).resolve().parents[1]


async def memorybot(*args: str, env: dict[str, str]) -> tuple[int, str]:
    """Run the real CLI in a thread (its own event loop), so fakes served by the
    test's loop keep answering; stdout and stderr together."""
    result = await asyncio.to_thread(CliRunner().invoke, cli, list(args), env=env)
    return result.exit_code, result.output


@pytest.fixture
async def database(pg, tmp_path) -> AsyncIterator[dict[str, str]]:
    """Environment for the CLI on a fresh database: app role URL + owner URL."""
    name = pg.fresh()
    try:
        yield {
            "MEMORYBOT_DATABASE_URL": pg.server.app_url(name),
            "MEMORYBOT_DATABASE_ADMIN_URL": pg.server.admin_url(name),
            "MEMORYBOT_DATA_DIR": str(tmp_path),
            "MEMORYBOT_WORKSPACE": "acme",
            "MEMORYBOT_USER": "alice",
            "MEMORYBOT_EMBED_PRESET": "none",
        }
    finally:
        pg.drop(name)


async def test_db_start_prints_the_app_and_admin_urls(pg_server, tmp_path):
    code, out = await memorybot(
        "db",
        "start",
        "--data-dir",
        str(pg_server.pgdata),
        env={"MEMORYBOT_DATA_DIR": str(tmp_path)},
    )
    assert code == 0, out
    assert f"export MEMORYBOT_DATABASE_URL='{pg_server.app_url()}'" in out
    assert f"export MEMORYBOT_DATABASE_ADMIN_URL='{pg_server.admin_url()}'" in out


async def test_doctor_passes_on_a_sound_deployment(database):
    code, out = await memorybot("doctor", env=database)
    assert code == 0, out
    for line in ("database", "vector extension", "migrations: up to date", "application role"):
        assert f"✅ {line}" in out
    assert "✅ chat model: not configured" in out


async def test_doctor_says_what_to_fix_when_the_bot_connects_as_the_owner(database):
    env = {**database, "MEMORYBOT_DATABASE_URL": database["MEMORYBOT_DATABASE_ADMIN_URL"]}
    code, out = await memorybot("doctor", env=env)
    assert code == 1
    assert "❌ application role: postgres is a superuser" in out
    assert "→ connect the bot as its own login role" in out


async def test_doctor_reports_an_unreachable_database(database, tmp_path):
    env = {**database, "MEMORYBOT_DATABASE_URL": f"postgresql://memorybot_app@/x?host={tmp_path}"}
    code, out = await memorybot("doctor", env=env)
    assert code == 1 and "❌ database" in out and "memorybot db start" in out


async def test_doctor_embeds_a_test_string_with_the_configured_embedder(database, provider_server):
    env = {
        **database,
        "MEMORYBOT_EMBED_PRESET": "",
        "MEMORYBOT_EMBED_BASE_URL": provider_server.openai_url,
        "MEMORYBOT_EMBED_MODEL": "fake-embed",
        "MEMORYBOT_EMBED_DIMENSIONS": "64",
    }
    code, out = await memorybot("doctor", env=env)
    assert code == 0, out
    assert "✅ embedder: " in out and "64 dims, test string embedded" in out


async def test_vectors_are_backfilled_with_progress_and_by_the_worker(
    pg, database, provider_server
):
    for text in ("the VPN is Tunnelblick", "lunch is at noon", "we deploy on Tuesdays"):
        code, out = await memorybot("remember", text, env=database)  # no embedder yet
        assert code == 0, out
    code, out = await memorybot(
        "remember",
        "--global",
        "the wiki is at wiki.acme.dev",
        env={**database, "MEMORYBOT_USER": "bob"},
    )
    embedding = {
        **database,
        "MEMORYBOT_EMBED_PRESET": "",
        "MEMORYBOT_EMBED_BASE_URL": provider_server.openai_url,
        "MEMORYBOT_EMBED_MODEL": "fake-embed",
        "MEMORYBOT_EMBED_DIMENSIONS": "64",
    }
    # The first start with an embedder reshapes the column and queues re-embedding.
    code, out = await memorybot("embed", "backfill", env=embedding)
    assert code == 0, out
    assert "Embedded 4 memories; 0 still without a vector." in out
    code, out = await memorybot("jobs", env=embedding)
    assert "pending: 2" in out  # alice's and bob's re-embedding jobs

    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bots",
        "worker",
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **embedding},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    store = pg.store(database["MEMORYBOT_DATABASE_URL"].split("@/")[1].split("?")[0])
    await store.open()
    try:
        queue = PostgresJobs(store)
        for _ in range(200):
            if (await queue.counts())["done"] == 2:
                break
            await asyncio.sleep(0.05)
        counts = await queue.counts()
    finally:
        await store.close()
        worker.send_signal(signal.SIGTERM)
        out = (await asyncio.wait_for(worker.communicate(), 20))[0].decode()
    assert counts["done"] == 2 and counts["dead"] == 0, out
    assert worker.returncode == 0, out
    code, out = await memorybot("stats", env=embedding)
    assert "without_embedding: 0" in out


async def test_connected_mode_uses_the_local_embedder_by_default_and_shapes_the_column(database):
    env = {**database, "MEMORYBOT_EMBED_PRESET": ""}
    code, out = await memorybot("embed", "status", env=env)
    assert code == 0, out
    assert "embedder: local-minilm (384 dims)" in out
    assert "column: halfvec(384)" in out
