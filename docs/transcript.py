"""Produce the README's console transcript by running the real console bot.

Used by cog (`cog -r README.md`, checked with `cog --check` in `make test`): the
transcript in the README is always what the bot really prints.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

SCRIPT = [
    "/remember the staging DB is on port 6543",
    "/global we deploy on Tuesdays",
    "which port is staging on?",
    "/remember the payments service listens on port 8443",
    "/remember the auth service runs on port 9000",
    "what port does the payments service use?",
    "which service do we use for email?",
    "/remember my password is hunter2",
    "/remember the staging DB is on port 5432",
    "/memories",
    "/forget staging DB",
    "/undo",
    "/incognito",
    "when do we deploy?",
    "/incognito",
    "/as bob",
    "which port is staging on? when do we deploy?",
]


def transcript(lines: list[str] = SCRIPT, user: str = "alice") -> str:
    """Feed the lines to `memorybot chat` and interleave them with its answers."""
    with tempfile.TemporaryDirectory() as data_dir:
        env = {**os.environ, "MEMORYBOT_DATA_DIR": data_dir, "MEMORYBOT_USER": user}
        env.pop("MEMORYBOT_DATABASE_URL", None)
        out = []
        for line in lines:
            result = subprocess.run(
                [sys.executable, "-m", "bots", "chat"],
                input=line + "\n",
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
            out.append(f"{user} › {line}\n{result.stdout.rstrip()}")
            if line.startswith("/as "):
                user = line.split()[1]
                env["MEMORYBOT_USER"] = user
        return "\n\n".join(out)


if __name__ == "__main__":
    print(transcript())
