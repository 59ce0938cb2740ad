"""What memory may do for one person in one place, read once per request.

A chat turn, a save and a background extraction all ask the same questions: is memory
on in this workspace, is the user incognito in this channel, what is their profile.
They used to ask them separately, in several transactions and with rules repeated in
two layers. `read_context` answers all of them in the caller's one session, and the
rules "may recall" / "may save" live here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.models import RefusalReason, Scope, WorkspaceSettings
from core.ports import StoreSession


@dataclass(frozen=True)
class MemoryContext:
    """The settings, incognito state and profile that decide what a request may do."""

    settings: WorkspaceSettings
    incognito: bool = False
    profile: dict[str, str] = field(default_factory=dict)

    @property
    def may_recall(self) -> bool:
        """Memories may be read for this request (memory on, not incognito here)."""
        return self.settings.memory_enabled and not self.incognito

    @property
    def may_extract(self) -> bool:
        """A conversation here may be learnt from (recall allowed and auto-extraction on)."""
        return self.may_recall and self.settings.auto_extract

    def save_refusal(self, scope: Scope, *, is_admin: bool) -> RefusalReason | None:
        """Why an explicit save may not happen here, or None when it may."""
        if not self.settings.memory_enabled:
            return RefusalReason.DISABLED
        if scope == Scope.GLOBAL and self.settings.global_policy == "admins" and not is_admin:
            return RefusalReason.FORBIDDEN
        if self.incognito:
            return RefusalReason.INCOGNITO
        return None


async def read_context(
    session: StoreSession, channel: str | None, *, with_profile: bool = False
) -> MemoryContext:
    """Read the context inside the caller's session (no transaction of its own)."""
    settings = await session.get_settings()
    incognito = bool(channel) and await session.get_incognito(channel or "") is not None
    profile = await session.get_profile() if with_profile and settings.memory_enabled else {}
    return MemoryContext(settings, incognito, profile)
