"""The store contract: what every Store must do, run unchanged on each backend.

Written against `core.ports.StoreSession` only, so the PostgreSQL store proves it
behaves exactly like the SQLite one.
"""

from __future__ import annotations

import pytest

from core.ids import new_id
from core.models import (
    NOT_UNDOABLE,
    AuditEntry,
    Kind,
    MemoryPatch,
    NewMemory,
    Principal,
    Scope,
    Source,
    Status,
    WorkspaceSettings,
)
from core.ports import DuplicateMemory
from core.remember.canonical import content_hash
from core.stores.codec import MEMORY_COLUMNS

ALICE = Principal("acme", "alice")
BOB = Principal("acme", "bob")
EVE = Principal("evil", "alice")  # same user id, other workspace


def memory(principal: Principal, text: str, scope: Scope = Scope.PRIVATE, **kw) -> NewMemory:
    return NewMemory(
        id=new_id(),
        workspace=principal.workspace,
        owner=principal.user,
        scope=scope,
        content=text,
        content_hash=content_hash(text),
        created_at=kw.pop("created_at", 100.0),
        updated_at=kw.pop("updated_at", 100.0),
        **kw,
    )


async def add(store, principal, text, scope=Scope.PRIVATE, **kw):
    async with store.session(principal) as s:
        return await s.insert_memory(memory(principal, text, scope, **kw))


async def test_migrate_twice_applies_nothing_the_second_time(store):
    assert await store.migrate() == []


async def test_an_inserted_memory_reads_back_with_every_field(store):
    new = memory(
        ALICE,
        "the staging DB is on port 6543",
        kind=Kind.FACT,
        source=Source.EXTRACTED,
        importance=0.7,
        confidence=0.8,
        entities=["staging_db"],
        channel="C1",
        valid_from=50.0,
        pinned=True,
        trust=0.5,
    )
    async with store.session(ALICE) as s:
        await s.insert_memory(new)
        got = await s.get_memory(new.id)
    assert got is not None
    assert (got.content, got.kind, got.source, got.scope) == (
        new.content,
        Kind.FACT,
        Source.EXTRACTED,
        Scope.PRIVATE,
    )
    assert (got.importance, got.confidence, got.entities, got.channel) == (
        0.7,
        0.8,
        ["staging_db"],
        "C1",
    )
    assert (got.valid_from, got.pinned, got.trust, got.use_count) == (50.0, True, 0.5, 0)
    assert got.status == Status.ACTIVE and not got.has_embedding


async def test_insert_returns_the_memory_exactly_as_it_reads_back(store):
    """A store may build what insert_memory returns from what it bound (SQLite does, a
    look-up less per save): it must equal the row read back, field for field."""
    plain = memory(ALICE, "lunch is at noon", created_at=7, updated_at=8)
    full = memory(
        ALICE,
        "the VPN client is Tunnelblick",
        Scope.GLOBAL,
        kind=Kind.PREFERENCE,
        importance=0.9,
        entities=["vpn", "tunnelblick"],
        channel="C9",
        pinned=True,
        status=Status.PENDING_REVIEW,
        origin="import",
        author="U1",
        permalink="https://example.test/p1",
    )
    async with store.session(ALICE) as s:
        returned = [await s.insert_memory(plain), await s.insert_memory(full)]
    async with store.session(ALICE, read_only=True) as s:
        read = [await s.get_memory(plain.id), await s.get_memory(full.id)]
    assert returned == read
    assert isinstance(returned[0].created_at, float) and returned[1].pinned is True


async def test_private_memories_are_invisible_to_other_users_and_workspaces(store):
    mine = await add(store, ALICE, "alice's private note about the Zephyr project")
    for other in (BOB, EVE):
        async with store.session(other) as s:
            assert await s.get_memory(mine.id) is None
            assert await s.search_text(["zephyr"], 10) == []
            assert await s.list_memories(["active"], 10) == []
            assert await s.find_by_hash(mine.content_hash, "private") is None
            assert (await s.stats()).memories == 0


async def test_other_users_cannot_change_or_delete_a_private_memory(store):
    mine = await add(store, ALICE, "alice keeps her notes in Obsidian")
    async with store.session(BOB) as s:
        assert await s.update_memory(mine.id, MemoryPatch(content="hacked")) is None
        assert await s.delete_memory(mine.id) is False
        await s.touch([mine.id], 999.0)
        assert not await s.set_embedding(mine.id, [1.0, 0.0], content_hash=mine.content_hash)
    async with store.session(ALICE) as s:
        got = await s.get_memory(mine.id)
    assert got.content == "alice keeps her notes in Obsidian"
    assert got.use_count == 0 and not got.has_embedding


async def test_a_session_cannot_write_into_another_users_scope(store):
    async with store.session(BOB) as s:
        with pytest.raises(PermissionError):
            await s.insert_memory(memory(ALICE, "planted by bob"))


async def test_global_memories_are_shared_within_the_workspace_only(store):
    shared = await add(store, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)
    async with store.session(BOB) as s:
        assert (await s.get_memory(shared.id)).content == "we deploy on Tuesdays"
        assert [h.memory.id for h in await s.search_text(["deploy"], 10)] == [shared.id]
    async with store.session(EVE) as s:
        assert await s.get_memory(shared.id) is None
        assert await s.search_text(["deploy"], 10) == []


async def test_an_active_duplicate_in_the_same_scope_is_rejected_by_the_store(store):
    await add(store, ALICE, "we use Postgres 18")
    with pytest.raises(DuplicateMemory):
        await add(store, ALICE, "We use Postgres 18.")
    await add(store, BOB, "we use Postgres 18")  # another owner's private copy is fine
    await add(store, ALICE, "we use Postgres 18", Scope.GLOBAL)  # and a global one


async def test_search_text_ors_stemmed_terms_and_ranks_better_matches_first(store):
    await add(store, ALICE, "the staging database runs on port 6543")
    await add(store, ALICE, "lunch is at noon on Fridays")
    await add(store, ALICE, "staging deploys happen after review")
    async with store.session(ALICE) as s:
        hits = await s.search_text(["staging", "database", "port"], 10)
    assert hits[0].memory.content == "the staging database runs on port 6543"
    assert len(hits) == 2 and hits[0].relevance > hits[1].relevance > 0
    async with store.session(ALICE) as s:
        stemmed = await s.search_text(["deploying"], 10)
    assert [h.memory.content for h in stemmed] == ["staging deploys happen after review"]


async def test_search_text_with_require_all_needs_every_term(store):
    await add(store, ALICE, "the staging DB is on port 6543")
    await add(store, ALICE, "the prod DB is on port 5432")
    async with store.session(ALICE) as s:
        hits = await s.search_text(["staging", "db"], 10, require_all=True)
    assert [h.memory.content for h in hits] == ["the staging DB is on port 6543"]


COMPOUND = {
    "send invoices to billing@acme.example": ["billing", "acme", "example"],
    "the wiki lives at wiki.acme.dev": ["wiki", "acme", "dev"],
    "the app is deployed to /srv/app_main": ["srv", "app", "main"],
    "prod runs release v2.4.1": ["v2", "4", "1"],
}


@pytest.mark.parametrize("text", sorted(COMPOUND))
async def test_each_word_of_an_address_host_path_or_version_is_searchable(store, text):
    # PostgreSQL's parser keeps such a token whole; its index text adds the words (0180).
    await add(store, ALICE, text)
    await add(store, ALICE, "an unrelated memory about lunch")
    words = COMPOUND[text]
    async with store.session(ALICE) as s:
        for word in words:
            assert [h.memory.content for h in await s.search_text([word], 10)] == [text], word
        every = await s.search_text(words, 10, require_all=True)
    assert [h.memory.content for h in every] == [text]


SYNTAX_MEMORY = 'quotes " and stars * and NEAR( OR AND'


@pytest.mark.parametrize(
    ("term", "matches"),
    [
        ('"', False),
        ("*", False),
        ("(", False),
        (")", False),
        ("-", False),
        ("'", False),
        ("\\", False),
        ("^x", False),
        ("NOT", False),
        ("NEAR(", True),  # the word "near" is in the memory; the parenthesis is not syntax
        ("stars*", True),
        ("quotes", True),
    ],
)
async def test_fts_syntax_characters_in_terms_are_plain_text(store, term, matches):
    await add(store, ALICE, SYNTAX_MEMORY)
    await add(store, ALICE, "an unrelated memory about lunch")
    async with store.session(ALICE) as s:
        hits = await s.search_text([term], 10)
    assert [h.memory.content for h in hits] == ([SYNTAX_MEMORY] if matches else [])


async def test_search_text_filters_by_status(store):
    pending = await add(store, ALICE, "maybe we use Kafka", status=Status.PENDING_REVIEW)
    async with store.session(ALICE) as s:
        assert await s.search_text(["kafka"], 10) == []
        hits = await s.search_text(["kafka"], 10, statuses=["pending_review"])
    assert [h.memory.id for h in hits] == [pending.id]


async def test_update_changes_only_the_given_fields_and_reindexes_text(store):
    m = await add(store, ALICE, "standup is at 9am")
    async with store.session(ALICE) as s:
        got = await s.update_memory(
            m.id,
            MemoryPatch(
                content="standup is at 10am",
                content_hash=content_hash("standup is at 10am"),
                updated_at=200.0,
                entities=["standup"],
            ),
        )
        assert got.content == "standup is at 10am" and got.updated_at == 200.0
        assert got.created_at == 100.0 and got.entities == ["standup"]
        assert [h.memory.id for h in await s.search_text(["10am"], 5)] == [m.id]
        assert await s.search_text(["9am"], 5) == []


async def test_touch_bumps_use_count_and_last_used(store):
    m = await add(store, ALICE, "the VPN is called Tunnelblick")
    async with store.session(ALICE) as s:
        await s.touch([m.id], 500.0)
        await s.touch([m.id], 600.0)
        got = await s.get_memory(m.id)
    assert got.use_count == 2 and got.last_used_at == 600.0


async def test_list_memories_is_most_recent_first_and_pages(store):
    for i in range(5):
        await add(store, ALICE, f"note number {i}", updated_at=100.0 + i)
    async with store.session(ALICE) as s:
        first = await s.list_memories(["active"], 2)
        second = await s.list_memories(["active"], 2, offset=2)
    assert [m.content for m in first] == ["note number 4", "note number 3"]
    assert [m.content for m in second] == ["note number 2", "note number 1"]


async def test_embeddings_are_stored_and_searched_by_cosine(store):
    a = await add(store, ALICE, "vector one")
    b = await add(store, ALICE, "vector two")
    async with store.session(ALICE) as s:
        assert await s.set_embedding(a.id, [1.0, 0.0, 0.0], content_hash=a.content_hash)
        assert await s.set_embedding(b.id, [0.0, 1.0, 0.0], content_hash=b.content_hash)
        hits = await s.search_vector([0.9, 0.1, 0.0], 2)
        missing = await s.memories_without_embedding(10)
    assert [h.memory.id for h in hits] == [a.id, b.id]
    assert hits[0].relevance > hits[1].relevance
    assert missing == []


async def test_delete_and_restore_round_trip(store):
    m = await add(store, ALICE, "the wiki lives at wiki.acme.dev")
    async with store.session(ALICE) as s:
        before = await s.get_memory(m.id)
        assert await s.delete_memory(m.id) is True
        assert await s.get_memory(m.id) is None
        await s.restore_memory(before)
        again = await s.get_memory(m.id)
    assert again.content == before.content and again.created_at == before.created_at
    async with store.session(ALICE) as s:
        assert [h.memory.id for h in await s.search_text(["wiki"], 5)] == [m.id]


async def test_a_failed_session_rolls_back_everything(store):
    with pytest.raises(RuntimeError):
        async with store.session(ALICE) as s:
            await s.insert_memory(memory(ALICE, "written then rolled back"))
            raise RuntimeError("boom")
    async with store.session(ALICE) as s:
        assert await s.search_text(["rolled"], 5) == []


async def test_entities_count_occurrences_per_workspace(store):
    async with store.session(ALICE) as s:
        assert await s.bump_entities(["zephyr", "acme"], 1.0) == {"zephyr": 1, "acme": 1}
        assert await s.bump_entities(["zephyr"], 2.0) == {"zephyr": 2}
    async with store.session(BOB) as s:
        assert await s.entity_counts(["zephyr", "acme", "none"]) == {"zephyr": 2, "acme": 1}
    async with store.session(EVE) as s:
        assert await s.entity_counts(["zephyr"]) == {}


async def test_the_audit_log_is_per_actor_and_tracks_undo(store):
    entry = AuditEntry(new_id(), "acme", "alice", "add", ("m1",), (None,), created_at=1.0)
    async with store.session(ALICE) as s:
        await s.append_audit(entry)
        assert (await s.last_undoable_audit()).id == entry.id
    async with store.session(BOB) as s:
        assert await s.last_undoable_audit() is None
        assert await s.get_audit(entry.id) is None
    undo = AuditEntry(new_id(), "acme", "alice", "undo", ("m1",), created_at=2.0, undoes=entry.id)
    async with store.session(ALICE) as s:
        await s.append_audit(undo)
        assert await s.last_undoable_audit() is None
        assert (await s.get_audit(entry.id)).undone is True


async def test_profile_fields_set_and_clear(store):
    async with store.session(ALICE) as s:
        await s.set_profile({"name": "Alice", "timezone": "Europe/Paris"})
        await s.set_profile({"timezone": ""})
        assert await s.get_profile() == {"name": "Alice"}
    async with store.session(BOB) as s:
        assert await s.get_profile() == {}


async def test_incognito_is_per_channel_and_user(store):
    async with store.session(ALICE) as s:
        await s.set_incognito("C1", True, 10.0)
        assert (await s.get_incognito("C1")).since == 10.0
        assert await s.get_incognito("C2") is None
    async with store.session(BOB) as s:
        assert await s.get_incognito("C1") is None
    async with store.session(ALICE) as s:
        await s.set_incognito("C1", False, 11.0)
        assert await s.get_incognito("C1") is None


async def test_incognito_channels_are_listed_only_for_their_user(store):
    async with store.session(ALICE) as s:
        await s.set_incognito("C2", True, 20.0)
        await s.set_incognito("C1", True, 10.0)
        assert [i.channel for i in await s.list_incognito()] == ["C1", "C2"]
    async with store.session(BOB) as s:
        assert await s.list_incognito() == []


async def test_the_personal_memory_switch_is_per_user_and_independent_of_incognito(store):
    async with store.session(ALICE) as s:
        assert await s.get_memory_off() is None
        await s.set_memory_off(True, 10.0)
        await s.set_memory_off(True, 12.0)  # already off: keeps since when
        assert await s.get_memory_off() == 10.0
        assert await s.get_incognito("C1") is None
    async with store.session(BOB) as s:
        assert await s.get_memory_off() is None
    async with store.session(ALICE) as s:
        await s.set_memory_off(False, 13.0)
        assert await s.get_memory_off() is None


async def test_erase_records_removes_the_personal_switch(store):
    for who in (ALICE, BOB):
        async with store.session(who) as s:
            await s.set_memory_off(True, 1.0)
    async with store.session(ALICE) as s:
        assert await s.erase_records() == 1
        assert await s.get_memory_off() is None
    async with store.session(BOB) as s:
        assert await s.get_memory_off() == 1.0


async def test_a_noted_reply_is_found_by_anyone_in_its_workspace_and_old_notes_go(store):
    async with store.session(ALICE) as s:
        await s.note_reply("C1", "1700.1", ["m1", "m2"], 100.0, keep=50.0)
        assert await s.reply_memories("C1", "1700.2") is None
        assert await s.reply_memories("C2", "1700.1") is None
    async with store.session(BOB) as s:  # anyone may react to a reply in the workspace
        assert await s.reply_memories("C1", "1700.1") == ["m1", "m2"]
    async with store.session(EVE) as s:
        assert await s.reply_memories("C1", "1700.1") is None
    async with store.session(ALICE) as s:
        await s.note_reply("C1", "1700.3", ["m3"], 151.0, keep=50.0)  # 1700.1 is now too old
        assert await s.reply_memories("C1", "1700.1") is None
        assert await s.reply_memories("C1", "1700.3") == ["m3"]


async def test_a_reaction_is_claimed_once_per_user_and_taken_back_with_what_it_moved(store):
    async with store.session(ALICE) as s:
        assert await s.claim_reaction("C1", "1700.1", "+1", True, 1.0)
        assert not await s.claim_reaction("C1", "1700.1", "+1", True, 2.0)  # a repeat
        await s.set_reaction_memories("C1", "1700.1", "+1", ["m1"])
        assert await s.claim_reaction("C1", "1700.1", "-1", False, 3.0)
    async with store.session(BOB) as s:
        assert await s.take_reaction("C1", "1700.1", "+1") is None  # Alice's, not Bob's
        assert await s.claim_reaction("C1", "1700.1", "+1", True, 4.0)
    async with store.session(ALICE) as s:
        assert await s.take_reaction("C1", "1700.1", "+1") == (True, ["m1"])
        assert await s.take_reaction("C1", "1700.1", "+1") is None
        assert await s.take_reaction("C1", "1700.1", "-1") == (False, [])
        assert await s.claim_reaction("C1", "1700.1", "-1", False, 5.0)
        assert await s.erase_records() == 1  # the reaction is Alice's record
    async with store.session(BOB) as s:
        assert await s.take_reaction("C1", "1700.1", "+1") == (True, [])


async def test_channel_policies_persist_with_the_workspace_settings(store):
    async with store.session(ALICE) as s:
        await s.put_settings(WorkspaceSettings(channel_policies={"C1": "off", "C2": "recall_only"}))
    async with store.session(BOB) as s:
        settings = await s.get_settings()
        assert settings.channel_policies == {"C1": "off", "C2": "recall_only"}
        assert settings.channel_policy("C2") == "recall_only"
        assert settings.channel_policy("C3") == "on"


async def test_settings_default_then_persist_per_workspace(store):
    async with store.session(ALICE) as s:
        assert await s.get_settings() == WorkspaceSettings()
        await s.put_settings(WorkspaceSettings(memory_enabled=False, retention_days=30))
    async with store.session(BOB) as s:
        got = await s.get_settings()
    assert got.memory_enabled is False and got.retention_days == 30
    async with store.session(EVE) as s:
        assert (await s.get_settings()).memory_enabled is True


async def test_stats_count_memories_entities_and_size(store):
    await add(store, ALICE, "twelve chars")
    await add(store, ALICE, "shared note", Scope.GLOBAL)
    await add(store, ALICE, "to review", status=Status.PENDING_REVIEW)
    async with store.session(ALICE) as s:
        await s.bump_entities(["x"], 1.0)
        stats = await s.stats()
    assert (stats.memories, stats.private, stats.global_, stats.pending_review) == (2, 1, 1, 1)
    assert stats.entities == 1 and stats.size_bytes >= len("twelve chars") + len("shared note")


# -- governance (issue 7): stale mark, votes, owners, entity counts, erasure ----------


async def test_the_stale_mark_is_written_by_update_and_kept_by_restore(store):
    m = await add(store, ALICE, "the old build server is jenkins-1")
    async with store.session(ALICE) as s:
        assert (await s.get_memory(m.id)).stale_since is None
        marked = await s.update_memory(m.id, MemoryPatch(stale_since=150.0))
        assert marked.stale_since == 150.0 and marked.stale
        await s.delete_memory(m.id)
        await s.restore_memory(marked)
        assert (await s.get_memory(m.id)).stale_since == 150.0


async def test_votes_are_one_net_value_per_user_and_memory(store):
    shared = await add(store, ALICE, "we deploy on Tuesdays", Scope.GLOBAL)
    async with store.session(ALICE) as s:
        await s.set_vote(shared.id, -1, 1.0)
        await s.set_vote(shared.id, -2, 2.0)
    async with store.session(BOB) as s:
        await s.set_vote(shared.id, 1, 3.0)
        assert await s.votes(shared.id) == {"alice": -2, "bob": 1}
        assert await s.votes_cast() == {shared.id: 1}
        await s.set_vote(shared.id, 0, 4.0)
        assert await s.votes(shared.id) == {"alice": -2}
        assert await s.votes_cast() == {}


async def test_votes_on_a_private_memory_are_invisible_and_impossible_for_others(store):
    mine = await add(store, ALICE, "alice prefers tabs")
    async with store.session(ALICE) as s:
        await s.set_vote(mine.id, 3, 1.0)
    async with store.session(BOB) as s:
        await s.set_vote(mine.id, -4, 2.0)
        assert await s.votes(mine.id) == {}
        assert await s.votes_cast() == {}
    async with store.session(EVE) as s:
        assert await s.votes(mine.id) == {}
    async with store.session(ALICE) as s:
        assert await s.votes(mine.id) == {"alice": 3}


async def test_a_vote_can_be_withdrawn_after_its_memory_is_gone(store):
    m = await add(store, ALICE, "short-lived note")
    async with store.session(ALICE) as s:
        await s.set_vote(m.id, 1, 1.0)
        await s.delete_memory(m.id)
        assert await s.votes_cast() == {m.id: 1}
        await s.set_vote(m.id, 0, 2.0)
        assert await s.votes_cast() == {}


async def test_memory_owners_lists_user_ids_of_the_workspace_only(store):
    await add(store, ALICE, "alice's note")
    await add(store, BOB, "bob's shared note", Scope.GLOBAL)
    await add(store, EVE, "eve's note in another workspace")
    async with store.session(Principal("acme", "carol")) as s:
        assert await s.memory_owners() == ["alice", "bob"]
    async with store.session(EVE) as s:
        assert await s.memory_owners() == ["alice"]


async def test_forget_entities_counts_down_and_drops_unused_entities(store):
    async with store.session(ALICE) as s:
        await s.bump_entities(["zephyr", "acme"], 1.0)
        await s.bump_entities(["zephyr"], 2.0)
        await s.forget_entities(["zephyr", "acme"])
        assert await s.entity_counts(["zephyr", "acme"]) == {"zephyr": 1}
        assert (await s.stats()).entities == 1
    async with store.session(EVE) as s:
        await s.bump_entities(["zephyr"], 1.0)
    async with store.session(ALICE) as s:
        await s.forget_entities(["zephyr", "zephyr"])
        assert await s.entity_counts(["zephyr"]) == {}
    async with store.session(EVE) as s:
        assert await s.entity_counts(["zephyr"]) == {"zephyr": 1}


async def test_erase_records_removes_only_the_principals_incognito_and_audit(store):
    mine = AuditEntry(new_id(), "acme", "alice", "add", ("m1",), (None,), created_at=1.0)
    bobs = AuditEntry(new_id(), "acme", "bob", "add", ("m2",), (None,), created_at=1.0)
    async with store.session(ALICE) as s:
        await s.append_audit(mine)
        await s.set_incognito("C1", True, 1.0)
    async with store.session(BOB) as s:
        await s.append_audit(bobs)
        await s.set_incognito("C1", True, 1.0)
    async with store.session(EVE) as s:
        await s.set_incognito("C1", True, 1.0)
    async with store.session(ALICE) as s:
        assert await s.erase_records() == 2
        assert await s.get_audit(mine.id) is None
        assert await s.last_undoable_audit() is None
        assert await s.get_incognito("C1") is None
    async with store.session(BOB) as s:
        assert (await s.get_audit(bobs.id)) is not None
        assert await s.get_incognito("C1") is not None
    async with store.session(EVE) as s:
        assert await s.get_incognito("C1") is not None


async def test_a_conflict_is_seen_by_whoever_sees_both_memories_and_cleared_by_id(store):
    older = await add(store, ALICE, "we deploy on Thursdays", Scope.GLOBAL)
    newer = await add(store, BOB, "we deploy on Fridays", Scope.GLOBAL)
    private = await add(store, BOB, "I think we deploy on Mondays")
    async with store.session(BOB) as s:
        await s.add_conflict(newer.id, older.id, 200.0)
        await s.add_conflict(newer.id, older.id, 201.0)  # recorded once
        await s.add_conflict(private.id, older.id, 202.0)
    async with store.session(ALICE) as s:
        assert await s.conflicts() == [(newer.id, older.id)]  # Bob's private side is hidden
    async with store.session(EVE) as s:
        assert await s.conflicts() == []
    async with store.session(BOB) as s:
        assert await s.conflicts() == [(newer.id, older.id), (private.id, older.id)]
        assert await s.delete_memory(private.id)
        assert await s.conflicts() == [(newer.id, older.id)]  # a gone side resolves it
        assert await s.clear_conflicts(newer.id) == 1
        assert await s.conflicts() == []


async def test_a_near_miss_is_seen_by_whoever_sees_both_memories_and_cleared_by_id(store):
    older = await add(store, ALICE, "the Berlin office wifi password rotates monthly", Scope.GLOBAL)
    newer = await add(
        store, BOB, "the Berlin office guest wifi password rotates monthly", Scope.GLOBAL
    )
    mine = await add(store, ALICE, "my Berlin office wifi password rotates monthly")
    bobs = await add(store, BOB, "my Berlin office guest wifi password rotates monthly")
    async with store.session(BOB) as s:
        await s.add_near_miss(newer.id, older.id, 200.0)
        await s.add_near_miss(newer.id, older.id, 201.0)  # recorded once
        await s.add_near_miss(bobs.id, mine.id, 202.0)  # Alice's private memory: not written
        await s.add_near_miss(bobs.id, older.id, 203.0)
    async with store.session(ALICE) as s:
        await s.add_near_miss(mine.id, older.id, 204.0)
        assert await s.near_misses() == [(newer.id, older.id), (mine.id, older.id)]
        assert not await s.drop_near_miss(bobs.id, older.id)  # Bob's private side: hidden
    async with store.session(EVE) as s:
        assert await s.near_misses() == []
        assert await s.clear_near_misses(older.id) == 0
    async with store.session(BOB) as s:
        assert await s.near_misses() == [(newer.id, older.id), (bobs.id, older.id)]
        assert await s.drop_near_miss(bobs.id, older.id)
        assert not await s.drop_near_miss(bobs.id, older.id)
        assert await s.near_misses() == [(newer.id, older.id)]
        await s.update_memory(newer.id, MemoryPatch(status=Status.ARCHIVED))
        assert await s.near_misses() == []  # shown only while both are active
        await s.update_memory(newer.id, MemoryPatch(status=Status.ACTIVE))
    async with store.session(ALICE) as s:
        assert await s.clear_near_misses(older.id) == 2  # hers and Bob's shared one
        assert await s.near_misses() == []


async def test_a_global_waiting_for_review_is_invisible_to_everyone_but_its_author(store):
    pending = await add(
        store, ALICE, "maybe we move to Lisbon", Scope.GLOBAL, status=Status.PENDING_REVIEW
    )
    async with store.session(BOB) as s:
        assert await s.get_memory(pending.id) is None
        assert await s.list_memories([Status.PENDING_REVIEW.value], 10) == []
        assert await s.search_text(["lisbon"], 10, (Status.PENDING_REVIEW.value,)) == []
        assert await s.update_memory(pending.id, MemoryPatch(status=Status.ACTIVE)) is None
        assert not await s.delete_memory(pending.id)
    async with store.session(ALICE) as s:
        assert (await s.get_memory(pending.id)).status == Status.PENDING_REVIEW


# -- knowledge written once (issue 10): columns, audit rows, undoable set, authority ------


async def test_every_memory_column_round_trips_through_the_store(store):
    new = memory(
        ALICE,
        "every column is written and read back",
        Scope.GLOBAL,
        kind=Kind.PREFERENCE,
        source=Source.EXTRACTED,
        importance=0.25,
        confidence=0.75,
        status=Status.PENDING_REVIEW,
        entities=["alpha", "beta"],
        channel="C9",
        last_used_at=150.0,
        use_count=3,
        valid_from=90.0,
        valid_to=300.0,
        supersedes="older-id",
        pinned=True,
        trust=-0.5,
        stale_since=120.0,
    )
    async with store.session(ALICE) as s:
        await s.insert_memory(new)
        got = await s.get_memory(new.id)
    assert got is not None
    written = {c: getattr(new, c) for c in MEMORY_COLUMNS}
    assert {c: getattr(got, c) for c in MEMORY_COLUMNS} == written
    assert not got.has_embedding


async def test_an_audit_entry_round_trips_with_its_before_states(store):
    before = (await add(store, ALICE, "the office is on floor 3")).as_dict()
    entry = AuditEntry(
        new_id(),
        "acme",
        "alice",
        "update",
        (before["id"], "m2"),
        (before, None),
        detail="why it changed",
        created_at=5.0,
    )
    async with store.session(ALICE) as s:
        await s.append_audit(entry)
        got = await s.get_audit(entry.id)
    assert got == entry


async def test_undo_skips_every_action_that_cannot_be_undone(store):
    undoable = AuditEntry(new_id(), "acme", "alice", "add", ("m1",), (None,), created_at=1.0)
    async with store.session(ALICE) as s:
        await s.append_audit(undoable)
        for at, action in enumerate(sorted(NOT_UNDOABLE), start=2):
            await s.append_audit(
                AuditEntry(new_id(), "acme", "alice", action, (), created_at=float(at))
            )
        last = await s.last_undoable_audit()
    assert {"undo", "noop", "settings", "erase"} <= NOT_UNDOABLE
    assert last is not None and last.id == undoable.id and last.undoable


async def test_an_erase_entry_is_found_by_id_but_is_not_undoable(store):
    erase = AuditEntry(new_id(), "acme", "alice", "erase", (), detail="{}", created_at=1.0)
    async with store.session(ALICE) as s:
        await s.append_audit(erase)
        assert await s.last_undoable_audit() is None
        got = await s.get_audit(erase.id)
    assert got is not None and got.action == "erase" and not got.undoable


async def test_a_session_writes_rows_only_as_its_principal(store):
    alices = await add(store, ALICE, "alice's private reminder")
    shared = await add(store, ALICE, "the shared wiki is at wiki.acme.dev", Scope.GLOBAL)
    planted = [
        lambda s: s.restore_memory(alices),  # another user's private memory
        lambda s: s.append_audit(AuditEntry(new_id(), "acme", "alice", "add", ())),  # as alice
        lambda s: s.append_audit(AuditEntry(new_id(), "evil", "bob", "add", ())),  # elsewhere
        lambda s: s.insert_memory(memory(EVE, "into another workspace", Scope.GLOBAL)),
    ]
    for write in planted:
        async with store.session(BOB) as s:
            with pytest.raises(PermissionError):
                await write(s)
    async with store.session(BOB) as s:  # a global by someone else: an admin's undo may
        await s.attest_admin()  # put it back (PostgreSQL also asks the database: 0113)
        assert await s.delete_memory(shared.id) is True
        await s.restore_memory(shared)
        assert (await s.get_memory(shared.id)).owner == "alice"
    async with store.session(ALICE) as s:
        assert (await s.get_memory(alices.id)).content == "alice's private reminder"
    async with store.session(EVE) as s:
        assert await s.list_memories(["active"], 10) == []


async def test_term_counts_count_visible_active_matches_per_term_up_to_the_caps(store):
    for n in range(4):
        await add(store, ALICE, f"the staging replica {n} runs on port 65{n}0")
    await add(store, ALICE, "staging deploys happen after review", status=Status.ARCHIVED)
    await add(store, BOB, "bob's private staging notes")
    await add(store, EVE, "staging in another workspace")
    await add(store, ALICE, "本番環境へのデプロイは毎週火曜日です")
    async with store.session(ALICE) as s:
        total, counts = await s.term_counts(["staging", "replicas", "デプ", "missing"], 3, 100)
        capped_total, _ = await s.term_counts(["staging"], 3, 2)
    assert total == 5 and capped_total == 2
    assert counts == {"staging": 3, "replicas": 3, "デプ": 1, "missing": 0}


async def test_a_second_expiry_pass_in_one_session_finds_an_older_entry_appended_since(store):
    # PostgreSQL skips a pass with no later cutoff in the same transaction (an import's
    # batch asked once a line) unless an entry older than the last cutoff came in since.
    gone = await add(store, ALICE, "alice's old locker code")
    async with store.session(ALICE) as s:
        assert await s.delete_memory(gone.id)
        assert await s.expire_forgotten(100.0) == 0
        await s.append_audit(
            AuditEntry(
                new_id(), "acme", "alice", "forget", (gone.id,), (gone.as_dict(),), created_at=10.0
            )
        )
        assert await s.expire_forgotten(100.0) == 1
        assert await s.expire_forgotten(100.0) == 0


async def test_expired_forget_entries_keep_ids_but_not_text_whoever_writes_next(store):
    gone = await add(store, ALICE, "alice's old locker code")
    back = await add(store, ALICE, "alice's bike is blue")

    def forget_entry(m, at: float) -> AuditEntry:
        return AuditEntry(
            new_id(), "acme", "alice", "forget", (m.id,), (m.as_dict(),), created_at=at
        )

    old, recent, restored = (
        forget_entry(gone, 10.0),
        forget_entry(gone, 500.0),
        forget_entry(back, 20.0),
    )
    async with store.session(ALICE) as s:
        assert await s.delete_memory(gone.id)
        for entry in (old, recent, restored):
            await s.append_audit(entry)
    async with store.session(EVE) as s:  # another workspace's pass leaves acme alone
        assert await s.expire_forgotten(1000.0) == 0
    async with store.session(BOB) as s:
        assert await s.expire_forgotten(100.0) == 2  # `recent` is still in its window
    async with store.session(ALICE) as s:
        after = {e.id: await s.get_audit(e.id) for e in (old, recent, restored)}
        assert (await s.get_memory(back.id)).content == "alice's bike is blue"
        assert after.pop(recent.id).before[0]["content"] == "alice's old locker code"
        assert await s.expire_forgotten(1000.0) == 1
        assert (await s.get_audit(recent.id)).before == ()
    for entry in after.values():
        assert entry.action == "redacted" and entry.before == () and entry.detail == "forget"
        assert not entry.undoable
    assert [after[e.id].memory_ids for e in (old, restored)] == [(gone.id,), (back.id,)]


async def test_a_vector_for_text_edited_meanwhile_is_not_stored(store):
    """Embed A, edit to B before the vector is written: A's vector must not land on B."""
    memo = await add(store, ALICE, "the standup is at 10am")
    async with store.session(ALICE) as s:
        [todo] = await s.memories_without_embedding(10)
    edited = "the standup is at 11am"
    async with store.session(ALICE) as s:
        patch = MemoryPatch(content=edited, content_hash=content_hash(edited), clear_embedding=True)
        await s.update_memory(memo.id, patch)
    async with store.session(ALICE) as s:
        assert not await s.set_embedding(todo.id, [1.0, 0.0, 0.0], content_hash=todo.content_hash)
        assert [m.id for m in await s.memories_without_embedding(10)] == [memo.id]
        assert await s.search_vector([1.0, 0.0, 0.0], 5) == []
        assert await s.set_embedding(memo.id, [0.0, 1.0, 0.0], content_hash=content_hash(edited))
        assert (await s.get_memory(memo.id)).has_embedding
