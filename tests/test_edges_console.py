"""The console edge: every bad input and every fault is one line, and the console goes on.

Table-driven: each row feeds one input to a console session (both stores) and asserts
the one-line answer; afterwards the store holds exactly what it held before (nothing
half-written). A piped console process gets invalid UTF-8 and keeps reading.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from adapters.console import ConsoleContext, ConsoleSession
from core import texts
from core.faults import explain
from core.models import RefusalReason
from core.ports import StoreFault
from core.validation import MAX_ID_CHARS, InvalidInput
from tests.processes import ROOT, TIMEOUT, bots_env

BAD_ID = texts.BAD_ID.format(what="user", limit=MAX_ID_CHARS)

# (what is typed, the one line the console answers)
ROWS = [
    ("/remember half \udcff decoded", texts.REFUSALS[RefusalReason.BROKEN]),
    ("which port is \ud800 staging on?", texts.BAD_TEXT.format(what="message")),
    ("/forget staging \udcff", texts.BAD_TEXT.format(what="text")),
    ("/edit 1", texts.EDIT_CONSOLE_USAGE),
    ("/incognito maybe", texts.INCOGNITO_USAGE),
    ("/pin " + "x" * 500, explain(InvalidInput("bad_id", "memory"))),
    ("/undo bad\x00id", explain(InvalidInput("bad_id", "change"))),
]


@pytest.mark.parametrize(("typed", "answer"), ROWS, ids=[r[0][:20] for r in ROWS])
async def test_each_bad_input_gets_one_line_and_changes_nothing(service, typed, answer):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    await console.handle("/remember the staging DB is on port 6543")
    before = [(m.id, m.content) for m in (await service.memories("acme", "alice")).items]
    assert await console.handle(typed) == answer
    after = [(m.id, m.content) for m in (await service.memories("acme", "alice")).items]
    assert after == before
    assert (await console.handle("/remember we deploy on Tuesdays")).startswith(texts.SAVED)


async def test_nul_bytes_in_texts_are_dropped_on_both_stores_and_in_ids_refused(service):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    assert (await console.handle("/remember the staging\x00 DB is on port 6543")).startswith(
        texts.SAVED
    )
    answer = await console.handle("which port is \x00staging on?")
    assert answer.startswith(texts.MEMORY_ANSWER_INTRO) and "port 6543" in answer
    assert await console.handle("/as al\x00ice") == "You are now al\x00ice."
    assert await console.handle("/memories") == BAD_ID
    await console.handle("/as alice")
    assert (await console.handle("/forget staging\x00 DB")).startswith("🗑️ Forgot 1 memory")


async def test_an_id_too_long_for_any_index_is_refused_on_both_stores(service):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    assert await console.handle("/as " + "u" * 3000) == "You are now " + "u" * 3000 + "."
    assert await console.handle("/remember the staging DB is on port 6543") == BAD_ID
    assert await console.handle("/memories") == BAD_ID
    await console.handle("/as bob")
    assert (await console.handle("/remember ok")).startswith(texts.SAVED)


async def test_undo_that_would_duplicate_a_memory_again_is_refused(service):
    console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
    await console.handle("/remember the VPN is vpn.example.com")
    forgot = await service.forget("acme", "alice", "VPN")
    await console.handle("/remember the VPN is vpn.example.com")
    assert await console.handle(f"/undo {forgot.audit_id}") == texts.UNDO_CONFLICT.format(
        content="the VPN is vpn.example.com"
    )
    items = (await service.memories("acme", "alice")).items
    assert [m.content for m in items] == ["the VPN is vpn.example.com"]


def _word(seed: str) -> str:
    """A letters-only word unlike any other (no digits: nothing looks like a number)."""
    return "".join(chr(97 + int(c, 16)) for c in hashlib.sha1(seed.encode()).hexdigest()[:9])


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_a_full_disk_is_reported_and_nothing_is_half_written(tmp_path, backend):
    from core.api import open_memory

    async with open_memory(f"sqlite:///{tmp_path}/m.db") as service:
        console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
        await console.handle("/remember the staging DB is on port 6543")
        store = service.store
        pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
        store.conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL
        saved = 0
        for i in range(200):  # save until the file may not grow any more
            words = " ".join(_word(f"{i}/{j}") for j in range(150))
            answer = await console.handle(f"/remember fact {i}: {words}")
            if not answer.startswith(texts.SAVED):
                break
            saved += 1
        assert answer == explain(StoreFault("full", store.path))
        assert "\n" not in answer and "Traceback" not in answer
        view = await service.memories("acme", "alice", limit=500)
        assert len(view.items) == saved + 1  # every acknowledged save, not the failed one
        assert not any(m.content.startswith(f"fact {saved}:") for m in view.items)
        store.conn.execute("PRAGMA max_page_count = 1073741823")
        assert (await console.handle("/remember we deploy on Tuesdays")).startswith(texts.SAVED)


async def test_a_read_only_database_is_reported(tmp_path):
    from core.api import open_memory

    async with open_memory(f"sqlite:///{tmp_path}/m.db") as service:
        console = ConsoleSession(service, ConsoleContext("acme", "alice", "general"))
        service.store.conn.execute("PRAGMA query_only = ON")  # SQLITE_READONLY on writes
        answer = await console.handle("/remember the staging DB is on port 6543")
        assert answer == explain(StoreFault("read_only", service.store.path))


def test_a_piped_console_skips_invalid_utf8_lines_and_runs_the_rest(tmp_path):
    script = (
        b"/remember bad \xff\xfe bytes\n"
        b"hi \xed\xa0\x80 there\n"
        b"/remember the staging DB is on port 6543\n"
        b"/undo\n/undo\n/memories\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "bots", "chat"],
        input=script,
        capture_output=True,
        env=bots_env(tmp_path / "data"),
        cwd=tmp_path,
        timeout=TIMEOUT,
        check=False,
    )
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    assert out.count(texts.BAD_INPUT_LINE) == 2
    assert texts.SAVED in out and texts.NOTHING_TO_UNDO in out
    lines = out.rstrip().splitlines()
    assert lines[-2:] == [texts.MEMORIES_EMPTY, "  ↳ /memories off"]  # the save was undone
    assert b"Traceback" not in done.stderr
    assert ROOT.exists()
