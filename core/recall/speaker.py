"""Who said it: the author a chat-log line names, as opposed to the people it mentions.

Memories imported from a chat log keep the log's shape: "[1:56 pm on 8 May, 2023]
Caroline: I went to a support group yesterday", "<ana> we deploy on Thursdays",
"Ana: the staging port is 8080". The leading name is the author, and a question about
a person is answered by what that person said about themselves far more often than by
what others said to them ("Thanks, Melanie!" names Melanie too, as a vocative). On the
LoCoMo dev split 97 % of the evidence turns of questions naming one speaker are that
speaker's own, against half of all turns; full-text search cannot see the difference,
because the name is in both kinds of line (and, in a two-person chat, in so many that
its idf is nil).

So recall raises the relevance of a memory whose author the question names
(`core.recall.hybrid.Tuning.author`). Memories written as facts ("Ana's port is
8080") have no author here and are untouched.
"""

from __future__ import annotations

import functools
import re

from core.remember.canonical import entity_id

# An optional leading stamp ("[09:12]", "[1:56 pm on 8 May, 2023]"), then the author:
# "<ana>" (IRC), or a name of one to three capitalised words before a colon and a space
# ("Ana:", "Ana Lima:"; not "we moved staging: …").
_AUTHOR = re.compile(
    r"^\s*(?:\[[^\]\n]{1,60}\]\s*)?(?:<(?P<nick>[^<>\s]{1,40})>|(?P<name>[^\W\d_][\w.'’-]*"
    r"(?:\s[^\W\d_][\w.'’-]*){0,2}):)\s"
)


@functools.lru_cache(maxsize=65536)
def author(text: str) -> str | None:
    """The entity id of the line's author, or None when the text names none (cached:
    recall asks it of every candidate, and the same memories come back often)."""
    match = _AUTHOR.match(text)
    if match is None:
        return None
    name = match.group("name")
    if name and not all(word[0].isupper() for word in name.split()):
        return None
    return entity_id(match.group("nick") or name) or None


def body(text: str) -> str:
    """The text without its leading stamp and author: what the line itself says."""
    match = _AUTHOR.match(text)
    return text[match.end() :] if match and author(text) else text
