"""Chat models as they really answer (SPEC §6): llama-cpp-python, Ollama, vLLM, LM
Studio and OpenAI each enforce a JSON schema their own way and refuse the others
with their own errors (tests/fakes/server_dialects.py). Extraction must reach each
one's schema enforcement after at most one refused request per process, and keep
what the rules caught whatever the model answers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from click.testing import CliRunner

from bots.cli import cli
from core import prompts
from core.audience import Audience
from core.chat.turn import ChatTurn
from core.models import Kind
from core.providers.chat.structured_modes import forget_learned, learned
from core.providers.presets import ChatConfig, build_chat_model
from tests.fakes.openai_server import FakeProviderServer, endless
from tests.fakes.scripted import ModelScript, extraction, memory

WS, ALICE, CHANNEL = "acme", "alice", "general"
# A durable fact no rule catches: only a model can extract it.
SAID = "btw the billing service deploys from the release branch every Thursday"
FACT = "The billing service deploys from the release branch every Thursday"

# dialect, preset, the form that ends up used, refused requests on the way there
SERVERS = [
    ("llama-cpp-python", "llama-cpp", "json_object_schema", 1),
    ("ollama", "ollama", "ollama_format", 0),
    ("vllm", "vllm", "json_schema", 0),
    ("vllm-0.5", "vllm", "guided_json", 1),
    ("lm-studio", "lm-studio", "json_schema", 0),
    ("openai", "openai", "json_schema", 0),
]


@pytest.fixture
async def fake() -> AsyncIterator[FakeProviderServer]:
    forget_learned()
    async with FakeProviderServer() as server:
        yield server


async def serve_as(server: FakeProviderServer, dialect: str) -> ModelScript:
    server.dialect = dialect
    server.small_model = True  # a schema only in the prompt gets the schema back
    script = ModelScript(reply="Noted.", extract=extraction(memory(FACT)))
    server.chat_reply = script
    return script


def model_for(server: FakeProviderServer, preset: str):
    cfg = ChatConfig(server.openai_url, "smollm2", preset=preset, timeout=5.0)
    return build_chat_model(cfg)


async def contents(service) -> list[str]:
    return [m.content for m in (await service.memories(WS, ALICE)).items]


@pytest.mark.parametrize(("dialect", "preset", "mode", "refused"), SERVERS)
async def test_a_fact_only_the_model_extracts_is_saved_on_every_server(
    service, fake, dialect, preset, mode, refused
):
    await serve_as(fake, dialect)
    service.chat_model = model_for(fake, preset)

    result = await service.chat(ChatTurn(WS, ALICE, CHANNEL, SAID))
    await service.jobs.drain()

    assert result.by_model
    assert FACT in await contents(service)
    extraction_request = next(s for s in fake.structured if s.enforced is not None)
    assert extraction_request.enforced == prompts.schema("extract")
    assert len(fake.refusals()) == refused
    assert learned(fake.openai_url) == mode
    await service.jobs.drain()
    await service.chat_model.close()


@pytest.mark.parametrize(("dialect", "preset", "mode", "refused"), SERVERS)
async def test_a_refused_form_costs_one_request_per_process_not_per_model(
    service, fake, dialect, preset, mode, refused
):
    await serve_as(fake, dialect)
    for said in (SAID, "btw the billing service is owned by the payments team"):
        service.chat_model = model_for(fake, preset)  # a new model object each turn
        await service.chat(ChatTurn(WS, ALICE, CHANNEL, said))
        await service.jobs.drain()
        await service.jobs.drain()
    await service.chat_model.close()
    assert len(fake.refusals()) == refused


async def test_llama_cpp_pythons_500_is_a_refusal_not_a_server_error_to_retry(service, fake):
    await serve_as(fake, "llama-cpp-python")
    service.chat_model = model_for(fake, "llama-cpp")
    await service.chat(ChatTurn(WS, ALICE, CHANNEL, SAID))
    await service.jobs.drain()
    (refusal,) = fake.refusals()
    assert refusal.refused == 500
    bodies = [r.json for r in fake.chat_requests()]
    formats = [(b.get("response_format") or {}).get("type") for b in bodies]
    # the reply, one refused json_schema, then json_object with the schema: no retries
    assert formats[:3] == [None, "json_schema", "json_object"]
    assert bodies[2]["response_format"]["schema"] == prompts.schema("extract")
    await service.jobs.drain()
    await service.chat_model.close()


async def test_old_ollama_refuses_a_format_object_and_steps_down_to_json_mode(service, fake):
    await serve_as(fake, "ollama-0.4")
    fake.small_model = False  # no schema enforcement exists there: the prompt must do
    service.chat_model = model_for(fake, "ollama")
    await service.chat(ChatTurn(WS, ALICE, CHANNEL, SAID))
    await service.jobs.drain()
    assert [r.refused for r in fake.refusals()] == [400]
    assert learned(fake.openai_url) == "json_object"  # never the json_schema it ignores
    assert FACT in await contents(service)
    await service.jobs.drain()
    await service.chat_model.close()


async def test_a_small_model_given_the_schema_only_in_its_prompt_saves_nothing(service, fake):
    """Why enforcement matters: the same script, prompt-only, yields no memory."""
    await serve_as(fake, "ollama-0.4")
    service.chat_model = model_for(fake, "ollama")
    await service.chat(ChatTurn(WS, ALICE, CHANNEL, SAID))
    await service.jobs.drain()
    assert await contents(service) == []
    await service.jobs.drain()
    await service.chat_model.close()


async def test_an_explicit_preference_is_saved_even_when_the_model_returns_no_memories(
    service, fake
):
    await serve_as(fake, "llama-cpp-python")
    fake.chat_reply = ModelScript(reply="Sure.", extract=extraction())  # {"memories": []}
    service.chat_model = model_for(fake, "llama-cpp")
    await service.chat(ChatTurn(WS, ALICE, CHANNEL, "from now on answer in bullet points"))
    await service.jobs.drain()
    items = (await service.memories(WS, ALICE)).items
    assert [(m.content, m.kind) for m in items] == [
        ("from now on answer in bullet points", Kind.PREFERENCE)
    ]
    await service.jobs.drain()
    await service.chat_model.close()


async def test_rules_and_model_finding_the_same_preference_save_it_once(service, fake):
    await serve_as(fake, "vllm")
    said = "from now on answer in bullet points"
    fake.chat_reply = ModelScript(
        reply="Sure.", extract=extraction(memory("From now on answer in bullet  points"))
    )
    service.chat_model = model_for(fake, "vllm")
    await service.chat(ChatTurn(WS, ALICE, CHANNEL, said))
    await service.jobs.drain()
    assert await contents(service) == [said]
    await service.jobs.drain()
    await service.chat_model.close()


async def doctor(env: dict[str, str]) -> tuple[int, str]:
    result = await asyncio.to_thread(CliRunner().invoke, cli, ["doctor"], env=env)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("dialect", "preset", "mode"),
    [
        ("llama-cpp-python", "llama-cpp", "json_object_schema"),
        ("ollama", "ollama", "ollama_format"),
        ("vllm-0.5", "vllm", "guided_json"),
    ],
)
async def test_doctor_names_the_structured_output_form_the_server_accepts(
    fake, tmp_path, dialect, preset, mode
):
    fake.dialect = dialect
    env = {
        "MEMORYBOT_DATA_DIR": str(tmp_path),
        "MEMORYBOT_EMBED_PRESET": "none",
        "MEMORYBOT_LLM_PRESET": preset,
        "MEMORYBOT_LLM_BASE_URL": fake.openai_url,
        "MEMORYBOT_LLM_MODEL": "smollm2",
    }
    code, out = await doctor(env)
    assert code == 0, out
    line = next(x for x in out.splitlines() if "chat model" in x)
    assert line.startswith("✅") and f"structured output: {mode} " in line


async def test_doctor_reports_a_chat_server_that_is_down(tmp_path):
    env = {
        "MEMORYBOT_DATA_DIR": str(tmp_path),
        "MEMORYBOT_EMBED_PRESET": "none",
        "MEMORYBOT_LLM_PRESET": "llama-cpp",
        "MEMORYBOT_LLM_BASE_URL": "http://127.0.0.1:9/v1",
        "MEMORYBOT_LLM_MODEL": "smollm2",
        "MEMORYBOT_LLM_TIMEOUT": "2",
    }
    code, out = await doctor(env)
    assert code == 1
    assert "❌ chat model: smollm2 at http://127.0.0.1:9/v1 failed" in out


# ---- bounded replies -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "repetition"),
    [("llama-cpp", {"repeat_penalty": 1.1}), ("vllm", {"repetition_penalty": 1.1}), ("ollama", {})],
)
async def test_a_reply_is_bounded_by_the_settings_and_streamed(service, fake, preset, repetition):
    cfg = ChatConfig(
        fake.openai_url, "smollm2", preset=preset, reply_max_tokens=120, stop=("\nUser:",)
    )
    service.chat_model = build_chat_model(cfg)
    result = await service.chat(ChatTurn(WS, ALICE, CHANNEL, "how do I restart the VPN?"))
    assert result.by_model and result.text == "echo: how do I restart the VPN?"
    body = fake.chat_requests()[0].json
    assert body["stream"] is True
    assert (body["max_tokens"], body["stop"]) == (120, ["\nUser:"])
    assert body["frequency_penalty"] == 0.3
    assert {k: body[k] for k in ("repeat_penalty", "repetition_penalty") if k in body} == repetition
    await service.jobs.drain()
    await service.chat_model.close()


async def test_a_runaway_reply_is_cancelled_at_the_timeout_and_the_server_stops_generating(
    service, fake
):
    await service.remember(WS, ALICE, "the VPN config lives in the ops vault")
    service.chat_model = build_chat_model(
        ChatConfig(fake.openai_url, "smollm2", preset="llama-cpp", timeout=1.0, max_retries=0)
    )
    fake.script_chat([endless(0.01)])
    dm = Audience.PRIVATE  # a DM: Alice's private memory may answer
    result = await service.chat(
        ChatTurn(WS, ALICE, CHANNEL, "where is the VPN config?", audience=dm)
    )

    assert not result.by_model and "ops vault" in result.text  # answered from memory
    (stream,) = fake.streams
    for _ in range(200):  # the server notices the hang-up at its next token
        if stream.disconnected:
            break
        await asyncio.sleep(0.01)
    assert stream.disconnected and not stream.finished
    sent_at_hang_up = stream.sent
    await asyncio.sleep(0.1)
    assert stream.sent == sent_at_hang_up  # nothing generated for nobody

    # the next turn is not stuck behind the abandoned one
    again = await service.chat(ChatTurn(WS, ALICE, CHANNEL, "and the VPN client?", audience=dm))
    assert again.by_model
    await service.jobs.drain()
    await service.chat_model.close()
