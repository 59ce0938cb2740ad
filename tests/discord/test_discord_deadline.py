"""Discord's 3-second rule with a slow embedder (2 s per call, over real HTTP).

Every interaction is deferred first (callback type 5, private) and answered by a
followup once the slow work is done. What is checked is the order of events — the
deferral reaches Discord before the slow work even starts — not a time on a clock
(the times are printed: bench/ has the measured figures).
"""

from __future__ import annotations

import asyncio

from core.models import Scope
from tests.discord.conftest import running_bot, service_with
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import ALICE, GUILD
from tests.fakes.openai_server import slow

EMBED_SECONDS = 2.0


async def test_a_slow_embedder_still_gets_a_first_response_within_3_seconds(
    fake, provider_server, server_embedder, tmp_path, clock
):
    provider_server.script_embeddings([slow(EMBED_SECONDS) for _ in range(10)])
    async with (
        service_with(tmp_path, clock, server_embedder) as service,
        running_bot(fake, service),
    ):
        ex = await fake.slash("remember", {"text": "the staging DB is on port 6543"})
        first = await fake.callback_for(ex)
        reply = await fake.followup_for(ex)
    first_response = first.at - ex.dispatched_at
    answered = reply.at - ex.dispatched_at
    print(f"\nfirst response {first_response * 1000:.1f} ms, followup {answered:.2f} s")
    assert first.body == {"type": 5, "data": {"flags": wire.EPHEMERAL}}
    assert first.at < provider_server.requests[0].at  # deferred before the slow work began
    assert answered >= EMBED_SECONDS  # the work really waited on the embedder …
    assert reply.body["content"] == "🧠 Saved to memory."  # … and was delivered afterwards
    assert len(provider_server.requests) == 1


async def test_concurrent_commands_are_all_deferred_within_3_seconds(
    fake, provider_server, server_embedder, tmp_path, clock
):
    provider_server.script_embeddings([slow(EMBED_SECONDS) for _ in range(10)])
    texts = ["we deploy on Tuesdays", "the VPN is vpn.acme.test", "standup is at 9:30"]
    async with (
        service_with(tmp_path, clock, server_embedder) as service,
        running_bot(fake, service),
    ):
        exchanges = [await fake.slash("global", {"text": t}) for t in texts]
        firsts = [await fake.callback_for(ex) for ex in exchanges]
        replies = await asyncio.gather(*(fake.followup_for(ex) for ex in exchanges))
        saved = await service.recall(str(GUILD.id), "someone", "deploy VPN standup")
    slowest = max(f.at - ex.dispatched_at for f, ex in zip(firsts, exchanges, strict=True))
    print(f"\nslowest of 3 first responses {slowest * 1000:.1f} ms")
    embedding_started = min(r.at for r in provider_server.requests)
    assert all(f.at < embedding_started for f in firsts)  # all deferred before any slow work
    assert all(f.body["type"] == 5 for f in firsts)
    assert [r.body["content"] for r in replies] == [
        "🧠 Saved to memory (shared with the workspace)."
    ] * 3
    assert len(saved) == 3


async def test_a_chat_reply_waits_for_the_slow_embedder_and_shows_typing_first(
    fake, provider_server, server_embedder, tmp_path, clock
):
    provider_server.script_embeddings([slow(EMBED_SECONDS) for _ in range(10)])
    async with (
        service_with(tmp_path, clock, server_embedder) as service,
        running_bot(fake, service),
    ):
        await service.remember(
            str(GUILD.id), str(ALICE.id), "the staging DB is on port 6543", Scope.GLOBAL
        )
        message = await fake.say("which port is staging on?", mention_bot=True)
        typing = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/typing")
        reply = await fake.wait_call("POST", rf"/channels/{message['channel_id']}/messages")
    assert typing.at < reply.at
    assert "the staging DB is on port 6543" in reply.body["content"]
    assert reply.at - typing.at >= EMBED_SECONDS * 0.9
