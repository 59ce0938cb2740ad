"""/memories — what the bot holds for you, the review queue and storage usage."""

from __future__ import annotations

from core import texts
from core.commands.registry import CommandRequest, command
from core.commands.replies import conflict_item, memory_item, shorten
from core.responses import Action, ActionKind, Item, Response, Section
from core.service import MemoryService


@command("memories", "See what I remember for you and this workspace", "/memories")
async def memories(service: MemoryService, request: CommandRequest) -> Response:
    view = await service.memories(request.workspace, request.user, request.channel)
    stats = view.stats
    usage = texts.USAGE.format(
        memories=stats.memories,
        mem_noun=texts.plural(stats.memories, "memory", "memories"),
        entities=stats.entities,
        ent_noun=texts.plural(stats.entities, "entity", "entities"),
        size=texts.human_size(stats.size_bytes),
    )
    sections = []
    if view.conflicts:
        sections.append(
            Section(
                texts.CONFLICTS_HEADER,
                tuple(
                    conflict_item(newer, older, request.user, request.is_admin)
                    for newer, older in view.conflicts
                ),
            )
        )
    if view.items:
        sections.append(
            Section(
                texts.RECENT_HEADER,
                tuple(memory_item(m, request.user, request.is_admin) for m in view.items),
            )
        )
    if view.pending:
        sections.append(
            Section(
                texts.PENDING_HEADER,
                tuple(
                    Item(
                        shorten(m.content),
                        m.kind.value,
                        (
                            Action(ActionKind.ACCEPT, "Accept", m.id, "primary"),
                            Action(ActionKind.REJECT, "Reject", m.id, "danger"),
                        ),
                    )
                    for m in view.pending
                ),
            )
        )
    if view.profile:
        sections.append(
            Section(
                texts.PROFILE_HEADER,
                tuple(Item(f"{k}: {v}") for k, v in view.profile.items()),
            )
        )
    actions: tuple[Action, ...] = ()
    if view.profile:
        actions += (Action(ActionKind.CLEAR_PROFILE, "Clear profile", "", "danger"),)
    if view.incognito:
        actions += (Action(ActionKind.INCOGNITO_OFF, "Turn incognito off", request.channel),)
    if request.is_admin:
        actions += (Action(ActionKind.CONSOLIDATE, "Tidy up memories"),)
    if view.items or view.pending or view.profile:
        actions += (Action(ActionKind.ERASE_REQUEST, "Erase all my data", ""),)
    text = texts.MEMORIES_EMPTY if not (view.items or view.pending) else texts.MEMORIES_HEADER
    return Response(
        text,
        sections=tuple(sections),
        actions=actions,
        footer=usage if view.items or view.pending else "",
        data={
            "memories": [m.as_dict() for m in view.items],
            "pending": [m.as_dict() for m in view.pending],
            "stats": stats.__dict__,
            "conflicts": [[newer.id, older.id] for newer, older in view.conflicts],
        },
    )
