"""Where the addressee-then-act patterns' time goes: at places their addressee form matches.

`core.guards.readers` and `core.guards.addressed` build their costliest patterns as an
addressee form, a gap of up to 20 or 36 words and the act list (`acts.ACTS` +
`addressed.HARM`). On look-alike texts they top `bench/guards_pattern_profile.py`; this
splits their cost: the form alone tried at the same places (what a form start with
no act after it would cost if it were skipped before the act list) against the whole
pattern, and how many places the form matches. The gap is tried word by word, the act
list at each word, so a place where the form matches costs far more than one where it
does not: that is what a gate on the acts' first words would remove. No guard changes.

    nice -n 10 .venv/bin/python -m bench.research.guards_form_hits [--chars 2000]
"""

from __future__ import annotations

import argparse
import time

import regex

from bench.guards_latency import warm_lookalikes
from core.guards import addressed, injection, readers
from core.guards.acts import WORDS_20, WORDS_36
from core.guards.budget import Budget
from core.guards.injection_patterns import alt
from core.guards.normalize import views


def _timed(pattern: regex.Pattern[str], view: str, places: list[int]) -> tuple[int, int]:
    """Nanoseconds to try `pattern` at each place (CPU time, the fastest of 3 runs: the
    host is shared), and how many places it matches."""
    best = 10**12
    for _ in range(3):
        start = time.thread_time_ns()
        hits = sum(pattern.match(view, place) is not None for place in places)
        best = min(best, time.thread_time_ns() - start)
    return best, hits


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=2000)
    args = parser.parse_args(argv)
    texts = warm_lookalikes(args.chars)
    sources = {ip.pattern.pattern: i for i, ip in enumerate(injection._PATTERNS)}
    print(f"{len(texts)} look-alike texts of {args.chars} chars, every view")
    forms = [alt(*group) for group in readers._FORM_GROUPS] + list(addressed.TO_MODEL_FORMS)
    saved = 0.0
    for form_source in forms:
        index = next(
            i
            for s, i in sources.items()
            if s.startswith((form_source + WORDS_20, form_source + WORDS_36))
        )
        whole = injection._PATTERNS[index].pattern
        form = regex.compile(form_source, whole.flags)
        full = getattr(whole, "compiled", whole)
        totals = {"form": 0, "whole": 0, "places": 0, "form hits": 0, "hits": 0}
        for text in texts:
            budget = Budget()
            for view in views(text, budget):
                run = injection._GATED.over(view, budget)
                if index not in run.candidates():
                    continue
                places = run.starts(index)
                places = list(range(len(view))) if places is None else places
                form_ns, form_hits = _timed(form, view, places)
                whole_ns, hits = _timed(full, view, places)
                totals["form"] += form_ns
                totals["whole"] += whole_ns
                totals["places"] += len(places)
                totals["form hits"] += form_hits
                totals["hits"] += hits
        n = len(texts)
        rest = (totals["whole"] - totals["form"]) / max(1, totals["form hits"]) / 1000
        saved += max(0, totals["whole"] - totals["form"]) / n / 1000
        print(f"pattern {index:>3}: whole {totals['whole'] / n / 1000:7.1f} us/text, form alone"
              f" {totals['form'] / n / 1000:6.1f} us/text; places {totals['places']}, form"
              f" matches at {totals['form hits']}, whole at {totals['hits']};"
              f" ~{rest:.0f} us per form match")  # fmt: skip
    print(f"past the form, all of them: {saved:.0f} us/text (the most an act gate could save)")


if __name__ == "__main__":
    main()
