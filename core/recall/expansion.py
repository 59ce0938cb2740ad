"""One hop through the entity graph: recall what the question's entities co-occur with.

Multi-hop questions ("What events has Caroline gone to with the support group?")
need memories that do not share the question's words but are about something the
matching memories mention. The store keeps each memory's entities, which makes an
implicit graph: entities are linked when one memory names both. Graph-memory
systems walk it; here the walk is one hop and bounded, so it stays cheap and cannot
drift: the question's rare entities → the keyword hits that name them → the entities
those hits name most often (at least twice, never the ones so common they say
nothing) → one more keyword search for those, whose results join the candidates
at a discount.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from core.ports import TextHit

#: At most this many co-mentioned entities are searched for.
MAX_ENTITIES = 3
#: An entity named by more than this share of the workspace is background ("the
#: team", a speaker in every line): co-mention with it says nothing.
COMMON_SHARE = 0.1
#: A co-mentioned entity must appear with the question's entities this many times.
MIN_COMENTIONS = 2
#: How many first-hop hits are read for co-mentions.
FIRST_HOP = 20


def comentioned(
    seeds: Sequence[str],
    hits: Sequence[TextHit],
    occurrences: Mapping[str, int],
    total: int,
) -> list[str]:
    """The entities most often named together with the question's rare entities.

    A question entity named in more than COMMON_SHARE of the workspace (the people
    of a two-person chat, the team's own product) is no seed: every hit names it, so
    what it is "co-mentioned" with is just what is frequent. Seeds are rare by the
    same cut-off as the entities the walk reaches."""
    limit = max(2.0, COMMON_SHARE * total)
    wanted = {e for e in seeds if occurrences.get(e, 0) <= limit}
    if not wanted:
        return []
    counter: Counter[str] = Counter()
    for hit in hits[:FIRST_HOP]:
        names = set(hit.memory.entities)
        if not names & wanted:
            continue
        counter.update(e for e in names - wanted if occurrences.get(e, 0) <= limit)
    return [e for e, n in counter.most_common(MAX_ENTITIES) if n >= MIN_COMENTIONS]


def entity_terms(entities: Sequence[str]) -> list[str]:
    """Search terms for entity ids ("support_group" → "support", "group")."""
    return list(dict.fromkeys(part for e in entities for part in e.split("_") if part))
