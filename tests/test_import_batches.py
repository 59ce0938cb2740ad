"""`memorybot import` in batches: every line still passes the guards, duplicates are
caught against the store and inside the file, one transaction per batch, and an
interrupted import resumes after its last commit without echoing refused text."""

from __future__ import annotations

import asyncio
import contextlib
import json

from core.governance.memory_md import import_markdown
from core.governance.portability import import_jsonl
from core.models import Principal

SECRET = "my password is hunter2-Quokka-77"


def jsonl(*texts: str) -> list[str]:
    return [json.dumps({"content": t}) for t in texts]


# Distinct facts, one a line: enough for several batches of a small batch size.
FACTS = (
    "the staging DB is on port 6543",
    "we deploy on Tuesdays",
    "lunch is at noon",
    "Priya owns the billing service",
    "the VPN client is Tunnelblick",
    "retros happen every other Friday",
    "Kafka runs three brokers in Frankfurt",
)


async def stored(service) -> list:
    async with service.store.session(Principal("acme", "alice")) as session:
        return await session.list_memories(["active"], 100)


async def test_a_batch_refuses_guarded_lines_and_saves_the_rest(service):
    lines = jsonl("the staging DB is on port 6543", SECRET, "we deploy on Tuesdays")
    report = await import_jsonl(service.ports, "acme", "alice", lines, batch_size=2)
    assert report.by_status == {"saved": 2, "refused": 1}
    assert [n for n, _ in report.refused] == [2]
    assert "hunter2" not in json.dumps(report.refused)
    kept = {m.content for m in await stored(service)}
    assert kept == {"the staging DB is on port 6543", "we deploy on Tuesdays"}


async def test_duplicates_inside_the_file_and_against_the_store_are_not_saved_twice(service):
    await service.remember("acme", "alice", "lunch is at noon")
    lines = jsonl("lunch is at noon", "the VPN is Tunnelblick", "the VPN is Tunnelblick")
    report = await import_jsonl(service.ports, "acme", "alice", lines)
    assert report.by_status == {"saved": 1, "duplicate": 2}
    assert len(await stored(service)) == 2


async def test_a_correction_later_in_the_same_batch_updates_the_earlier_line(service):
    lines = jsonl("the staging DB is on port 6543", "the staging DB is on port 5432")
    report = await import_jsonl(service.ports, "acme", "alice", lines)
    assert report.by_status == {"saved": 1, "updated": 1}
    assert [m.content for m in await stored(service)] == ["the staging DB is on port 5432"]


async def test_progress_and_commits_come_batch_by_batch_and_resume_skips_done_lines(service):
    texts = list(FACTS)
    seen, commits = [], []
    report = await import_jsonl(
        service.ports,
        "acme",
        "alice",
        jsonl(*texts),
        seen.append,
        batch_size=3,
        on_batch=lambda r: commits.append(r.committed_through),
    )
    assert commits == [3, 6, 7] and sum(seen) == 7
    assert report.by_status == {"saved": 7}
    more = jsonl(*texts, "the design review moved to Thursday")
    resumed = await import_jsonl(service.ports, "acme", "alice", more, start_after=7)
    assert resumed.total == 1 and resumed.by_status == {"saved": 1}
    assert len(await stored(service)) == 8


async def test_a_failing_batch_saves_none_of_its_lines(service, monkeypatch):
    from core.remember import saving

    calls = {"n": 0}
    real_save = saving.save

    async def failing_save(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("disk full")
        return await real_save(*args, **kwargs)

    monkeypatch.setattr(saving, "save", failing_save)
    with contextlib.suppress(RuntimeError):
        await import_jsonl(service.ports, "acme", "alice", jsonl("first line", "second line"))
    assert await stored(service) == []


async def test_markdown_import_keeps_pins_and_dates_in_batches(service):
    lines = [
        "# MEMORY.md",
        "## Facts",
        "- the staging DB is on port 6543 | from:2024-03-01 | [perm]",
        "- we deploy on Tuesdays",
        f"- {SECRET}",
    ]
    report = await import_markdown(service.ports, "acme", "alice", lines)
    assert report.by_status == {"saved": 2, "refused": 1}
    assert [n for n, _ in report.refused] == [5]
    by_text = {m.content: m for m in await stored(service)}
    assert by_text["the staging DB is on port 6543"].pinned
    assert by_text["the staging DB is on port 6543"].valid_from is not None
    assert not by_text["we deploy on Tuesdays"].pinned


async def test_the_next_batch_is_screened_while_the_last_is_saved_and_commits_keep_file_order(
    service, monkeypatch
):
    from core.governance import portability

    events: list[str] = []
    second_screened = asyncio.Event()
    real_screen, real_save = portability.screen_many, portability.save_screened

    async def screen(ports, principal, requests):
        events.append(f"screen {requests[0].text}")
        if len(events) > 1:
            second_screened.set()
        return await real_screen(ports, principal, requests)

    async def save(ports, principal, batch):
        first = batch.requests[0].text
        if first == "line 1":  # the first batch's save waits until the second is screened
            await second_screened.wait()
        results = await real_save(ports, principal, batch)
        events.append(f"committed {first}")
        return results

    monkeypatch.setattr(portability, "screen_many", screen)
    monkeypatch.setattr(portability, "save_screened", save)
    lines = jsonl(*(f"line {i}" for i in range(1, 6)))
    # Without the overlap the first save would wait forever: bounded, so it fails instead.
    report = await asyncio.wait_for(
        import_jsonl(service.ports, "acme", "alice", lines, batch_size=2), timeout=30
    )
    assert report.by_status == {"saved": 5} and report.committed_through == 5
    assert events.index("screen line 3") < events.index("committed line 1")
    commits = [e for e in events if e.startswith("committed")]
    assert commits == ["committed line 1", "committed line 3", "committed line 5"]


async def test_a_crash_mid_import_keeps_every_line_reported_saved_and_resumes_after_it(
    service, monkeypatch
):
    """The third batch fails: the lines of the two committed batches stay saved, the
    last report says so, and resuming from it saves the rest exactly once."""
    from core.governance import portability

    texts = list(FACTS[:6])
    reports: list[tuple[int, dict[str, int]]] = []
    real_save = portability.save_screened

    async def save(ports, principal, batch):
        if batch.requests[0].text == texts[4]:
            raise RuntimeError("power cut")
        return await real_save(ports, principal, batch)

    monkeypatch.setattr(portability, "save_screened", save)
    with contextlib.suppress(RuntimeError):
        await import_jsonl(
            service.ports,
            "acme",
            "alice",
            jsonl(*texts),
            batch_size=2,
            on_batch=lambda r: reports.append((r.committed_through, dict(r.by_status))),
        )
    assert reports[-1] == (4, {"saved": 4})
    assert {m.content for m in await stored(service)} == set(texts[:4])
    monkeypatch.setattr(portability, "save_screened", real_save)
    resumed = await import_jsonl(
        service.ports, "acme", "alice", jsonl(*texts), start_after=reports[-1][0]
    )
    assert resumed.by_status == {"saved": 2}
    assert sorted(m.content for m in await stored(service)) == sorted(texts)
