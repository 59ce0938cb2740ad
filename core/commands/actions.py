"""Buttons: Forget, Undo, Accept, Reject, Show used memories, and friends.

An adapter receives a click with an action kind and a value and calls `run_action`;
the rules for what each does live here, not in the adapter.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from core import texts
from core.commands.registry import CommandRequest
from core.commands.replies import forget_reply, memory_item, shorten
from core.faults import FAULTS, explain
from core.governance.near_misses import Outcome
from core.models import FORGET_UNDO_WINDOW
from core.responses import Action, ActionKind, Response, Section
from core.service import MemoryService

ActionHandler = Callable[[MemoryService, CommandRequest, str], Awaitable[Response]]
ACTIONS: dict[ActionKind, ActionHandler] = {}


def action(kind: ActionKind) -> Callable[[ActionHandler], ActionHandler]:
    def register(handler: ActionHandler) -> ActionHandler:
        ACTIONS[kind] = handler
        return handler

    return register


async def run_action(
    service: MemoryService, request: CommandRequest, kind: ActionKind | str, value: str
) -> Response:
    handler = ACTIONS.get(ActionKind(kind))
    assert handler is not None, f"no handler for action {kind}"
    try:
        return await handler(service, request, value)
    except FAULTS as exc:  # bad input, a database down, full or damaged: say so, don't crash
        return Response(explain(exc), ok=False)


@action(ActionKind.FORGET)
async def forget_one(service: MemoryService, request: CommandRequest, memory_id: str) -> Response:
    memory = await service.get_memory(request.workspace, request.user, memory_id)
    if memory is None:
        return Response(texts.NOT_FOUND, ok=False)
    result = await service.forget(
        request.workspace, request.user, memory_id, is_admin=request.is_admin
    )
    return forget_reply(result)


@action(ActionKind.UNDO)
async def undo(service: MemoryService, request: CommandRequest, value: str) -> Response:
    """Undo the change with this audit id (or the user's last change)."""
    result = await service.undo(
        request.workspace, request.user, value or None, is_admin=request.is_admin
    )
    if result.conflict is not None:
        content = shorten(result.conflict.content, 160)
        return Response(texts.UNDO_CONFLICT.format(content=content), ok=False)
    if result.expired:
        hours = round(FORGET_UNDO_WINDOW / 3600)
        return Response(texts.UNDO_EXPIRED.format(hours=hours), ok=False)
    if not result.ok:
        return Response(texts.NOTHING_TO_UNDO, ok=False)
    what = texts.UNDO_WHAT.get(result.action, result.action)
    return Response(texts.UNDONE.format(what=what))


@action(ActionKind.ACCEPT)
async def accept(service: MemoryService, request: CommandRequest, memory_id: str) -> Response:
    ok = await service.review(request.workspace, request.user, memory_id, accept=True)
    return Response(texts.ACCEPTED if ok else texts.NOT_FOUND, ok=ok)


@action(ActionKind.REJECT)
async def reject(service: MemoryService, request: CommandRequest, memory_id: str) -> Response:
    ok = await service.review(request.workspace, request.user, memory_id, accept=False)
    return Response(texts.REJECTED if ok else texts.NOT_FOUND, ok=ok)


@action(ActionKind.SHOW_USED)
async def show_used(service: MemoryService, request: CommandRequest, ids: str) -> Response:
    """The memories a reply used (value: comma-separated ids); only those still visible."""
    found = []
    for memory_id in filter(None, ids.split(",")):
        memory = await service.get_memory(request.workspace, request.user, memory_id)
        if memory is not None:
            found.append(memory_item(memory, request.user, request.is_admin, service.clock()))
    title = texts.used_footer(len(found))
    return Response(title, sections=(Section("", tuple(found)),) if found else ())


async def _near_miss(
    service: MemoryService, request: CommandRequest, pair: str, merge: bool
) -> Response:
    newer, _, older = pair.strip().partition(" ")
    result = await service.resolve_near_miss(
        request.workspace,
        request.user,
        newer,
        older.strip(),
        merge=merge,
        is_admin=request.is_admin,
    )
    data: dict[str, object] = {"outcome": result.outcome.value}
    if result.outcome == Outcome.MERGED and result.kept is not None:
        data["kept"] = result.kept.id
        text = texts.NEAR_MISS_MERGED.format(content=shorten(result.kept.content, 160))
        undo = (Action(ActionKind.UNDO, "Undo", result.audit_id or ""),)
        return Response(text, actions=undo, data=data)
    if result.outcome == Outcome.KEPT:
        return Response(texts.NEAR_MISS_KEPT, data=data)
    if result.outcome == Outcome.FORBIDDEN:
        other = await service.get_memory(request.workspace, request.user, older.strip())
        content = shorten(other.content, 120) if other else ""
        return Response(texts.NEAR_MISS_FORBIDDEN.format(content=content), ok=False, data=data)
    return Response(texts.NEAR_MISS_GONE, ok=False, data=data)


@action(ActionKind.NEAR_MISS_MERGE)
async def near_miss_merge(service: MemoryService, request: CommandRequest, pair: str) -> Response:
    """Same fact: one memory is kept (the longer text, the newer on a tie); undoable."""
    return await _near_miss(service, request, pair, merge=True)


@action(ActionKind.NEAR_MISS_KEEP)
async def near_miss_keep(service: MemoryService, request: CommandRequest, pair: str) -> Response:
    """Two facts: dismiss the pair."""
    return await _near_miss(service, request, pair, merge=False)


@action(ActionKind.INCOGNITO_OFF)
async def incognito_off(service: MemoryService, request: CommandRequest, channel: str) -> Response:
    await service.incognito(request.workspace, request.user, channel or request.channel, False)
    return Response(texts.INCOGNITO_OFF)


@action(ActionKind.CLEAR_PROFILE)
async def clear_profile(service: MemoryService, request: CommandRequest, _: str) -> Response:
    profile = await service.profile(request.workspace, request.user)
    await service.set_profile(request.workspace, request.user, dict.fromkeys(profile, ""))
    return Response("👤 Profile cleared.")


@action(ActionKind.MEMORY_OFF)
async def memory_off(service: MemoryService, request: CommandRequest, _: str) -> Response:
    await service.memory_switch(request.workspace, request.user, off=True)
    return Response(texts.PERSONAL_OFF, data={"memory_off": True})


@action(ActionKind.MEMORY_ON)
async def memory_on(service: MemoryService, request: CommandRequest, _: str) -> Response:
    await service.memory_switch(request.workspace, request.user, off=False)
    return Response(texts.PERSONAL_ON, data={"memory_off": False})
