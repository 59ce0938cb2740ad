"""API keys are write-only (SPEC §6): stored encrypted, never shown again, only "set /
not set" — and never echoed in any message, log or error on the way."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator

import pytest

from core import texts
from core.ports import Store
from core.providers.encryption import SecretBox
from core.service import MemoryService
from tests.discord.conftest import embed_text, running_bot
from tests.fakes import discord_payloads as wire
from tests.fakes.discord_server import BOB, GUILD

WORKSPACE = str(GUILD.id)
ADMIN = {"permissions": wire.ADMIN_PERMISSIONS}
EMBED_KEY = "sk-proj-EmbedKey0123456789abcdefghijklmnopqrstuv"
CHAT_KEY = "sk-ant-api03-ChatKey0123456789abcdefghijklmnopqrst"


@pytest.fixture
async def keyed(store: Store, clock) -> AsyncIterator[MemoryService]:
    """A service that can store keys (MEMORYBOT_SECRET_KEY configured), on each store."""
    box = SecretBox([SecretBox.generate_key()])
    service = MemoryService(store, clock=clock, secrets=box)
    yield service
    await service.jobs.drain()


async def open_form(fake, **kw):
    ex = await fake.slash("memory-settings-keys", **kw)
    return (await fake.callback_for(ex)).body


async def submit(fake, modal, values, **kw):
    ex = await fake.submit(modal, values, **kw)
    first = await fake.callback_for(ex)
    return first.body, (await fake.followup_for(ex)).response


def fields(modal):
    return {c["component"]["custom_id"]: c for c in modal["components"]}


def assert_never_echoed(fake, caplog, *secrets):
    sent = json.dumps([(c.method, c.path, c.query, c.body) for c in fake.calls], default=str)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for secret in secrets:
        assert secret not in sent
        assert secret not in logged


async def test_an_admin_sets_both_keys_in_a_form_and_sees_only_set(fake, keyed, caplog):
    caplog.set_level(logging.DEBUG)
    async with running_bot(fake, keyed):
        first = await open_form(fake, **ADMIN)
        assert first["type"] == 9
        modal = first["data"]
        assert modal["title"] == texts.KEYS_FORM_TITLE
        shown = fields(modal)
        assert [c["label"] for c in shown.values()] == list(texts.KEY_LABELS.values())
        assert {c["component"]["placeholder"] for c in shown.values()} == {"Not set: paste a key"}
        assert not any(c["component"].get("required") for c in shown.values())
        ack, reply = await submit(fake, modal, {"embed": EMBED_KEY, "chat": CHAT_KEY}, **ADMIN)
    assert ack == {"type": 5, "data": {"flags": wire.EPHEMERAL}}
    assert reply["content"] == texts.KEYS_UPDATED
    assert reply["flags"] & wire.EPHEMERAL
    assert "Embedder API key: set" in embed_text(reply)
    assert "Chat model API key: set" in embed_text(reply)
    assert await keyed.keys.reveal(WORKSPACE, "embed") == EMBED_KEY
    assert await keyed.keys.reveal(WORKSPACE, "chat") == CHAT_KEY
    assert_never_echoed(fake, caplog, EMBED_KEY, CHAT_KEY)
    assert "[hidden]" in caplog.text  # discord.py did log the submission, without the keys


async def test_a_field_left_empty_keeps_the_stored_key(fake, keyed):
    await keyed.keys.set(WORKSPACE, "root", "chat", CHAT_KEY, is_admin=True)
    async with running_bot(fake, keyed):
        modal = (await open_form(fake, **ADMIN))["data"]
        placeholders = {k: c["component"]["placeholder"] for k, c in fields(modal).items()}
        assert placeholders == {
            "embed": "Not set: paste a key",
            "chat": "Set: leave empty to keep it",
        }
        _, reply = await submit(fake, modal, {"embed": EMBED_KEY}, **ADMIN)
    assert "Embedder API key: set · *changed*" in embed_text(reply)
    assert "Chat model API key: set" in embed_text(reply)
    assert await keyed.keys.reveal(WORKSPACE, "chat") == CHAT_KEY


async def test_an_empty_form_changes_nothing_and_says_so(fake, keyed):
    async with running_bot(fake, keyed):
        modal = (await open_form(fake, **ADMIN))["data"]
        _, reply = await submit(fake, modal, {}, **ADMIN)
    assert reply["content"] == texts.KEYS_NOTHING
    assert await keyed.keys.status(WORKSPACE) == {"embed": "not set", "chat": "not set"}


async def test_remove_drops_one_stored_key(fake, keyed):
    await keyed.keys.set(WORKSPACE, "root", "chat", CHAT_KEY, is_admin=True)
    await keyed.keys.set(WORKSPACE, "root", "embed", EMBED_KEY, is_admin=True)
    async with running_bot(fake, keyed):
        ex = await fake.slash("memory-settings-keys", {"remove": "chat"}, **ADMIN)
        assert (await fake.callback_for(ex)).body["type"] == 5
        reply = (await fake.followup_for(ex)).response
    assert reply["content"] == texts.KEYS_REMOVED.format(label="Chat model API key")
    assert "Chat model API key: not set" in embed_text(reply)
    assert await keyed.keys.status(WORKSPACE) == {"embed": "set", "chat": "not set"}


async def test_a_member_cannot_open_the_keys_form(fake, keyed):
    async with running_bot(fake, keyed):
        first = await open_form(fake, user=BOB)
    assert first["type"] == 4
    assert first["data"]["content"] == texts.SETTINGS_ADMIN_ONLY


async def test_a_member_submitting_the_form_anyway_is_refused_and_nothing_is_stored(
    fake, keyed, caplog
):
    caplog.set_level(logging.DEBUG)
    async with running_bot(fake, keyed):
        modal = (await open_form(fake, **ADMIN))["data"]
        _, reply = await submit(fake, modal, {"embed": EMBED_KEY}, user=BOB)
    assert reply["content"] == texts.SETTINGS_ADMIN_ONLY
    assert await keyed.keys.status(WORKSPACE) == {"embed": "not set", "chat": "not set"}
    assert_never_echoed(fake, caplog, EMBED_KEY)


async def test_without_a_secret_key_the_reply_says_what_the_operator_must_do(fake, memory, caplog):
    caplog.set_level(logging.DEBUG)
    async with running_bot(fake, memory):
        modal = (await open_form(fake, **ADMIN))["data"]
        _, reply = await submit(fake, modal, {"embed": EMBED_KEY}, **ADMIN)
    assert reply["content"] == texts.KEYS_NO_SECRET
    assert await memory.keys.status(WORKSPACE) == {"embed": "not set", "chat": "not set"}
    assert_never_echoed(fake, caplog, EMBED_KEY)


async def test_discord_is_told_the_keys_command_is_for_manage_server_in_servers_only(bot):
    payload = bot.tree.get_command("memory-settings-keys").to_dict(bot.tree)
    assert payload["default_member_permissions"] == wire.MANAGE_GUILD
    assert payload["contexts"] == [0]
    assert [o["name"] for o in payload["options"]] == ["remove"]
