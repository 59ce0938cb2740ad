"""MEMORY.md interop (SPEC §8): import and export the Markdown file agent tools keep."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from click.testing import CliRunner

from bots.cli import cli
from core.governance.memory_md import export_markdown, import_markdown, parse, parse_file
from core.models import Kind, Scope, Source
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore

WS, ALICE = "acme", "alice"
SECRET = "AKIAJ7Q2ZL4XKD9RT3MB"

FILE = f"""# MEMORY.md

Some prose the importer reports by line number but does not import.

## User
- prefers concise answers, code first | EXPLICIT | from:2026-01-12 | [perm]
- writes Go at work and Rust at home | INFERRED | from:2026-02-03

## Projects
- Falcon is the new billing system | EXPLICIT

## Team
- the on-call rota changes on Mondays

## Knowledge
- the deploy key for prod is {SECRET} | EXPLICIT | from:2026-01-02
- the staging DB is on port 6543 | INFERRED | from:2026-03-01 | [perm]

## In Progress
- migrating the search indexer to Tantivy | EXPLICIT | from:2026-03-20
"""


def day(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def fingerprint(memories):
    return sorted((m.content, m.source, m.pinned, m.kind) for m in memories)


async def all_of(service, user=ALICE):
    view = await service.memories(WS, user, limit=100)
    return view.items


async def test_sections_map_to_kinds_and_markers_to_source_pin_and_date():
    bullets = {b.content: b for b in parse(FILE.splitlines())}
    user = bullets["prefers concise answers, code first"]
    assert (user.kind, user.source, user.pinned, user.since, user.line) == (
        Kind.PREFERENCE,
        Source.EXPLICIT,
        True,
        day("2026-01-12"),
        6,
    )
    assert bullets["writes Go at work and Rust at home"].source == Source.EXTRACTED
    assert bullets["Falcon is the new billing system"].kind == Kind.FACT
    assert bullets["the on-call rota changes on Mondays"].source == Source.EXPLICIT
    assert bullets["migrating the search indexer to Tantivy"].kind == Kind.INTENT
    piped = parse(["## Rules", "- use a | b pipes | INFERRED | from:2026-01-01"])[0]
    assert (piped.content, piped.kind, piped.source) == (
        "use a | b pipes",
        Kind.PREFERENCE,
        Source.EXTRACTED,
    )


async def test_a_file_with_a_secret_imports_everything_else_and_reports_the_refused_line(
    service,
):
    report = await import_markdown(service.ports, WS, ALICE, FILE.splitlines())
    assert report.total == 8
    assert report.by_status == {"saved": 6, "refused": 1, "not imported": 1}
    assert [(line, reason.split(":")[0]) for line, reason in report.refused] == [
        (3, "prose, not a list item"),
        (16, "secret"),
    ]
    assert SECRET not in repr(report)
    memories = await all_of(service)
    assert len(memories) == 6 and all(SECRET not in m.content for m in memories)
    pinned = {m.content for m in memories if m.pinned}
    assert pinned == {"prefers concise answers, code first", "the staging DB is on port 6543"}


async def test_a_memory_md_exported_and_reimported_into_an_empty_store_yields_the_same_memories(
    service, tmp_path, clock
):
    await service.remember(WS, ALICE, "the wiki lives at wiki.acme.dev")
    await service.remember(WS, ALICE, "I prefer dark mode", kind=Kind.PREFERENCE)
    await service.remember(WS, ALICE, "I'm on call this week", kind=Kind.INTENT)
    learned = await service.remember(
        WS, ALICE, "alice works on | the search team", source=Source.EXTRACTED
    )
    await service.pin(WS, ALICE, learned.memory.id)
    await service.remember(WS, ALICE, "we use Postgres")
    await service.remember(WS, ALICE, "we use Postgres 16 in prod", reconcile=False)
    await import_markdown(service.ports, WS, ALICE, FILE.splitlines())
    await service.remember(WS, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)
    await service.remember(WS, ALICE, "answers in English", Scope.GLOBAL, kind=Kind.PREFERENCE)
    exported = await export_markdown(service.ports, WS, ALICE)
    exported_globals = await export_markdown(service.ports, WS, ALICE, global_set=True)
    assert "\n- prefers concise answers, code first | EXPLICIT | from:2026-01-12 | [perm]\n" in (
        exported
    )
    assert "we deploy on Tuesdays" not in exported and "## Team" in exported_globals

    other = SQLiteStore(f"sqlite:///{tmp_path}/empty.db")
    async with MemoryService(other, clock=clock) as fresh:
        report = await import_markdown(fresh.ports, WS, "alice2", exported.splitlines())
        assert report.refused == []
        await import_markdown(
            fresh.ports, WS, "alice2", exported_globals.splitlines(), global_set=True, is_admin=True
        )
        originals = await all_of(service)
        copies = await all_of(fresh, "alice2")
        assert len(copies) == len(originals) == 14
        for scope in (Scope.PRIVATE, Scope.GLOBAL):
            mine = [m for m in originals if m.scope == scope]
            theirs = [m for m in copies if m.scope == scope]
            assert fingerprint(theirs) == fingerprint(mine)
        # dates survive too: the copy exports to the very same file
        assert await export_markdown(fresh.ports, WS, "alice2") == exported
        assert await export_markdown(fresh.ports, WS, "alice2", global_set=True) == exported_globals


def test_the_cli_imports_by_extension_and_exports_markdown(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    env = {
        "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/cli.db",
        "MEMORYBOT_WORKSPACE": WS,
        "MEMORYBOT_USER": ALICE,
    }
    (tmp_path / "memory.md").write_text(FILE, encoding="utf-8")
    runner = CliRunner()
    imported = runner.invoke(cli, ["import", "memory.md"], env=env)
    assert imported.exit_code == 0, imported.output
    assert imported.output.splitlines()[0] == (
        "Imported 8 entries: 1 not imported, 1 refused, 6 saved"
    )
    assert imported.output.splitlines()[1].startswith("  line 3: refused (prose, not a list")
    assert imported.output.splitlines()[2].startswith("  line 16: refused (secret")
    assert SECRET not in imported.output
    exported = runner.invoke(cli, ["export", "--format", "markdown"], env=env)
    assert exported.exit_code == 0 and exported.output.startswith("# MEMORY.md\n\n## User\n")
    assert exported.output.count("\n- ") == 6
    jsonl = runner.invoke(cli, ["export"], env=env)
    assert jsonl.output.count('"content"') == 6


WRAPPED = """# MEMORY.md

## Knowledge
1. the staging DB is on port 6543
2) the build cache lives in s3://acme-cache | INFERRED
- the release train leaves on Tuesdays,
  unless a freeze is announced
- the wiki is at wiki.acme.dev and its search
is slow on Mondays

  which is when the index rebuilds | [perm]

| team | lead |
|------|------|
---
## In Progress
10. moving CI to the new runners
"""


def test_numbered_items_and_continuation_lines_are_stored_whole_through_the_cli(
    tmp_path, monkeypatch
):
    """The audit's file: numbered items and wrapped lines were dropped without a word."""
    monkeypatch.chdir(tmp_path)
    env = {
        "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/cli.db",
        "MEMORYBOT_WORKSPACE": WS,
        "MEMORYBOT_USER": ALICE,
    }
    (tmp_path / "memory.md").write_text(WRAPPED, encoding="utf-8")
    runner = CliRunner()
    imported = runner.invoke(cli, ["import", "memory.md"], env=env)
    assert imported.exit_code == 0, imported.output
    assert imported.output.splitlines() == [
        "Imported 7 entries: 2 not imported, 5 saved",
        "  line 13: refused (a table, not a list item: make each row a '- ' bullet to import it)",
        "  line 15: refused (a horizontal rule, not a memory)",
    ]
    exported = runner.invoke(cli, ["export"], env=env)
    assert exported.exit_code == 0, exported.output
    stored = sorted(
        (r["content"], r["kind"], r["source"], r["pinned"])
        for r in map(json.loads, exported.output.splitlines())
    )
    assert stored == [
        ("moving CI to the new runners", "intent", "explicit", False),
        ("the build cache lives in s3://acme-cache", "fact", "extracted", False),
        ("the release train leaves on Tuesdays, unless a freeze is announced", "fact",
         "explicit", False),
        ("the staging DB is on port 6543", "fact", "explicit", False),
        ("the wiki is at wiki.acme.dev and its search is slow on Mondays which is when the "
         "index rebuilds", "fact", "explicit", True),
    ]  # fmt: skip


def test_prose_and_code_blocks_are_reported_once_per_block_and_resume_skips_them():
    items, unplaced = parse_file(
        ["intro line", "wrapped intro", "```", "- not an item", "```", "- an item", "", "more"]
    )
    assert [(b.line, b.content) for b in items] == [(6, "an item")]
    assert [line for line, _ in unplaced] == [1, 3, 8]
    assert unplaced[1][1] == "a code block, not a list item"


async def test_a_resumed_import_does_not_report_the_unplaced_lines_again(service):
    lines = ["stray prose", "- first", "- second", "| a table |"]
    report = await import_markdown(service.ports, WS, ALICE, lines, start_after=2)
    assert report.refused == [(4, report.refused[0][1])] and report.total == 2
    assert [m.content for m in await all_of(service)] == ["second"]
