"""Erase (SPEC §8): a user's memories can be erased entirely, on request."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adapters.console import ConsoleContext, ConsoleSession
from bots.cli import cli
from core.commands import CommandRequest, run_action
from core.governance.memory_md import export_markdown
from core.governance.portability import export_jsonl
from core.models import Principal, Scope
from core.responses import ActionKind
from core.stores.sqlite.session import SQLiteSession

WS, ALICE, BOB = "acme", "alice", "bob"


async def alice_and_bob(service):
    """Alice holds a bit of everything; Bob has his own things and a shared memory."""
    first = await service.remember(WS, ALICE, "alice's project Falcon ships in May")
    await service.remember(WS, ALICE, "maybe alice moves to Lisbon", pending=True)
    await service.remember(WS, ALICE, "Falcon uses the Zephyr queue", Scope.GLOBAL)
    await service.set_profile(WS, ALICE, {"name": "Alice", "timezone": "Europe/Paris"})
    await service.incognito(WS, ALICE, "C9", True)
    bobs = await service.remember(WS, BOB, "we deploy on Tuesdays", Scope.GLOBAL)
    await service.remember(WS, BOB, "bob's desk is near Acme's kitchen")
    await service.feedback(WS, ALICE, [bobs.memory.id], up=False)
    await service.feedback(WS, BOB, [bobs.memory.id], up=False)
    return first.memory, bobs.memory


async def audit_trail(service, user):
    """The user's audit entries, oldest first. No port lists them (undo reads only the last
    undoable one, and an erase is not undoable), so the ids come from the table itself."""
    async with service.store.session(Principal(WS, user)) as session:
        if isinstance(session, SQLiteSession):
            rows = await session.store.run(
                lambda: session.conn.execute(
                    "SELECT id FROM audit_log WHERE workspace = ? AND actor = ? ORDER BY rowid",
                    (WS, user),
                ).fetchall()
            )
        else:
            cur = await session.conn.execute(
                "SELECT id FROM audit_log WHERE workspace = %s AND actor = %s ORDER BY seq",
                (WS, user),
            )
            rows = await cur.fetchall()
        return [await session.get_audit(row[0]) for row in rows]


async def held(service, user=ALICE):
    """Private memories the user has, active or waiting for review."""
    stats = await service.stats(WS, user)
    return stats.private + stats.pending_review


async def test_after_erase_nothing_of_the_user_is_recallable_exportable_or_countable(service):
    falcon, shared = await alice_and_bob(service)
    bob_before = await service.stats(WS, BOB)
    report = await service.erase(WS, ALICE, include_globals=True)
    assert (report.memories, report.globals, report.profile_fields, report.votes) == (2, 1, 2, 1)
    for query in ("Falcon", "Lisbon", "Zephyr queue", "project ships May"):
        assert await service.recall(WS, ALICE, query) == []
        assert await service.recall(WS, BOB, query) == []
    assert [line async for line in export_jsonl(service.ports, WS, ALICE)] == []
    assert await export_markdown(service.ports, WS, ALICE) == "# MEMORY.md\n"
    stats = await service.stats(WS, ALICE)
    assert (stats.private, stats.pending_review, stats.global_) == (0, 0, 1)
    assert stats.entities == bob_before.entities - 3  # falcon, zephyr, lisbon
    assert await service.profile(WS, ALICE) == {}
    assert not await service.is_incognito(WS, ALICE, "C9")
    assert await service.get_memory(WS, ALICE, falcon.id) is None
    assert (await service.get_memory(WS, BOB, shared.id)).trust == -0.25  # bob's vote only
    async with service.store.session(Principal(WS, ALICE)) as session:
        assert await session.votes_cast() == {}
        assert await session.last_undoable_audit() is None  # an erase is not undoable
    [last] = await audit_trail(service, ALICE)
    assert last.action == "erase" and last.before == () and last.memory_ids == ()
    assert "Falcon" not in last.detail and json.loads(last.detail)["user"] == ALICE
    assert not (await service.undo(WS, ALICE)).ok
    bob_after = await service.stats(WS, BOB)
    assert (bob_after.private, bob_after.global_) == (bob_before.private, 1)


async def test_the_audit_log_keeps_only_that_an_erase_happened(service):
    saved = await service.remember(WS, ALICE, "alice's secret plan is Falcon")
    await service.forget(WS, ALICE, "Falcon")
    await service.erase(WS, ALICE)
    async with service.store.session(Principal(WS, ALICE)) as session:
        assert await session.get_audit(saved.audit_id) is None
    [entry] = await audit_trail(service, ALICE)
    assert entry.action == "erase" and "Falcon" not in repr(entry)


async def test_shared_memories_the_user_wrote_stay_unless_asked(service):
    await alice_and_bob(service)
    report = await service.erase(WS, ALICE)
    assert (report.globals, report.kept_globals) == (0, 1)
    hits = await service.recall(WS, BOB, "Zephyr queue")
    assert [h.content for h in hits] == ["Falcon uses the Zephyr queue"]


async def test_erase_asks_for_confirmation_first(service):
    await alice_and_bob(service)
    request = CommandRequest(WS, ALICE, "C1")
    asked = await run_action(service, request, ActionKind.ERASE_REQUEST, "")
    assert asked.text.startswith("⚠️ This erases everything I hold about you in this workspace:")
    assert "2 memories" in asked.text and "1 shared memory you wrote will stay" in asked.text
    assert [(a.kind, a.value, a.style) for a in asked.actions] == [
        (ActionKind.ERASE_CONFIRM, "", "danger")
    ]
    assert await held(service) == 2  # nothing erased yet
    done = await run_action(service, request, ActionKind.ERASE_CONFIRM, "")
    assert done.text == (
        "🧽 Erased: 2 memories, your profile, settings, feedback and history. "
        "1 shared memory you wrote stay for the workspace."
    )
    assert await held(service) == 0


async def test_the_console_erase_lines(service):
    await service.remember(WS, ALICE, "alice's note")
    console = ConsoleSession(service, ConsoleContext(WS, ALICE, "C1"))
    asked = await console.handle("/erase")
    assert asked.endswith("  ↳ /erase confirm")
    assert (await console.handle("/erase globals")).endswith("  ↳ /erase confirm globals")
    done = await console.handle("/erase confirm")
    assert done.endswith("I hold nothing more about you here.")
    assert (await service.stats(WS, ALICE)).private == 0


async def test_an_admin_can_erase_a_departed_user_and_no_one_else_can(service):
    await alice_and_bob(service)
    with pytest.raises(PermissionError):
        await service.erase(WS, ALICE, actor=BOB)
    assert await held(service) == 2
    report = await service.erase(WS, ALICE, actor=BOB, is_admin=True)
    assert report.done and await held(service) == 0
    *_, entry = await audit_trail(service, BOB)
    assert entry.action == "erase" and json.loads(entry.detail)["user"] == ALICE
    async with service.store.session(Principal(WS, ALICE)) as session:
        assert await session.last_undoable_audit() is None


def test_the_cli_erases_a_user_only_with_confirm(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    env = {"MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/cli.db", "MEMORYBOT_WORKSPACE": WS}
    runner = CliRunner()
    saved = runner.invoke(cli, ["-u", ALICE, "remember", "alice's note about Falcon"], env=env)
    assert saved.exit_code == 0, saved.output
    dry = runner.invoke(cli, ["-u", "admin", "erase", "--user", ALICE], env=env)
    assert dry.exit_code == 1 and "Would erase 1 private memories" in dry.output
    done = runner.invoke(cli, ["-u", "admin", "erase", "--user", ALICE, "--confirm"], env=env)
    assert done.exit_code == 0 and done.output.startswith("Erased alice: 1 private memories")
    stats = runner.invoke(cli, ["-u", ALICE, "stats", "--json"], env=env)
    assert json.loads(stats.output)["memories"] == 0
