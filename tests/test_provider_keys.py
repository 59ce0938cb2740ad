"""Secrets at rest (SPEC §6): provider API keys are write-only — stored encrypted,
never shown again, only "set / not set" — and rotate to a new secret key."""

from __future__ import annotations

import logging

import pytest
from click.testing import CliRunner

from bots.cli import cli
from core import texts
from core.commands import CommandRequest
from core.commands.keys import set_key, set_keys
from core.providers.encryption import SecretBox, SecretDecryptError, SecretKeyError
from core.providers.keys import ProviderKeys

WS, ADMIN = "acme", "root"
API_KEY = "sk-Qm9vXz7LpR2tYw8KcN4dHs6VfJ1gBa3EuT5yWi0oZxPlMnCq"


@pytest.fixture
def old_key() -> str:
    return SecretBox.generate_key()


@pytest.fixture
def keyed(service, old_key):
    service.keys = ProviderKeys(service.store, SecretBox([old_key]), service.clock)
    return service


async def test_a_key_is_stored_encrypted_and_shown_only_as_set(keyed, caplog):
    caplog.set_level(logging.DEBUG)
    await keyed.keys.set(WS, ADMIN, "chat", API_KEY, is_admin=True)

    assert await keyed.keys.status(WS) == {"embed": "not set", "chat": "set"}
    settings = await keyed.settings(WS)
    assert settings.chat_api_key_enc and API_KEY not in settings.chat_api_key_enc
    assert (
        settings.public()["chat_api_key"] == "set" and "chat_api_key_enc" not in settings.public()
    )
    assert API_KEY not in repr(settings) and settings.chat_api_key_enc not in repr(settings)
    assert await keyed.keys.reveal(WS, "chat") == API_KEY
    assert API_KEY not in caplog.text


async def test_an_empty_key_removes_it(keyed):
    await keyed.keys.set(WS, ADMIN, "embed", API_KEY, is_admin=True)
    await keyed.keys.set(WS, ADMIN, "embed", "", is_admin=True)
    assert await keyed.keys.status(WS) == {"embed": "not set", "chat": "not set"}


async def test_only_admins_may_set_a_key(keyed):
    with pytest.raises(PermissionError):
        await keyed.keys.set(WS, "mallory", "chat", API_KEY, is_admin=False)
    assert (await keyed.keys.status(WS))["chat"] == "not set"


async def test_keys_cannot_be_written_as_plain_settings(keyed):
    with pytest.raises(ValueError, match="encrypted"):
        await keyed.update_settings(WS, ADMIN, is_admin=True, chat_api_key_enc=API_KEY)


async def test_without_a_secret_key_storing_a_key_says_how_to_configure_one(service):
    with pytest.raises(SecretKeyError, match="MEMORYBOT_SECRET_KEY"):
        await service.keys.set(WS, ADMIN, "chat", API_KEY, is_admin=True)


async def test_rotation_re_encrypts_every_workspace_under_the_newest_key(keyed, old_key):
    await keyed.keys.set(WS, ADMIN, "chat", API_KEY, is_admin=True)
    await keyed.keys.set("globex", ADMIN, "embed", "embed-key-42", is_admin=True)
    await keyed.update_settings("initech", ADMIN, is_admin=True, recall_limit=3)  # no keys
    new_key = SecretBox.generate_key()
    keyed.keys = ProviderKeys(keyed.store, SecretBox([new_key, old_key]), keyed.clock)

    report = await keyed.keys.rotate()

    assert (report.rotated, report.workspaces, report.failed) == (2, 3, ())
    only_new = ProviderKeys(keyed.store, SecretBox([new_key]), keyed.clock)
    assert await only_new.reveal(WS, "chat") == API_KEY
    assert await only_new.reveal("globex", "embed") == "embed-key-42"
    only_old = ProviderKeys(keyed.store, SecretBox([old_key]), keyed.clock)
    with pytest.raises(SecretDecryptError):
        await only_old.reveal(WS, "chat")


async def test_rotation_reports_keys_no_configured_secret_key_opens(keyed):
    await keyed.keys.set(WS, ADMIN, "chat", API_KEY, is_admin=True)
    keyed.keys = ProviderKeys(keyed.store, SecretBox([SecretBox.generate_key()]), keyed.clock)
    report = await keyed.keys.rotate()
    assert report.rotated == 0 and report.failed == (WS,)


def test_the_cli_sets_shows_and_rotates_keys_without_ever_printing_them(
    tmp_path, monkeypatch, caplog
):
    monkeypatch.chdir(tmp_path)  # no stray .env
    caplog.set_level(logging.DEBUG)
    old, new = SecretBox.generate_key(), SecretBox.generate_key()
    env = {
        "MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/keys.db",
        "MEMORYBOT_WORKSPACE": WS,
        "MEMORYBOT_USER": ADMIN,
        "MEMORYBOT_LOG_LEVEL": "DEBUG",
        "MEMORYBOT_SECRET_KEY": old,
    }
    runner = CliRunner()
    outputs = []

    def run(*args: str, input: str | None = None, **extra: str):
        result = runner.invoke(cli, list(args), env={**env, **extra}, input=input)
        outputs.append(result.output)
        return result

    set_ = run("keys", "set", "chat", input=API_KEY + "\n")
    assert set_.exit_code == 0, set_.output
    assert "chat API key for workspace acme: set" in set_.output
    status = run("keys", "status", "--json")
    assert '"chat": "set"' in status.output and '"embed": "not set"' in status.output
    rotate = run("keys", "rotate", MEMORYBOT_SECRET_KEY=f"{new},{old}")
    assert rotate.exit_code == 0 and "Re-encrypted 1 key(s) in 1 workspace(s)." in rotate.output
    after = run("keys", "status", MEMORYBOT_SECRET_KEY=new)
    assert "chat API key: set" in after.output
    run("memories", "--json", MEMORYBOT_SECRET_KEY=new)

    stale = run("keys", "rotate", MEMORYBOT_SECRET_KEY=SecretBox.generate_key())
    assert stale.exit_code == 1 and "acme" in stale.output

    for text in [*outputs, caplog.text]:
        assert API_KEY not in text
        assert API_KEY[:20] not in text


def test_the_cli_explains_a_missing_secret_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    env = {"MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/keys.db", "MEMORYBOT_SECRET_KEY": ""}
    result = CliRunner().invoke(cli, ["keys", "set", "chat", "--api-key", API_KEY], env=env)
    assert result.exit_code == 1 and "MEMORYBOT_SECRET_KEY" in result.output
    assert API_KEY not in result.output


async def test_both_platforms_key_forms_answer_the_same_refusals(keyed):
    """Slack's one-key form (`set_key`) and Discord's several-keys form (`set_keys`)
    share one refusal per cause: not an admin, no secret key, no such provider."""
    admin = CommandRequest(WS, ADMIN, "C1", is_admin=True)
    member = CommandRequest(WS, "mallory", "C1")
    assert (await set_key(keyed, member, "chat", API_KEY)).text == texts.ADMIN_ONLY
    assert (await set_keys(keyed, member, {"chat": API_KEY})).text == texts.ADMIN_ONLY
    assert (await set_key(keyed, admin, "bogus", API_KEY)).text == texts.KEY_UNKNOWN
    assert (await set_keys(keyed, admin, {"bogus": API_KEY})).text == texts.KEY_UNKNOWN
    assert await keyed.keys.status(WS) == {"embed": "not set", "chat": "not set"}
    keyed.keys = ProviderKeys(keyed.store, None, keyed.clock)  # no MEMORYBOT_SECRET_KEY
    assert (await set_key(keyed, admin, "chat", API_KEY)).text == texts.KEYS_NO_SECRET
    assert (await set_keys(keyed, admin, {"chat": API_KEY})).text == texts.KEYS_NO_SECRET


async def test_several_keys_are_stored_and_the_answer_marks_only_what_changed(keyed):
    admin = CommandRequest(WS, ADMIN, "C1", is_admin=True)
    saved = await set_keys(keyed, admin, {"embed": API_KEY})
    assert saved.text == texts.KEYS_UPDATED and API_KEY not in repr(saved)
    assert saved.data == {"keys": {"embed": "set", "chat": "not set"}, "changed": ["embed"]}
    removed = await set_keys(keyed, admin, {"embed": ""})
    assert removed.text == texts.KEYS_REMOVED.format(label="Embedder API key")
    nothing = await set_keys(keyed, admin, {})
    assert nothing.text == texts.KEYS_NOTHING and nothing.data["changed"] == []
