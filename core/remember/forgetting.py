"""Forgetting by description: "/forget staging DB" removes what matches every word.

Forgetting is destructive, so matching is strict (all words, stemmed, not any) and
bounded: a vague query that matches too many memories is refused with a count
instead of wiping them. Global memories can be forgotten by their author or an
admin only. Every forget is audited with the full prior state, so Undo restores it.
"""

from __future__ import annotations

from core.governance import audit
from core.governance.authority import may_change, vouch_admin
from core.models import ForgetResult, Memory, Status
from core.ports import StoreSession
from core.recall.textsearch import query_terms

MAX_FORGET = 10
SEARCH_POOL = 100
RECENT_POOL = 200


# Forgetting is changing: the one rule decides (the name stays for correction.may_edit).
may_forget = may_change


async def matching(session: StoreSession, query: str) -> list[Memory]:
    """The memory whose id is `query`, or those containing all of its words."""
    by_id = await session.get_memory(query) if " " not in query else None
    if by_id is not None:
        return [by_id]
    terms = query_terms(query)
    if not terms:
        return []
    statuses = (Status.ACTIVE.value, Status.PENDING_REVIEW.value)
    # Both stores index each word of a host, address, path or version ("wiki.acme.dev"),
    # PostgreSQL since its migration 0180, so the index alone finds what autocomplete offers.
    hits = await session.search_text(terms, SEARCH_POOL, statuses, require_all=True)
    return [h.memory for h in hits]


async def forget(session: StoreSession, query: str, is_admin: bool, now: float) -> ForgetResult:
    if not query:
        return ForgetResult([], query)
    user = session.principal.user
    found = await matching(session, query)
    allowed = [m for m in found if may_change(m, user, is_admin)]
    refused = [m for m in found if not may_change(m, user, is_admin)]
    if len(allowed) > MAX_FORGET:
        return ForgetResult([], query, refused=refused, too_many=len(allowed))
    doomed = allowed + await older_versions(session, allowed)
    if any(m.owner != user for m in doomed):  # an admin's: someone's global, or its history
        await vouch_admin(session, is_admin)
    for memory in doomed:  # its near-miss pairs first: one is visible only while both are
        await session.clear_near_misses(memory.id)
        await session.delete_memory(memory.id)
    mentions = [e for m in doomed for e in dict.fromkeys(m.entities)]
    if mentions:
        await session.forget_entities(mentions)
    entry = None
    if allowed:
        entry = await audit.record(session, "forget", [m.id for m in doomed], doomed, now)
    return ForgetResult(allowed, query, entry.id if entry else None, refused)


async def older_versions(session: StoreSession, memories: list[Memory]) -> list[Memory]:
    """The versions each memory superseded (keep-history policy), oldest last: forgetting
    a memory forgets its history too, or its old text would live on (issue 11)."""
    seen = {m.id for m in memories}
    found: list[Memory] = []
    for memory in memories:
        link = memory.supersedes
        while link and link not in seen:
            older = await session.get_memory(link)
            if older is None:
                break
            seen.add(older.id)
            found.append(older)
            link = older.supersedes
    return found


async def containing(session: StoreSession, text: str, limit: int) -> list[Memory]:
    """Active memories the user can see that contain every word of `text`, newest
    first (`/memories deploy`): recent ones scanned directly, older ones by full text."""
    words = text.lower().split()
    statuses = (Status.ACTIVE.value,)
    pool = {m.id: m for m in await session.list_memories(statuses, RECENT_POOL)}
    terms = query_terms(text)
    if terms:
        hits = await session.search_text(terms, SEARCH_POOL, statuses, require_all=True)
        pool.update({h.memory.id: h.memory for h in hits})
    found = [m for m in pool.values() if all(w in m.content.lower() for w in words)]
    found.sort(key=lambda m: m.updated_at, reverse=True)
    return found[:limit]


async def candidates(session: StoreSession, typed: str, is_admin: bool, limit: int) -> list[Memory]:
    """What the user may forget that matches what they have typed so far, newest first.

    For autocomplete: `typed` is half a query, so its last word may be unfinished.
    Every typed word must appear (as a substring, case-insensitive) in the content.
    Recent memories are scanned directly, so unfinished words match; full-text search
    reaches older ones once the words are complete. Only memories `forget` would
    accept are offered.
    """
    words = typed.lower().split()
    statuses = (Status.ACTIVE.value, Status.PENDING_REVIEW.value)
    pool = {m.id: m for m in await session.list_memories(statuses, RECENT_POOL)}
    terms = query_terms(typed)
    if terms:
        hits = await session.search_text(terms, SEARCH_POOL, statuses, require_all=True)
        pool.update({h.memory.id: h.memory for h in hits})
    user = session.principal.user
    found = [
        m
        for m in pool.values()
        if may_change(m, user, is_admin) and all(w in m.content.lower() for w in words)
    ]
    found.sort(key=lambda m: m.updated_at, reverse=True)
    return found[:limit]
