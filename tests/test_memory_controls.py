"""Memory controls (issue 16): a user's "memory off for me" switch and an admin's
channel policy, decided once in `core.context` and obeyed by commands, chat and the
extraction job alike; settings from the console and the CLI through the same checks."""

from __future__ import annotations

from core import texts
from core.audience import Audience
from core.chat.turn import ChatTurn
from core.commands import CommandRequest, run_action, run_command
from core.commands.settings import settings_line
from core.models import ChannelPolicy, RefusalReason
from core.responses import ActionKind
from tests.test_cli import Cli
from tests.test_console_e2e import console  # noqa: F401 (fixture)

WS, ALICE, ADMIN = "acme", "alice", "ada"
PAYROLL = "the payroll export runs on Fridays"
PRIVATE = Audience.PRIVATE  # only the asker reads these replies (issue 11's audiences)


def request(text: str = "", channel: str = "general", **kw) -> CommandRequest:
    return CommandRequest(WS, kw.pop("user", ALICE), channel, text, **kw)


async def contents(service) -> list[str]:
    return sorted(m.content for m in (await service.memories(WS, ALICE, limit=50)).items)


async def test_memory_off_for_me_stops_recall_saving_and_learning_everywhere(service):
    await service.remember(WS, ALICE, PAYROLL, channel="general")
    off = await run_command(service, "memories", request("off"))
    assert off.text == texts.PERSONAL_OFF and off.data["memory_off"] is True

    for channel in ("general", "random"):
        answer = await service.chat(
            ChatTurn(WS, ALICE, channel, "when is the payroll export?", audience=PRIVATE)
        )
        assert answer.used == [] and answer.text == texts.PERSONAL_OFF_ANSWER
    refused = await service.remember(WS, ALICE, "we use Buildkite for CI", channel="random")
    assert refused.reason == RefusalReason.PERSONAL_OFF
    await service.chat(ChatTurn(WS, ALICE, "general", "we use Buildkite for CI"))
    await service.jobs.drain()
    assert await contents(service) == [PAYROLL]
    # others are unaffected, and incognito is a separate switch
    assert (await service.chat(ChatTurn(WS, "bob", "general", "hello"))).text != (
        texts.PERSONAL_OFF_ANSWER
    )
    assert await service.incognito_channels(WS, ALICE) == []

    listing = await run_command(service, "memories", request())
    assert listing.text.startswith(texts.PERSONAL_OFF_NOTE)
    assert ActionKind.MEMORY_ON in [a.kind for a in listing.actions]
    back = await run_action(service, request(), ActionKind.MEMORY_ON, "")
    assert back.text == texts.PERSONAL_ON
    answer = await service.chat(
        ChatTurn(WS, ALICE, "general", "when is the payroll export?", audience=PRIVATE)
    )
    assert [h.content for h in answer.used] == [PAYROLL]


async def test_a_channel_set_to_recall_only_queues_no_extraction(service):
    await service.set_channel_policy(WS, ADMIN, "support", "recall-only", is_admin=True)
    await service.chat(ChatTurn(WS, ALICE, "support", "we use Buildkite for CI"))
    await service.jobs.drain()
    assert await contents(service) == []
    await service.chat(ChatTurn(WS, ALICE, "general", "we use Buildkite for CI"))
    await service.jobs.drain()
    assert await contents(service) == ["we use Buildkite for CI"]


async def test_imports_are_not_bound_to_a_channel_policy(service):
    await service.set_channel_policy(WS, ADMIN, "support", "off", is_admin=True)
    saved = await service.remember(WS, ALICE, PAYROLL, reconcile=False)
    assert saved.reason is None


async def test_settings_line_shows_sets_and_refuses_like_the_settings_pages(service):
    shown = await settings_line(service, request())
    assert "Memory: On" in shown.plain()
    refused = await settings_line(service, request("set auto_extract off"))
    assert not refused.ok and refused.text == texts.ADMIN_ONLY
    bad = await settings_line(service, request("set retention_days 45", is_admin=True))
    assert not bad.ok and "Keep forever" in bad.text
    changed = await settings_line(service, request("set auto_extract off", is_admin=True))
    assert changed.ok and (await service.settings(WS)).auto_extract is False
    chan = await settings_line(service, request("channel #hr off", is_admin=True))
    assert chan.text == "✅ Saved: memory in #hr is now Off."
    assert (await service.settings(WS)).channel_policy("hr") == ChannelPolicy.OFF
    assert "#hr: Off" in (await settings_line(service, request())).plain()
    usage = await settings_line(service, request("frobnicate"))
    assert not usage.ok and usage.text == texts.SETTINGS_USAGE


def test_the_console_settings_line_and_personal_switch(console):  # noqa: F811
    out = console(
        [
            "/settings channel hr off",
            "/admin on",
            "/settings channel hr off",
            "/channel hr",
            "/remember the HR drive is at hr.example",
            "/channel general",
            "/memories off",
            "/remember the HR drive is at hr.example",
            "/memories on",
            "/settings",
        ]
    )
    assert out[0] == texts.ADMIN_ONLY
    assert out[2] == "✅ Saved: memory in #hr is now Off."
    assert out[4] == texts.REFUSALS[RefusalReason.CHANNEL_OFF]
    assert out[6] == texts.PERSONAL_OFF
    assert out[7] == texts.REFUSALS[RefusalReason.PERSONAL_OFF]
    assert out[8] == texts.PERSONAL_ON
    assert "#hr: Off" in out[9] and "Auto-extraction: On" in out[9]


def test_memorybot_settings_shows_and_sets_for_admins_only(tmp_path):
    cli = Cli(tmp_path)
    assert "Memory: On" in cli("settings").stdout
    refused = cli("settings", "set", "memory_enabled", "off", ok=False)
    assert refused.returncode == 1 and texts.ADMIN_ONLY in refused.stdout
    changed = cli.json("settings", "set", "memory_enabled", "off", "--admin")
    assert changed["settings"]["memory_enabled"] is False and changed["changed"] == [
        "memory_enabled"
    ]
    cli("settings", "channel", "C07HR0001", "recall_only", "--admin")
    shown = cli.json("settings")
    assert shown["settings"]["channel_policies"] == {"C07HR0001": "recall_only"}
    assert "embed_api_key_enc" not in shown["settings"]


async def test_memories_on_or_off_switches_only_as_the_whole_argument_and_the_words_stay_searchable(
    service,
):
    for text in ("the backup job is off on weekends", "staging runs on port 2222", PAYROLL):
        await service.remember(WS, ALICE, text)

    async def listed(argument: str) -> list[str]:
        reply = await run_command(service, "memories", request(argument))
        assert reply.data["memory_off"] is False, f"{argument!r} switched memory off"
        assert reply.text != texts.PERSONAL_ON, f"{argument!r} switched memory on"
        return sorted(item.text for section in reply.sections for item in section.items)

    assert await listed('"off"') == ["the backup job is off on weekends"]
    assert await listed("“off”") == ["the backup job is off on weekends"]
    assert await listed("search off") == ["the backup job is off on weekends"]
    assert "staging runs on port 2222" in await listed("search on")
    assert await listed("search 2222") == ["staging runs on port 2222"]  # not page 2222
    assert await listed("off on weekends") == ["the backup job is off on weekends"]
    assert await service.memory_switch(WS, ALICE) is False
    switched = await run_command(service, "memories", request("  OFF "))
    assert switched.text == texts.PERSONAL_OFF and switched.data["memory_off"] is True
    back = await run_command(service, "memories", request("on"))
    assert back.text == texts.PERSONAL_ON and back.data["memory_off"] is False


def test_the_help_says_how_to_search_for_the_switch_words():
    from core.commands.registry import ordered

    [spec] = [s for s in ordered() if s.name == "memories"]
    assert "search words" in spec.usage and "search on" in spec.arguments[0].description
