"""Footer honesty on LoCoMo: does "🧠 used N memories" count what bears on the question?

Through the public API (`prompt_context`, what a reply uses): every single-hop question
asked in its own conversation's workspace should use an evidence turn; every question
asked in a *different* conversation's workspace (other people, other events) should
use nothing. Run by `bench/recall_quality.py --footer` after it has saved the
conversations, so both runs share one ingest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bench.locomo import Conversation

SINGLE_HOP = 4


@dataclass(frozen=True)
class Honesty:
    sample_id: str
    single_hop: int  # single-hop questions asked in their own workspace
    evidence_used: int  # ... whose used memories include an evidence turn
    elsewhere: int  # questions asked in another conversation's workspace
    nothing_used: int  # ... that used no memory

    def line(self) -> str:
        right = self.evidence_used / max(self.single_hop, 1)
        wrong = self.nothing_used / max(self.elsewhere, 1)
        return (
            f"{self.sample_id:<10} right conversation: evidence used {right:6.1%} "
            f"of {self.single_hop} single-hop · other conversation: nothing used "
            f"{wrong:6.1%} of {self.elsewhere}"
        )


async def footer_honesty(
    memory,
    conversations: Sequence[Conversation],
    workspaces: Mapping[str, str],
    turns_of: Mapping[str, set[str]],
    user: str,
) -> list[Honesty]:
    """`workspaces` maps sample ids to their workspace; `turns_of` memory ids to turns.
    The "other" workspace of a conversation is the next one in the list."""
    out = []
    for index, conv in enumerate(conversations):
        own = workspaces[conv.sample_id]
        other = workspaces[conversations[(index + 1) % len(conversations)].sample_id]
        single = used_evidence = nothing = 0
        for query in conv.queries:
            if query.category == SINGLE_HOP:
                context = await memory.prompt_context(own, user, query.question)
                turns = set().union(*(turns_of.get(h.id, set()) for h in context.memories))
                single += 1
                used_evidence += bool(turns & query.evidence)
            if other != own:
                context = await memory.prompt_context(other, user, query.question)
                nothing += not context.memories
        elsewhere = len(conv.queries) if other != own else 0
        out.append(Honesty(conv.sample_id, single, used_evidence, elsewhere, nothing))
    return out


def total(rows: Sequence[Honesty]) -> Honesty:
    return Honesty(
        "all",
        sum(r.single_hop for r in rows),
        sum(r.evidence_used for r in rows),
        sum(r.elsewhere for r in rows),
        sum(r.nothing_used for r in rows),
    )
