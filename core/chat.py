"""The chat turn: recall, answer, and say which memories were used.

Platform-neutral: Slack mentions, Discord DMs and the console all call `answer`.
With no chat model configured, the answer is the recalled memories themselves,
so the bot is useful (and testable) with no provider at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core import texts
from core.models import Hit
from core.ports import ChatMessage
from core.responses import Action, ActionKind, Response
from core.service import MemoryService


@dataclass(frozen=True)
class ChatTurn:
    workspace: str
    user: str
    channel: str
    text: str
    thread: Sequence[ChatMessage] = ()
    is_admin: bool = False


@dataclass(frozen=True)
class ChatAnswer:
    text: str
    used: list[Hit] = field(default_factory=list)
    incognito: bool = False

    @property
    def footer(self) -> str:
        return texts.used_footer(len(self.used)) if self.used else ""

    def response(self) -> Response:
        """The answer as a public reply, with a button listing the memories used."""
        actions: tuple[Action, ...] = ()
        if self.used:
            ids = ",".join(h.id for h in self.used)
            actions = (
                Action(ActionKind.SHOW_USED, "Show memories used", ids),
                Action(ActionKind.FEEDBACK_UP, "👍", ids),
                Action(ActionKind.FEEDBACK_DOWN, "👎", ids),
            )
        return Response(
            self.text,
            actions=actions,
            footer=self.footer,
            ephemeral=False,
            data={"used": [h.id for h in self.used]},
        )


def memories_answer(hits: Sequence[Hit]) -> str:
    """The reply without a model: the recalled memories, best first."""
    if not hits:
        return texts.NO_MEMORIES_ANSWER
    lines = [texts.MEMORY_ANSWER_INTRO]
    lines += [f"• {hit.content}" for hit in hits]
    return "\n".join(lines)


async def answer(service: MemoryService, turn: ChatTurn) -> ChatAnswer:
    if await service.is_incognito(turn.workspace, turn.user, turn.channel):
        return ChatAnswer(texts.INCOGNITO_ANSWER, incognito=True)
    settings = await service.settings(turn.workspace)
    if not settings.memory_enabled:
        return ChatAnswer(texts.MEMORY_OFF_ANSWER)
    hits = await service.recall(
        turn.workspace,
        turn.user,
        turn.text,
        limit=settings.recall_limit,
        channel=turn.channel,
        min_score=settings.recall_min_score,
    )
    return ChatAnswer(memories_answer(hits), used=hits)
