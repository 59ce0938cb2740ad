"""A connected save reconciles on its vector too: a restatement that shares no search
term with the memory it restates reaches the rules only through the vector search.

Why this is pinned: committing a save before its vector exists (a background embedder
writing it later) would make the rules decide on keyword candidates alone, and this
save would keep a second copy of a known fact (SPEC §4.4: near duplicates never pile
up). bench/reconcile_vector_need.py measures how often that happens on the probes.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.models import Principal, SaveStatus
from core.recall.textsearch import query_terms
from core.remember.reconcile import Op, compare
from core.service import MemoryService
from core.stores.postgres.store import PostgresStore
from tests.fakes.embedder import hash_embed
from tests.near_miss import offered

ALICE = Principal("acme", "alice")
# A restatement by proven transformations alone (a slip in every word, recon10), so
# the rules fold it once the vector search has brought the old text in.
OLD, NEW = "Unavailable all tomorrow morning", "Unavailabel all tomorow mornign"
# What a real model does for this pair: the two sentences point the same way.
SAME_MEANING = {"unavailabel": "unavailable", "tomorow": "tomorrow", "mornign": "morning"}
# The pair this test used to save: a collocation, retired from folding (recon10).
COLLOCATION = ("The lift is out of order", "The elevator is broken")


class MeaningEmbedder:
    """`hash_embed` after mapping words to a shared one, as a model's vector would."""

    name, dimensions = "fake-meaning", 32

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        def meaning(text: str) -> str:
            words = [SAME_MEANING.get(w, w) for w in text.lower().split()]
            return " ".join(w for w in words if w)

        return [hash_embed(meaning(t), self.dimensions) for t in texts]


async def test_a_restatement_sharing_no_search_term_is_merged_through_its_vector(
    pg_store: PostgresStore,
) -> None:
    assert compare(OLD, NEW) == Op.MERGE  # the rules fold the pair once they see it
    assert offered(*COLLOCATION)  # a retired fold: an ADD naming the old text
    await pg_store.set_dimensions(MeaningEmbedder.dimensions)
    service = MemoryService(pg_store, embedder=MeaningEmbedder())
    first = await service.remember(ALICE.workspace, ALICE.user, OLD)
    assert first.status == SaveStatus.SAVED
    async with pg_store.session(ALICE, read_only=True) as s:
        assert await s.search_text(query_terms(NEW), 10) == []  # keywords cannot find it

    second = await service.remember(ALICE.workspace, ALICE.user, NEW)

    assert second.status == SaveStatus.MERGED
    assert second.memory is not None and first.memory is not None
    assert second.memory.id == first.memory.id
    async with pg_store.session(ALICE, read_only=True) as s:
        assert (await s.stats()).memories == 1
