"""Does a memory bear on the question? An absolute judgement, not a rank.

Recall orders memories; a reply must also decide which of them to *use*, and the
"🧠 used N memories" footer counts exactly those. A per-query normalised score cannot
decide that (the best match always scores 1.0, so any question sharing one word
with any memory "uses" it). This judgement reads each memory against the question
alone, with three signals that mean the same thing in every workspace:

- **keyword share**: the idf-weighted share of the question's content words the
  memory contains. Weights are the workspace's own document frequencies (what the
  principal can see, counted by the store, capped): "payments" in "what port does
  the payments service use?" weighs more than "port" when every service has a port.
  A word the workspace has never seen weighs as much as the rarest known word, so a
  question about something unknown is not answered from what merely shares its
  filler words.
- **vector similarity**: the embedder's cosine, against a floor measured on data
  the thresholds were not tuned on (bench/recall_quality.py --footer).
- **entities**: when the question names people, products or projects, a used
  memory names at least one of them ("What did Caroline research?" is not answered
  from a memory about Jon).

A memory is used when its entities fit and either signal clears its own bar, or
both clear a lower bar together (agreement). The thresholds are module data so a
benchmark can sweep them; the defaults were chosen leave-one-conversation-out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core.models import Hit
from core.recall.textsearch import idf, light_stem, query_terms, word_stems

#: Document frequencies are counted up to this many memories per term: beyond it a
#: word is simply common, and counting on would only cost time on a big workspace.
DF_CAP = 500
#: The workspace size is counted up to this: idf needs the ratio, not the exact size.
TOTAL_CAP = 20_000
#: A workspace counts as at least this big: in a handful of memories, a word in two
#: of three says little about how common it is, and idf would swing wildly.
MIN_TOTAL = 20


@dataclass(frozen=True)
class Thresholds:
    """The bars a memory clears to be used.

    When the question names an entity and the memory names it too, that is evidence
    in itself and the `entity_*` bars apply (chosen leave-one-conversation-out on the
    LoCoMo dev split, whose questions all name people: bench/research/footer_tuning.py
    picked a share of 0.15 in 3 of 6 folds, keyword-only and with the embedder, 0.1 in
    2 and 0.35 in 1, once recall read chat lines in context; 0.35 cosine in 3 of 3).
    Otherwise the stricter plain bars apply; LoCoMo has no such questions, so they are
    set on the product's own examples (tests/test_relevance.py), where a memory
    sharing the question's generic words ("port", "service") must not pass.
    """

    keyword: float = 0.45  # keyword share alone enough
    vector: float = 0.55  # cosine alone enough
    agree_keyword: float = 0.3  # ... or both at least these
    agree_vector: float = 0.5
    entity_keyword: float = 0.15  # the memory names the question's entity
    entity_vector: float = 0.35


DEFAULT_THRESHOLDS = Thresholds()


_SENTENCE_END = re.compile(r"[?!.;\n。？！；]+")


@dataclass(frozen=True)
class Question:
    """What the judgement needs from a question: its weighted stems and entities."""

    weights: Mapping[str, float]  # light stem -> idf weight, the whole message
    entities: frozenset[str]  # entity ids named in the question
    parts: tuple[Mapping[str, float], ...] = ()  # the same per sentence, when several
    total: int = 0  # the workspace's size as counted (capped)


def question(
    terms: Sequence[str],
    counts: Mapping[str, int],
    total: int,
    entities: Sequence[str],
    text: str = "",
) -> Question:
    """Weigh each term by the idf of its (capped) document frequency; an unseen word
    counts as seen once, the rarest a known word can be. A message asking several
    things ("which port is staging on? when do we deploy?") is also weighed sentence
    by sentence, so a memory answering one of them fully is not diluted by the other."""
    n = max(total, MIN_TOTAL)
    weight = {t: idf(max(1, counts.get(t, 0)), n) for t in terms}

    def weigh(words: Sequence[str]) -> dict[str, float]:
        weights: dict[str, float] = {}
        for term in words:
            stem = light_stem(term)
            w = weight.get(term) or idf(max(1, counts.get(term, 0)), n)
            weights[stem] = max(weights.get(stem, 0.0), w)
        return weights

    sentences = [query_terms(p) for p in _SENTENCE_END.split(text) if p.strip()]
    parts = tuple(weigh(p) for p in sentences if p) if len(sentences) > 1 else ()
    return Question(weigh(terms), frozenset(entities), parts, total)


def keyword_share(q: Question, text: str) -> float:
    """The idf-weighted share of the question's terms that occur in `text`, 0..1
    (of its best-covered sentence, when it has several)."""
    have = word_stems(text)
    return max(_share(weights, have) for weights in (q.weights, *q.parts))


def _share(weights: Mapping[str, float], have: frozenset[str]) -> float:
    total = sum(weights.values())
    if total <= 0:
        return 0.0
    return sum(w for stem, w in weights.items() if stem in have) / total


def names_an_entity(q: Question, hit: Hit) -> bool:
    """True when the memory names an entity of the question (in its entity list, or
    as words of its text: "payments_api" matches "payments API")."""
    if not q.entities:
        return False
    memory = hit.memory
    if memory is not None and q.entities.intersection(memory.entities):
        return True
    have = word_stems(hit.content)
    return any(
        all(light_stem(part) in have for part in entity.split("_") if part) for entity in q.entities
    )


def judge(q: Question, hit: Hit, th: Thresholds = DEFAULT_THRESHOLDS) -> bool:
    """Whether a reply to the question should use this memory."""
    share = keyword_share(q, hit.content)
    cosine = hit.similarity if hit.similarity is not None else -1.0
    return passes(share, cosine, bool(q.entities), names_an_entity(q, hit), th)


def passes(share: float, cosine: float, asks_entity: bool, named: bool, th: Thresholds) -> bool:
    """The rule itself, on the three signals (a benchmark sweeps it on stored ones)."""
    if asks_entity:
        return named and (share >= th.entity_keyword or cosine >= th.entity_vector)
    if share >= th.keyword or cosine >= th.vector:
        return True
    return share >= th.agree_keyword and cosine >= th.agree_vector
