"""/incognito — stop recalling and saving for you in this channel (toggle)."""

from __future__ import annotations

from core import texts
from core.commands.registry import Argument, CommandRequest, command
from core.responses import Response
from core.service import MemoryService


@command(
    "incognito",
    "Toggle incognito for you in this channel: nothing recalled, nothing saved",
    "/incognito [on|off]",
    (Argument("state", "on or off (default: toggle)", choices=("on", "off")),),
)
async def incognito(service: MemoryService, request: CommandRequest) -> Response:
    wanted = request.text.strip().lower()
    if wanted not in ("", "on", "off"):
        return Response(texts.INCOGNITO_USAGE, ok=False)
    on = {"on": True, "off": False}.get(wanted)
    state = await service.incognito(request.workspace, request.user, request.channel, on)
    return Response(texts.INCOGNITO_ON if state else texts.INCOGNITO_OFF, data={"on": state})
