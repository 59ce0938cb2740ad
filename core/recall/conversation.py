"""Conversation context: a memory said in reply borrows relevance from what it answers.

Chat memories come in turns, and the turn that holds an answer often shares no word
with the question: "How long have Mel and her husband been married?" is answered by
"5 years already! Time flies", the reply to "How long have you been married?", which
is the turn recall finds. A reader would look at the line after the match; so does
recall: the memories its owner saved right before and right after each of the best
candidates, in the same scope and channel and within minutes (`StoreSession.adjacent`),
are lifted by a share of that candidate's relevance (`core.recall.hybrid.Tuning.context`),
and join the candidates if search had not found them. Only lines of a conversation
take part: memories that name their author as a chat log does ("Ana: …"); facts saved
one after another are not each other's context. On the LoCoMo dev split this put
the evidence turn in the top ten for 4–5 more of every hundred questions, in every
conversation (bench/research/RESULTS.md). Memories saved apart (another channel, another
day, another user) are no one's context, and the lift is a fraction of the neighbour's
relevance, so a neighbour never outranks the match that brought it.

The same relation lets a reply use the answer with its question
(`core.recall.hybrid.bearing`): the line said right after a memory that bears on the
question is used with it, as its answer.

Also here, the author of a chat-log line (`core.recall.speaker`): a question naming
a person is mostly answered by what that person said (`Tuning.author`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.models import Memory
from core.ports import StoreSession
from core.recall import ranking, speaker

#: Memories saved further apart than this are not one conversation.
WITHIN_SECONDS = 15 * 60.0
#: Only the best this many candidates lend their relevance to neighbours.
ANCHORS = 20


@dataclass(frozen=True)
class Fused:
    """A memory found by keyword or vector search (or as a neighbour of one), with
    its fused relevance."""

    memory: Memory
    relevance: float
    similarity: float | None = None
    reply_to: str | None = None  # the candidate this one was said right after


async def in_context(
    session: StoreSession, candidates: Sequence[Fused], share: float, further: float = 0.0
) -> list[Fused]:
    """The candidates, each lifted by `share` of its best neighbour's relevance, and
    the neighbours of the best ones that search had not found; a memory saved right
    after a lending one is marked as its reply. `further` > 0: the lines two away
    (the same speaker's next and previous line in a two-person chat: "What did the
    kids like?" / "…" / "They loved the dinosaurs") gain that share too. Only chat-log
    lines (a memory naming its author, `core.recall.speaker`) are turns of a
    conversation: facts saved one after another ("the staging port is 8080", "I
    prefer short answers") are each their own."""
    lines = [c for c in candidates if speaker.author(c.memory.content)]
    best = sorted(lines, key=lambda c: -c.relevance)[:ANCHORS]
    anchors = {c.memory.id: c.relevance for c in best if c.relevance > 0}
    if not anchors:
        return list(candidates)
    lift: dict[str, float] = {}
    reply_to: dict[str, tuple[float, str]] = {}
    found: dict[str, Memory] = {}
    reach = 2 if further > 0 else 1
    for anchor, side, memory in await session.adjacent(list(anchors), WITHIN_SECONDS, reach):
        if ranking.buried(memory) or not speaker.author(memory.content):
            continue
        gain = (share if abs(side) == 1 else further) * anchors[anchor]
        lift[memory.id] = max(lift.get(memory.id, 0.0), gain)
        if side == 1 and gain > reply_to.get(memory.id, (0.0, ""))[0]:
            reply_to[memory.id] = (gain, anchor)
        found[memory.id] = memory

    def lifted(c: Fused) -> Fused:
        to = reply_to.get(c.memory.id)
        return replace(
            c, relevance=c.relevance + lift.get(c.memory.id, 0.0), reply_to=to[1] if to else None
        )

    have = {c.memory.id for c in candidates}
    fresh = [Fused(memory, 0.0) for i, memory in found.items() if i not in have]
    return [lifted(c) for c in (*candidates, *fresh)]


def authored(candidates: Sequence[Fused], asked: set[str], boost: float) -> list[Fused]:
    """The candidates, raised by `boost` where the question names their author."""
    return [
        replace(c, relevance=c.relevance * (1 + boost))
        if speaker.author(c.memory.content) in asked
        else c
        for c in candidates
    ]
