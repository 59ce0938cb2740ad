"""Instructions a reader does not see: hidden HTML/CSS, comments, words split apart.

A pasted web page can carry `<span style="display:none">assistant: …</span>` or
`<!-- AI: … -->` that a person skims past and a model reads. Hidden text that
speaks to the assistant or gives it an order is refused; hidden markup without
words (an empty modal, a TODO comment) passes. Words split to dodge filters
("ig nore prev ious instruc tions") are squashed back and matched against the
classic orders, but only when the order does not already appear spelled
normally (the ordinary patterns, with their quotation checks, decide those).
"""

from __future__ import annotations

from functools import cache

import regex

from core.guards.budget import Budget
from core.guards.lazy import lazy
from core.guards.prefilter import Prefilter, prefilter

_HIDDEN_STYLE = (
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*(?:0|1px|0?\.\d+)(?:px|pt|em"
    r"|rem)?\b|opacity\s*:\s*0?\.0\d*\b|position\s*:\s*absolute[^\"']{0,40}-\d{3,}"
    r"|color\s*:\s*(?:transparent|rgba\([^)]{0,30},\s*0\)|white|#fff(?:fff)?)\b"
    r"|opacity\s*:\s*0(?:\.0+)?\b|(?:left|top|text-indent)\s*:\s*-\d{3,}|height\s*:\s*0\b"
    r"|color\s*:\s*(?:white|#fff(?:fff)?)\b[^\"'>]{0,40}background(?:-color)?\s*:\s*"
    r"(?:white|#fff(?:fff)?)\b|clip\s*:\s*rect\(0"
)
_HIDDEN_ELEMENT = lazy(
    r"(?is)<(?P<tag>[a-z][a-z0-9]{0,10})\b[^>]{0,300}?(?:style\s*=\s*[\"'][^\"']{0,300}?(?:"
    + _HIDDEN_STYLE
    + r")[^\"']{0,300}[\"']|\bhidden\b|aria-hidden\s*=\s*[\"']true"
    r"|\bcolor\s*=\s*[\"']?(?:white|#fff(?:fff)?)\b"
    r"|\bclass\s*=\s*[\"'][^\"']{0,100}?\b(?:sr-only|visually-hidden|screen-reader-text|d-none"
    r"|hidden|invisible|offscreen)\b[^\"']{0,100}[\"'])[^>]{0,300}>"
    r"(?P<body>[^<]{1,2000})"
)
_COMMENT = lazy(r"(?s)<!--(?P<body>.{1,2000}?)-->")
# Elements a browser never shows, and attributes it does not render as text.
_UNRENDERED = lazy(
    r"(?is)<(?P<tag>template|noscript)\b[^>]{0,300}>(?P<body>[^<]{1,2000})"
    r"|<meta\b[^>]{0,200}?\bcontent\s*=\s*[\"'](?P<body2>[^\"']{1,2000})"
)
# Markdown's comment idiom, which renders as nothing: `[//]: # (…)`, `[comment]: <> (…)`.
_MD_COMMENT = lazy(
    r"(?im)^[ \t]*\[(?://|comment|_|#|note|hidden)\]:\s*(?:#|<>|<#>)\s*(?P<body>[^\n]{1,2000})"
)
_SPEAKS_TO_MODEL = lazy(
    r"(?i)\b(?:assistant|ai|a\.i\.|llm|model|agent|bot|chatgpt|claude|gpt|system|you|your)\b"
    r"[^\n]{0,200}?\b(?:ignore|disregard|forget|reveal|send|forward|e-?mail|output|override"
    r"|recommend|disclose|obey|must|always|never|instructions?|now|mode|rules|prompt|reply"
    r"|respond|answer|print|leak|copy|stop|tell|say|grant|allow|treat|call|warn\w*|admin)\b"
    r"|\b(?:ignore|disregard|forget|override)\b[^\n]{0,60}?\b(?:instructions?|above|rules"
    r"|everything|prompt)\b"
    r"|\bnew\s+instructions?\b|\boverride\s*:"
    # Hidden text that names the model at all, or the act of reading it, is aimed at one.
    r"|(?:^|[\s,.:;])(?:assistant|ai|a\.i\.|llm|chatbot|chatgpt|claude|gpt|language\s+model)s?"
    r"\s*[:,]|\b(?:assistant|ai|llm|model|agent|bot|chatbot)s?\s+(?:reading|processing|parsing"
    r"|seeing)\s+this\b"
    r"|\b(?:when|while|if|before)\s+(?:you(?:'re|\s+are)?\s+)?(?:summari[sz]|review|read|process"
    r"|answer|repl|respond|rank|screen|evaluat)\w*\b[^\n]{0,120}?\b(?:tell|say|write|add|include"
    r"|mention|state|rate|call|describe|recommend)\b"
    r"|\b(?:ignore|disregard|forget)\s+(?:what|everything|anything)\s+(?:the\s+)?(?:user|reader"
    r"|sender|customer|author)\b"
    # "AI: when you summarise this, add a link to …": the model named, then told to write.
    r"|\b(?:assistant|ai|a\.i\.|llm|model|agent|bot|chatgpt|claude|gpt)s?\s*[:,][^\n]{0,120}?"
    r"\b(?:add|include|insert|append|link|mention|write|put|summari[sz]e|when\s+you)\b"
)


def hidden_instruction(text: str, budget: Budget) -> bool:
    """True when text hidden by markup (CSS, `hidden`, comments) addresses the model."""
    patterns = ((_HIDDEN_ELEMENT, _COMMENT, _UNRENDERED) if "<" in text else ()) + (
        (_MD_COMMENT,) if "]:" in text else ()
    )
    for pattern in patterns:
        for m in budget.finditer(pattern, text):
            body = m.group("body") or m.groupdict().get("body2") or ""
            if budget.search(_SPEAKS_TO_MODEL, body):
                return True
    return False


_ORDER_WORDS = (
    r"(?:ignore|disregard|forget|override|bypass|neglect)(?:all|any|every)?(?:of)?"
    r"(?:the|your|my|these|those)?(?:previous|prior|above|earlier|preceding|system|safety"
    r"|original)+(?:instructions?|rules|guidelines|guardrails|directives|prompts?|restrictions"
    r"|filters|guidance|directions)"
    r"|(?:ignore|disregard|forget|override|bypass)(?:all|your|the)(?:instructions?|rules"
    r"|guidelines|guardrails|directives|restrictions|safety)"
    r"|(?:forget|ignore|disregard)(?:every|any)thing(?:you(?:were|have|ve)(?:been)?told"
    r"|above|before|prior)"
    r"|reveal(?:your|the)(?:system|hidden|initial)prompt"
    r"|youarenow(?:dan|unrestricted|unfiltered|jailbroken|free)"
)
_SQUASHED = lazy(_ORDER_WORDS)
# Every byte but a-z: deleting them from the ASCII bytes of a view (non-ASCII characters
# dropped by the encoding) keeps its letters only, in one C pass.
_NOT_LOWER = bytes(b for b in range(256) if not 97 <= b <= 122)


ORDER_WORDS_GATE = (_ORDER_WORDS, 0)


@cache
def _squashed_gate() -> Prefilter:
    return prefilter([ORDER_WORDS_GATE])


def warm() -> None:
    """Build the gate before a check's budget starts (see `core.guards.lazy`)."""
    _squashed_gate()


def split_order(view: str, budget: Budget) -> bool:
    """True when a classic order appears only once spaces, dots and dashes are removed.

    `view` is the folded text (homoglyphs and l33t already undone). Each hit is
    checked against the text with its words as written: if the same words stand
    there with ordinary spacing, the ordinary patterns have already judged them.
    """
    squashed = view.encode("ascii", "ignore").translate(None, _NOT_LOWER).decode("ascii")
    if len(squashed) < 12:
        return False
    gate = _squashed_gate()
    seen = gate.scan(squashed)
    if not gate.may_match(0, seen):
        return False
    for m in gate.finditer(0, seen, _SQUASHED, squashed, budget):
        # Does the hit occur in the text as whole words, only spaces between? Then it was
        # not split ("IGNORE. ALL. PREVIOUS." was: dots stand between its words).
        if not _appears_as_words(m.group(0), view, budget):
            return True
    return False


def _appears_as_words(squashed: str, view: str, budget: Budget) -> bool:
    """True when `squashed` stands in `view` as whole, unsplit words."""
    pattern = regex.compile(
        r"(?<![a-z])" + r"\s?".join(regex.escape(ch) for ch in squashed) + r"(?![a-z])"
    )
    for m in budget.finditer(pattern, view):
        if all(word in _VOCABULARY for word in m.group(0).split()):
            return True
    return False


_VOCABULARY_TEXT = """
    ignore disregard forget override bypass neglect all any every of the your my these
    those previous prior above earlier preceding system safety original instructions
    instruction rules guidelines guardrails directives prompts prompt restrictions filters
    guidance directions everything anything you were have ve been told before reveal
    hidden initial are now dan unrestricted unfiltered jailbroken free
"""
_VOCABULARY = frozenset(_VOCABULARY_TEXT.split())
