"""/forget — forget the memories that match a description (with Undo)."""

from __future__ import annotations

from core import texts
from core.commands.registry import Argument, CommandRequest, Suggestion, command, suggester
from core.commands.replies import forget_reply, shorten
from core.responses import Response
from core.service import MemoryService


@command(
    "forget",
    "Forget memories matching some words",
    "/forget staging DB",
    (Argument("query", "Words the memories to forget contain", required=True, autocomplete=True),),
)
async def forget(service: MemoryService, request: CommandRequest) -> Response:
    if not request.text.strip():
        return Response(texts.FORGET_EMPTY, ok=False)
    result = await service.forget(
        request.workspace, request.user, request.text, is_admin=request.is_admin
    )
    return forget_reply(result)


@suggester("forget")
async def suggest(service: MemoryService, request: CommandRequest, limit: int) -> list[Suggestion]:
    """The user's forgettable memories matching what they typed; choosing one forgets
    exactly that memory (its id becomes the query)."""
    found = await service.forget_candidates(
        request.workspace, request.user, request.text, is_admin=request.is_admin, limit=limit
    )
    return [Suggestion(shorten(m.content), m.id) for m in found]
