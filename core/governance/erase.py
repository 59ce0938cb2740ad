"""Erase: everything the bot holds about a user, on their request or an admin's.

What goes: the user's private memories in every status (the review queue, archived
and superseded versions included), their profile, their incognito records, the votes
they cast (shared memories' trust is recomputed without them), the entity counts
their memories added, and every audit entry they made — those hold before-states,
i.e. memory text, so the log is pruned rather than redacted row by row (the SQLite
trigger forbids rewriting a row; deleting whole entries needs no exception to it).
Their global memories go too when asked (`include_globals`); otherwise they stay as
the workspace's knowledge.

The audit log then keeps only that an erase happened: one "erase" entry with counts
and no content, written by whoever erased (the user, or the admin naming the user).
It cannot be undone; that is the point. Everyone else's audit entries about the
erased memories (an admin who once edited or forgot one of her globals) keep their
ids, actor and time but lose the text: they become "redacted" entries (issue 11).
Everyone's votes on them, and conflict and near-miss marks, go too; queued jobs holding what the
user said are cancelled first, so no worker learns it back.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from core.governance import audit
from core.governance.feedback import recompute_trust
from core.governance.listing import owned_memories
from core.jobs.queue import JobQueue
from core.models import Principal, Scope
from core.ports import Store, StoreSession


@dataclass(frozen=True)
class EraseReport:
    memories: int = 0  # private memories, whatever their status
    globals: int = 0  # authored global memories erased (only when asked)
    kept_globals: int = 0  # authored global memories left to the workspace
    profile_fields: int = 0
    votes: int = 0
    records: int = 0  # incognito records and audit entries
    jobs: int = 0  # queued or finished background jobs holding what they said
    done: bool = False  # False: nothing was held about this user (an unknown id?)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


async def preview(store: Store, workspace: str, user: str) -> EraseReport:
    """What an erase would remove (for the confirmation message); changes nothing."""
    async with store.session(Principal(workspace, user)) as session:
        owned = await owned_memories(session)
        return EraseReport(
            memories=sum(m.scope == Scope.PRIVATE for m in owned),
            kept_globals=sum(m.scope == Scope.GLOBAL for m in owned),
            profile_fields=len(await session.get_profile()),
            votes=len(await session.votes_cast()),
        )


async def erase(
    store: Store,
    workspace: str,
    user: str,
    *,
    actor: str | None = None,
    is_admin: bool = False,
    include_globals: bool = False,
    now: float,
    queue: JobQueue | None = None,
) -> EraseReport:
    """Erase `user` in `workspace`. Their own request (actor None or the user), or an
    admin's (is_admin); anyone else gets PermissionError."""
    actor = actor or user
    if actor != user and not is_admin:
        raise PermissionError("only the user themselves or a workspace admin can erase a user")
    # First: no queued job may learn back what is being erased.
    jobs = await queue.forget_user(workspace, user) if queue is not None else 0
    async with store.session(Principal(workspace, user)) as session:
        owned = await owned_memories(session)
        doomed = [m for m in owned if m.scope == Scope.PRIVATE or include_globals]
        for memory in doomed:  # everyone's votes, conflict and near-miss marks go with it
            await session.drop_votes(memory.id)
            await session.clear_conflicts(memory.id)
            await session.clear_near_misses(memory.id)
            await session.delete_memory(memory.id)
        if doomed:  # others' audit entries about them keep ids, not text
            await session.redact_audit([m.id for m in doomed])
        mentions = [e for m in doomed for e in dict.fromkeys(m.entities)]
        if mentions:
            await session.forget_entities(mentions)
        votes = await session.votes_cast()
        for memory_id in votes:
            await session.set_vote(memory_id, 0, now)
            await recompute_trust(session, memory_id)
        profile = await session.get_profile()
        if profile:
            await session.set_profile(dict.fromkeys(profile, ""))
        report = EraseReport(
            memories=sum(m.scope == Scope.PRIVATE for m in doomed),
            globals=sum(m.scope == Scope.GLOBAL for m in doomed),
            kept_globals=sum(m.scope == Scope.GLOBAL for m in owned) if not include_globals else 0,
            profile_fields=len(profile),
            votes=len(votes),
            records=await session.erase_records(),
            jobs=jobs,
            done=True,
        )
        if not (owned or profile or votes or report.records or jobs):
            return EraseReport()  # nobody by that id here: nothing to erase, no trace
        if actor == user:
            await _record(session, user, report, now)
    if actor != user and report.done:
        async with store.session(Principal(workspace, actor)) as session:
            await _record(session, user, report, now)
    return report


async def _record(session: StoreSession, user: str, report: EraseReport, now: float) -> None:
    """The one trace an erase leaves: who erased whom, when, and how much. No content."""
    counts = {k: v for k, v in report.as_dict().items() if k != "done"}
    await audit.record(session, "erase", [], [], now, detail=json.dumps({"user": user, **counts}))
