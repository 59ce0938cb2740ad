"""Acceptance-audit findings (issues 11 and 12), each as the outside evaluator hit it.

No echo of a database password on any error path: a malformed URL (libpq quotes it
back whole), a password with an unencoded '@' (its tail becomes the "host" the error
names), and a libpq key=value string (standalone mode took it for a SQLite file named
after the password, and `doctor`/`db migrate` printed that name).
"""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner, Result

import core
from bots.cli import cli
from bots.redact import redact
from core.ids import new_id
from core.models import NewMemory, Principal, Scope
from core.remember.canonical import content_hash

PASSWORD = "AppPw5ecretXYZ"
UNREACHABLE = "postgresql://memorybot_app@127.0.0.1:1/memorybot"
BAD_URLS = {
    "malformed": f"postgresql://memorybot_app:{PASSWORD}@[badhost/memorybot",
    "unencoded @": f"postgresql://memorybot_app:App@{PASSWORD}@127.0.0.1:1/memorybot",
    "key=value": f"host=127.0.0.1 port=1 user=memorybot_app password='{PASSWORD}'",
    "key=value, bare": f"host=127.0.0.1 port=1 user=memorybot_app password={PASSWORD}",
}
COMMANDS = (("doctor",), ("db", "migrate"), ("remember", "lunch is at noon"), ("worker",))


def run(args: tuple[str, ...], env: dict[str, str]) -> Result:
    return CliRunner().invoke(cli, list(args), env={"MEMORYBOT_EMBED_PRESET": "none", **env})


def assert_refused_quietly(result: Result) -> None:
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # no traceback
    assert PASSWORD not in result.output and PASSWORD[3:] not in result.output


@pytest.mark.parametrize("kind", sorted(BAD_URLS))
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_bad_database_url_is_refused_without_its_password(kind, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(args, {"MEMORYBOT_DATABASE_URL": BAD_URLS[kind]})
    assert_refused_quietly(result)
    assert "MEMORYBOT_DATABASE_URL" in result.output
    assert os.listdir(tmp_path) == []  # no SQLite file named after a key=value string


@pytest.mark.parametrize("kind", sorted(BAD_URLS))
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_bad_admin_url_is_refused_without_its_password(kind, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    env = {"MEMORYBOT_DATABASE_URL": UNREACHABLE, "MEMORYBOT_DATABASE_ADMIN_URL": BAD_URLS[kind]}
    result = run(args, env)
    assert_refused_quietly(result)
    assert "MEMORYBOT_DATABASE_ADMIN_URL" in result.output


@pytest.mark.parametrize("kind", ["malformed", "unencoded @", "key=value"])
async def test_the_python_api_refuses_a_bad_url_without_its_password(kind, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as refused:
        async with core.open_memory(BAD_URLS[kind]):
            pass
    assert PASSWORD not in str(refused.value) and PASSWORD[3:] not in str(refused.value)
    assert os.listdir(tmp_path) == []


def test_redact_hides_quoted_and_spaced_password_settings():
    for text in (
        f"host=db password='{PASSWORD}' dbname=m",
        f'host=db password="{PASSWORD}"',
        f"host=db password = {PASSWORD}",
        f"postgresql://memorybot_app:App@{PASSWORD}@db/x",
    ):
        assert PASSWORD not in redact(text), text
    assert redact("postgresql://memorybot_app@db:5432/x") == "postgresql://memorybot_app@db:5432/x"


FORGETTABLE = {
    "the wiki lives at wiki.acme.dev": "wiki.acme.dev",
    "send invoices to billing@acme.example": "billing@acme.example",
    "the gateway config is /etc/nginx/gateway.conf": "/etc/nginx/gateway.conf",
    "prod runs release v2.4.1": "v2.4.1",
}


@pytest.mark.parametrize("text", sorted(FORGETTABLE))
async def test_forget_finds_a_host_address_path_or_version_on_every_store(service, text):
    # PostgreSQL's parser keeps "wiki.acme.dev" as one token, so its words never matched
    # there: "/forget wiki.acme.dev" said nothing matched while autocomplete offered it.
    saved = await service.remember("acme", "alice", text)
    query = FORGETTABLE[text]
    assert [m.id for m in await service.forget_candidates("acme", "alice", query)] == [
        saved.memory.id
    ]
    forgot = await service.forget("acme", "alice", query)
    assert [m.id for m in forgot.forgotten] == [saved.memory.id]
    assert (await service.memories("acme", "alice")).items == []


GH_TOKEN = "ghp_" + "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"  # generated, not a real key


@pytest.mark.parametrize("field", ["channel", "platform", "message_id", "permalink", "author"])
async def test_a_jsonl_import_guards_every_field_it_stores_not_only_content(service, field):
    import json

    from core.governance.portability import export_jsonl, import_jsonl
    from tests.test_trust_erase import leftovers

    value = (
        f"https://acme.slack.com/archives/C1/p1?t={GH_TOKEN}" if field == "permalink" else GH_TOKEN
    )
    lines = [
        json.dumps({"content": "the orbivane build runs nightly", field: value}),
        json.dumps({"content": "deploys happen on Tuesdays", "channel": "C07DEPLOY"}),
    ]
    report = await import_jsonl(service.ports, "acme", "alice", lines)
    assert report.refused == [(1, f"secret in {field}")]
    exported = [line async for line in export_jsonl(service.ports, "acme", "alice")]
    assert [json.loads(x)["content"] for x in exported] == ["deploys happen on Tuesdays"]
    assert GH_TOKEN not in "".join(exported)
    assert await leftovers(service.store) == []  # nor any page of the file or table row


@pytest.mark.parametrize("args", [("export", "-o", "me.jsonl"), ("export", "-o", "MEMORY.md")])
def test_an_export_file_is_private_like_the_database(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    previous = os.umask(0o022)  # the usual default: new files 0644
    try:
        env = {"MEMORYBOT_DATABASE_URL": f"sqlite:///{tmp_path}/m.db", "MEMORYBOT_USER": "alice"}
        assert run(("remember", "my dentist is on Friday at 3pm"), env).exit_code == 0
        done = run(args, env)
    finally:
        os.umask(previous)
    assert done.exit_code == 0, done.output
    written = tmp_path / args[-1]
    assert "dentist" in written.read_text(encoding="utf-8")
    assert written.stat().st_mode & 0o077 == 0


BOT_ENV = {
    "SLACK_BOT_TOKEN": "xoxb-1",
    "SLACK_APP_TOKEN": "xapp-1",
    "DISCORD_TOKEN": "MTE4.GhIjKl." + "abcdefghijklmnopqrstuvwxyz0123456789ABCD",
}


@pytest.mark.parametrize("bot", ["slack", "discord"])
def test_a_bot_whose_database_is_unreachable_stops_with_one_line(bot):
    # a traceback goes around the redacting log filter: start-up errors are one line
    url = f"postgresql://memorybot_app:{PASSWORD}@127.0.0.1:1/memorybot"
    result = run((bot,), {**BOT_ENV, "MEMORYBOT_DATABASE_URL": url})
    assert_refused_quietly(result)
    assert "database is unavailable" in result.output


# A word of each token above: recall and /forget must find it by that word alone.
PART = {
    "the wiki lives at wiki.acme.dev": "acme",
    "send invoices to billing@acme.example": "billing",
    "the gateway config is /etc/nginx/gateway.conf": "nginx",
    "prod runs release v2.4.1": "v2",
}
NEWER = 250  # more than forgetting.RECENT_POOL: the index alone must find the memory


@pytest.mark.parametrize("text", sorted(PART))
async def test_a_word_of_a_host_address_path_or_version_is_found_beyond_the_recent_ones(
    service, text
):
    # PostgreSQL's index held "billing@acme.example" as one token: a recall for "billing"
    # missed it, and so did "/forget billing" once 200 newer memories hid it from the
    # recent ones forget also reads. Its index text now holds the token's words too.
    saved = await service.remember("acme", "alice", text)
    async with service.store.session(Principal("acme", "alice")) as session:
        for i in range(NEWER):
            filler = f"note {i}: lunch is at noon on day {i}"
            await session.insert_memory(
                NewMemory(
                    new_id(),
                    "acme",
                    "alice",
                    Scope.PRIVATE,
                    filler,
                    content_hash(filler),
                    created_at=1e10 + i,
                    updated_at=1e10 + i,
                )
            )
    word = PART[text]
    hits = await service.recall("acme", "alice", word, touch=False)
    assert [h.id for h in hits] == [saved.memory.id]
    forgot = await service.forget("acme", "alice", word)
    assert [m.id for m in forgot.forgotten] == [saved.memory.id]
