"""Memories written in a real team's vocabulary, for bench/scale.py.

A real workspace repeats itself: the product's name and "team" are in nearly every
memory, "deploy", "service", "customer" in a large share. bench/synthetic.py draws
from a wide, even vocabulary, so each query word matches few memories and recall
looks cheaper than it is. Here content words follow a Zipf law (s = 1) over a
3,000-word vocabulary, eight draws a memory: the commonest word lands in about 60%
of memories, the next few in 25–40%. Every memory also says "the Orbit team" (100%)
and names one of 50 people, and carries a project codename shared by five memories —
the long tail a question can be answered by.

Questions are asked as people ask them: three in four name a codename and two of the
memory's common words (one right answer, checked); one in four uses common words only
("how does the team deploy the service?"), the worst case for an OR query.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

COMMON = [
    "deploy",
    "service",
    "customer",
    "release",
    "incident",
    "dashboard",
    "review",
    "migration",
    "backlog",
    "sprint",
    "roadmap",
    "onboarding",
    "pipeline",
    "latency",
    "budget",
    "contract",
    "invoice",
    "outage",
    "rollout",
    "feedback",
    "meeting",
    "report",
    "database",
    "cluster",
    "ticket",
    "support",
    "escalation",
    "hiring",
    "design",
    "launch",
    "pricing",
    "security",
    "audit",
    "monitoring",
    "alert",
    "cache",
    "queue",
    "staging",
    "production",
]
SYLLABLES = ("ka", "lo", "mi", "zu", "re", "ta", "vo", "ni", "sha", "pe", "dor", "qui", "bex")
PEOPLE = [
    "Priya",
    "Tom",
    "Aiko",
    "Mateo",
    "Fatima",
    "Lars",
    "Chen",
    "Olu",
    "Sofia",
    "Ravi",
    "Hannah",
    "Diego",
    "Yuki",
    "Kwame",
    "Elena",
    "Marcus",
    "Leila",
    "Jonas",
    "Amara",
    "Pavel",
    "Ines",
    "Kenji",
    "Zara",
    "Tariq",
    "Nora",
    "Felix",
    "Maya",
    "Omar",
    "Greta",
    "Ivan",
    "Lucia",
    "Sven",
    "Anika",
    "Rafael",
    "Mei",
    "Hugo",
    "Dara",
    "Emil",
    "Noor",
    "Bruno",
    "Selin",
    "Arjun",
    "Clara",
    "Tobias",
    "Wanjiru",
    "Luca",
    "Sana",
    "Erik",
    "Camila",
    "Hiro",
]
VOCABULARY = 3000
DRAWS = 8
PER_CODENAME = 5


def _pseudo_word(n: int, suffix: str) -> str:
    word = ""
    while True:
        n, digit = divmod(n, len(SYLLABLES))
        word += SYLLABLES[digit]
        if n == 0:
            return word + suffix


def vocabulary() -> list[str]:
    """Rank-ordered words: real team words first, then made-up ones, Zipf-weighted."""
    return COMMON + [_pseudo_word(n, "en") for n in range(VOCABULARY - len(COMMON))]


def codename(n: int) -> str:
    """A made-up project name per number (distinct from vocabulary words)."""
    return _pseudo_word(n, "x").capitalize()


@dataclass(frozen=True)
class Memory:
    index: int
    text: str
    words: tuple[str, ...]  # the Zipf-drawn words, in order
    code: str


class TeamVocabulary:
    """Deterministic memories and questions; memory i is the same on every run."""

    def __init__(self, seed: int = 11) -> None:
        self.words = vocabulary()
        weights = [1 / rank for rank in range(1, len(self.words) + 1)]
        self._cumulative = list(itertools.accumulate(weights))
        self.seed = seed

    def _draw(self, rng: random.Random) -> str:
        x = rng.random() * self._cumulative[-1]
        return self.words[bisect.bisect_left(self._cumulative, x)]

    def memory(self, i: int, salt: str = "") -> Memory:
        rng = random.Random(f"{self.seed}:{salt}:{i}")
        drawn = tuple(self._draw(rng) for _ in range(DRAWS))
        code = codename(i // PER_CODENAME)
        person = PEOPLE[i % len(PEOPLE)]
        text = (
            f"{person} on the Orbit team: {drawn[0]} {drawn[1]} {drawn[2]} for {code}, "
            f"{drawn[3]} {drawn[4]} {drawn[5]} then {drawn[6]} {drawn[7]} (#{i})"
        )
        return Memory(i, text, drawn, code)

    def memories(self, start: int, stop: int, salt: str = "") -> Iterator[Memory]:
        return (self.memory(i, salt) for i in range(start, stop))

    def questions(self, size: int, count: int, salt: str = "") -> list[tuple[str, int | None]]:
        """(question, index of the memory that answers it or None) about memories < size."""
        rng = random.Random(f"{self.seed}:questions:{salt}:{size}")
        out: list[tuple[str, int | None]] = []
        for n in range(count):
            if n % 4 == 3:
                a, b = rng.sample(COMMON[:8], 2)
                out.append((f"how does the Orbit team {a} the {b}?", None))
                continue
            m = self.memory(rng.randrange(size), salt)
            a, b = rng.sample(m.words, 2)
            out.append((f"what did the team say about {a} and {b} for {m.code}?", m.index))
        return out

    def document_frequency(self, size: int, words: list[str], salt: str = "") -> dict[str, float]:
        """Share of the first `size` memories holding each word (for the report)."""
        sample = min(size, 2000)
        held = dict.fromkeys(words, 0)
        for m in self.memories(0, sample, salt):
            present = set(m.words) | {"orbit", "team"}
            for w in words:
                held[w] += w in present
        return {w: n / sample for w, n in held.items()}
