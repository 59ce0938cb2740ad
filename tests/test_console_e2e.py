"""The console bot end to end: `python -m bots chat` in a subprocess (SPEC §1, §7).

Each test pipes a script into a fresh console on standalone SQLite in a temporary
data directory and reads back what a person would see. Between the lines of a
script the helper sends an unknown command whose reply is fixed, and splits the
output on it, so every input line gets its own output to assert on.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

import pytest

from core import texts
from core.commands import COMMANDS
from tests.processes import bots_env, run_bots

SEPARATOR = "/zz-next"
SEPARATOR_REPLY = texts.UNKNOWN_COMMAND.format(name="zz-next")
SECRET = "AKIAZ7QK3XB5M2TRW9PL"  # shaped like an AWS access key id; not a real one


@pytest.fixture
def console(tmp_path):
    """`console(lines)` → one output string per input line, in one console process."""
    data_dir = tmp_path / "data"
    work = tmp_path / "work"
    work.mkdir()

    def converse(lines: list[str], **settings: str) -> list[str]:
        script = "".join(f"{line}\n{SEPARATOR}\n" for line in lines)
        done = run_bots(["chat"], bots_env(data_dir, **settings), cwd=work, stdin=script)
        assert done.returncode == 0, done.stderr
        parts = done.stdout.split(SEPARATOR_REPLY + "\n")
        assert parts[-1] == "", f"output after the last separator: {parts[-1]!r}"
        assert len(parts) - 1 == len(lines), done.stdout
        return [part.rstrip("\n") for part in parts[:-1]]

    return converse


def test_help_lists_every_command_and_the_console_extras(console):
    [help_text] = console(["/help"])
    for name in COMMANDS:
        assert f"/{name}" in help_text
    for extra in ("/undo", "/used", "/as USER", "/channel NAME"):
        assert extra in help_text


def test_remember_then_ask_answers_with_the_memory_and_a_used_footer(console):
    saved, reply, used = console(
        ["/remember the staging DB is on port 6543", "which port is staging on?", "/used"]
    )
    assert saved.splitlines() == ["🧠 Saved to memory.", "  ↳ /undo"]
    assert "the staging DB is on port 6543" in reply
    assert "🧠 used 1 memory" in reply
    assert used.splitlines()[0] == "🧠 used 1 memory"
    assert "the staging DB is on port 6543  (fact)" in used


def test_a_chat_line_with_nothing_relevant_has_no_used_footer(console):
    [reply] = console(["what is the capital of France?"])
    assert "I don't have anything saved about that yet" in reply
    assert "used" not in reply


def test_global_memories_are_recalled_for_everyone_private_ones_only_for_their_owner(console):
    outputs = console(
        [
            "/remember the staging DB is on port 6543",
            "/global we deploy on Tuesdays",
            "/as bob",
            "when do we deploy?",
            "which port is the staging DB on?",
            "/memories",
            "/as alice",
            "which port is the staging DB on?",
        ]
    )
    saved, shared, switched, bob_deploy, bob_port, bob_list, _, alice_port = outputs
    assert saved.splitlines()[0] == "🧠 Saved to memory."
    assert shared.splitlines()[0] == "🧠 Saved to memory (shared with the workspace)."
    assert switched == "You are now bob."
    assert "we deploy on Tuesdays" in bob_deploy and "🧠 used 1 memory" in bob_deploy
    assert "6543" not in bob_port
    assert "we deploy on Tuesdays  (fact · shared)" in bob_list
    assert "6543" not in bob_list
    assert "the staging DB is on port 6543" in alice_port


def test_forget_removes_the_match_and_undo_brings_it_back(console):
    _, forgot, listed_after, undone, listed_again = console(
        [
            "/remember the staging DB is on port 6543",
            "/forget staging DB",
            "/memories",
            "/undo",
            "/memories",
        ]
    )
    assert forgot.splitlines()[0] == "🗑️ Forgot 1 memory matching “staging DB”."
    assert forgot.splitlines()[1] == "  ↳ /undo"
    assert "6543" not in listed_after
    assert "I don't remember anything for you yet" in listed_after
    assert undone == texts.UNDONE.format(what=texts.UNDO_WHAT["forget"])
    assert "the staging DB is on port 6543" in listed_again


def test_memories_lists_recent_items_and_storage_usage(console):
    *_, listed = console(
        ["/remember our CI runs on Buildkite", "/global we deploy on Tuesdays", "/memories"]
    )
    assert "our CI runs on Buildkite  (fact)" in listed
    assert "we deploy on Tuesdays  (fact · shared by you)" in listed
    assert "2 memories ·" in listed and "bytes" in listed


def test_incognito_stops_recall_and_refuses_saves_until_turned_off(console):
    outputs = console(
        [
            "/remember the staging DB is on port 6543",
            "/incognito on",
            "which port is staging on?",
            "/remember the prod DB is on port 7000",
            "/incognito off",
            "which port is staging on?",
            "/memories",
        ]
    )
    _, on, hidden, refused, off, answered, listed = outputs
    assert on.startswith("🕶️ Incognito is on")
    assert hidden == "🕶️ Incognito is on here, so I'm not using or saving memories."
    assert refused.startswith("🕶️ Not saved: you're in incognito mode")
    assert off.startswith("👋 Incognito is off")
    assert "port 6543" in answered and "🧠 used 1 memory" in answered
    assert "7000" not in listed


def test_incognito_is_per_channel(console):
    outputs = console(
        [
            "/remember the staging DB is on port 6543",
            "/incognito on",
            "/channel random",
            "which port is staging on?",
            "/remember lunch is at noon on Fridays",
            "/channel general",
            "/remember standup is at 9:30",
        ]
    )
    _, _, moved, answered, saved_elsewhere, back, refused_here = outputs
    assert moved == "You are now in #random."
    assert "port 6543" in answered
    assert saved_elsewhere.startswith("🧠 Saved to memory.")
    assert back == "You are now in #general."
    assert refused_here.startswith("🕶️ Not saved")


def test_an_empty_remember_is_refused_with_an_example(console):
    [refused] = console(["/remember"])
    assert refused == "✏️ Nothing to save. Try: /remember the staging DB is on port 6543"


def test_a_100_kb_line_is_refused_as_too_long_and_the_console_carries_on(console):
    huge = "a" * 102_400
    refused, answered, saved = console(
        [f"/remember {huge}", f"what about {huge}?", "/remember still here"]
    )
    assert refused.startswith("✂️ Not saved: that's 102,400 characters")
    assert "at most 2,000" in refused
    assert len(refused) < 500 and len(answered) < 500  # never echoed back
    assert saved.startswith("🧠 Saved to memory.")


def test_a_secret_is_refused_naming_its_kind_and_never_echoed(console):
    refused, listed = console([f"/remember my AWS key is {SECRET}", "/memories"])
    assert refused.startswith("🔒 Not saved: that looks like")
    assert "AWS" in refused or "API key" in refused
    assert SECRET not in refused and SECRET not in listed


def test_quit_stops_reading_input(tmp_path):
    env = bots_env(tmp_path / "data")
    done = run_bots(["chat"], env, cwd=tmp_path, stdin="/quit\n/remember never read\n")
    assert done.returncode == 0 and done.stdout == ""
    listed = run_bots(["memories"], env, cwd=tmp_path)
    assert "never read" not in listed.stdout


def test_piped_input_gets_plain_text_without_banner_or_prompt(tmp_path):
    done = run_bots(
        ["chat"], bots_env(tmp_path / "data"), cwd=tmp_path, stdin="/remember tea over coffee\n"
    )
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "🧠 Saved to memory."
    assert "standalone mode" not in done.stdout
    assert "alice@acme" not in done.stdout and "›" not in done.stdout


def read_terminal(fd: int, process: subprocess.Popen, deadline: float) -> str:
    chunks = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        elif process.poll() is not None:
            break
    return b"".join(chunks).decode("utf-8", "replace")


def test_on_a_terminal_the_console_shows_a_banner_and_a_prompt(tmp_path):
    """The counterpart of the piped case: the same binary, given a terminal."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bots", "chat"],
        stdin=child,
        stdout=child,
        stderr=child,  # input() writes its prompt to stderr when no readline is loaded
        env=bots_env(tmp_path / "data"),
        cwd=tmp_path,
    )
    os.close(child)
    try:
        os.write(main, b"/quit\n")
        seen = read_terminal(main, process, time.monotonic() + 60)
        assert process.wait(timeout=60) == 0
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
    assert "standalone mode" in seen
    assert "alice@acme #general › " in seen


def test_an_unknown_command_points_to_help(console):
    [reply] = console(["/frobnicate now"])
    assert reply == "I don't know /frobnicate. Type /help to see what I can do."
