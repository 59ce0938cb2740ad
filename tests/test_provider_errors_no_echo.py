"""No echo from a provider's own words (issue 12): a model server's error body and a
model's refusal can quote what they were sent — the user's message, a memory — so at
MEMORYBOT_LOG_LEVEL=DEBUG memorybot logs only a failure's summary (provider, status or
kind, what retrying did); the server's text reaches the log only under the opt-in
MEMORYBOT_LOG_PAYLOADS. Each path runs against a real local HTTP server speaking the
OpenAI wire format (tests/fakes/openai_server.py)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest

from adapters.console import ConsoleContext, ConsoleSession
from bots.redact import configure_logging
from core import logsafe, texts
from core.chat.turn import ChatTurn
from core.extraction.candidates import Said
from core.extraction.extractor import extract
from core.governance.merging import rewrite_pair
from core.jobs.embedding import backfill
from core.jobs.queue import InProcessJobs
from core.llm.reconcile_model import propose
from core.models import Memory, Principal, Scope
from core.ports import ProviderError
from core.providers.http import ProviderHTTPError
from core.providers.vectors import embed_texts
from core.service import MemoryService
from core.stores.sqlite.store import SQLiteStore
from tests.fakes.openai_server import Behaviour, error, raw

WS, ALICE = "acme", "alice"
MARKER = "Quokka7731zebra"
SAID = f"the {MARKER} cluster restarts at 04:10 on Sundays"


def echoing_error() -> Behaviour:
    """A 400 whose body repeats the request (as context-length errors do)."""
    return error(400, f"This model cannot take the message '{SAID}'")


def retried_error() -> Behaviour:
    """A 503 whose body quotes the request: retried, then given up on."""
    return error(503, f"upstream failed while reading '{SAID}'")


def refusal() -> Behaviour:
    message = {"role": "assistant", "content": None, "refusal": f"I won't repeat '{SAID}'"}
    return raw({"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})


FAILURES = {"echoing 400": echoing_error, "retried 503": retried_error, "refusal": refusal}


@pytest.fixture
def debug_log(caplog) -> pytest.LogCaptureFixture:
    """Everything logged at DEBUG (tests/conftest.py restores levels and the opt-in)."""
    caplog.set_level(logging.DEBUG)
    return caplog


@pytest.fixture
async def model_on_sqlite(tmp_path, server_chat_model) -> AsyncIterator[MemoryService]:
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db")
    await store.open()
    service = MemoryService(store, chat_model=server_chat_model)
    try:
        yield service
    finally:
        await service.jobs.drain()
        await store.close()


def check(log: pytest.LogCaptureFixture, logger: str, payloads: bool) -> None:
    """Without the opt-in the marker is nowhere in the log; with it, the module that
    caught the failure shows the server's words (the opt-in does what it says)."""
    if payloads:
        said = [r for r in log.records if r.name == logger and MARKER in r.getMessage()]
        assert said, f"{logger} did not log the detail under MEMORYBOT_LOG_PAYLOADS"
    else:
        assert MARKER not in log.text
        assert any(r.name == logger for r in log.records), f"{logger} logged nothing"


def memory(content: str) -> Memory:
    return Memory("m-1", WS, ALICE, Scope.PRIVATE, content, "h-1")


@pytest.mark.parametrize("payloads", [False, True])
@pytest.mark.parametrize("failure", ["echoing 400", "retried 503"])
async def test_a_failed_chat_reply_logs_no_server_text(
    model_on_sqlite, provider_server, debug_log, payloads, failure
):
    configure_logging("DEBUG", payloads=payloads)
    provider_server.script_chat([FAILURES[failure]()] * 3)
    result = await model_on_sqlite.chat(ChatTurn(WS, ALICE, "general", "when is the restart?"))
    assert texts.MODEL_DOWN_NO_MEMORIES in result.text  # the user is told plainly
    await model_on_sqlite.jobs.drain()
    check(debug_log, "core.chat.turn", payloads)


@pytest.mark.parametrize("payloads", [False, True])
@pytest.mark.parametrize("failure", sorted(FAILURES))
async def test_a_failed_extraction_logs_no_server_text(
    server_chat_model, provider_server, debug_log, payloads, failure
):
    configure_logging("DEBUG", payloads=payloads)
    provider_server.script_chat([FAILURES[failure]()] * 3)
    found = await extract(server_chat_model, Said(SAID))
    assert found.method == "rules"
    check(debug_log, "core.extraction.extractor", payloads)


@pytest.mark.parametrize("payloads", [False, True])
@pytest.mark.parametrize("failure", sorted(FAILURES))
async def test_a_failed_reconciliation_logs_no_server_text(
    server_chat_model, provider_server, debug_log, payloads, failure
):
    configure_logging("DEBUG", payloads=payloads)
    provider_server.script_chat([FAILURES[failure]()] * 3)
    candidate = memory(SAID)
    existing = [memory(f"{SAID}, after the backup")]
    assert await propose(server_chat_model, candidate, existing, 2000) is None
    check(debug_log, "core.llm.reconcile_model", payloads)


@pytest.mark.parametrize("payloads", [False, True])
@pytest.mark.parametrize("failure", sorted(FAILURES))
async def test_a_failed_merge_rewrite_logs_no_server_text(
    server_chat_model, provider_server, debug_log, payloads, failure
):
    configure_logging("DEBUG", payloads=payloads)
    provider_server.script_chat([FAILURES[failure]()] * 3)
    assert await rewrite_pair(server_chat_model, SAID, f"{SAID}, after the backup") is None
    check(debug_log, "core.governance.merging", payloads)


@pytest.mark.parametrize("payloads", [False, True])
@pytest.mark.parametrize("failure", ["echoing 400", "retried 503"])
async def test_a_failed_embedding_logs_no_server_text(
    model_on_sqlite, server_embedder, provider_server, debug_log, payloads, failure
):
    configure_logging("DEBUG", payloads=payloads)
    model_on_sqlite.embedder = server_embedder
    provider_server.script_embeddings([FAILURES[failure]()] * 3)
    assert await embed_texts(model_on_sqlite.ports, WS, [SAID]) == [None]
    check(debug_log, "core.providers.vectors", payloads)


@pytest.mark.parametrize("payloads", [False, True])
async def test_a_failed_backfill_logs_no_server_text(
    model_on_sqlite, server_embedder, provider_server, debug_log, payloads
):
    model_on_sqlite.chat_model = None
    await model_on_sqlite.remember(WS, ALICE, SAID)  # no embedder yet: saved without a vector
    debug_log.clear()
    configure_logging("DEBUG", payloads=payloads)
    model_on_sqlite.embedder = server_embedder
    provider_server.script_embeddings([echoing_error()])
    assert await backfill(model_on_sqlite.ports, Principal(WS, ALICE)) == 0
    check(debug_log, "core.jobs.embedding", payloads)


async def test_the_summary_names_provider_status_and_retries_but_not_the_body(
    server_chat_model, provider_server
):
    provider_server.script_chat([retried_error()] * 3)
    with pytest.raises(ProviderHTTPError) as caught:
        await server_chat_model.complete([], temperature=0.0)
    summary = caught.value.summary
    assert summary.startswith("the chat model at http://127.0.0.1:")
    assert "answered 503 three times" in summary and MARKER not in summary
    assert MARKER in caught.value.detail and MARKER in str(caught.value)  # for the admin


async def test_a_refusal_keeps_its_words_out_of_the_summary(server_chat_model, provider_server):
    provider_server.script_chat([refusal()])
    with pytest.raises(ProviderError) as caught:
        await server_chat_model.complete([], json_schema={"type": "object"})
    assert caught.value.summary.endswith("refused") and MARKER in caught.value.detail


def test_an_exception_without_a_summary_is_logged_by_its_type_only():
    exc: Any = ValueError(f"bad value {SAID}")
    assert logsafe.summary_of(exc) == "ValueError"
    assert logsafe.loggable(exc) == "ValueError"
    logsafe.log_payloads(True)  # tests/conftest.py turns it back off
    assert MARKER in logsafe.loggable(exc)


async def quoting(ports: Any, payload: dict[str, Any]) -> None:
    raise RuntimeError(f"could not handle {payload['message']!r}")


@pytest.mark.parametrize("payloads", [False, True])
async def test_a_failed_background_job_logs_where_it_failed_but_not_its_words(
    model_on_sqlite, debug_log, payloads
):
    configure_logging("DEBUG", payloads=payloads)
    jobs = InProcessJobs(model_on_sqlite.ports, {"quoting": quoting})
    await jobs.enqueue("quoting", {"message": SAID}, workspace=WS)
    await jobs.drain()
    assert jobs.failures == 1
    [failed] = [r for r in debug_log.records if "background job quoting failed" in r.getMessage()]
    if payloads:
        assert failed.exc_info is not None and MARKER in debug_log.text
    else:
        assert MARKER not in debug_log.text
        assert "RuntimeError" in failed.getMessage() and "in quoting" in failed.getMessage()


@pytest.mark.parametrize("payloads", [False, True])
async def test_a_failed_console_line_logs_no_words(
    model_on_sqlite, debug_log, monkeypatch, payloads
):
    configure_logging("DEBUG", payloads=payloads)
    console = ConsoleSession(model_on_sqlite, ConsoleContext(WS, ALICE, "general"))

    async def broken(line: str) -> str:
        raise RuntimeError(f"cannot handle {line!r}")

    monkeypatch.setattr(console, "_handle", broken)
    assert await console.handle(SAID) == texts.SOMETHING_WENT_WRONG
    assert (MARKER in debug_log.text) is payloads
