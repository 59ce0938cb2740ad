"""/memory-settings: admins (Manage Server) change workspace settings; nobody else can."""

from __future__ import annotations

from core import texts
from core.models import WorkspaceSettings
from core.workspace_settings import EDITABLE
from tests.discord.conftest import embed_text
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import BOB, GUILD

WORKSPACE = str(GUILD.id)
ADMIN = {"permissions": wire.ADMIN_PERMISSIONS}


async def settings(fake, options=None, **kw):
    ex = await fake.slash("memory-settings", options, **kw)
    first = await fake.callback_for(ex)
    if first.body["type"] != 5:
        return first.body, None
    return first.body, (await fake.followup_for(ex)).body


async def test_an_admin_sees_the_current_settings(fake, bot):
    first, reply = await settings(fake, **ADMIN)
    assert first["type"] == 5
    text = embed_text(reply)
    assert reply["content"] == texts.SETTINGS_HEADER
    for line in (
        "Memory: On",
        "Auto-extraction: On",
        "Who may use /global: Everyone",
        "Contradictions: Supersede",
        "Retention: Keep forever",
        "Embedder: Deployment default",
        "Chat model: Deployment default",
    ):
        assert line in text


async def test_an_admin_changes_every_setting_at_once(fake, bot, memory):
    options = {
        "memory_enabled": False,
        "auto_extract": False,
        "global_policy": "admins",
        "contradiction_policy": "keep_history",
        "retention_days": 90,
        "embed_preset": "none",
        "chat_preset": "ollama",
    }
    _, reply = await settings(fake, options, **ADMIN)
    assert reply["content"] == "⚙️ Settings updated."
    assert "Retention: 90 days · *changed*" in embed_text(reply)
    assert await memory.settings(WORKSPACE) == WorkspaceSettings(
        memory_enabled=False,
        auto_extract=False,
        global_policy="admins",
        contradiction_policy="keep_history",
        retention_days=90,
        embed_preset="none",
        chat_preset="ollama",
    )


async def test_default_preset_goes_back_to_the_deployment_default(fake, bot, memory):
    await settings(fake, {"embed_preset": "none"}, **ADMIN)
    await settings(fake, {"embed_preset": "default"}, **ADMIN)
    assert (await memory.settings(WORKSPACE)).embed_preset == ""


async def test_saving_requires_memory_to_be_on(fake, bot):
    await settings(fake, {"memory_enabled": False}, **ADMIN)
    ex = await fake.slash("remember", {"text": "we deploy on Tuesdays"})
    await fake.callback_for(ex)
    reply = (await fake.followup_for(ex)).body
    assert reply["content"].startswith("⏸️ Not saved: memory is turned off in this workspace.")


async def test_who_may_global_is_enforced_for_members(fake, bot):
    await settings(fake, {"global_policy": "admins"}, **ADMIN)
    ex = await fake.slash("global", {"text": "we deploy on Tuesdays"}, user=BOB)
    await fake.callback_for(ex)
    refused = (await fake.followup_for(ex)).body
    assert refused["content"].startswith("🚫 Not saved: only workspace admins")
    ex = await fake.slash("global", {"text": "we deploy on Tuesdays"}, **ADMIN)
    await fake.callback_for(ex)
    assert (await fake.followup_for(ex)).body["content"].startswith("🧠 Saved to memory")


async def test_a_member_without_manage_server_is_refused_and_nothing_changes(fake, bot, memory):
    # Discord would hide the command (default_member_permissions), but an owner can
    # override that per server; the bot must refuse on its own.
    before = await memory.settings(WORKSPACE)
    first, followup = await settings(fake, {"memory_enabled": False}, user=BOB)
    assert first == {
        "type": 4,
        "data": {
            "content": "🚫 Only workspace admins can change memory settings "
            "(on Discord: members with the Manage Server permission).",
            "flags": wire.EPHEMERAL,
            "tts": False,
            "allowed_mentions": {"parse": []},
        },
    }
    assert followup is None
    assert await memory.settings(WORKSPACE) == before


async def test_the_core_still_refuses_a_member_if_the_bot_check_were_missing(fake, bot, memory):
    bot.tree.get_command("memory-settings").checks.clear()
    before = await memory.settings(WORKSPACE)
    first, reply = await settings(fake, {"memory_enabled": False}, user=BOB)
    assert first["type"] == 5
    assert reply["content"] == texts.ADMIN_ONLY  # the core's refusal, as on Slack
    assert await memory.settings(WORKSPACE) == before


async def test_memory_settings_in_a_dm_is_refused(fake, bot, memory):
    first, _ = await settings(fake, {"memory_enabled": False}, guild=None)
    assert first["type"] == 4
    assert first["data"]["content"].startswith("🚫 Only workspace admins")
    assert (await memory.settings("dm")).memory_enabled


async def test_discord_is_told_memory_settings_is_for_manage_server_in_servers_only(bot):
    command = bot.tree.get_command("memory-settings")
    payload = command.to_dict(bot.tree)
    assert payload["default_member_permissions"] == wire.MANAGE_GUILD
    assert payload["contexts"] == [0]
    names = {o["name"] for o in payload["options"]}
    assert names == set(EDITABLE) | {"channel", "channel_memory"}
