"""SPEC §4.1–4.2 — the engine's short cuts give what the long way gives.

A pattern whose match starts in the run that holds its near match (`SecretPattern.near_run`)
is tried only from that run's start: it finds exactly what scanning the whole text finds,
on the corpus and on names built to hide a start. The grouped view rewrites only the chunks
that can hold a group: it is the text a substitution over all of it gives."""

from __future__ import annotations

import unicodedata

import regex

from bench.guards_latency import adversarial, joined
from core.guards import privacy, unmask
from core.guards.budget import Budget
from core.guards.prefilter import MAX_STARTS, run_starts
from core.guards.secret_patterns import SECRET_PATTERNS, SecretPattern
from tests.test_guards_prefilter import corpus

_VALUE = "Zx81QmPv02LkRt55Wy"

HIDDEN_STARTS = [
    f"cookie: a.b.session_id={_VALUE}",
    f"x.sessionid.sid = {_VALUE} and csrf-token: {_VALUE}",
    f"token_session={_VALUE}",  # one near match swallows the next
    f"key = sessionidXXXXXXXXXXXXXXXX_session={_VALUE}",
    f"my.app.auth-refresh_token is {_VALUE}",
    f"remember_me \"value\" = '{_VALUE}'",
    f"{'a' * 300}_session={_VALUE}",  # a run longer than it is worth walking back
    f"X-Api-Key: {_VALUE} / connect.sid: {_VALUE}",
]


def _with_run() -> list[tuple[int, SecretPattern]]:
    return [(i, sp) for i, sp in enumerate(SECRET_PATTERNS) if sp.near_run is not None]


TRIED_AT_PLACES: list[int] = []


def _shortcut(index: int, text: str, unmasked: bool = False) -> list[tuple[int, int]]:
    """The spans `privacy._formats` looks at for pattern `index` of its family."""
    sp = SECRET_PATTERNS[index]
    assert sp.near is not None and sp.near_run is not None
    family = privacy._UNMASKED_FORMATS if unmasked else privacy._FORMATS
    nears = privacy._UNMASKED_NEARS if unmasked else privacy._NEARS
    if unmasked:
        index = privacy._PREFIXED.index(sp)
    budget = Budget(60.0)
    run = family.over(text, budget)
    if not run.may_match(index):
        return []
    near_at = nears.matching_places(sp.near, text, budget)
    places = None
    if near_at is not None:
        if not near_at:
            return []
        places = run_starts(sp.near_run, text, near_at)
        TRIED_AT_PLACES.append(places is not None)
    elif not nears.search(sp.near, text, budget):
        return []
    return [m.span() for m in run.matches(index, sp.pattern, places)]


def test_some_pattern_declares_a_near_run() -> None:
    assert _with_run()


def test_trying_only_from_the_near_runs_finds_what_a_full_scan_finds() -> None:
    rows = [unicodedata.normalize("NFKC", t) for t in corpus()]
    texts = rows + HIDDEN_STARTS + joined(rows, 2000, 30, 131) + adversarial(2000)
    shortened = 0
    for index, sp in _with_run():
        for number, text in enumerate(texts):
            full = [m.span() for m in sp.pattern.finditer(text)]
            for unmasked in (False, True):
                assert _shortcut(index, text, unmasked) == full, (index, number, unmasked)
            if full:
                shortened += 1
    assert shortened > 20  # the hidden starts and the corpus' cookies were matched
    assert sum(TRIED_AT_PLACES) > 40  # and mostly by the short cut, not a full scan


def test_a_run_longer_than_the_walk_falls_back_to_a_full_scan() -> None:
    run = regex.compile(r"(?r)[\w.\-]*")
    text = "a" * (MAX_STARTS + 10) + "_session=x"
    anchor = text.index("session")
    assert run_starts(run, text, [anchor]) is None
    assert run_starts(run, "ab.cd_session=x", [6]) == list(range(0, 7))


def test_the_grouped_view_is_the_substitution_over_the_whole_text() -> None:
    rows = corpus()
    texts = rows + joined(rows, 2000, 30, 131) + [
        "AKIA-ABCD-EFGH-IJKL-MNOP xAKIA-ABCD-EFGH-IJKL-MNOP AKIA-ABCD-EFGH-IJKL-MNOP.",
        "v1.2.3.4 abc.def.ghi.jkl abc.def.ghi.jkl\u00a0abc.def.ghi.jkl\x1cabc.def.ghi.jkl",
        "xoxb-your-slack-bot-token and again xoxb-your-slack-bot-token-",
    ]
    rewritten = 0
    for text in texts:
        grouped = [c for c in text.split() if len(c) >= 15 and ("-" in c or "." in c)]
        whole = unmask._GROUPED.sub(lambda m: unmask._GROUP_SEP.sub("", m.group(0)), text)
        assert unmask._ungrouped(text, grouped, Budget(60.0)) == whole
        rewritten += whole != text
    assert rewritten > 10
