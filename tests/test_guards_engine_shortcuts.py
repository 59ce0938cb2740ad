"""SPEC §4.1–4.2 — the engine's short cuts give what the long way gives.

A pattern tried only where its near match says it can start (`near_starts`: the run of a
cookie's name, the words before "password") finds exactly what scanning the whole text
finds, on the corpus and on texts built to hide a start. The grouped view rewrites only
the chunks that can hold a group: it is the text a substitution over all of it gives."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from bench.guards_latency import adversarial, joined
from core.guards import privacy, unmask
from core.guards.budget import Budget
from core.guards.credential_phrases import PHRASES, Phrase
from core.guards.prefilter import MAX_STARTS, Family, in_run, in_tokens, near_places
from core.guards.secret_patterns import SECRET_PATTERNS, SecretPattern
from tests.test_guards_prefilter import corpus

_VALUE = "Zx81QmPv02LkRt55Wy"

Span = tuple[int, int]

HIDDEN_STARTS = [
    'x ("hunter22  is my\tnew wifi password and (Tr0ub4dor&3 was the old password',
    "p4ss-w0rd! is our shared   wifi password, pw9 is my password, mot de passe",
    "Xy7#pq2Lm is  the  team's password manager hint is my password",
    f"cookie: a.b.session_id={_VALUE}",
    f"x.sessionid.sid = {_VALUE} and csrf-token: {_VALUE}",
    f"token_session={_VALUE}",  # one near match swallows the next
    f"key = sessionidXXXXXXXXXXXXXXXX_session={_VALUE}",
    f"my.app.auth-refresh_token is {_VALUE}",
    f"remember_me \"value\" = '{_VALUE}'",
    f"{'a' * 300}_session={_VALUE}",  # a run longer than it is worth walking back
    f"X-Api-Key: {_VALUE} / connect.sid: {_VALUE}",
]


Gated = SecretPattern | Phrase


def _with_starts() -> list[tuple[str, int, Gated]]:
    found: list[tuple[str, int, Gated]] = [
        ("formats", i, sp) for i, sp in enumerate(SECRET_PATTERNS) if sp.near_starts
    ]
    return found + [("phrases", i, ph) for i, ph in enumerate(PHRASES) if ph.near_starts]


def _views() -> list[tuple[str, Family, Family, Callable[[Gated], int]]]:
    return [
        ("formats", privacy._FORMATS, privacy._NEARS, SECRET_PATTERNS.index),  # type: ignore[arg-type]
        ("formats", privacy._UNMASKED_FORMATS, privacy._UNMASKED_NEARS,
         privacy._PREFIXED.index),  # type: ignore[arg-type]
        ("phrases", privacy._PHRASES, privacy._NEARS, privacy.PHRASES.index),  # type: ignore[arg-type]
    ]  # fmt: skip


TRIED_AT_PLACES: list[bool] = []


def _shortcut(family: Family, nears: Family, index: int, g: Gated, text: str) -> list[Span]:
    """The spans `privacy` looks at for pattern `index` of `family`."""
    assert g.near is not None
    budget = Budget(60.0)
    run = family.over(text, budget)
    if not run.may_match(index):
        return []
    possible, places = near_places(nears, g.near, g.near_starts, text, budget)
    TRIED_AT_PLACES.append(places is not None)
    return [m.span() for m in run.matches(index, g.pattern, places)] if possible else []


def test_some_patterns_declare_where_they_start() -> None:
    assert {kind for kind, _, _ in _with_starts()} == {"formats", "phrases"}


def test_trying_only_where_near_matches_allow_finds_what_a_full_scan_finds() -> None:
    rows = [unicodedata.normalize("NFKC", t) for t in corpus()]
    texts = rows + HIDDEN_STARTS + joined(rows, 2000, 30, 131) + adversarial(2000)
    matched = 0
    for kind, _, g in _with_starts():
        for name, family, nears, index_of in _views():
            if name != kind or g not in family_members(family):
                continue
            index = index_of(g)
            for number, text in enumerate(texts):
                full = [m.span() for m in g.pattern.finditer(text)]
                assert _shortcut(family, nears, index, g, text) == full, (kind, index, number)
                matched += bool(full)
    assert matched > 40  # the hidden starts and the corpus' rows were matched
    assert sum(TRIED_AT_PLACES) > 100  # and mostly by the short cut, not a full scan


def family_members(family: Family) -> list[Gated]:
    return [g for g in (*SECRET_PATTERNS, *PHRASES) if any(p is g.pattern for p in family.patterns)]


def test_a_run_longer_than_the_walk_falls_back_to_a_full_scan() -> None:
    starts = in_run(r"[\w.\-]")
    text = "a" * (MAX_STARTS + 10) + "_session=x"
    assert starts(text, [text.index("session")]) is None
    assert starts("ab.cd_session=x", [6]) == list(range(0, 7))


def test_tokens_before_a_word_are_where_a_value_first_match_starts() -> None:
    starts = in_tokens(3, 5, "\"'`(")
    text = 'x ("hunter22  is my\tnew wifi password'
    assert starts(text, [text.index("password")]) == [2, 3, 4, 14, 17]
    assert starts("is my password", [6]) == []  # too few words before it
    assert starts("a" * 500 + " is my password", [507]) is None  # a token past the walk


def test_the_grouped_view_is_the_substitution_over_the_whole_text() -> None:
    rows = corpus()
    texts = (
        rows
        + joined(rows, 2000, 30, 131)
        + [
            "AKIA-ABCD-EFGH-IJKL-MNOP xAKIA-ABCD-EFGH-IJKL-MNOP AKIA-ABCD-EFGH-IJKL-MNOP.",
            "v1.2.3.4 abc.def.ghi.jkl abc.def.ghi.jkl\u00a0abc.def.ghi.jkl\x1cabc.def.ghi.jkl",
            "xoxb-your-slack-bot-token and again xoxb-your-slack-bot-token-",
        ]
    )
    rewritten = 0
    for text in texts:
        grouped = [c for c in text.split() if len(c) >= 15 and ("-" in c or "." in c)]
        whole = unmask._GROUPED.sub(lambda m: unmask._GROUP_SEP.sub("", m.group(0)), text)
        assert unmask._ungrouped(text, grouped, Budget(60.0)) == whole
        rewritten += whole != text
    assert rewritten > 10
