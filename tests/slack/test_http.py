"""HTTP mode: only correctly signed, fresh requests from Slack do anything."""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

from adapters.slack.app import BOT_EVENTS
from core import texts
from tests.fakes.slack_server import command_payload, event_payload, sign
from tests.slack.conftest import ALICE, BOB, HttpDriver


async def test_health_check_answers_200(http_client):
    response = await http_client.get("/healthz")
    assert response.status == 200
    assert await response.json() == {"ok": True}


async def test_a_correctly_signed_command_is_acknowledged_and_answered(
    http_client, bot, slack, service
):
    key, url = slack.response_url()
    body = urlencode(command_payload("remember", "we use Postgres 16", ALICE, "C1", url))
    response = await http_client.post(
        "/slack/events",
        data=body,
        headers={"Content-Type": "application/x-www-form-urlencoded", **sign(body)},
    )
    assert response.status == 200
    await bot.drain()
    assert slack.responses[key][-1]["text"] == texts.SAVED
    assert (await service.stats("T1", ALICE)).memories == 1


async def test_forged_and_replayed_requests_get_401_and_change_nothing(
    http_client, bot, slack, service
):
    key, url = slack.response_url()
    body = urlencode(command_payload("remember", "we use Postgres 16", ALICE, "C1", url))
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    forged = sign(body, secret="not-the-signing-secret")
    stale = sign(body, timestamp=int(time.time()) - 6 * 60)
    tampered = sign(body.replace("Postgres", "MySQL"))
    for headers in (forged, stale, tampered, {}):
        response = await http_client.post("/slack/events", data=body, headers={**form, **headers})
        assert response.status == 401
    await bot.drain()
    assert slack.calls == []
    assert slack.responses[key] == []
    assert (await service.stats("T1", ALICE)).memories == 0


async def test_every_declared_event_has_a_listener_and_others_are_not_handled(
    bot, slack, http_client
):
    driver = HttpDriver(bot, slack, http_client)
    samples = {
        "app_home_opened": {"type": "app_home_opened", "user": ALICE, "tab": "home"},
        "app_mention": {
            "type": "app_mention",
            "user": ALICE,
            "text": "<@UBOT> hi",
            "ts": "1.1",
            "channel": "C1",
        },
        "message.im": {
            "type": "message",
            "channel_type": "im",
            "user": ALICE,
            "text": "hi",
            "ts": "1.2",
            "channel": "D1",
        },
        **{
            name: {
                "type": name,
                "user": BOB,
                "reaction": "+1",
                "item": {"type": "message", "channel": "C1", "ts": "1.3"},
            }
            for name in ("reaction_added", "reaction_removed")
        },
    }
    assert set(samples) == set(BOT_EVENTS)
    for name, event in samples.items():
        status, _ = await driver.deliver("event", event_payload(event))
        assert status == 200, name
    body = json.dumps(event_payload({"type": "member_joined_channel", "user": ALICE}))
    response = await http_client.post(
        "/slack/events", data=body, headers={"Content-Type": "application/json", **sign(body)}
    )
    assert response.status == 404
    await bot.drain()
