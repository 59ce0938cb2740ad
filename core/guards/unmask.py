"""Undo the ways people disguise a key before the provider formats are matched again.

"ghp_ EDQ…", an AWS key id grouped in fours, a token split in two so a chat app
does not link it, the same token reversed, or base64/hex of it: each is a known
format once the disguise is undone. `views` yields those undone forms; the
privacy guard matches only the provider formats on them (no phrases, no
identifiers), so prose that happens to decode or join into letters is not judged
as if it were a password.
"""

from __future__ import annotations

import base64
import binascii
import urllib.parse
from collections.abc import Iterator

import regex

from core.guards.budget import Budget

_CHUNKS = regex.compile(r"[^\s]+")
# A chunk that is part of a key: has a digit, inner capitals, is upper case, a single
# character, or starts/ends with the "_"/"-" that joins a prefix to its body.
_KEYISH = regex.compile(
    r"^(?:[A-Za-z0-9_\-]*\d[A-Za-z0-9_\-]*|[A-Za-z0-9_\-]*[a-z][A-Z][A-Za-z0-9_\-]*"
    r"|[A-Z0-9_\-]{3,}|[A-Za-z0-9_\-]|[_\-][A-Za-z0-9_\-]*|[A-Za-z0-9_\-]*[_\-]"
    r"|[A-Z][A-Z]+[a-z][A-Za-z]*)$"
)
_PREFIX = regex.compile(r"^[A-Za-z0-9]{2,8}$")
# Key groups joined by dashes or dots: "AKIA-ABCD-EFGH-…", "AKIAD.WT3P3.…".
_GROUPED = regex.compile(
    r"(?<![\w.\-])[A-Za-z0-9_]{3,8}(?:[\-.][A-Za-z0-9_]{3,8}){3,}(?![\w\-]|\.\w)"
)
_GROUP_SEP = regex.compile(r"[\-.]")
_PERCENT = regex.compile(r"%[0-9A-Fa-f]{2}")
_BLOB = regex.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{24,2000}={0,2}")
_HEX = regex.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,1000}(?![0-9A-Fa-f])")
_MAX_BLOBS = 8
MIN_BLOB = 24  # the shortest base64 or hex run decoded
_PRINTABLE = regex.compile(r"^[\x20-\x7e\n\t]+$")


def joined(chunks: list[str]) -> list[str]:
    """Key fragments separated by spaces joined back: "AKIA ABCD EFGH …" -> "AKIAABCDEFGH…".

    `chunks` is the text split at whitespace. Returns one piece of text per joined run
    (two or more key-like chunks, `MIN_KEY` characters or more), with the chunks around
    it as context, since only text that was joined can show a format the text as written
    did not.
    """
    out: list[str] = []
    spans: list[tuple[int, int]] = []  # out[a:b] is a joined run
    run: list[str] = []

    def flush() -> None:
        if len(run) >= 2:
            together = "".join(run)
            if len(together) >= MIN_KEY:
                spans.append((len(out), len(out) + 1))
            out.append(together)
        else:
            out.extend(run)
        run.clear()

    for chunk in chunks:
        if len(chunk) > 1 and chunk.isalpha() and chunk[1:].islower():
            if run:
                flush()  # a word in lower case or capitalised: never part of a key
            out.append(chunk)
            continue
        core = chunk.strip(",;:()[]\"'`")
        if core and _KEYISH.match(core) and core == chunk:
            if not run and core[0] in "_-" and out and _PREFIX.match(out[-1]):
                if spans and spans[-1][1] == len(out):
                    spans.pop()  # that run is about to be joined into this one
                run.append(out.pop())  # "ghp _abc…": the prefix was split from its body
            run.append(core)
        else:
            flush()
            out.append(chunk)
    flush()
    return [_window(out, a, b) for a, b in spans]


# The shortest key body a format accepts (AWS key ids: 20): a run joined into fewer
# characters ("I a", "3 4") cannot make one, and is not worth a view of its own.
MIN_KEY = 16
_CONTEXT = 160  # characters of chunks kept either side of a joined run


def _window(out: list[str], start: int, end: int) -> str:
    """out[start:end] with about `_CONTEXT` characters of whole chunks either side."""
    length = 0
    while start > 0 and length < _CONTEXT:
        start -= 1
        length += len(out[start]) + 1
    length = 0
    while end < len(out) and length < _CONTEXT:
        length += len(out[end]) + 1
        end += 1
    return " ".join(out[start:end])


# Prefixes of the provider formats, as a token written in halves still starts with one.
_KEY_PREFIXES = (
    "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "AKIA", "ASIA", "sk-",
    "sk_live_", "sk_test_", "rk_live_", "xoxb-", "xoxp-", "xapp-", "AIza", "npm_", "pypi-",
    "hf_", "SG.", "shpat_", "dop_v1_", "hvs.", "GOCSPX-", "whsec_", "lin_api_",
)  # fmt: skip
_FRAGMENT_REACH = 8  # chunks after a prefixed one where the rest may stand
_TRIM = ",;:()[]\"'`."


def fragments(chunks: list[str]) -> Iterator[str]:
    """A prefixed token written in parts with words between ("first half ghp_Xt8w… and the
    second half ipDC…"): the prefixed part joined with the key-like parts after it."""
    for i, chunk in enumerate(chunks):
        head = chunk.strip(_TRIM)
        if len(head) < 6 or not head.startswith(_KEY_PREFIXES) or not _random_part(head[3:]):
            continue  # "sk-learn" is a library, not the start of a key
        together = head
        for later in chunks[i + 1 : i + 1 + _FRAGMENT_REACH]:
            piece = later.strip(_TRIM)
            if len(piece) >= 4 and _random_part(piece) and not piece.isdigit():
                together += piece
                yield together


_HEADS = frozenset(prefix[:2] for prefix in _KEY_PREFIXES)
_GROUP_CHUNK = regex.compile(r"[A-Za-z0-9_\-]{1,16}")


def uniform_groups(chunks: list[str]) -> Iterator[str]:
    """A prefixed token written in equal groups ("ghp_ aB3d eFgh …", "sk-proj-Ab12 Cd34 …"):
    the groups joined after the prefix, one candidate per group count. Any chunk may be a
    group (a random group of four is often a plain word), so the groups must all have the
    first one's length, bar the last, which may be shorter."""
    for i, chunk in enumerate(chunks):
        if chunk.lstrip(_TRIM)[:2] not in _HEADS or i + 1 >= len(chunks):
            continue  # one set lookup per chunk: nearly every chunk stops here
        head = chunk.strip(_TRIM)
        if head.startswith(_KEY_PREFIXES):
            size, start = len(chunks[i + 1]), i + 1
        elif 3 <= len(chunk) <= 8 and len(chunks[i + 1]) == len(chunk):
            # The prefix split too ("sk_l ive_ 4eC3 …"): equal groups from this chunk on.
            if not "".join(chunks[i : i + 4]).startswith(_KEY_PREFIXES):
                continue
            size, start, head = len(chunk), i, ""
        else:
            continue
        if not 3 <= size <= 16:
            continue
        together = head
        for later in chunks[start : start + 64]:
            piece = later.rstrip(_TRIM)
            if not _GROUP_CHUNK.fullmatch(piece) or len(piece) > size:
                break
            together += piece
            yield together
            if len(piece) < size or len(together) > 240:
                break


# 'AKIA…' + '…': a key written as a concatenation of string literals.
_CONCAT = regex.compile(r"([\"'])\s*\+\s*\1")

_CAMEL_WORDS = regex.compile(r"(?:[A-Z][a-z]+)+[0-9]{0,2}")


def _random_part(piece: str) -> bool:
    """Key material rather than a word: a digit among letters, or mixed case that is not
    capitalised words run together ("RandomForestClassifier")."""
    if not _KEYISH.match(piece):
        return False
    if any(ch.isdigit() for ch in piece) and any(ch.isalpha() for ch in piece):
        return True
    mixed = any(ch.islower() for ch in piece) and any(ch.isupper() for ch in piece)
    return mixed and _CAMEL_WORDS.fullmatch(piece) is None


class Decoded(str):
    """A view that is a base64 or hex blob decoded: text someone encoded on purpose, so
    the phrase patterns read it too ("cGFzc3dvcmQ9…" is "password=…"); random bytes
    almost never decode to printable text, so prose is not judged twice."""

    __slots__ = ()


def _decoded(blob: str) -> str | None:
    try:
        raw = base64.b64decode(blob + "=" * (-len(blob) % 4), altchars=b"-_")
        text = raw.decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return text if _PRINTABLE.match(text) else None


# A key spelled out one character at a time with one separator throughout ("g-h-p-_-A-b-…",
# "s.k._.l.i.v.e…", "g . l . p . a . t"): a space alone is `joined`'s case.
_SPELLED = regex.compile(
    r"(?<![A-Za-z0-9])(?P<c>[A-Za-z0-9_\-+/=])(?P<s> ?[\-.·•|/] ?)"
    r"(?:(?P<c>[A-Za-z0-9_\-+/=])(?P=s)){14,}(?P<c>[A-Za-z0-9_\-+/=])(?![A-Za-z0-9])"
)
_SPELLED_SEPARATORS = ("-", ".", "·", "•", "|", "/")
_MIN_SPELLED = 15  # separators in a spelled key of `MIN_KEY` characters


def _spelled_count(text: str, sep: str) -> int:
    """How often `sep` could join two spelled characters: not where a sentence ends
    (". "), unless it is spaced on both sides (" . ")."""
    count = text.count(sep)
    if count < _MIN_SPELLED:
        return count
    return count - text.count(sep + " ") + text.count(" " + sep + " ")


def _spelled_out(m: regex.Match[str]) -> str:
    return "".join(m.captures("c"))


def spelled(text: str, budget: Budget) -> str | None:
    """`text` with each key spelled out character by character written as one word, or
    None when it holds none (a text needs fifteen of one separator to hold one)."""
    if not any(_spelled_count(text, sep) >= _MIN_SPELLED for sep in _SPELLED_SEPARATORS):
        return None
    undone = budget.sub(_SPELLED, _spelled_out, text)
    return undone if undone != text else None


def views(text: str, budget: Budget) -> Iterator[str]:
    """The text with spacing undone, reversed, and each base64 or hex blob decoded.

    Each disguise needs a trigger the chunks show at once (a long chunk for a blob, a
    dash or dot in a long chunk for groups), so ordinary prose costs one split.
    """
    chunks = text.split()
    yield from joined(chunks)
    letters = spelled(text, budget)
    if letters is not None:
        yield letters
    yield from fragments(chunks)
    yield from uniform_groups(chunks)
    if "+" in text and ("'" in text or '"' in text):
        concatenated = budget.sub(_CONCAT, "", text)
        if concatenated != text:
            yield concatenated
    longest = max(map(len, chunks), default=0)
    # Key groups take 15+ characters of one chunk with a dash or a dot: only such chunks
    # are searched (see `within`), and the whole text rewritten only if one holds them.
    grouped = [c for c in chunks if len(c) >= 15 and ("-" in c or "." in c)]
    if any(budget.search(_GROUPED, chunk) for chunk in grouped):
        yield _ungrouped(text, grouped, budget)
    if "%" in text:  # "ghp%5F…": a token percent-encoded in a URL or a cookie
        encoded = [c for c in chunks if len(c) >= 15 and "%" in c]
        if any(budget.search(_PERCENT, c) for c in encoded):
            yield " ".join(urllib.parse.unquote(c) for c in encoded)
    reversed_tokens = " ".join(tok[::-1] for tok in chunks if len(tok) >= 16)
    if reversed_tokens:
        yield reversed_tokens
    if longest >= _SHORT_BLOB and ("=" in text or "asic" in text or "ASIC" in text):
        # Padded base64 ("…Mg=="), or unpadded after "Basic"/"basic auth".
        yield from _short_credentials(chunks)
    if longest < MIN_BLOB:
        return  # a blob lies inside one chunk, and no chunk is long enough
    long_chunks = [c for c in chunks if len(c) >= MIN_BLOB]
    for count, blob in enumerate(within(_BLOB, long_chunks, budget)):
        if count >= _MAX_BLOBS:
            break
        decoded = _decoded(blob)
        if decoded:
            yield Decoded(decoded)
    for count, blob in enumerate(within(_HEX, long_chunks, budget)):
        if count >= _MAX_BLOBS:
            break
        try:
            decoded = bytes.fromhex(blob).decode("ascii")
        except (ValueError, UnicodeDecodeError):
            continue
        if _PRINTABLE.match(decoded):
            yield Decoded(decoded)


# HTTP Basic credentials are short ("u:Pw9#k2" is 12 characters of base64): a chunk of
# 12-23 that is whole base64 (a multiple of four long) is decoded too, and kept only when
# it reads "user:password", so an ordinary long word (which decodes to bytes) is not.
_SHORT_BLOB = 12
_SHORT_B64 = regex.compile(r"[A-Za-z0-9+/]{10,23}={0,2}")
_DECODED_PAIR = regex.compile(r"[\w.@+\-]{1,32}:[\x21-\x7e]{3,32}")


def _short_credentials(chunks: list[str]) -> Iterator[str]:
    for chunk in chunks:
        if not _SHORT_BLOB <= len(chunk) < MIN_BLOB + 4:
            continue
        blob = chunk.strip(_TRIM + "<>")
        if len(blob) % 4 or not _SHORT_B64.fullmatch(blob):
            continue
        decoded = _decoded(blob)
        if decoded and _DECODED_PAIR.fullmatch(decoded):
            yield Decoded(decoded)


def _joined_group(m: regex.Match[str]) -> str:
    return _GROUP_SEP.sub("", m.group(0))


def _ungrouped(text: str, grouped: list[str], budget: Budget) -> str:
    """`_GROUPED.sub(…, text)`, every group's separators dropped, rewriting only the chunks
    that can hold a group (`grouped`, in order): a match lies inside one chunk (see
    `within`), so the rest of the text is copied, not scanned again."""
    pieces: list[str] = []
    done = 0  # text[:done] is in pieces
    for chunk in grouped:
        # The first occurrence from here is this chunk itself: a chunk holding it would be
        # as long and hold a dash or a dot, so it would be an earlier member of `grouped`.
        at = text.find(chunk, done)
        rewritten = budget.sub(_GROUPED, _joined_group, chunk)
        if rewritten != chunk:
            pieces += [text[done:at], rewritten]
            done = at + len(chunk)
    pieces.append(text[done:])
    return "".join(pieces)


def within(pattern: regex.Pattern[str], chunks: list[str], budget: Budget) -> Iterator[str]:
    """What `pattern.finditer(text)` finds, in order, searched in `text`'s long chunks only.

    For a pattern that takes no whitespace and whose look-arounds treat whitespace as
    they treat the ends of the text (`_GROUPED`, `_BLOB`, `_HEX`: each look-around asks
    for a character of the pattern's own classes), every match lies inside one chunk and
    is found there alike; `chunks` are the text's chunks long enough to hold one.
    """
    for chunk in chunks:
        for m in budget.finditer(pattern, chunk):
            yield m.group(0)
