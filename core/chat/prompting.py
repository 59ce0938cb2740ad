"""The chat prompt: system rules, the profile block, saved notes as quoted data, the thread.

Memories were written by people (and, for extracted ones, by a model reading
people), so they are data, never instructions: each is filtered by the injection
and privacy guards again here (rows saved before a rule existed, or imported, are
caught too) and rendered as one quoted line inside a delimited block. Only the
memories that survive are "used" and counted in the reply's footer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from core import guards, prompts
from core.models import PROFILE_FIELDS, Hit
from core.ports import ChatMessage

MAX_THREAD_MESSAGES = 12
MAX_THREAD_CHARS = 6000
THREAD_ROLES = frozenset({"user", "assistant"})


def usable_memories(hits: Sequence[Hit]) -> list[Hit]:
    """The recalled memories that may enter a prompt."""
    return [hit for hit in hits if guards.safe_in_prompt(hit.content)]


def usable_profile(profile: Mapping[str, str]) -> dict[str, str]:
    """Known profile fields with values that may enter a prompt, in a fixed order."""
    return {
        name: profile[name]
        for name in PROFILE_FIELDS
        if profile.get(name) and guards.safe_in_prompt(profile[name])
    }


def memories_block(hits: Sequence[Hit]) -> str:
    notes = "\n".join(note_line(hit) for hit in hits)
    return prompts.render("chat_memories", notes=notes)


def note_line(hit: Hit) -> str:
    """One quoted note, after the date it holds from (an import's `valid_from`, else
    when it was saved), so "when…?" and "how long ago…?" can be answered from it."""
    quoted = guards.quote_for_prompt(hit.content)
    memory = hit.memory
    if memory is None or not (memory.valid_from or memory.created_at):
        return f"- {quoted}"
    when = memory.valid_from if memory.valid_from is not None else memory.created_at
    return f"- {datetime.fromtimestamp(when, UTC).date().isoformat()}: {quoted}"


def profile_block(profile: Mapping[str, str]) -> str:
    fields = "\n".join(f"- {k}: {guards.quote_for_prompt(v)}" for k, v in profile.items())
    return prompts.render("chat_profile", fields=fields)


def recent_thread(thread: Sequence[ChatMessage]) -> list[ChatMessage]:
    """The last user/assistant messages, newest kept first when trimming to the budget.

    Roles other than user and assistant are dropped: a platform event must not be
    able to smuggle in a system message.
    """
    kept: list[ChatMessage] = []
    budget = MAX_THREAD_CHARS
    for message in reversed(thread):
        if message.role not in THREAD_ROLES or not message.content.strip():
            continue
        if len(kept) >= MAX_THREAD_MESSAGES or len(message.content) > budget:
            break
        kept.append(message)
        budget -= len(message.content)
    return kept[::-1]


def chat_messages(
    text: str,
    hits: Sequence[Hit] = (),
    profile: Mapping[str, str] | None = None,
    thread: Sequence[ChatMessage] = (),
) -> list[ChatMessage]:
    """Everything the model sees for one turn. `hits` and `profile` must already be
    filtered with `usable_memories` / `usable_profile`."""
    system = [prompts.text("chat_system")]
    if profile:
        system.append(profile_block(profile))
    if hits:
        system.append(memories_block(hits))
    return [
        ChatMessage("system", "\n\n".join(system)),
        *recent_thread(thread),
        ChatMessage("user", text),
    ]
