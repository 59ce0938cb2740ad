"""Who can read a reply, and whose a DM's memories are (SPEC §2, issue 11).

A reply in a channel is read by everyone there, so it may draw only on memories all
of them may see (the workspace's globals); a DM, or a reply only the asker sees
(Slack ephemeral, Discord ephemeral interaction), may use the asker's private ones
too. Adapters say which; the chat turn decides what that allows.

A DM outside any workspace (Discord: no guild) belongs to the person alone: its
memories live in a personal space named by `personal_workspace`, which nobody else
ever opens, and which has no "workspace" to share a /global with.
"""

from __future__ import annotations

from enum import StrEnum

PERSONAL_PREFIX = "dm:"


class Audience(StrEnum):
    PRIVATE = "private"  # only the asker reads the reply: a DM, an ephemeral reply
    SHARED = "shared"  # a channel others can read


def personal_workspace(user: str) -> str:
    """The space of one person's DMs with the bot (no two people share one)."""
    return f"{PERSONAL_PREFIX}{user}"


def is_personal(workspace: str) -> bool:
    return workspace.startswith(PERSONAL_PREFIX)
