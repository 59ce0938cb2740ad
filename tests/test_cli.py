"""The command line through real subprocesses: `python -m bots …` (SPEC §8, STYLE §3).

Every command mirrors one call of the service; `--json` output is parsed and its
fields asserted, export/import round-trips through a file into a fresh data
directory, and configuration errors end the process with a clear message.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from core import texts
from core.commands import COMMANDS
from tests.processes import bots_env, run_bots

SECRET = "AKIAZ7QK3XB5M2TRW9PL"  # shaped like an AWS access key id; not a real one


class Cli:
    """`python -m bots` against one data directory, as alice in acme by default."""

    def __init__(self, tmp_path, name: str = "data") -> None:
        self.env = bots_env(tmp_path / name)
        self.cwd = tmp_path

    def __call__(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = run_bots(list(args), self.env, cwd=self.cwd)
        if ok:
            assert done.returncode == 0, done.stderr
        return done

    def json(self, *args: str) -> object:
        return json.loads(self(*args, "--json").stdout)


@pytest.fixture
def cli(tmp_path) -> Cli:
    return Cli(tmp_path)


def test_remember_recall_memories_and_stats_report_json(cli):
    saved = cli.json("remember", "the staging DB is on port 6543")
    assert saved["status"] == "saved" and saved["reason"] is None and saved["id"]
    shared = cli.json("remember", "--global", "we deploy on Tuesdays")
    assert shared["status"] == "saved"

    hits = cli.json("recall", "which port is the staging DB on?")
    assert hits[0]["id"] == saved["id"]
    assert hits[0]["content"] == "the staging DB is on port 6543"
    assert hits[0]["kind"] == "fact" and hits[0]["scope"] == "private"
    assert 0 < hits[0]["score"] <= 1

    listed = cli.json("memories")
    by_id = {m["id"]: m for m in listed["memories"]}
    assert by_id[saved["id"]]["owner"] == "alice" and by_id[saved["id"]]["workspace"] == "acme"
    assert by_id[shared["id"]]["scope"] == "global"
    assert listed["pending"] == []

    stats = cli.json("stats")
    assert stats["memories"] == 2 and stats["private"] == 1 and stats["global"] == 1
    assert stats["size_bytes"] > 0


def test_saving_the_same_text_again_is_reported_as_a_duplicate(cli):
    first = cli.json("remember", "we use Postgres 18")
    again = cli.json("remember", "we use Postgres 18")
    assert first["status"] == "saved" and again["status"] == "duplicate"
    assert cli.json("stats")["memories"] == 1


def test_forget_reports_what_it_forgot_and_undo_restores_it(cli):
    saved = cli.json("remember", "the staging DB is on port 6543")
    forgot = cli.json("forget", "staging DB")
    assert forgot["forgotten"] == [saved["id"]] and forgot["audit_id"]
    assert cli.json("recall", "staging DB port") == []
    assert cli("undo").stdout.strip() == texts.UNDONE.format(what=texts.UNDO_WHAT["forget"])
    assert [h["id"] for h in cli.json("recall", "staging DB port")] == [saved["id"]]


def test_forget_with_no_match_says_so(cli):
    cli("remember", "we deploy on Tuesdays")
    done = cli("forget", "kubernetes", ok=False)
    assert done.returncode == 1  # a script can tell that nothing was forgotten
    assert "Nothing of yours matches “kubernetes”" in done.stdout


def test_a_refused_remember_exits_non_zero_without_echoing_the_secret(cli):
    done = cli("remember", "--json", f"my AWS key is {SECRET}", ok=False)
    assert done.returncode == 1
    assert json.loads(done.stdout) == {"status": "refused", "reason": "secret"}
    plain = cli("remember", f"my AWS key is {SECRET}", ok=False)
    assert plain.returncode == 1 and plain.stdout.startswith("🔒 Not saved")
    assert SECRET not in done.stdout + done.stderr + plain.stdout + plain.stderr
    assert cli.json("stats")["memories"] == 0


def test_export_then_import_into_a_fresh_data_dir_gives_the_same_memories(cli, tmp_path):
    cli("remember", "the staging DB is on port 6543")
    cli("remember", "I prefer concise answers, code first")
    cli("remember", "--global", "we deploy on Tuesdays")
    exported = cli("export").stdout
    records = [json.loads(line) for line in exported.splitlines()]
    assert len(records) == 3
    path = tmp_path / "memories.jsonl"
    path.write_text(exported, encoding="utf-8")

    fresh = Cli(tmp_path, "fresh")
    done = fresh("import", str(path))
    assert "Imported 3 lines: 3 saved" in done.stdout
    assert done.stderr == ""  # no progress bar when stderr is not a terminal

    def contents(which: Cli) -> set[tuple[str, str, str]]:
        return {(m["content"], m["scope"], m["kind"]) for m in which.json("memories")["memories"]}

    assert (
        contents(fresh)
        == contents(cli)
        == {
            ("the staging DB is on port 6543", "private", "fact"),
            ("I prefer concise answers, code first", "private", "preference"),
            ("we deploy on Tuesdays", "global", "fact"),
        }
    )


def test_export_to_a_file_says_how_many_on_stderr(cli, tmp_path):
    cli("remember", "our CI runs on Buildkite")
    target = tmp_path / "out.jsonl"
    done = cli("export", "--output", str(target))
    assert done.stdout == ""
    assert "Exported 1 " in done.stderr and str(target) in done.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["content"] == "our CI runs on Buildkite"


def test_import_reports_refused_lines_by_number_without_echoing_secrets(cli, tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        "\n".join(
            [
                json.dumps({"content": "our CI runs on Buildkite"}),
                json.dumps({"content": f"the deploy key is {SECRET}"}),
                '{"content": "unterminated',
                json.dumps(["not", "an", "object"]),
                json.dumps({"content": "we deploy on Tuesdays", "scope": "global"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    done = cli("import", str(path))
    out = done.stdout
    assert "Imported 5 lines:" in out and "2 saved" in out and "2 invalid" in out
    assert "1 refused" in out
    assert "line 2: refused (secret)" in out
    assert "line 3: refused (not a JSON object with a content string)" in out
    assert "line 4: refused (not a JSON object with a content string)" in out
    assert "line 1:" not in out and "line 5:" not in out
    assert SECRET not in out + done.stderr
    contents = {m["content"] for m in cli.json("memories")["memories"]}
    assert contents == {"our CI runs on Buildkite", "we deploy on Tuesdays"}


def test_user_and_workspace_options_isolate_private_memories(cli):
    cli("--user", "alice", "remember", "my standup notes live in Notion")
    cli("--user", "alice", "remember", "--global", "the office wifi is called acme-guest")
    assert cli.json("--user", "bob", "recall", "standup notes Notion") == []
    bob_wifi = cli.json("--user", "bob", "recall", "office wifi")
    assert [h["content"] for h in bob_wifi] == ["the office wifi is called acme-guest"]
    assert cli.json("--workspace", "globex", "recall", "office wifi") == []
    assert cli.json("--workspace", "globex", "stats")["memories"] == 0
    assert cli.json("--user", "bob", "stats")["memories"] == 1  # the global one
    alice = cli.json("--user", "alice", "recall", "standup notes Notion")
    assert [h["content"] for h in alice] == ["my standup notes live in Notion"]


def test_a_bad_database_url_exits_non_zero_with_a_clear_message(tmp_path):
    env = bots_env(tmp_path / "data", MEMORYBOT_DATABASE_URL="mysql://x")
    done = run_bots(["stats"], env, cwd=tmp_path)
    assert done.returncode != 0
    assert "MEMORYBOT_DATABASE_URL must start with sqlite:///" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_bad_log_level_names_the_setting(tmp_path):
    env = bots_env(tmp_path / "data", MEMORYBOT_LOG_LEVEL="LOUD")
    done = run_bots(["stats"], env, cwd=tmp_path)
    assert done.returncode != 0
    assert "MEMORYBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR" in done.stderr
    assert "Traceback" not in done.stderr


def test_every_slash_command_is_listed_by_the_commands_command(cli):
    listed = cli("commands").stdout
    assert all(f"/{name}" in listed for name in COMMANDS)
