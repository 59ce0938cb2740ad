"""Running `python -m bots …` as a real subprocess, the way a user runs it.

End-to-end tests go through a process boundary on purpose: configuration comes from
the environment, output is what a terminal or a pipe receives, and the exit code is
what a script sees. The child runs in a scratch directory (so no stray `.env` is
read) with this worktree on PYTHONPATH and only the MEMORYBOT_* variables a test sets.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120


def bots_env(data_dir: Path, **settings: str) -> dict[str, str]:
    """The parent's environment minus every MEMORYBOT_* setting, plus `settings`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORYBOT_")}
    env.update(
        PYTHONPATH=str(ROOT),
        PYTHONIOENCODING="utf-8",
        MEMORYBOT_DATA_DIR=str(data_dir),
        MEMORYBOT_WORKSPACE="acme",
        MEMORYBOT_USER="alice",
    )
    env.update(settings)
    return env


def run_bots(
    args: Sequence[str],
    env: Mapping[str, str],
    *,
    cwd: Path,
    stdin: str = "",
) -> subprocess.CompletedProcess[str]:
    """`python -m bots ARGS`, stdin piped (never a terminal), output captured."""
    return subprocess.run(
        [sys.executable, "-m", "bots", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(env),
        cwd=cwd,
        timeout=TIMEOUT,
        check=False,
    )
