"""From a core `Response` to what discord.py sends: content, embeds and a view.

The headline goes in the message content; each section becomes an embed whose lines
are numbered when they carry actions, which are offered in menus under the embeds
("Forget 3" in "🗑️ Forget a memory…" acts on line 3); the response's own actions are
buttons. The footer goes under the last embed, or under the content as small text.
Discord's limits are applied here and in `views.py`: 2,000 characters of content, 10
embeds, 4,096 per embed description, 6,000 over all embeds, 5 rows of components.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from adapters.discord.views import Entry, ValueStash, build_view
from core import texts
from core.commands.replies import shorten
from core.responses import Action, Response, Section, SourceRef, linked

CONTENT_LIMIT = 2000
EMBED_LIMIT = 10
DESCRIPTION_LIMIT = 4096
TITLE_LIMIT = 256
FOOTER_LIMIT = 2048
EMBEDS_TOTAL_LIMIT = 6000
COLOUR = discord.Colour.blurple()
REFUSAL_COLOUR = discord.Colour.orange()


_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>")
_MASKED_LINK = re.compile(r"\[([^\]]*)\]\(")
ZERO_WIDTH = "\u200b"


def quoted(text: str) -> str:
    """Text that came from people (memories, their words): shown as typed, never as
    markdown — no masked link, spoiler, heading or mention-looking tag renders."""
    text = discord.utils.escape_markdown(text)
    text = discord.utils.escape_mentions(text)
    return _MENTION.sub(lambda m: f"<{m.group(1)}{ZERO_WIDTH}{m.group(2)}>", text)


def defanged(text: str) -> str:
    """A model's reply keeps its formatting, but not masked links (a memory could
    smuggle one in), spoilers or mention-looking tags."""
    text = _MASKED_LINK.sub(lambda m: f"\\[{m.group(1)}]\\(", text).replace("||", "\\|\\|")
    text = discord.utils.escape_mentions(text)
    return _MENTION.sub(lambda m: f"<{m.group(1)}{ZERO_WIDTH}{m.group(2)}>", text)


def cut(text: str, limit: int) -> str:
    """At most `limit` characters, saying so when something was cut."""
    if len(text) <= limit:
        return text
    return text[: limit - len(texts.SHORTENED_MARK)].rstrip() + texts.SHORTENED_MARK


def split_at(text: str, limit: int) -> tuple[str, str]:
    """The first at most `limit` characters (cut at a line break or space when one is
    near the end) and the rest."""
    if len(text) <= limit:
        return text, ""
    cut_at = text.rfind("\n", 0, limit)
    if cut_at < limit // 2:
        cut_at = text.rfind(" ", 0, limit)
    if cut_at < limit // 2:
        cut_at = limit
    return text[:cut_at], text[cut_at:].lstrip("\n ")


def subtext(text: str) -> str:
    """Discord's small grey line (markdown `-# `)."""
    return f"-# {text}"


def source_line(source: SourceRef) -> str:
    """ "from #deploys · 3 days ago · @author · message": Discord renders channel and
    user ids as names (replies allow no mentions, so nobody is pinged)."""
    channel, author = source.channel, source.author
    where = f"<#{channel}>" if channel.isdigit() else f"#{channel}" if channel else ""
    who = f"<@{author}>" if author.isdigit() else f"@{author}" if author else ""
    link = f"[{texts.SOURCE_LINK}]({source.link})" if source.link else ""
    parts = [f"{texts.SOURCE_FROM} {where}" if where else "", source.age, who, link]
    return " · ".join(p for p in parts if p)


def channel_links(response: Response, text: str) -> str:
    """Escaped text with the channels the core named shown as Discord's own channel
    links (`<#123>`); nothing else in it can become one."""
    ids = [c for c in response.channels if c.isdigit()]
    return linked(text, ids, lambda channel: f"<#{channel}>")


def section_lines(section: Section, first_number: int) -> tuple[list[str], list[Entry]]:
    """The section's lines, and the actions of its items labelled with line numbers."""
    lines = [defanged(section.text)] if section.text else []
    entries: list[Entry] = []
    number = first_number
    for item in section.items:
        meta = f" · *{item.meta}*" if item.meta else ""
        if item.source is not None:
            meta += "\n" + subtext(source_line(item.source))
        if item.actions:
            lines.append(f"**{number}.** {quoted(item.text)}{meta}")
            entries += [Entry(a, f"{a.label} {number}", item.text) for a in item.actions]
            number += 1
        else:
            lines.append(f"• {quoted(item.text)}{meta}")
    return lines, entries


def render(response: Response, stash: ValueStash) -> dict[str, Any]:
    """Keyword arguments for `send` / `followup.send` / `reply`."""
    buttons: list[tuple[Action, str]] = [(action, action.label) for action in response.actions]
    entries: list[Entry] = []
    embeds: list[discord.Embed] = []
    footer = shorten(response.footer, FOOTER_LIMIT)
    budget = EMBEDS_TOTAL_LIMIT - len(footer)
    number = 1
    colour = COLOUR if response.ok else REFUSAL_COLOUR
    # A chat answer without a model is quoted memories: plain text. The model's reply
    # and the core's own sentences keep their markdown, defanged.
    quotes = response.data.get("by_model") is False
    text = channel_links(response, quoted(response.text) if quotes else defanged(response.text))
    tail = "\n" + subtext(shorten(response.footer, 200)) if response.footer else ""
    # Text beyond the content's 2,000 characters continues in embeds; what fits nowhere
    # is cut, and the cut says so.
    head, rest = split_at(text, CONTENT_LIMIT - len(tail))
    least = len(texts.SHORTENED_MARK) + 1
    while rest and budget > least:
        room = min(DESCRIPTION_LIMIT, budget)
        piece, rest = split_at(rest, room)
        if rest and (len(embeds) == EMBED_LIMIT - 1 or budget - len(piece) <= least):
            piece, rest = cut(piece + " " + rest, room), ""
        budget -= len(piece)
        embeds.append(discord.Embed(description=piece, colour=colour))
    if rest:  # no room for even one more embed
        head = cut(head + " " + rest, CONTENT_LIMIT - len(tail))
    for section in response.sections[: EMBED_LIMIT - len(embeds)]:
        title = shorten(section.title, TITLE_LIMIT) if section.title else None
        room = min(DESCRIPTION_LIMIT, budget - len(title or ""))
        if room <= 1:
            break  # out of room: later sections, and their buttons, are left out
        lines, section_entries = section_lines(section, number)
        lines = [channel_links(response, line) for line in lines]
        number += sum(1 for item in section.items if item.actions)
        entries += section_entries
        # cut, not `shorten`: the lines are already escaped here, and the zero-width
        # space that breaks a mention-looking tag must not read as hidden text
        description = cut("\n".join(lines), room) if lines else None
        budget -= len(title or "") + len(description or "")
        embeds.append(discord.Embed(title=title, description=description, colour=colour))
    if response.footer and embeds:
        embeds[-1].set_footer(text=footer)
        tail = ""
    kwargs: dict[str, Any] = {"content": head + tail}
    if embeds:
        kwargs["embeds"] = embeds
    view = build_view(buttons, entries, stash)
    if view is not None:
        kwargs["view"] = view
    return kwargs
