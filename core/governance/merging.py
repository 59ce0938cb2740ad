"""Finding near-duplicates that slipped through, and writing one text for a pair.

Pure planning for consolidation: which active memories of one scope (one owner's
private set, or the workspace's global set) say the same thing — character-trigram
Jaccard ≥ `reconcile.NEAR_DUPLICATE` (0.75) and a restatement by the save-time rule
(`reconcile.compare`: no number, name or negation told apart) — and which of each group
survives. The survivor is chosen so that no explicit text is ever replaced: explicit
memories first, then the longer text, then the older. Only a group of learned
(extracted) memories may have its text rewritten by the chat model; the result must
pass the guards and must not collide with another memory, else the survivor keeps
its own (longer) text.
"""

from __future__ import annotations

import json
import logging
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

from core import guards
from core.logsafe import loggable
from core.models import Memory, Scope, Source
from core.ports import ChatMessage, ChatModel, ProviderError
from core.remember.canonical import clean_text, content_hash, jaccard, normalize_content, trigrams
from core.remember.reconcile import NEAR_DUPLICATE, Op, compare

log = logging.getLogger(__name__)

MERGE_PROMPT = "merge_memories.txt"
MERGE_SCHEMA = {
    "title": "merged_memory",
    "type": "object",
    "properties": {"content": {"type": "string"}},
    "required": ["content"],
    "additionalProperties": False,
}


@dataclass
class Group:
    """A survivor and the near-duplicates it absorbs; `content` is the text it keeps."""

    survivor: Memory
    absorbed: list[Memory] = field(default_factory=list)
    content: str = ""
    rewritten: bool = False

    @property
    def members(self) -> list[Memory]:
        return [self.survivor, *self.absorbed]


def scope_key(memory: Memory) -> tuple[str, str]:
    """Memories merge only within one scope, and private ones only within one owner."""
    return (memory.scope.value, memory.owner if memory.scope == Scope.PRIVATE else "")


def survivor_rank(memory: Memory) -> tuple[bool, int, float, str]:
    return (
        memory.source != Source.EXPLICIT,
        -len(normalize_content(memory.content)),
        memory.created_at,
        memory.id,
    )


def near_duplicate_groups(memories: Sequence[Memory]) -> list[Group]:
    """Greedy, deterministic grouping: each survivor (in rank order) absorbs every later
    memory of its scope at least NEAR_DUPLICATE similar to its own text. Groups of one
    are left out."""
    ordered = sorted(memories, key=survivor_rank)
    grams = [trigrams(m.content) for m in ordered]
    later = candidate_pairs(ordered, grams)
    taken: set[int] = set()
    groups = []
    for head in range(len(ordered)):
        if head in taken:
            continue
        group = Group(ordered[head], content=ordered[head].content)
        for other in sorted(later.get(head, ())):
            if (
                other not in taken
                and jaccard(grams[head], grams[other]) >= NEAR_DUPLICATE
                and same_fact(ordered[head].content, ordered[other].content)
            ):
                group.absorbed.append(ordered[other])
                taken.add(other)
        if group.absorbed:
            taken.add(head)
            groups.append(group)
    return groups


def same_fact(kept: str, other: str) -> bool:
    """Similar-looking texts are folded only if they say the same thing: not two items
    told apart by a number, a name or a negation (the save-time rule, `reconcile`)."""
    return compare(kept, other) in (Op.NOOP, Op.MERGE) or compare(other, kept) in (
        Op.NOOP,
        Op.MERGE,
    )


def candidate_pairs(
    ordered: Sequence[Memory], grams: Sequence[frozenset[str]]
) -> dict[int, set[int]]:
    """For each memory, the later ones of its scope that may reach the threshold.

    Prefix filtering (as in the AllPairs similarity join): with trigrams sorted rarest
    first, two sets with Jaccard ≥ t share a trigram within each one's first
    |X| − ⌈t·|X|⌉ + 1. Indexing only those prefixes makes this near-linear for
    realistic stores instead of comparing every pair.
    """
    frequency = Counter(g for tokens in grams for g in tokens)
    index: dict[tuple[tuple[str, str], str], list[int]] = defaultdict(list)
    later: dict[int, set[int]] = defaultdict(set)
    for i, memory in enumerate(ordered):
        key = scope_key(memory)
        tokens = sorted(grams[i], key=lambda g: (frequency[g], g))
        prefix = len(tokens) - math.ceil(NEAR_DUPLICATE * len(tokens)) + 1
        size = len(tokens)
        for gram in tokens[:prefix]:
            for j in index[(key, gram)]:
                # Jaccard can't exceed min/max of the sizes: skip hopeless pairs early.
                if min(size, len(grams[j])) >= NEAR_DUPLICATE * max(size, len(grams[j])):
                    later[j].add(i)
            index[(key, gram)].append(i)
    return later


def may_rewrite(group: Group) -> bool:
    return all(m.source != Source.EXPLICIT for m in group.members)


def _prompt() -> str:
    return (resources.files("core") / "prompts" / MERGE_PROMPT).read_text(encoding="utf-8")


async def rewrite_pair(model: ChatModel, first: str, second: str) -> str | None:
    """The model's one-sentence merge of two texts, or None if it failed or said nothing."""
    if not (guards.safe_in_prompt(first) and guards.safe_in_prompt(second)):
        return None
    notes = json.dumps(
        {"note_1": guards.quote_for_prompt(first), "note_2": guards.quote_for_prompt(second)},
        ensure_ascii=False,
    )
    messages = [ChatMessage("system", _prompt()), ChatMessage("user", notes)]
    try:
        reply = await model.complete(messages, json_schema=MERGE_SCHEMA, max_tokens=300)
        data = json.loads(reply.text)
    except ProviderError as exc:
        log.warning("merge rewrite failed, keeping the longer text: %s", loggable(exc))
        return None
    except json.JSONDecodeError:
        log.warning("merge rewrite was not JSON, keeping the longer text")
        return None
    content = data.get("content") if isinstance(data, dict) else None
    return clean_text(content) if isinstance(content, str) else None


def acceptable(text: str, max_chars: int, taken_hashes: set[str]) -> bool:
    """A rewrite may replace the survivor's text only if it could have been saved."""
    return (
        bool(text)
        and len(text) <= max_chars
        and guards.checked(text) is None
        and content_hash(text) not in taken_hashes
    )
