"""Governance buttons: 👍 / 👎, Edit, Pin / Unpin, Tidy up (admins), Erase my data.

Values: FEEDBACK_UP / FEEDBACK_DOWN carry the reply's used memory ids, comma-separated
(as SHOW_USED); PIN / UNPIN a memory id; EDIT either a memory id alone (the adapter
opens a form: the response's `data` holds the current text to prefill) or "ID new
text" (the form's submission); ERASE_REQUEST and ERASE_CONFIRM "" or "globals" (also
erase the shared memories the user wrote). Erasing is two steps: the request answers
with what would go and a confirm button.
"""

from __future__ import annotations

from core import texts
from core.commands.actions import action
from core.commands.registry import CommandRequest
from core.commands.replies import save_reply, shorten
from core.governance import correction
from core.governance.pinning import PinOutcome
from core.models import RefusalReason, SaveStatus
from core.responses import Action, ActionKind, Response
from core.service import MemoryService


def _noun(count: int) -> str:
    return texts.plural(count, "memory", "memories")


async def _feedback(
    service: MemoryService, request: CommandRequest, ids: str, up: bool
) -> Response:
    memory_ids = [i for i in ids.split(",") if i]
    if not memory_ids:  # the answer rated used no memory: nothing to trust more or less
        return Response(texts.FEEDBACK_NO_MEMORIES)
    result = await service.feedback(request.workspace, request.user, memory_ids, up)
    count = len(result.memories)
    if not count:
        return Response(texts.FEEDBACK_NONE, ok=False)
    text = (texts.FEEDBACK_UP if up else texts.FEEDBACK_DOWN).format(count=count, noun=_noun(count))
    if not up and result.buried:
        pronoun = "it" if result.buried == 1 else "them"
        text += texts.FEEDBACK_BURIED.format(
            count=result.buried, noun=_noun(result.buried), pronoun=pronoun
        )
    data: dict[str, object] = {
        "trust": {m.id: m.trust for m in result.memories},
        "audit_id": result.audit_id,
    }
    undo = (Action(ActionKind.UNDO, "Undo", result.audit_id),) if result.audit_id else ()
    return Response(text, actions=undo, data=data)


@action(ActionKind.FEEDBACK_UP)
async def feedback_up(service: MemoryService, request: CommandRequest, ids: str) -> Response:
    return await _feedback(service, request, ids, up=True)


@action(ActionKind.FEEDBACK_DOWN)
async def feedback_down(service: MemoryService, request: CommandRequest, ids: str) -> Response:
    return await _feedback(service, request, ids, up=False)


def edit_refusal(service: MemoryService, text: str) -> Response | None:
    """The refusal an edit form shows before it closes (the new text alone: length and
    guards, fast), else None; the EDIT action then runs after the form closed."""
    refused = correction.text_refusal(text, service.config.max_chars)
    if refused is None:
        return None
    return save_reply(refused, texts.EDIT_USAGE, service.config.max_chars)


@action(ActionKind.EDIT)
async def edit(service: MemoryService, request: CommandRequest, value: str) -> Response:
    memory_id, _, text = value.strip().partition(" ")
    if not memory_id:
        return Response(texts.EDIT_USAGE, ok=False)
    if not text.strip():
        memory = await service.get_memory(request.workspace, request.user, memory_id)
        if memory is None:
            return Response(texts.NOT_FOUND, ok=False)
        return Response(
            texts.EDIT_ASK.format(content=shorten(memory.content)),
            data={"id": memory.id, "content": memory.content},
        )
    result = await service.edit(
        request.workspace, request.user, memory_id, text, is_admin=request.is_admin
    )
    if result is None:
        return Response(texts.NOT_FOUND, ok=False)
    if result.status == SaveStatus.DUPLICATE and result.memory is not None:
        if result.memory.id == memory_id:
            return Response(texts.EDIT_SAME)
        content = shorten(result.memory.content, 120)
        return Response(texts.EDIT_DUPLICATE.format(content=content), ok=False)
    if result.reason == RefusalReason.FORBIDDEN:
        return Response(texts.EDIT_FORBIDDEN, ok=False)
    if result.status != SaveStatus.UPDATED or result.memory is None:
        return save_reply(result, texts.EDIT_USAGE, service.config.max_chars)
    old = result.replaced.content if result.replaced else ""
    return Response(
        texts.EDITED.format(old=shorten(old, 120), new=shorten(result.memory.content, 120)),
        actions=(Action(ActionKind.UNDO, "Undo", result.audit_id or ""),),
        data={"id": result.memory.id, "audit_id": result.audit_id},
    )


async def _pin(
    service: MemoryService, request: CommandRequest, memory_id: str, pinned: bool
) -> Response:
    result = await service.pin(
        request.workspace, request.user, memory_id.strip(), pinned, is_admin=request.is_admin
    )
    if result.outcome == PinOutcome.MISSING:
        return Response(texts.NOT_FOUND, ok=False)
    if result.outcome == PinOutcome.FORBIDDEN:
        return Response(texts.PIN_GLOBAL_ADMIN, ok=False)
    if result.outcome == PinOutcome.UNCHANGED:
        return Response(texts.ALREADY_PINNED if pinned else texts.ALREADY_UNPINNED)
    return Response(
        texts.PINNED if pinned else texts.UNPINNED,
        actions=(Action(ActionKind.UNDO, "Undo", result.audit_id or ""),),
        data={"id": memory_id, "pinned": pinned, "audit_id": result.audit_id},
    )


@action(ActionKind.PIN)
async def pin(service: MemoryService, request: CommandRequest, memory_id: str) -> Response:
    return await _pin(service, request, memory_id, True)


@action(ActionKind.UNPIN)
async def unpin(service: MemoryService, request: CommandRequest, memory_id: str) -> Response:
    return await _pin(service, request, memory_id, False)


@action(ActionKind.CONSOLIDATE)
async def consolidate(service: MemoryService, request: CommandRequest, _: str) -> Response:
    """Admins: tidy up the whole workspace now (the daily job does the same)."""
    if not request.is_admin:
        return Response(texts.ADMIN_ONLY, ok=False)
    report = await service.consolidate(request.workspace, request.user, is_admin=True)
    data = report.as_dict()
    if not report.changed:
        return Response(texts.CONSOLIDATE_NOTHING, data=data)
    text = texts.CONSOLIDATED.format(
        merged=report.merged,
        merged_noun=_noun(report.merged),
        retired=report.retired,
        retired_noun=texts.plural(report.retired, "plan"),
        stale=report.stale,
        stale_noun=_noun(report.stale),
    )
    if report.rewritten:
        noun = texts.plural(report.rewritten, "pair")
        text += texts.CONSOLIDATE_REWRITTEN.format(count=report.rewritten, noun=noun)
    mine = [audit_id for actor, audit_id in report.audit if actor == request.user]
    if len(report.audit) > len(mine):
        text += texts.CONSOLIDATE_UNDO
    actions = (Action(ActionKind.UNDO, "Undo", mine[0]),) if len(mine) == 1 else ()
    return Response(text, actions=actions, data=data)


@action(ActionKind.ERASE_REQUEST)
async def erase_request(service: MemoryService, request: CommandRequest, value: str) -> Response:
    include_globals = value.strip().lower() == "globals"
    preview = await service.erase_preview(request.workspace, request.user)
    text = texts.ERASE_ASK.format(memories=preview.memories, noun=_noun(preview.memories))
    if include_globals:
        text += texts.ERASE_ASK_GLOBALS_GONE
    elif preview.kept_globals:
        count = preview.kept_globals
        pronoun = "it" if count == 1 else "them"
        text += texts.ERASE_ASK_GLOBALS_KEPT.format(count=count, noun=_noun(count), pronoun=pronoun)
    confirm = Action(
        ActionKind.ERASE_CONFIRM,
        "Erase everything",
        "globals" if include_globals else "",
        "danger",
    )
    return Response(text, actions=(confirm,), data=preview.as_dict())


@action(ActionKind.ERASE_CONFIRM)
async def erase_confirm(service: MemoryService, request: CommandRequest, value: str) -> Response:
    include_globals = value.strip().lower() == "globals"
    report = await service.erase(request.workspace, request.user, include_globals=include_globals)
    if not report.done:
        return Response(texts.ERASE_NOTHING, data=report.as_dict())
    text = texts.ERASE_DONE.format(memories=report.memories, noun=_noun(report.memories))
    if report.globals:
        text += texts.ERASE_DONE_GLOBALS.format(count=report.globals, noun=_noun(report.globals))
    if report.kept_globals:
        count = report.kept_globals
        text += texts.ERASE_DONE_KEPT.format(count=count, noun=_noun(count))
    else:
        text += texts.ERASE_DONE_ALL
    return Response(text, data=report.as_dict())
