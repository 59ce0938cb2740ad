"""manifests/discord/commands.json is generated from the registry and is exactly what
`tree.sync()` registers (captured at the fake's PUT /applications/{id}/commands)."""

from __future__ import annotations

import json

from adapters.discord import manifest
from adapters.discord.bot import discord_endpoints, sync_commands
from core.commands import COMMANDS
from core.commands.registry import ordered
from tests.fakes.discord_server import APP_ID, BOT_TOKEN, GUILD


def committed() -> list[dict]:
    return json.loads(manifest.PATH.read_text(encoding="utf-8"))


def test_the_committed_manifest_is_generated_from_the_registry():
    assert manifest.main(["--check"]) == 0, "run: python -m adapters.discord.manifest"
    assert [c["name"] for c in committed()] == [
        *(s.name for s in ordered()),
        "memory-settings",
        "memory-settings-keys",
    ]


def test_every_registry_command_is_in_the_manifest_with_its_description():
    by_name = {c["name"]: c for c in committed()}
    for spec in COMMANDS.values():
        entry = by_name[spec.name]
        assert entry["description"] == spec.description
        assert [o["name"] for o in entry["options"]] == [a.name for a in spec.arguments]


async def test_sync_registers_exactly_the_manifest(fake):
    with discord_endpoints(fake.api_url, fake.gateway_url):
        names = await sync_commands(BOT_TOKEN)
    (put,) = fake.calls_to("PUT", rf"/applications/{APP_ID}/commands")
    assert put.body == committed()
    assert names == [c["name"] for c in committed()]


async def test_sync_to_one_guild_registers_the_same_commands_there(fake):
    with discord_endpoints(fake.api_url, fake.gateway_url):
        await sync_commands(BOT_TOKEN, GUILD.id)
    (put,) = fake.calls_to("PUT", rf"/applications/{APP_ID}/guilds/{GUILD.id}/commands")
    assert put.body == committed()
    assert not fake.calls_to("PUT", rf"/applications/{APP_ID}/commands")
