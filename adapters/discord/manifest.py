"""manifests/discord/commands.json: the commands Discord is told about, from the registry.

    python -m adapters.discord.manifest           # rewrite the file
    python -m adapters.discord.manifest --check   # exit 1 if it is out of date

The file holds exactly the payload `tree.sync()` uploads (`Command.to_dict`), so it
can be reviewed in a diff, or registered without the bot, e.g. with
`curl -X PUT -H "Authorization: Bot $DISCORD_TOKEN" -H "Content-Type: application/json"
--data @manifests/discord/commands.json
https://discord.com/api/v10/applications/$APPLICATION_ID/commands`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import discord

from adapters.discord.bot import build_tree, command_payloads
from adapters.discord.context import BotContext

PATH = Path(__file__).resolve().parents[2] / "manifests" / "discord" / "commands.json"


def payload() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    return command_payloads(build_tree(client, BotContext()))


def render() -> str:
    return json.dumps(payload(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = PATH.read_text(encoding="utf-8") if PATH.exists() else ""
        if current != text:
            print(f"{PATH} is out of date: run python -m adapters.discord.manifest")
            return 1
        return 0
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(text, encoding="utf-8")
    print(f"wrote {PATH} ({len(payload())} commands)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
