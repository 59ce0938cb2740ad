"""👍 / 👎 reactions on the bot's replies count exactly like the reply's buttons.

A button carries the reply's used memory ids in its value; a reaction carries only
the message it was left on. So when a reply that used memories is posted, the
adapter notes its message id (Slack ts, Discord message id) with those ids
(`note_reply`), and a reaction on it finds them again. The vote itself is
`feedback`'s: the same step, the same trust rule, the same audit entry.

Each reaction a user leaves is kept with the memories whose vote it actually moved,
so removing it takes exactly that back (a vote already at its bound is not moved,
and so not taken back either), and a repeated event counts once. A reaction on any
other message, or one that is not a thumb, changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.governance import feedback
from core.ports import StoreSession

REPLY_KEEP = 90 * 86400.0  # a reply older than this no longer takes reactions as votes

# Slack names ("+1", "thumbsup", with "::skin-tone-N"), Discord's unicode emoji (with a
# skin-tone modifier, or a variation selector): all one of two votes.
UP = frozenset({"+1", "thumbsup", "👍"})
DOWN = frozenset({"-1", "thumbsdown", "👎"})
_SKIN = re.compile(r"::skin-tone-\d$|[\U0001F3FB-\U0001F3FF\uFE0F]")


def vote_of(reaction: str) -> bool | None:
    """True for a 👍, False for a 👎, None for any other reaction."""
    name = _SKIN.sub("", reaction.strip().strip(":"))
    if name in UP:
        return True
    if name in DOWN:
        return False
    return None


async def note_reply(
    session: StoreSession, channel: str, message_id: str, memory_ids: Sequence[str], now: float
) -> None:
    """Remember which memories a posted reply used (nothing to note when it used none)."""
    if memory_ids:
        await session.note_reply(channel, message_id, memory_ids, now, REPLY_KEEP)


async def react(
    session: StoreSession, channel: str, message_id: str, reaction: str, now: float
) -> feedback.FeedbackResult | None:
    """The principal left `reaction` on a message: a 👍 / 👎 on a noted reply votes like
    its button (None: not a thumb, not a noted reply, or already counted)."""
    up = vote_of(reaction)
    if up is None:
        return None
    used = await session.reply_memories(channel, message_id)
    if not used or not await session.claim_reaction(channel, message_id, reaction, up, now):
        return None
    result = await feedback.give(session, used, up, now)
    await session.set_reaction_memories(channel, message_id, reaction, result.moved)
    return result


async def unreact(
    session: StoreSession, channel: str, message_id: str, reaction: str, now: float
) -> feedback.FeedbackResult | None:
    """The principal removed `reaction`: the vote it cast is taken back (None: there
    was none)."""
    taken = await session.take_reaction(channel, message_id, reaction)
    if taken is None:
        return None
    up, moved = taken
    return await feedback.step_back(session, moved, up, now)
