"""Every sentence memorybot says to a user, in one place.

Adapters render these; handlers pick them. Keeping them together keeps the voice
consistent and makes every refusal say why and what to do next.
"""

from __future__ import annotations

from core.models import RefusalReason

SAVED = "🧠 Saved to memory."
SAVED_GLOBAL = "🧠 Saved to memory (shared with the workspace)."
UPDATED = "🧠 Updated what I remembered: “{old}” is now “{new}”."
MERGED = "🧠 Merged with something I already knew: “{content}”."
DUPLICATE = "🧠 I already knew that — reinforced it."
PENDING = "🧠 Saved for review: accept it in /memories to make it active."

REFUSALS: dict[RefusalReason, str] = {
    RefusalReason.SECRET: (
        "🔒 Not saved: that looks like {detail}. I never store secrets. "
        "Put it in your password manager or secret store instead."
    ),
    RefusalReason.PII: (
        "🔒 Not saved: that looks like {detail}. I don't store sensitive personal numbers."
    ),
    RefusalReason.INJECTION: (
        "🛡️ Not saved: that reads like an instruction to the assistant ({detail}), "
        "not something to remember. Rephrase it as a plain fact or preference."
    ),
    RefusalReason.INCOGNITO: (
        "🕶️ Not saved: you're in incognito mode in this channel. "
        "Type /incognito to turn it off, then save again."
    ),
    RefusalReason.DISABLED: (
        "⏸️ Not saved: memory is turned off in this workspace. A workspace admin can turn "
        "it back on in the settings."
    ),
    RefusalReason.EMPTY: "✏️ Nothing to save. Try: {usage}",
    RefusalReason.TOO_LONG: (
        "✂️ Not saved: that's {length:,} characters; a memory can be at most {limit:,}. "
        "Save the key fact in a shorter sentence."
    ),
    RefusalReason.FORBIDDEN: (
        "🚫 Not saved: only workspace admins can save shared memories here. "
        "Use /remember to keep it for yourself."
    ),
}

FORGOT = "🗑️ Forgot {count} {noun} matching “{query}”."
FORGET_NONE = "🤷 Nothing of yours matches “{query}”. See what I hold with /memories."
FORGET_EMPTY = "✏️ Tell me what to forget. Try: /forget staging DB"
FORGET_TOO_MANY = (
    "⚠️ “{query}” matches {count} memories — too many to forget at once. "
    "Be more specific, or forget items one by one from /memories."
)
FORGET_NOT_YOURS = (
    " {count} more {noun} matched but belong to the workspace; only their "
    "author or an admin can forget them."
)
UNDONE = "↩️ Undone: {what}."
NOTHING_TO_UNDO = "Nothing to undo."

MEMORIES_HEADER = "🧠 What I remember for you (yours and the workspace's)"
RECENT_HEADER = "Recent memories"
MEMORIES_EMPTY = "I don't remember anything for you yet. Teach me with /remember."
PENDING_HEADER = "📝 Waiting for your review"
USAGE = "{memories} {mem_noun} · {entities} {ent_noun} · {size}"
PROFILE_HEADER = "👤 Profile"

INCOGNITO_ON = (
    "🕶️ Incognito is on for you in this channel: I won't recall or save anything here "
    "until you turn it off with /incognito."
)
INCOGNITO_OFF = "👋 Incognito is off in this channel: I'll remember and recall again."

USED_FOOTER = "🧠 used {count} {noun}"
NO_MEMORIES_ANSWER = (
    "I don't have anything saved about that yet. Teach me with /remember, "
    "or share it with everyone using /global."
)
MEMORY_ANSWER_INTRO = "Here's what I remember that may help:"
MODEL_DOWN_INTRO = (
    "My language model isn't answering right now, so here's what I remember that may help:"
)
MODEL_DOWN_NO_MEMORIES = (
    "My language model isn't answering right now, and I have nothing saved about that yet. "
    "Please try again in a moment."
)
INCOGNITO_ANSWER = "🕶️ Incognito is on here, so I'm not using or saving memories."
MEMORY_OFF_ANSWER = "Memory is turned off in this workspace, so I have nothing to recall."

UNKNOWN_COMMAND = "I don't know /{name}. Type /help to see what I can do."
ADMIN_ONLY = "🚫 Only workspace admins can do that."
ACCEPTED = "✅ Accepted: it's an active memory now."
REJECTED = "🗑️ Rejected and removed."
NOT_FOUND = "That memory is gone or isn't yours."


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    return singular if count == 1 else (plural_form or singular + "s")


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"


def used_footer(count: int) -> str:
    return USED_FOOTER.format(count=count, noun=plural(count, "memory", "memories"))
