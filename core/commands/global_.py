"""/global — save something the whole workspace should know."""

from __future__ import annotations

from core import texts
from core.audience import is_personal
from core.commands.registry import Argument, CommandRequest, command
from core.commands.replies import save
from core.models import Scope
from core.responses import Response
from core.service import MemoryService

USAGE = "/global we deploy on Tuesdays"


@command(
    "global",
    "Save something for everyone in this workspace",
    USAGE,
    (Argument("text", "What the whole workspace should remember", required=True),),
)
async def global_(service: MemoryService, request: CommandRequest) -> Response:
    if is_personal(request.workspace):  # a DM of one person: nobody to share it with
        return Response(texts.GLOBAL_IN_PERSONAL, ok=False, data={"status": "refused"})
    return await save(service, request, Scope.GLOBAL, USAGE)
