"""The Slack guide, followed step by step: every command in its plain `sh` blocks runs
here (blocks marked `needs-slack` talk to Slack's servers and are skipped), so a step
that stops working, or a command that does not exist, fails this test."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from tests.processes import bots_env, run_bots

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "manifests" / "slack" / "README.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[tuple[str, str]]:
    """(info, body) of every fenced block of this language, in order."""
    return [(m[2].strip(), m[3]) for m in BLOCK.finditer(GUIDE.read_text()) if m[1] == kind]


def offline_commands() -> list[list[str]]:
    commands = []
    for info, body in blocks("sh"):
        if "needs-slack" in info:
            continue
        for line in body.splitlines():
            line = line.split(" #", 1)[0].strip()
            if line:
                commands.append(shlex.split(line))
    return commands


def extras() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def test_every_offline_command_in_the_slack_guide_runs(tmp_path):
    env = bots_env(tmp_path / "data")
    ran = set()
    outs: list[Path] = []
    for argv in offline_commands():
        program = argv[0]
        if program == "python3" and argv[1:3] == ["-m", "venv"]:
            ran.add("venv")  # the shared test venv stands in for the one it creates
        elif program == ".venv/bin/pip":
            assert argv[1:3] == ["install", "-e"], argv
            [extra] = re.fullmatch(r"\.\[(\w+)\]", argv[3]).groups()
            assert extra in extras(), f"the guide installs an extra that does not exist: {extra}"
            assert importlib.util.find_spec("slack_bolt") is not None
            ran.add("pip")
        elif program == ".venv/bin/memorybot":
            done = run_bots(argv[1:], env, cwd=tmp_path)
            assert done.returncode == 0, (argv, done.stdout, done.stderr)
            ran.add(argv[1])
        elif program == ".venv/bin/python":
            out = tmp_path / f"out{len(outs)}"  # each run of the generator into its own dir
            outs.append(out)
            args = [a if a != "my-app/" else str(out) for a in argv[1:]]
            done = subprocess.run(
                [sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT
            )
            assert done.returncode == 0, (argv, done.stderr)
            ran.add(argv[2])
        elif program == "git":
            ran.add("git")  # `git pull`: nothing to pull from here
        else:
            raise AssertionError(f"the guide runs a command this test does not know: {argv}")
    assert {"venv", "pip", "--help", "settings", "keys", "db", "adapters.slack.manifest"} <= ran
    renamed = (outs[0] / "manifest.yml").read_text()
    assert '"/mb-remember"' in renamed and '"/remember"' not in renamed
    http = yaml.safe_load((outs[1] / "manifest.http.yml").read_text())
    assert http["settings"]["event_subscriptions"]["request_url"] == (
        "https://bot.example.com/slack/events"
    )


def test_the_guide_explains_every_scope_the_manifest_requests():
    from adapters.slack.app import bot_scopes

    text = GUIDE.read_text()
    for scope in bot_scopes():
        assert f"| `{scope}` |" in text, f"the guide does not say why {scope} is needed"


def test_the_systemd_unit_runs_a_command_that_exists(tmp_path):
    [(_, unit)] = blocks("ini")
    [exec_start] = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    command = exec_start.removeprefix("ExecStart=").split()
    assert command[0].endswith("/.venv/bin/memorybot")
    done = run_bots([*command[1:], "--help"], bots_env(tmp_path / "data"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    compose = (ROOT / "docker" / "compose.yml").read_text()
    services = set(re.findall(r"^  (\w+):\n", compose, re.M))
    assert {"db", "migrate", "bot", "worker"} <= services
    assert (ROOT / "docker" / ".env.example").exists()
