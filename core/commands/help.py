"""/help — every command, from the registry itself."""

from __future__ import annotations

from core.commands.registry import CommandRequest, command, ordered
from core.responses import Item, Response, Section
from core.service import MemoryService


@command("help", "Show what I can do", "/help")
async def help_(service: MemoryService, request: CommandRequest) -> Response:
    items = tuple(Item(f"{spec.usage}", spec.description) for spec in ordered())
    return Response(
        "🧠 I remember things for you and your team. Ask me anything; I'll use what I know.",
        sections=(Section("Commands", items),),
    )
