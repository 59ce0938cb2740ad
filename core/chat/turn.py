"""The chat turn: recall, ask the model, answer, say which memories were used, learn later.

Platform-neutral: Slack mentions, Discord DMs and the console all call `answer`.
In incognito (or with memory off) nothing is recalled and nothing is captured.
Otherwise the recalled memories and the user's profile go into the prompt as
quoted data (`core.chat.prompting`), and extraction is queued as a background job that
runs after the reply — the user never waits for learning. With no chat model, or
one that is down, slow or garbled, the answer is the recalled memories themselves:
never an error page.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from core import extraction, guards, texts
from core.audience import Audience
from core.chat import prompting, redaction
from core.context import MemoryContext, read_context
from core.extraction.rules import asked_to_remember
from core.jobs.queue import JobQueue
from core.logsafe import loggable
from core.models import (
    ChannelPolicy,
    Hit,
    Principal,
    PromptContext,
    RefusalReason,
    RememberResult,
    SaveStatus,
    Scope,
    Source,
    WorkspaceSettings,
)
from core.ports import ChatMessage, ChatModel, Ports, ProviderError, StoreSession
from core.providers.vectors import embed_text
from core.recall.hybrid import bearing, recall
from core.remember.intake import SaveRequest, remember
from core.responses import Action, ActionKind, Response
from core.validation import check_text

log = logging.getLogger(__name__)

CONTEXT_POOL_FACTOR = 2  # recall twice the reply's limit, then keep what bears on it


def globals_reader(workspace: str) -> Principal:
    """Whom a shared reply searches as: no user, so the store shows it only the
    workspace's active globals (issue 11). Searching as the asker and dropping their
    private memories afterwards let many better-matching private ones crowd a global
    out of the candidate pool."""
    return Principal(workspace, "")


@dataclass(frozen=True)
class ChatTurn:
    workspace: str
    user: str
    channel: str
    text: str
    thread: Sequence[ChatMessage] = ()  # earlier messages, oldest first
    is_admin: bool = False
    # Who reads the reply: a channel others read by default (safe); adapters say PRIVATE
    # for DMs and replies only the asker sees.
    audience: Audience = Audience.SHARED
    # the message itself, so what is learnt from it links back to it (provenance)
    platform: str = ""
    message_id: str = ""
    permalink: str = ""


# What an adapter hands over as the thread (it never builds model messages itself).
ThreadMessage = ChatMessage


def thread_message(text: str, *, by_bot: bool) -> ThreadMessage:
    """An earlier message of the thread as a platform saw it: the bot's own replies are
    the assistant's turns, anyone else's are the user's (never a system message)."""
    return ChatMessage("assistant" if by_bot else "user", text)


@dataclass(frozen=True)
class ChatAnswer:
    text: str
    used: list[Hit] = field(default_factory=list)
    incognito: bool = False
    by_model: bool = False  # False: the recalled memories themselves (no model, or it failed)
    held_back: int = 0  # private memories that would have helped, kept out of a shared reply
    saved: RememberResult | None = None  # what "remember that …" in the message saved

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
        text = self.text
        if self.held_back:
            noun = texts.plural(self.held_back, "note", "notes")
            line = texts.PRIVATE_HELD_BACK.format(count=self.held_back, noun=noun)
            text = f"{text}\n\n{line}" if text else line
        if self.saved is not None and self.saved.audit_id:
            actions += (Action(ActionKind.UNDO, "Undo", self.saved.audit_id),)
        return Response(
            text,
            actions=actions,
            footer=self.footer,
            ephemeral=False,
            data={
                "used": [h.id for h in self.used],
                "by_model": self.by_model,
                "held_back": self.held_back,
            },
        )


def memories_answer(hits: Sequence[Hit], model_failed: bool = False) -> str:
    """The reply without a model: the recalled memories, best first."""
    if not hits:
        return texts.MODEL_DOWN_NO_MEMORIES if model_failed else texts.NO_MEMORIES_ANSWER
    lines = [texts.MODEL_DOWN_INTRO if model_failed else texts.MEMORY_ANSWER_INTRO]
    lines += [f"• {hit.content}" for hit in hits]
    return "\n".join(lines)


async def answer(ports: Ports, jobs: JobQueue, turn: ChatTurn) -> ChatAnswer:
    """Answer one message. Three transactions at most: read the context, recall and
    touch what the reply uses, queue extraction (a PostgreSQL queue writes a row)."""
    # before anything is recalled, asked or queued (a NUL byte would break the job queue)
    turn = replace(turn, text=check_text(turn.text, "message"))
    principal = Principal(turn.workspace, turn.user)
    async with ports.store.session(principal, read_only=True) as session:
        context = await read_context(session, turn.channel, with_profile=True)
    shared = shared_only(turn, context.settings.shared_channel_recall)
    used = await prompt_context(ports, principal, context, turn.text, touch=True, shared=shared)
    hits, profile, held_back = used.memories, used.profile, used.held_back
    model = await ports.providers.chat_for(turn.workspace, context.settings)
    policy = ports.providers.redaction
    if model is not None and policy == redaction.REFUSE:
        found = redaction.redact_messages(turn.text, turn.thread)[2]
        kinds = [kind for r in found for kind in r.kinds]
        if kinds:
            refused = texts.NOT_SENT_TO_MODEL.format(kind=kinds[0])
            return ChatAnswer(refused, incognito=context.incognito)
    reply = await _model_reply(model, turn, hits, profile, policy)
    if reply is not None:
        text = reply
    elif context.incognito:
        text = texts.INCOGNITO_ANSWER
    elif not context.settings.memory_enabled:
        text = texts.MEMORY_OFF_ANSWER
    elif context.channel_policy == ChannelPolicy.OFF:
        text = texts.CHANNEL_OFF_ANSWER
    elif context.personal_off:
        text = texts.PERSONAL_OFF_ANSWER
    elif not hits and held_back:
        text = ""  # the held-back line says all there is to say here
    else:
        text = memories_answer(hits, model_failed=model is not None)
    saved, rest = None, turn.text
    if context.may_extract:  # learning from chat is on here
        saved, rest = await _save_asked(ports, principal, turn)
    note = saved_note(saved)
    if note:  # the reply says what the message made me keep (or why not)
        text = note if text == texts.NO_MEMORIES_ANSWER else f"{text}\n\n{note}"
    if context.may_extract and rest:  # what was saved already is not learnt twice
        await _queue_extraction(jobs, replace(turn, text=rest))
    return ChatAnswer(
        text,
        used=hits,
        incognito=context.incognito,
        by_model=reply is not None,
        saved=saved,
        held_back=held_back,
    )


def shared_only(turn: ChatTurn, policy: str) -> bool:
    """Whether the reply may use only what everyone reading it may see: globals, and
    no profile (it is the asker's). The workspace admin may allow private ones."""
    return turn.audience == Audience.SHARED and policy != "all"


async def _save_asked(
    ports: Ports, principal: Principal, turn: ChatTurn
) -> tuple[RememberResult | None, str]:
    """Save what the message plainly asks to be kept ("remember that …") before
    answering, as extraction would later, so the reply can say so (with Undo); also
    the rest of the message, left to extraction."""
    asked, rest = asked_to_remember(turn.text)
    if asked is None:
        return None, rest
    request = SaveRequest(
        asked.content,
        channel=turn.channel,
        kind=asked.kind,
        source=Source.EXTRACTED,
        confidence=asked.confidence,
        pending=asked.needs_review,
        entities=asked.entities,
    )
    return await remember(ports, principal, request), rest


def saved_note(result: RememberResult | None) -> str:
    """One line on what a chat message saved; refusals name their reason."""
    if result is None:
        return ""
    if result.status == SaveStatus.REFUSED:
        reason = result.reason
        if reason in (RefusalReason.SECRET, RefusalReason.PII, RefusalReason.INJECTION):
            return texts.REFUSALS[reason].format(detail=result.detail or "a secret")
        return ""
    if result.status == SaveStatus.DUPLICATE or result.memory is None:
        return texts.DUPLICATE
    if result.status == SaveStatus.PENDING_REVIEW:
        return texts.PENDING
    return texts.CHAT_SAVED.format(content=_short(result.memory.content))


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


async def prompt_context(
    ports: Ports,
    principal: Principal,
    context: MemoryContext,
    message: str,
    *,
    touch: bool = False,
    shared: bool = False,
) -> PromptContext:
    """Exactly what a reply to `message` uses: the recalled memories that bear on it
    (`core.recall.relevance`, an absolute judgement: a question nothing fits uses
    nothing), filtered by the guards again, at most the workspace's recall limit; and
    the profile. One transaction after the query is embedded; `touch` marks the
    memories used in it. Empty when the context may not recall. `shared`: others read
    the reply, so only global memories and no profile; `held_back` counts the private
    memories that would have been used (issue 11)."""
    if not context.may_recall:
        return PromptContext()
    settings = context.settings
    vector = await embed_text(ports, principal.workspace, message, settings, purpose="query")
    now = ports.clock()
    limit = settings.recall_limit
    async with ports.store.session(principal, read_only=True) as session:
        bearing_hits = await _bearing_recall(session, message, vector, settings, now)
    held_back = 0
    if shared:  # others read the reply: globals only; count the private ones held back
        held_back = sum(h.scope != Scope.GLOBAL for h in first_usable(bearing_hits, limit))
        reader = globals_reader(principal.workspace)
        async with ports.store.session(reader, read_only=True) as session:
            found = await _bearing_recall(session, message, vector, settings, now)
        bearing_hits = [h for h in found if h.scope == Scope.GLOBAL]
    hits = first_usable(bearing_hits, limit)
    if touch and hits:  # a write: not in the snapshot read beside saves
        await ports.store.touch(principal, [h.id for h in hits], now)
    profile = {} if shared else prompting.usable_profile(context.profile)
    return PromptContext(hits, profile, held_back)


async def _bearing_recall(
    session: StoreSession,
    message: str,
    vector: Sequence[float] | None,
    settings: WorkspaceSettings,
    now: float,
) -> list[Hit]:
    """The recalled memories this session may see that bear on `message`, best first."""
    found = await recall(
        session,
        message,
        settings.recall_limit * CONTEXT_POOL_FACTOR,
        now,
        vector,
        settings.recall_min_score,
        touch=False,
        weighed=True,  # bearing below weighs the question: one count serves both
    )
    return await bearing(session, message, found)


def first_usable(hits: Sequence[Hit], limit: int) -> list[Hit]:
    """The first `limit` hits the guards let into a prompt (each scan costs, so the
    scanning stops once the reply has enough)."""
    kept: list[Hit] = []
    for hit in hits:
        if len(kept) >= limit:
            break
        kept += prompting.usable_memories([hit])
    return kept


async def _model_reply(
    model: ChatModel | None,
    turn: ChatTurn,
    hits: Sequence[Hit],
    profile: dict[str, str],
    policy: str = redaction.MASK,
) -> str | None:
    """The model's answer, or None (no model, or it failed: the caller falls back).
    Unless the policy is "send", secrets and identifiers in the turn are masked
    before the model sees them and scrubbed from what it answers."""
    if model is None:
        return None
    done: list[redaction.Redacted] = []
    text, thread = turn.text, tuple(turn.thread)
    if policy != redaction.SEND:
        masked, thread, done = redaction.redact_messages(turn.text, turn.thread)
        text = masked.text
    messages = prompting.chat_messages(text, hits, profile, thread)
    try:
        # Length, stop sequences and repetition penalty come from the model's settings;
        # streamed, so a reply past the timeout is cancelled, not left generating.
        reply = await model.complete(messages, temperature=0.3, stream=True)
    except ProviderError as exc:
        log.warning("chat model failed, answering from memory: %s", loggable(exc))
        return None
    answered = reply.text.strip()
    if policy != redaction.SEND:
        answered = redaction.scrub(answered, done)
    if not answered:
        log.warning("chat model answered with empty text, answering from memory")
        return None
    return guards.masked_lines(answered)  # whatever the policy, no reply line repeats one


async def _queue_extraction(jobs: JobQueue, turn: ChatTurn) -> None:
    """Enqueue the "extract" job; a queue failure is logged, never shown to the user."""
    payload = extraction.extraction_payload(
        turn.workspace, turn.user, turn.channel, turn.text, turn.thread
    )
    if payload is None:
        return
    payload["source"] = {
        "platform": turn.platform,
        "message_id": turn.message_id,
        "permalink": turn.permalink,
    }
    try:
        await jobs.enqueue(extraction.KIND, payload, workspace=turn.workspace)
    except (LookupError, OSError) as exc:
        log.warning("could not queue extraction: %s", exc)
