"""Provenance (issue 16): every memory keeps how, where, from which message and by whom
it came; "which memories were used" and /memories show it; JSONL export carries it and
an import restores it; erasing the memory erases it."""

from __future__ import annotations

import json

from core.audience import Audience
from core.chat.turn import ChatTurn
from core.commands import CommandRequest, run_action, run_command
from core.governance.portability import export_jsonl, import_jsonl
from core.models import HowSaved, Provenance
from core.responses import ActionKind
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore

WS, ALICE = "acme", "alice"
LINK = "https://acme.slack.com/archives/C07DEPLOY1/p1700000100000100"


async def test_a_command_save_records_how_where_and_who(service, clock):
    request = CommandRequest(WS, ALICE, "deploys", "we deploy on Tuesdays", platform="console")
    await run_command(service, "remember", request)
    [memory] = (await service.memories(WS, ALICE)).items
    assert memory.provenance == Provenance(HowSaved.COMMAND, "console", "deploys", "", "", ALICE)
    clock.advance(days=3)
    listing = await run_command(service, "memories", request)
    [item] = listing.sections[0].items
    assert item.source is not None
    assert item.source.plain() == "from #deploys · 3 days ago · @alice"


async def test_a_memory_learnt_from_a_message_links_back_to_it(service):
    turn = ChatTurn(
        WS, ALICE, "C07DEPLOY1", "we use Buildkite for CI",
        platform="slack", message_id="1700000100.000100", permalink=LINK,
    )  # fmt: skip
    await service.chat(turn)
    await service.jobs.drain()
    [memory] = (await service.memories(WS, ALICE)).items
    assert (memory.origin, memory.platform, memory.message_id, memory.permalink) == (
        HowSaved.EXTRACTION,
        "slack",
        "1700000100.000100",
        LINK,
    )
    answer = await service.chat(
        ChatTurn(WS, ALICE, "C07DEPLOY1", "what do we use for CI?", audience=Audience.PRIVATE)
    )
    shown = await run_action(
        service, CommandRequest(WS, ALICE, "C07DEPLOY1"), ActionKind.SHOW_USED,
        ",".join(h.id for h in answer.used),
    )  # fmt: skip
    [item] = shown.sections[0].items
    assert item.source is not None and item.source.link == LINK
    assert LINK in shown.plain()


async def test_an_edit_is_recorded_as_how_the_text_came_to_be(service):
    await service.remember(WS, ALICE, "we deploy on Tuesdays", channel="deploys")
    [memory] = (await service.memories(WS, ALICE)).items
    await service.edit(WS, ALICE, memory.id, "we deploy on Wednesdays")
    [edited] = (await service.memories(WS, ALICE)).items
    assert edited.origin == HowSaved.EDIT and edited.channel == "deploys"


async def test_jsonl_export_round_trips_the_provenance(service, tmp_path):
    original = Provenance(HowSaved.EXTRACTION, "slack", "C07DEPLOY1", "1700.01", LINK, ALICE)
    await service.remember(WS, ALICE, "we use Buildkite for CI", provenance=original)
    lines = [line async for line in export_jsonl(service.ports, WS, ALICE)]
    record = json.loads(lines[0])
    assert record["permalink"] == LINK and record["origin"] == "extraction"

    fresh = MemoryService(SQLiteStore(f"sqlite:///{tmp_path}/fresh.db"))
    async with fresh:
        report = await import_jsonl(fresh.ports, WS, ALICE, lines)
        assert report.by_status == {"saved": 1}
        [memory] = (await fresh.memories(WS, ALICE)).items
        assert memory.provenance == original
        plain = await import_jsonl(
            fresh.ports, WS, ALICE, ['{"content": "our release day is Thursday"}']
        )
        assert plain.by_status == {"saved": 1}
        imported = [m for m in (await fresh.memories(WS, ALICE)).items if "Thursday" in m.content]
        assert imported[0].origin == HowSaved.IMPORT and imported[0].channel is None


async def test_a_stored_link_that_could_break_markup_is_not_shown(service):
    bad = Provenance(HowSaved.IMPORT, permalink="https://x.example/a>|<!channel>")
    await service.remember(WS, ALICE, "we use Buildkite for CI", provenance=bad)
    listing = await run_command(service, "memories", CommandRequest(WS, ALICE, "general"))
    [item] = listing.sections[0].items
    assert item.source is None or item.source.link == ""
