"""Turning service results into responses, shared by the commands and actions."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from core import guards, texts
from core.commands.registry import CommandRequest
from core.governance.correction import may_edit
from core.governance.near_misses import may_merge
from core.governance.pinning import may_pin
from core.ids import looks_like_id
from core.models import (
    ForgetResult,
    HowSaved,
    Memory,
    Provenance,
    RefusalReason,
    RememberResult,
    SaveStatus,
    Scope,
    WorkspaceSettings,
)
from core.recall import ranking
from core.responses import Action, ActionKind, Item, Response, Section, SourceRef
from core.service import MemoryService
from core.workspace_settings import EDITABLE, policy_label

echo = guards.masked  # what a reply may repeat of the user's text


def shorten(text: str, limit: int = 200) -> str:
    """A memory or query cut to `limit` characters for a reply (masked if guarded)."""
    text = echo(text)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def without_echo(response: Response, said: str) -> Response:
    """The safety net under every command: if what the user typed would be refused,
    no part of the reply repeats it (whatever template a handler used)."""
    if not said.strip() or guards.check(said) is None:
        return response
    mask = echo(said)
    sections = tuple(
        replace(
            s,
            text=s.text.replace(said, mask),
            items=tuple(replace(i, text=i.text.replace(said, mask)) for i in s.items),
        )
        for s in response.sections
    )
    return replace(
        response,
        text=response.text.replace(said, mask),
        sections=sections,
        footer=response.footer.replace(said, mask),
    )


async def save(
    service: MemoryService, request: CommandRequest, scope: Scope, usage: str
) -> Response:
    """Save the request's text in `scope` and answer (shared by /remember and /global)."""
    result = await service.remember(
        request.workspace,
        request.user,
        request.text,
        scope,
        request.channel,
        is_admin=request.is_admin,
        provenance=Provenance(
            HowSaved.COMMAND, request.platform, request.channel, author=request.user
        ),
    )
    return save_reply(result, usage, service.config.max_chars, request.user, request.is_admin)


def save_reply(
    result: RememberResult, usage: str, max_chars: int, user: str = "", is_admin: bool = False
) -> Response:
    """The answer to /remember or /global (`user`, `is_admin`: who saved, for what a
    near miss may offer)."""
    data: dict[str, object] = {
        "status": result.status.value,
        "reason": result.reason and result.reason.value,
    }
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
    if result.status == SaveStatus.SAVED and result.near_miss is not None:
        data["near_miss"] = result.near_miss.id
        return near_miss_reply(memory, result.near_miss, undo, user, is_admin, data)
    if result.status == SaveStatus.SAVED:
        text = texts.SAVED_GLOBAL if memory.scope == Scope.GLOBAL else texts.SAVED
    elif result.status == SaveStatus.UPDATED:
        old = result.replaced.content if result.replaced else ""
        text = texts.UPDATED.format(old=shorten(old, 120), new=shorten(memory.content, 120))
    elif result.status == SaveStatus.MERGED:
        text = texts.MERGED.format(content=shorten(memory.content, 200))
    elif result.status == SaveStatus.PENDING_REVIEW:
        text = texts.PENDING
    elif result.status == SaveStatus.CONFLICT:
        other = result.replaced.content if result.replaced else ""
        text = texts.CONFLICT.format(other=shorten(other, 160))
    else:
        return Response(texts.DUPLICATE, data=data)
    return Response(text, actions=undo, data=data)


def near_miss_actions(
    newer: Memory, older: Memory, user: str, is_admin: bool
) -> tuple[Action, ...]:
    """Merge (when the user may change both) and Keep both, carrying the pair."""
    pair = f"{newer.id} {older.id}"
    keep = Action(ActionKind.NEAR_MISS_KEEP, texts.NEAR_MISS_KEEP, pair)
    if not may_merge(newer, older, user, is_admin):
        return (keep,)
    return (Action(ActionKind.NEAR_MISS_MERGE, texts.NEAR_MISS_MERGE, pair, "primary"), keep)


def near_miss_reply(
    memory: Memory,
    other: Memory,
    undo: tuple[Action, ...],
    user: str,
    is_admin: bool,
    data: dict[str, object],
) -> Response:
    """Saved as new, but it looks like `other`: say so, quote it, offer the choice."""
    actions = near_miss_actions(memory, other, user, is_admin)
    template = texts.NEAR_MISS if len(actions) > 1 else texts.NEAR_MISS_NOT_YOURS
    text = template.format(other=shorten(other.content, 160))
    return Response(text, actions=actions + undo, data=data)


def near_miss_item(newer: Memory, older: Memory, user: str, is_admin: bool) -> Item:
    """A possible duplicate in /memories, with Merge (where allowed) and Keep both."""

    def by(memory: Memory) -> str:
        return "you" if memory.owner == user else "someone else"

    pair = texts.NEAR_MISS_ITEM.format(
        newer=shorten(newer.content, 120), older=shorten(older.content, 120)
    )
    meta = texts.CONFLICT_META.format(newer_by=by(newer), older_by=by(older))
    return Item(pair, meta, near_miss_actions(newer, older, user, is_admin))


def source_ref(memory: Memory, now: float | None) -> SourceRef | None:
    """Where the memory came from, when anything is known (older memories: channel
    and time only; imports and the CLI: no channel)."""
    if not (memory.channel or memory.permalink or memory.author):
        return None
    return SourceRef(
        channel=memory.channel or "",
        author=memory.author,
        age=texts.ago(now - memory.created_at) if now is not None else "",
        link=memory.permalink,
    )


def memory_item(memory: Memory, user: str, is_admin: bool, now: float | None = None) -> Item:
    """A memory as a list line, with Edit, Pin / Unpin and Forget where the user may,
    and where it came from (`now` dates it: "3 days ago")."""
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
    return Item(shorten(memory.content), " · ".join(meta), actions, source_ref(memory, now))


def conflict_item(newer: Memory, older: Memory, user: str, is_admin: bool) -> Item:
    """A conflicting pair, with Forget on each side the user may change."""

    def by(memory: Memory) -> str:
        return "you" if memory.owner == user else "someone else"

    actions: tuple[Action, ...] = ()
    if may_edit(newer, user, is_admin):
        actions += (Action(ActionKind.FORGET, texts.FORGET_NEWER, newer.id, "danger"),)
    if may_edit(older, user, is_admin):
        actions += (Action(ActionKind.FORGET, texts.FORGET_OLDER, older.id, "danger"),)
    pair = texts.CONFLICT_ITEM.format(
        newer=shorten(newer.content, 120), older=shorten(older.content, 120)
    )
    return Item(
        pair,
        texts.CONFLICT_META.format(newer_by=by(newer), older_by=by(older)),
        actions,
    )


def forget_reply(result: ForgetResult) -> Response:
    count = len(result.forgotten)
    data: dict[str, object] = {
        "forgotten": [m.id for m in result.forgotten],
        "audit_id": result.audit_id,
    }
    if result.too_many:
        return Response(
            texts.FORGET_TOO_MANY.format(query=echo(result.query), count=result.too_many),
            ok=False,
            data=data,
        )
    refused = len(result.refused)
    if not count and looks_like_id(result.query):  # a button or a number: never show the id
        text = texts.FORGET_SHARED if refused else texts.FORGET_GONE
        return Response(text, ok=False, data=data)
    one = refused == 1
    tail = (
        texts.FORGET_NOT_YOURS.format(
            count=refused,
            noun=texts.plural(refused, "memory", "memories"),
            verb="belongs" if one else "belong",
            whose="its" if one else "their",
            pronoun="it" if one else "them",
        )
        if refused
        else ""
    )
    if not count:
        return Response(
            texts.FORGET_NONE.format(query=echo(result.query)) + tail, ok=False, data=data
        )
    # Forgetting by id (a button, an autocomplete choice): name the memory, not its id.
    by_id = count == 1 and result.forgotten[0].id == result.query
    query = shorten(result.forgotten[0].content, 120) if by_id else echo(result.query)
    text = texts.FORGOT.format(
        count=count, noun=texts.plural(count, "memory", "memories"), query=query
    )
    assert result.audit_id is not None
    return Response(
        text + tail,
        actions=(Action(ActionKind.UNDO, "Undo", result.audit_id),),
        data=data,
    )


def setting_value(name: str, value: Any) -> str:
    """A setting's value as an admin reads it ("On", "Keep forever", "Deployment default")."""
    choice = EDITABLE[name].current(value)
    return choice.label if choice else str(value)


def channel_label(channel: str) -> str:
    """How a channel is written in replies: "#C123" (list the id in the response's
    `channels`, and Slack and Discord show the channel's own link there), "#general"
    on the console."""
    return f"#{channel}"


def settings_reply(settings: WorkspaceSettings, changed: Collection[str] = ()) -> Response:
    """The workspace settings as a list, marking what was just changed."""
    items = tuple(
        Item(
            f"{spec.label}: {setting_value(name, getattr(settings, name))}",
            texts.SETTING_CHANGED if name in changed else "",
        )
        for name, spec in EDITABLE.items()
    )
    channels = tuple(
        Item(f"{channel_label(c)}: {policy_label(p)}") for c, p in settings.channel_policies.items()
    ) or (Item(texts.CHANNEL_POLICIES_NONE),)
    return Response(
        texts.SETTINGS_UPDATED if changed else texts.SETTINGS_HEADER,
        sections=(
            Section(texts.SETTINGS_HEADER if changed else "", items),
            Section(texts.CHANNEL_POLICIES_HEADER, channels),
        ),
        data={"settings": settings.public(), "changed": sorted(changed)},
        channels=tuple(settings.channel_policies),
    )


def keys_reply(status: dict[str, str], changed: Collection[str] = (), text: str = "") -> Response:
    """Which provider keys are stored: "set" / "not set", never the keys themselves."""
    items = tuple(
        Item(
            f"{texts.KEY_LABELS.get(which, which)}: {state}",
            texts.SETTING_CHANGED if which in changed else "",
        )
        for which, state in status.items()
    )
    return Response(
        text or (texts.KEYS_UPDATED if changed else texts.KEYS_HEADER),
        sections=(Section(texts.KEYS_HEADER if changed or text else "", items),),
        data={"keys": dict(status), "changed": sorted(changed)},
    )
