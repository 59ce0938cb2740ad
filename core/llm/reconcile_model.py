"""Model-assisted reconciliation: the chat model picks ADD, UPDATE, MERGE or NOOP.

The rules in `core.remember.reconcile` see words; a model sees meaning ("prefers short
answers" ≈ "likes concise replies"). The model is shown the candidate and the most
similar existing memories under short local ids (m1, m2, …), never store ids, and
must answer with one of those ids. Anything else — an id it was not given, a
malformed or truncated answer, merged text that trips a guard, or that names
something neither text mentions, a provider that is down — yields None, and the
caller falls back to the rule-based `decide`.

This runs before any store session opens (a model call must never hold a
transaction); `core.remember.saving` re-checks the chosen memory inside its transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from core import guards, prompts
from core.llm.grounding import unsupported_names
from core.llm.structured import parse_object, problems
from core.logsafe import SafeMessage, loggable
from core.models import Memory, NewMemory
from core.ports import ChatMessage, ChatModel, ProviderError
from core.remember.canonical import clean_text
from core.remember.reconcile import Decision, Op

log = logging.getLogger(__name__)

MAX_SHOWN = 5
MAX_TOKENS = 400


class Rejected(SafeMessage, ValueError):
    """The model's answer cannot be used; the message says why (never user content)."""


def local_ids(existing: Sequence[Memory]) -> dict[str, Memory]:
    """m1, m2, … for the memories shown to the model, most similar first."""
    return {f"m{i}": memory for i, memory in enumerate(existing[:MAX_SHOWN], start=1)}


def messages(candidate: str, shown: dict[str, Memory]) -> list[ChatMessage]:
    existing = "\n".join(f"{key}: {guards.quote_for_prompt(m.content)}" for key, m in shown.items())
    user = prompts.render(
        "reconcile_user", existing=existing, candidate=guards.quote_for_prompt(candidate)
    )
    return [ChatMessage("system", prompts.text("reconcile_system")), ChatMessage("user", user)]


def interpret(
    data: dict[str, Any] | None, shown: dict[str, Memory], candidate: str, max_chars: int
) -> Decision:
    """The model's answer as a Decision, or Rejected."""
    if data is None:
        raise Rejected("the answer held no JSON object")
    found = problems(data, prompts.schema("reconcile"))
    if found:
        raise Rejected(f"the answer has the wrong shape ({found[0]})")
    op = Op(data["op"])
    if op == Op.ADD:
        return Decision(Op.ADD, None, candidate)
    target = shown.get(str(data["id"] or "").strip())
    if target is None:
        raise Rejected(f"{op} named an id that was not offered")
    if op == Op.NOOP:
        return Decision(Op.NOOP, target, target.content)
    content = clean_text(data["content"] or "") or (candidate if op == Op.UPDATE else "")
    if not content:
        raise Rejected(f"{op} came without the text to keep")
    if len(content) > max_chars:
        raise Rejected(f"{op} text is longer than {max_chars} characters")
    if guards.check(content) is not None:
        raise Rejected(f"{op} text was refused by the guards")
    if unsupported_names(content, f"{candidate}\n{target.content}"):
        raise Rejected(f"{op} text names something neither memory mentions")
    return Decision(op, target, content)


async def propose(
    model: ChatModel, candidate: NewMemory, existing: Sequence[Memory], max_chars: int
) -> Decision | None:
    """The model's decision for `candidate` against `existing`, or None (use the rules)."""
    shown = local_ids(existing)
    if not shown:
        return None  # nothing to compare with: the rules say ADD without a model call
    try:
        reply = await model.complete(
            messages(candidate.content, shown),
            json_schema=prompts.schema("reconcile"),
            max_tokens=MAX_TOKENS,
        )
        return interpret(parse_object(reply.text), shown, candidate.content, max_chars)
    except (ProviderError, Rejected) as exc:
        log.info("model reconciliation not used, falling back to the rules: %s", loggable(exc))
        return None
