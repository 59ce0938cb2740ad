"""The committed manifests declare exactly the commands, scopes and events the code uses."""

from __future__ import annotations

import json

from adapters.slack import manifest as gen
from adapters.slack.app import BOT_EVENTS, COMMAND_SCOPE, WEB_API_SCOPES, bot_scopes
from core.commands import COMMANDS
from tests.slack.conftest import ADMIN, ALICE, menus, opened_view


def test_the_committed_manifests_are_the_generated_ones():
    for name, url in gen.FILES.items():
        committed = (gen.MANIFEST_DIR / name).read_text(encoding="utf-8")
        assert committed == gen.render(url), "regenerate with python -m adapters.slack.manifest"


def test_the_manifests_declare_every_registry_command_with_its_usage_hint():
    for url in gen.FILES.values():
        declared = {c["command"]: c for c in gen.manifest(url)["features"]["slash_commands"]}
        assert set(declared) == {f"/{name}" for name in COMMANDS}
        for spec in COMMANDS.values():
            entry = declared[f"/{spec.name}"]
            assert entry["description"] == spec.description
            assert len(entry["description"]) <= 100
            assert entry.get("usage_hint", "") == spec.usage_hint
            assert entry.get("url") == url


def test_socket_mode_and_http_mode_differ_only_in_request_urls():
    socket, http = gen.manifest(None), gen.manifest(gen.EXAMPLE_URL)
    assert socket["settings"]["socket_mode_enabled"] is True
    assert http["settings"]["socket_mode_enabled"] is False
    assert "request_url" not in json.dumps(socket)
    assert http["settings"]["event_subscriptions"]["request_url"] == gen.EXAMPLE_URL
    assert http["settings"]["interactivity"]["request_url"] == gen.EXAMPLE_URL
    for manifest in (socket, http):
        assert manifest["settings"]["event_subscriptions"]["bot_events"] == sorted(BOT_EVENTS)
        assert manifest["oauth_config"]["scopes"]["bot"] == bot_scopes()
        assert manifest["features"]["app_home"]["home_tab_enabled"] is True
        assert manifest["features"]["app_home"]["messages_tab_enabled"] is True
        assert manifest["settings"]["interactivity"]["is_enabled"] is True


def test_the_yaml_writer_round_trips_through_a_yaml_parser():
    # PyYAML is only present as a transitive dependency; the check still runs the real parser.
    import yaml

    for url in gen.FILES.values():
        assert yaml.safe_load(gen.render(url)) == gen.manifest(url)


async def test_every_web_api_method_the_bot_calls_is_covered_by_a_declared_scope(driver, slack):
    """Run every feature once, then compare what reached the API with the scope table."""
    await driver.command("remember", "the staging DB is on port 6543")
    listing = await driver.command("memories")
    [menu] = menus(listing.reply["blocks"])
    edit = await driver.choose(menu, "Edit")
    await driver.submit(opened_view(slack), {"mb.text": "staging is on 5432"}, after=edit)
    await driver.choose(menu, "Forget")
    await driver.click({"action_id": "mb.apikey.chat", "type": "button"}, ADMIN, None)
    await driver.submit(opened_view(slack), {"mb.apikey": "sk-test"}, user=ADMIN)
    await driver.event(
        {
            "type": "app_mention",
            "user": ALICE,
            "text": "<@UBOT> staging?",
            "ts": "1.1",
            "channel": "C1",
        }
    )
    await driver.event(
        {
            "type": "app_mention",
            "user": ALICE,
            "text": "<@UBOT> and the other one?",
            "ts": "1.3",
            "thread_ts": "1.1",
            "channel": "C1",
        }
    )
    await driver.event(
        {
            "type": "message",
            "channel_type": "im",
            "user": ALICE,
            "text": "staging?",
            "ts": "1.2",
            "channel": "D1",
        }
    )
    await driver.event({"type": "app_home_opened", "user": ADMIN, "tab": "home"})
    await driver.select("mb.setting.auto_extract", "off")
    called = {c.method for c in slack.calls}
    assert called <= set(WEB_API_SCOPES)
    needed = {s for m in called for s in WEB_API_SCOPES[m].split()}
    needed |= set(BOT_EVENTS.values()) | {COMMAND_SCOPE}
    assert {s for s in needed if s} == set(bot_scopes())
