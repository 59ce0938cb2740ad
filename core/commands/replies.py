"""Turning service results into responses, shared by the commands and actions."""

from __future__ import annotations

from core import ranking, texts
from core.governance.correction import may_edit
from core.governance.pinning import may_pin
from core.models import ForgetResult, Memory, RefusalReason, RememberResult, SaveStatus, Scope
from core.responses import Action, ActionKind, Item, Response


def shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def save_reply(result: RememberResult, usage: str, max_chars: int) -> Response:
    """The answer to /remember or /global."""
    data = {"status": result.status.value, "reason": result.reason and result.reason.value}
    if result.status == SaveStatus.REFUSED:
        assert result.reason is not None
        message = texts.REFUSALS[result.reason].format(
            detail=result.detail or "a secret",
            usage=usage,
            length=int(result.detail or 0) if result.reason == RefusalReason.TOO_LONG else 0,
            limit=max_chars,
        )
        return Response(message, ok=False, data=data)
    memory = result.memory
    assert memory is not None
    data["id"] = memory.id
    undo = (Action(ActionKind.UNDO, "Undo", result.audit_id or ""),)
    if result.status == SaveStatus.SAVED:
        text = texts.SAVED_GLOBAL if memory.scope == Scope.GLOBAL else texts.SAVED
    elif result.status == SaveStatus.UPDATED:
        old = result.replaced.content if result.replaced else ""
        text = texts.UPDATED.format(old=shorten(old, 120), new=shorten(memory.content, 120))
    elif result.status == SaveStatus.MERGED:
        text = texts.MERGED.format(content=shorten(memory.content, 200))
    elif result.status == SaveStatus.PENDING_REVIEW:
        text = texts.PENDING
    else:
        return Response(texts.DUPLICATE, data=data)
    return Response(text, actions=undo, data=data)


def memory_item(memory: Memory, user: str, is_admin: bool) -> Item:
    """A memory as a list line, with Edit, Pin / Unpin and Forget where the user may."""
    meta = [memory.kind.value]
    if memory.scope == Scope.GLOBAL:
        meta.append("shared" if memory.owner != user else "shared by you")
    if memory.source.value == "extracted":
        meta.append("learned")
    if memory.pinned:
        meta.append("📌 pinned")
    if memory.stale:
        meta.append("stale")
    if ranking.buried(memory):
        meta.append("not used in answers")
    actions: tuple[Action, ...] = ()
    if may_edit(memory, user, is_admin):
        actions += (Action(ActionKind.EDIT, "Edit", memory.id),)
    if may_pin(memory, user, is_admin):
        kind, label = (ActionKind.UNPIN, "Unpin") if memory.pinned else (ActionKind.PIN, "Pin")
        actions += (Action(kind, label, memory.id),)
    if may_edit(memory, user, is_admin):
        actions += (Action(ActionKind.FORGET, "Forget", memory.id, "danger"),)
    return Item(shorten(memory.content), " · ".join(meta), actions)


def forget_reply(result: ForgetResult) -> Response:
    count = len(result.forgotten)
    data = {"forgotten": [m.id for m in result.forgotten], "audit_id": result.audit_id}
    if result.too_many:
        return Response(
            texts.FORGET_TOO_MANY.format(query=result.query, count=result.too_many),
            ok=False,
            data=data,
        )
    refused = len(result.refused)
    tail = (
        texts.FORGET_NOT_YOURS.format(
            count=refused, noun=texts.plural(refused, "memory", "memories")
        )
        if refused
        else ""
    )
    if not count:
        return Response(texts.FORGET_NONE.format(query=result.query) + tail, ok=False, data=data)
    text = texts.FORGOT.format(
        count=count, noun=texts.plural(count, "memory", "memories"), query=result.query
    )
    assert result.audit_id is not None
    return Response(
        text + tail,
        actions=(Action(ActionKind.UNDO, "Undo", result.audit_id),),
        data=data,
    )
