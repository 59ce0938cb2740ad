"""/memories — what the bot holds for you, the review queue and storage usage.

`/memories` shows the newest page, `/memories 2` the second, `/memories deploy` only
those containing "deploy"; Next / Previous buttons (MEMORIES_PAGE, value "N words")
page through either. `/memories off` / `/memories on` is the personal switch "memory
off for me" (everywhere, independent of incognito; `core.context` obeys it).

The switch takes the argument only when it is exactly one of those two words, so
"/memories off" never searches and "/memories off-site backups" never switches.
To search for the word itself, quote it or say so: `/memories "off"`,
`/memories search on` (also `/memories search 2`: the digits, not page 2).
"""

from __future__ import annotations

from core import texts
from core.commands.actions import action
from core.commands.registry import Argument, CommandRequest, command
from core.commands.replies import conflict_item, memory_item, near_miss_item, shorten
from core.models import MemoriesView
from core.responses import Action, ActionKind, Item, Response, Section
from core.service import MemoryService


@command(
    "memories",
    "See what I remember for you; /memories off turns memory off for you everywhere",
    "/memories [page | words | on | off | search words]",
    (
        Argument(
            "search", 'A page, words to find, or on / off for you ("search on" finds the word)'
        ),
    ),
)
async def memories(service: MemoryService, request: CommandRequest) -> Response:
    wanted = request.text.strip()
    if wanted.lower() in SWITCH:
        off = await service.memory_switch(
            request.workspace, request.user, off=wanted.lower() == "off"
        )
        return Response(texts.PERSONAL_OFF if off else texts.PERSONAL_ON, data={"memory_off": off})
    words = searched(wanted)
    if words is not None:  # page 1 of a search, whatever the words are
        return await memories_page(service, request, f"1 {words}")
    return await memories_page(service, request, wanted)


SWITCH = ("on", "off")
NEAR_MISSES_SHOWN = 5  # possible duplicates listed at once, oldest first: a short section
SEARCH_WORD = "search"
QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»"}


def searched(text: str) -> str | None:
    """The words of an explicit search — `search WORDS` or a quoted argument — without
    the quotes (None: not an explicit search)."""
    head, _, rest = text.partition(" ")
    if head.lower() == SEARCH_WORD and rest.strip():
        return _unquoted(rest.strip())
    inner = _unquoted(text)
    return inner if inner != text else None


def _unquoted(text: str) -> str:
    if len(text) > 2 and QUOTES.get(text[0]) == text[-1] and text[1:-1].strip():
        return text[1:-1].strip()
    return text


@action(ActionKind.MEMORIES_PAGE)
async def memories_page(service: MemoryService, request: CommandRequest, value: str) -> Response:
    """A page of memories: `value` is "N", "words" or "N words" (a Next/Previous click)."""
    first, _, rest = value.strip().partition(" ")
    page, query = (int(first), rest.strip()) if first.isdigit() else (1, value.strip())
    view = await service.memories(
        request.workspace, request.user, request.channel, page=page, query=query
    )
    memory_off = await service.memory_switch(request.workspace, request.user)
    return _listing(view, request, memory_off, service.clock())


def _paging(view: MemoriesView) -> tuple[Action, ...]:
    """Previous / Next, carrying the page to show and the search."""
    buttons: tuple[Action, ...] = ()
    if view.page > 1:
        value = f"{view.page - 1} {view.query}".strip()
        buttons += (Action(ActionKind.MEMORIES_PAGE, texts.PAGE_PREVIOUS, value),)
    if view.has_more:
        value = f"{view.page + 1} {view.query}".strip()
        buttons += (Action(ActionKind.MEMORIES_PAGE, texts.PAGE_NEXT, value),)
    return buttons


def _listing(view: MemoriesView, request: CommandRequest, memory_off: bool, now: float) -> Response:
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
    if view.near_misses:
        shown, more = (
            view.near_misses[:NEAR_MISSES_SHOWN],
            len(view.near_misses) - NEAR_MISSES_SHOWN,
        )
        sections.append(
            Section(
                texts.NEAR_MISSES_HEADER,
                tuple(near_miss_item(n, o, request.user, request.is_admin) for n, o in shown),
                texts.NEAR_MISSES_MORE.format(shown=len(shown), count=more) if more > 0 else "",
            )
        )
    if view.items:
        header = texts.SEARCH_HEADER.format(query=view.query) if view.query else texts.RECENT_HEADER
        if view.page > 1:
            header += texts.PAGE_SUFFIX.format(page=view.page)
        sections.append(
            Section(
                header,
                tuple(memory_item(m, request.user, request.is_admin, now) for m in view.items),
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
    actions: tuple[Action, ...] = _paging(view)
    if view.profile:
        actions += (Action(ActionKind.CLEAR_PROFILE, "Clear profile", "", "danger"),)
    if view.incognito:
        actions += (Action(ActionKind.INCOGNITO_OFF, "Turn incognito off", request.channel),)
    actions += (
        (Action(ActionKind.MEMORY_ON, "Turn memory back on for me", "", "primary"),)
        if memory_off
        else (Action(ActionKind.MEMORY_OFF, "Turn memory off for me", ""),)
    )
    if request.is_admin:
        actions += (Action(ActionKind.CONSOLIDATE, "Tidy up memories"),)
    if view.items or view.pending or view.profile:
        actions += (Action(ActionKind.ERASE_REQUEST, "Erase all my data", ""),)
    text = texts.MEMORIES_EMPTY if not (view.items or view.pending) else texts.MEMORIES_HEADER
    if not view.items and (view.query or view.page > 1):
        text = texts.SEARCH_NONE.format(query=view.query) if view.query else texts.PAGE_NONE
    if memory_off:
        text = f"{texts.PERSONAL_OFF_NOTE}\n{text}"
    return Response(
        text,
        sections=tuple(sections),
        actions=actions,
        footer=usage if view.items or view.pending else "",
        data={
            "memories": [m.as_dict() for m in view.items],
            "pending": [m.as_dict() for m in view.pending],
            "stats": stats.as_dict(),
            "page": view.page,
            "has_more": view.has_more,
            "conflicts": [[newer.id, older.id] for newer, older in view.conflicts],
            "near_misses": [[newer.id, older.id] for newer, older in view.near_misses],
            "memory_off": memory_off,
        },
    )
