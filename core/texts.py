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
CONFLICT = (
    "⚠️ Saved beside a shared memory that says otherwise: “{other}”. Only its author or a "
    "workspace admin can change that one, so both are kept and marked as conflicting in "
    "/memories until one of them is forgotten."
)
PENDING = "🧠 Saved for review: accept it in /memories to make it active."
NEAR_MISS = (
    "🧠 Saved as a new memory — it looks like one I already had: “{other}”. If they are "
    "the same fact, merge them; if not, keep both."
)
NEAR_MISS_NOT_YOURS = (
    "🧠 Saved as a new memory — it looks like a shared one: “{other}”. Only its author or a "
    "workspace admin can merge into that one, so both are kept; Keep both stops me asking."
)
NEAR_MISS_NONE_LAST = (
    "🤷 Your last save didn't look like anything I already had, so there is nothing to "
    "merge or keep. /memories lists possible duplicates, each as /merge N or /keep N."
)
NEAR_MISS_MERGE = "Same fact — merge"
NEAR_MISS_KEEP = "Keep both"
NEAR_MISS_MERGED = "🔁 Merged into one memory: “{content}”."
NEAR_MISS_KEPT = "👍 Kept both: I won't ask about these two again."
NEAR_MISS_GONE = (
    "🤷 Those two are sorted out already (merged, kept, or one of them was forgotten). "
    "See what I hold with /memories."
)
NEAR_MISS_FORBIDDEN = (
    "🚫 Not merged: “{content}” is shared, and only its author or a workspace admin can "
    "change it. Both are kept; Keep both stops me asking."
)

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
    RefusalReason.CHANNEL_OFF: (
        "⏸️ Not saved: a workspace admin turned memory off in this channel, so nothing "
        "is remembered or recalled here. Save it from another channel or a DM."
    ),
    RefusalReason.CHANNEL_RECALL_ONLY: (
        "📖 Not saved: this channel is set to recall only by a workspace admin: I use "
        "what I already know here but save nothing. Save it from another channel or a DM."
    ),
    RefusalReason.PERSONAL_OFF: (
        "⏸️ Not saved: you turned memory off for yourself. Type /memories on to turn it "
        "back on, then save again."
    ),
    RefusalReason.EMPTY: "✏️ Nothing to save. Try: {usage}",
    RefusalReason.TOO_LONG: (
        "✂️ Not saved: that's {length:,} characters; a memory can be at most {limit:,}. "
        "Save the key fact in a shorter sentence."
    ),
    RefusalReason.BROKEN: (
        "✏️ Not saved: that text holds characters that aren't valid UTF-8. "
        "Type or paste it again as plain text."
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
    " {count} more {noun} matched but {verb} to the workspace; only {whose} "
    "author or an admin can forget {pronoun}."
)
FORGET_GONE = "🤷 That memory is gone, or it isn't yours to forget. See what I hold with /memories."
FORGET_SHARED = (
    "🚫 That memory belongs to the workspace: only its author or an admin can forget it."
)
UNDONE = "↩️ Undone: {what}."
UNDO_WHAT = {
    "add": "the save",
    "update": "the update (the previous text is back)",
    "supersede": "the update (the previous version is current again)",
    "merge": "the merge (the previous text is back)",
    "forget": "the forget (the memories are back)",
    "review": "the review",
    "feedback": "the feedback",
    "edit": "the correction (the previous text is back)",
    "pin": "the pin",
    "unpin": "the unpin",
    "consolidate": "the tidy-up (those memories are back as they were)",
    "near_miss_merge": "the merge (both memories are back)",
}
NOTHING_TO_UNDO = "Nothing to undo."
UNDO_EXPIRED = (
    "↩️ Can't undo that forget: it is more than {hours} hours old, so its text is gone for good. "
    "Save it again with /remember if you still need it."
)
PRIVATE_HELD_BACK = "🔒 I have {count} private {noun} that may help — ask me in a DM."
GLOBAL_IN_PERSONAL = (
    "🌐 A DM belongs to you alone, so there is no workspace here to share with. Use /global "
    "in a server channel to share with that server, or /remember to keep it for yourself."
)
UNDO_CONFLICT = (
    "↩️ Can't undo that: “{content}” is saved again as another memory since. I left both as "
    "they are — forget that one first if you want the old state back."
)

MEMORIES_HEADER = "🧠 What I remember for you (yours and the workspace's)"
RECENT_HEADER = "Recent memories"
MEMORIES_EMPTY = "I don't remember anything for you yet. Teach me with /remember."
SEARCH_HEADER = "Memories containing “{query}”"
SEARCH_NONE = "🔎 Nothing I hold for you contains “{query}”. Try fewer words, or /memories."
PAGE_SUFFIX = " (page {page})"
PAGE_NONE = "There's nothing on that page. /memories shows the newest."
PAGE_NEXT = "Next ›"
PAGE_PREVIOUS = "‹ Previous"
PENDING_HEADER = "📝 Waiting for your review"
CONFLICTS_HEADER = "⚠️ Conflicting memories — forget the one that is wrong"
CONFLICT_ITEM = "“{newer}” contradicts “{older}”"
CONFLICT_META = "newer by {newer_by} · older by {older_by}"
NEAR_MISSES_HEADER = "🔁 Possible duplicates — merge them, or keep both"
NEAR_MISS_ITEM = "“{newer}” looks like “{older}”"
NEAR_MISSES_MORE = "The oldest {shown} are below; {count} more follow once you answer these."
FORGET_NEWER = "Forget newer"
FORGET_OLDER = "Forget older"
USAGE = "{memories} {mem_noun} · {entities} {ent_noun} · {size}"
PROFILE_HEADER = "👤 Profile"

INCOGNITO_ON = (
    "🕶️ Incognito is on for you in this channel: I won't recall or save anything here "
    "until you turn it off with /incognito."
)
INCOGNITO_USAGE = "🕶️ /incognito takes on, off or nothing (to switch it). Try: /incognito on"
INCOGNITO_OFF = "👋 Incognito is off in this channel: I'll remember and recall again."

CHAT_SAVED = "🧠 Saved to memory: “{content}”."
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
CHANNEL_OFF_ANSWER = (
    "⏸️ A workspace admin turned memory off in this channel, so I'm not using or saving "
    "memories here."
)
PERSONAL_OFF_ANSWER = (
    "⏸️ You turned memory off for yourself, so I'm not using or saving memories. "
    "/memories on turns it back on."
)
INCOGNITO_ANSWER = "🕶️ Incognito is on here, so I'm not using or saving memories."
MEMORY_OFF_ANSWER = "Memory is turned off in this workspace, so I have nothing to recall."
REDACTED = "[{kind} removed]"
NOT_SENT_TO_MODEL = (
    "🔒 Your message contains {kind}, so I didn't send it to the language model. "
    "Please remove it and ask again."
)

UNKNOWN_COMMAND = "I don't know /{name}. Type /help to see what I can do."
# Stands in for text a reply would otherwise repeat when the guards would refuse it
# (a pasted key as a /forget query, a seed phrase typed as a command name).
MASKED = "‹hidden: {kind}›"
ADMIN_ONLY = "🚫 Only workspace admins can do that."
ACCEPTED = "✅ Accepted: it's an active memory now."
REJECTED = "🗑️ Rejected and removed."
NOT_FOUND = "That memory is gone or isn't yours."

SETTINGS_UPDATED = "⚙️ Settings updated."
SETTINGS_ADMIN_ONLY = (
    "🚫 Only workspace admins can change memory settings "
    "(on Discord: members with the Manage Server permission)."
)
SETTING_CHANGED = "changed"
BUTTON_EXPIRED = "⌛ That button has expired. Run the command again."


SOMETHING_WENT_WRONG = (
    "😵 Something went wrong on my side and I couldn't finish that. Nothing was lost; "
    "please try again in a moment."
)
DATABASE_UNAVAILABLE = (
    "🔌 The memory database is unavailable right now, so nothing was saved or changed. "
    "Please try again in a moment."
)
# Faults: one sentence each, saying what happened and what to do (core.faults picks them).
BAD_TEXT = (
    "✏️ That {what} holds characters that aren't valid UTF-8, so I left "
    "everything as it was. Type or paste it again as plain text."
)
BAD_ID = (
    "✏️ That {what} id isn't valid (at most {limit} characters, no spaces or control "
    "characters), so I left everything as it was."
)
DISK_FULL = (
    "💾 The disk holding the memory database is full, so nothing was saved or changed. "
    "Free some space on that disk{where}, then try again."
)
READ_ONLY = (
    "🔒 The memory database{where} is read-only, so nothing was saved or changed. "
    "Make the file and its folder writable (or mount them read-write), then try again."
)
DAMAGED = (
    "🩹 The memory database{where} is damaged ({detail}), so I stopped before writing to "
    "it. Run `memorybot db check` for details; then move the file aside and restore your "
    "latest backup or export (`memorybot import FILE`)."
)
NO_DATABASE = (
    "🔌 Can't use the memory database{where}: {detail}. Check the database name, user "
    "and password in MEMORYBOT_DATABASE_URL."
)
MIGRATION_BLOCKED = "🛠️ The memory database's schema can't be brought up to date: {detail}."
DB_CHECK_ADVICE = (
    "To recover: stop the bot, move the damaged file aside, and restore your latest backup "
    "or export into a fresh one (`memorybot import FILE`). If the sqlite3 tool is at hand, "
    "`sqlite3 OLD.db .recover | sqlite3 NEW.db` saves what can be read."
)
UNSUPPORTED_URL = (
    "{name} must start with sqlite:/// (standalone) or postgresql:// (connected), not {scheme}"
)
# Database URLs that cannot be read as written; none repeats the URL (it may hold a password).
URL_NOT_KEYWORDS = (
    "{name} must be a URL: sqlite:///path (standalone) or postgresql://user:password@host/db "
    "(connected), not key=value settings"
)
URL_MALFORMED = "{name} is not a valid PostgreSQL URL: {reason}"
URL_AT_IN_PASSWORD = "{name} has an '@' in its user or password: write it as %40 (percent-encoded)"
# memorybot installs from its own checkout: a different project owns the name on PyPI.
INSTALL_HINT = (
    "install it from the memorybot checkout: `make install` (everything), or "
    "`.venv/bin/pip install -e '.[{extra}]'`"
)


def install_hint(extra: str) -> str:
    return INSTALL_HINT.format(extra=extra)


BAD_INPUT_LINE = (
    "✏️ That line isn't valid UTF-8 text, so I skipped it. Type or paste it again as plain text."
)
EDIT_CONSOLE_USAGE = (
    "✏️ Put the new text after the item's number, on the same line. "
    "Try: /edit 2 the staging DB is on port 5432"
)
SHORTENED_MARK = " … (shortened)"
MORE_NOT_SHOWN = "…and {count} more not shown here."

# Settings (the admin settings page on every platform)
SETTINGS_HEADER = "⚙️ Workspace settings"
SETTINGS_ADMIN_NOTE = "You're a workspace admin, so you can change these. Changes apply at once."
SETTINGS_SAVED = "✅ Saved: {label} is now {value}."
SETTINGS_NOTHING = "Nothing to change."
SETTING_UNKNOWN = "There is no setting called “{name}”."
EMBEDDER_WRONG_SIZE = (
    "That embedder makes {made}-number vectors but this deployment stores {stored}; "
    "ask the operator to change MEMORYBOT_EMBED_PRESET."
)
EMBEDDER_UNSIZED = (
    "That embedder's vector size is set by the operator, and this deployment stores "
    "{stored}-number vectors from another one; ask the operator to change MEMORYBOT_EMBED_PRESET."
)
EMBEDDER_NO_VECTORS = (
    "This deployment stores no vectors, so a workspace can't pick an embedder; "
    "ask the operator to set MEMORYBOT_EMBED_PRESET."
)
SETTING_INVALID = "“{label}” can be one of: {choices}."
SETTING_HELP = {
    "memory_enabled": "Remember and recall at all in this workspace.",
    "auto_extract": "Learn from conversations (conservatively), besides /remember.",
    "global_policy": "Who may save memories shared with the whole workspace.",
    "contradiction_policy": "Overwrite outdated facts, or keep the old version as history.",
    "shared_channel_recall": (
        "In a channel others can read, answer from shared memories only (private ones "
        "stay for DMs), or from the asker's private memories too."
    ),
    "embed_preset": "How memories are turned into vectors for search.",
    "chat_preset": "The model that writes replies and extracts memories.",
    "retention_days": "Archive memories nobody has used for this long.",
    "recall_limit": "At most this many memories go into a reply.",
    "recall_min_score": "How relevant a memory must be to be used in a reply.",
    "channel_policy": (
        "Per channel: On (default); Recall only (memories are used, nothing is saved or "
        "learnt there); Off (nothing recalled or saved there)."
    ),
}
SETTINGS_USAGE = (
    "Usage: /settings (show) · /settings set NAME VALUE · "
    "/settings channel CHANNEL on|recall_only|off (admins change settings)"
)
CHANNEL_PICK = "Pick a channel"
CHANNEL_POLICY_PICK = "Memory there"
CHANNEL_OPTION_HELP = "A channel to give its own memory setting (default: this one)"
CHANNEL_POLICY_MISSING = "📍 Choose channel_memory (On, Recall only or Off) for that channel."
CHANNEL_POLICY_ALONE = (
    "📍 Change a channel's memory on its own: channel and channel_memory, no other options."
)
SOURCE_FROM = "from"
SOURCE_LINK = "message"
CHANNEL_MISSING = "📍 Pick a channel first."
CHANNEL_POLICY_SAVED = "✅ Saved: memory in {channel} is now {value}."
CHANNEL_POLICIES_HEADER = "📍 Channels with their own memory setting"
CHANNEL_POLICIES_NONE = "Every channel follows the workspace setting."
PERSONAL_OFF = (
    "⏸️ Memory is off for you: I won't recall or save anything of yours anywhere until "
    "you type /memories on. Your memories are kept (erase them from /memories)."
)
PERSONAL_ON = "▶️ Memory is on for you again."
PERSONAL_OFF_NOTE = "⏸️ Memory is off for you everywhere (/memories on to turn it back on)."
KEEP_FOREVER = "Keep forever"

# The personal home page (Slack App Home and the like)
HOME_TITLE = "🧠 memorybot"
HOME_INTRO = (
    "I remember things for you and your team. Save with /remember (just you) or /global "
    "(everyone), see everything with /memories, and mention me or DM me to ask."
)
HOME_USAGE_HEADER = "📦 Your memory"
HOME_INCOGNITO_HEADER = "🕶️ Incognito channels"
HOME_INCOGNITO_NONE = "You're not incognito anywhere."
A_DIRECT_MESSAGE = "a direct message"
HOME_PROFILE_NONE = "No profile yet: tell me your name, role or timezone and I'll keep it."


# governance (SPEC §9)
FEEDBACK_UP = "👍 Thanks! I'll trust {count} {noun} behind that answer a bit more."
FEEDBACK_DOWN = "👎 Noted. I'll lean on {count} {noun} behind that answer less."
FEEDBACK_BURIED = (
    " {count} {noun} won't be used in answers any more: correct or forget {pronoun} in "
    "/memories, or /undo."
)
FEEDBACK_NONE = "Those memories are gone, so there's nothing to rate."
FEEDBACK_NO_MEMORIES = (
    "Thanks! That answer didn't use any memories, so there's nothing to adjust. "
    "Teach me with /remember to make the next one better."
)
EDIT_ASK = "✏️ Send the corrected text for: “{content}”"
EDITED = "✏️ Corrected: “{old}” is now “{new}”."
EDIT_SAME = "Nothing to change: that's already the text."
EDIT_DUPLICATE = (
    "🧠 I already have that as another memory: “{content}”. Forget this one in /memories "
    "if it's no longer needed."
)
EDIT_FORBIDDEN = "🚫 Only its author or a workspace admin can change a shared memory."
EDIT_USAGE = "✏️ Say which memory and the new text. Try: /edit ID the staging DB is on port 5432"
PINNED = "📌 Pinned: this memory won't fade, and tidy-ups leave it alone."
UNPINNED = "📌 Unpinned: this memory ages like the others again."
ALREADY_PINNED = "📌 That memory is already pinned."
ALREADY_UNPINNED = "That memory isn't pinned."
PIN_GLOBAL_ADMIN = "🚫 Only workspace admins can pin or unpin shared memories."
CONSOLIDATED = (
    "🧹 Tidied up: merged {merged} near-duplicate {merged_noun}, retired {retired} old "
    "{retired_noun}, marked {stale} long-unused {stale_noun} as stale."
)
CONSOLIDATE_NOTHING = "🧹 Nothing to tidy up: memories are already in order."
CONSOLIDATE_REWRITTEN = " The chat model rewrote {count} merged {noun} into one sentence."
CONSOLIDATE_UNDO = " Each person can /undo the tidy-up of their own memories."
ERASE_ASK = (
    "⚠️ This erases everything I hold about you in this workspace: {memories} {noun} "
    "(the review queue included), your profile, your incognito settings, your feedback "
    "and your history of changes. It can't be undone."
)
ERASE_ASK_GLOBALS_KEPT = (
    " {count} shared {noun} you wrote will stay for the workspace (erase {pronoun} too "
    "with /erase globals)."
)
ERASE_ASK_GLOBALS_GONE = " Shared memories you wrote are erased too."
ERASE_DONE = "🧽 Erased: {memories} {noun}, your profile, settings, feedback and history."
ERASE_DONE_GLOBALS = " {count} shared {noun} you wrote went too."
ERASE_DONE_KEPT = " {count} shared {noun} you wrote stay for the workspace."
ERASE_DONE_ALL = " I hold nothing more about you here."
ERASE_NOTHING = "🧽 I hold nothing about you here, so there was nothing to erase."
ERASE_UNKNOWN = (
    "Nothing is held about user “{user}” in workspace “{workspace}”, so nothing was "
    "erased. Check the user id (Slack: U…, Discord: a number)."
)

# Forms and confirmations (Slack modals and confirm dialogs, Discord forms and menus)
CONFIRM_TITLE = "Are you sure?"
CONFIRM_CANCEL = "Cancel"
# What a dangerous button asks before it runs, by action kind; CONFIRM_DEFAULT otherwise.
CONFIRM_ASK = {
    "forget": "Forget this memory? You can undo it right after.",
    "reject": "Remove this suggestion from your review queue?",
    "clear_profile": "Clear your profile? You can tell me your name, role or timezone again.",
    "erase_request": (
        "Nothing is erased yet: next I'll show what would go, and ask you once more."
    ),
    "erase_confirm": ("Erase everything I hold about you in this workspace? This can't be undone."),
}
CONFIRM_DEFAULT = "{label}: are you sure?"
ACTION_MENUS = {  # a menu per kind of action on a list's numbered lines
    "edit": "✏️ Edit a memory…",
    "pin": "📌 Pin or unpin a memory…",
    "forget": "🗑️ Forget a memory…",
    "review": "📝 Accept or reject a suggestion…",
    "near_miss": "🔁 Merge or keep a possible duplicate…",
    "any": "Choose what to do with a numbered line…",
}
EDIT_FORM_TITLE = "Edit memory"
EDIT_FORM_LABEL = "Memory"
EDIT_FORM_HINT = "The privacy guards check the new text again; Undo brings the old one back."
EDIT_FORM_TOO_LONG = (
    "✏️ That memory is {length:,} characters, more than this form holds ({limit:,}), so "
    "saving it from here would cut it short. Forget it and save it again in shorter parts "
    "with /remember, or correct it with `memorybot edit ID new text`."
)
EDIT_FORM_SLOW = "⌛ I couldn't fetch that memory quickly enough. Please try again."
FORM_SAVE = "Save"

# Provider API keys on a settings page: write-only, only "set" / "not set" is shown
KEYS_HEADER = "🔑 Provider API keys"
KEYS_NOTE = "Keys are stored encrypted and never shown again: you only see whether one is set."
KEY_LABELS = {"embed": "Embedder API key", "chat": "Chat model API key"}
KEY_STATUS = "{label}: {status}"
KEY_SET_BUTTON = "Set API key"
KEY_FORM_TITLE = "Set API key"
KEY_FORM_HINT = "Paste the key. It is encrypted before it is stored and never shown again."
KEY_SAVED = "🔑 Saved. {label}: {status}."
KEY_UNKNOWN = "There is no provider key called that."
KEYS_NO_SECRET = (
    "🔒 This deployment can't store API keys yet: its operator must set "
    "MEMORYBOT_SECRET_KEY (generate one with `memorybot keys generate`)."
)
KEYS_UPDATED = "🔑 Saved, encrypted. Keys are never shown again, only whether they're set."
KEYS_REMOVED = "🔑 Removed: {label}."
KEYS_NOTHING = "Nothing changed: every field was empty, so the stored keys stay as they were."
KEYS_FORM_TITLE = "🔑 API keys for this server"
KEYS_FORM_HINT = "Stored encrypted and never shown again. Leave empty to keep the current key."
KEY_PLACEHOLDERS = {"set": "Set: leave empty to keep it", "not set": "Not set: paste a key"}


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    return singular if count == 1 else (plural_form or singular + "s")


def ago(seconds: float) -> str:
    """ "just now", "5 minutes ago", "3 days ago" (a memory's age in its source line)."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {plural(count, unit, unit + 's')} ago"
    return "just now"


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"


def used_footer(count: int) -> str:
    return USED_FOOTER.format(count=count, noun=plural(count, "memory", "memories"))


def retention_label(days: int) -> str:
    return KEEP_FOREVER if days == 0 else f"{days} days"
