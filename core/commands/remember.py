"""/remember — save something for yourself."""

from __future__ import annotations

from core.commands.registry import Argument, CommandRequest, command
from core.commands.replies import save
from core.models import Scope
from core.responses import Response
from core.service import MemoryService

USAGE = "/remember the staging DB is on port 6543"


@command(
    "remember",
    "Save something for yourself to remember",
    USAGE,
    (Argument("text", "What to remember", required=True),),
)
async def remember(service: MemoryService, request: CommandRequest) -> Response:
    return await save(service, request, Scope.PRIVATE, USAGE)
