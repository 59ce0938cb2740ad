"""The CLI edge: every bad input and fault is one clear line and the right exit code.

Table-driven through real `python -m bots` processes: each row runs one command on
a data directory holding one memory, and asserts the exit code, a message on one
line, no traceback, and that the database still holds exactly that memory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import texts
from core.validation import MAX_ID_CHARS
from tests.processes import ROOT, TIMEOUT, bots_env

DAMAGED_START = texts.DAMAGED.split("{")[0]


def run(args: list[str | bytes], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bots", *args],
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.fixture
def cli(tmp_path):
    env = bots_env(tmp_path / "data")

    def call(*args: str | bytes, **extra: str) -> subprocess.CompletedProcess:
        return run(list(args), {**env, **extra}, tmp_path)

    saved = call("remember", "--json", "the staging DB is on port 6543")
    assert saved.returncode == 0, saved.stderr
    call.memory_id = json.loads(saved.stdout)["id"]  # type: ignore[attr-defined]
    call.db = tmp_path / "data" / "memorybot.db"  # type: ignore[attr-defined]
    return call


# (arguments, exit code, what the one-line message starts with)
ROWS = [
    (["--db", "mysql://x", "memories"], 1, "Error: --db must start with sqlite:///"),
    ([b"remember", b"bad \xff\xfe bytes"], 2, "Error: " + texts.BAD_TEXT.format(what="argument")),
    (["forget", "nothing-like-this"], 1, texts.FORGET_NONE.split("“")[0]),
    (["undo", "nosuchchange"], 1, texts.NOTHING_TO_UNDO),
    (["erase", "--user", "nobody", "--confirm"], 1, "Error: Nothing is held about nobody"),
    (["-u", "u" * 300, "memories"], 1, texts.BAD_ID.format(what="user", limit=MAX_ID_CHARS)),
    (["remember", "the VPN is \x01\x02 vpn.example.com \x7f"], 0, texts.SAVED),
    (["edit", "nosuchmemory", "new text"], 1, texts.NOT_FOUND),
]


@pytest.mark.parametrize(("args", "code", "message"), ROWS, ids=[str(r[0])[:30] for r in ROWS])
def test_each_bad_input_gets_one_line_and_the_right_exit_code(cli, args, code, message):
    done = cli(*args)
    out = (done.stdout + done.stderr).decode()
    assert done.returncode == code, out
    assert b"Traceback" not in done.stderr
    assert any(line.startswith(message) for line in out.splitlines()), out
    listed = json.loads(cli("memories", "--json").stdout)
    assert cli.memory_id in [m["id"] for m in listed["memories"]]


def test_stats_json_says_global_and_plain_listings_show_the_id_pin_takes(cli):
    stats = json.loads(cli("stats", "--json").stdout)
    assert stats["global"] == 0 and "global_" not in stats and stats["private"] == 1
    listing = cli("memories").stdout.decode()
    assert f"{cli.memory_id}  the staging DB is on port 6543" in listing
    recalled = cli("recall", "staging port").stdout.decode()
    assert recalled.startswith(cli.memory_id)
    pinned = cli("pin", cli.memory_id)
    assert pinned.returncode == 0 and pinned.stdout.decode().startswith(texts.PINNED)


def test_a_damaged_database_is_refused_before_any_write_and_db_check_explains(cli):
    data = cli.db.read_bytes()
    cli.db.write_bytes(data[: len(data) // 2])  # a truncated copy, as after a bad backup
    for suffix in ("-wal", "-shm"):
        Path(str(cli.db) + suffix).unlink(missing_ok=True)
    damaged = cli.db.read_bytes()
    done = cli("remember", "we deploy on Tuesdays")
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert done.stderr.decode().startswith("Error: " + DAMAGED_START)
    assert "memorybot db check" in done.stderr.decode()
    assert cli.db.read_bytes() == damaged  # not one byte written
    checked = cli("db", "check")
    assert checked.returncode == 1 and checked.stdout.decode().startswith("❌ ")
    assert texts.DB_CHECK_ADVICE in checked.stdout.decode()


def test_db_check_passes_on_a_sound_database(cli):
    checked = cli("db", "check")
    assert checked.returncode == 0
    assert checked.stdout.decode().strip() == "✅ The database is sound."


def test_db_start_without_the_postgres_extra_says_how_to_install_it(cli, tmp_path):
    shadow = tmp_path / "no-postgres"  # makes `import psycopg` fail as it would uninstalled
    (shadow / "psycopg").mkdir(parents=True)
    (shadow / "psycopg" / "__init__.py").write_text("raise ImportError('not installed')\n")
    done = cli("db", "start", PYTHONPATH=os.pathsep.join([str(shadow), str(ROOT)]))
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    message = done.stderr.decode().strip()
    assert message == "Error: connected mode needs the postgres extra: " + texts.install_hint(
        "postgres"
    )
    assert "pip install 'memorybot[" not in message


def test_no_install_hint_points_at_the_other_project_on_the_package_index():
    hits = []
    for path in [*ROOT.glob("**/*.py"), *ROOT.glob("**/*.md"), ROOT / "Makefile"]:
        if ".venv" in path.parts or path.name == Path(__file__).name:
            continue
        if "pip install 'memorybot[" in path.read_text(encoding="utf-8"):
            hits.append(str(path.relative_to(ROOT)))
    assert hits == []
