"""What memory may do for one person in one place, read once per request.

A chat turn, a save and a background extraction all ask the same questions: is memory
on in this workspace and in this channel, has the user turned memory off for
themselves, are they incognito in this channel, what is their profile. They used to
ask them separately, in several transactions and with rules repeated in two layers.
`read_context` answers all of them in the caller's one session, and the rules "may
recall" / "may extract" / "may save" live here and nowhere else, so commands, chat and
the extraction job obey a channel policy or a personal switch without checks of their
own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.models import ChannelPolicy, RefusalReason, Scope, WorkspaceSettings
from core.ports import StoreSession


@dataclass(frozen=True)
class MemoryContext:
    """The settings, channel policy, personal switch, incognito state and profile that
    decide what a request may do."""

    settings: WorkspaceSettings
    incognito: bool = False
    profile: dict[str, str] = field(default_factory=dict)
    channel_policy: ChannelPolicy = ChannelPolicy.ON
    personal_off: bool = False  # the user turned memory off for themselves everywhere

    @property
    def may_recall(self) -> bool:
        """Memories may be read for this request (memory on in the workspace, in the
        channel and for the user, and not incognito here)."""
        return (
            self.settings.memory_enabled
            and self.channel_policy != ChannelPolicy.OFF
            and not self.personal_off
            and not self.incognito
        )

    @property
    def may_extract(self) -> bool:
        """A conversation here may be learnt from (recall allowed, the channel fully on
        and auto-extraction on)."""
        return (
            self.may_recall
            and self.channel_policy == ChannelPolicy.ON
            and self.settings.auto_extract
        )

    def save_refusal(self, scope: Scope, *, is_admin: bool) -> RefusalReason | None:
        """Why an explicit save may not happen here, or None when it may."""
        if not self.settings.memory_enabled:
            return RefusalReason.DISABLED
        if self.channel_policy == ChannelPolicy.OFF:
            return RefusalReason.CHANNEL_OFF
        if self.channel_policy == ChannelPolicy.RECALL_ONLY:
            return RefusalReason.CHANNEL_RECALL_ONLY
        if self.personal_off:
            return RefusalReason.PERSONAL_OFF
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
    personal_off = await session.get_memory_off() is not None
    readable = settings.memory_enabled and not personal_off
    profile = await session.get_profile() if with_profile and readable else {}
    return MemoryContext(
        settings,
        incognito,
        profile,
        channel_policy=settings.channel_policy(channel),
        personal_off=personal_off,
    )
