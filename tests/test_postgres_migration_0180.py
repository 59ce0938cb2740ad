"""Migration 0180 re-indexes the rows that are already there, not only new ones.

A memory saved before 0180 had its index text made by 0150's memorybot_index_text, which
kept "billing@acme.example" as one token. 0180 drops the generated tsv column and adds it
again, so every existing row is indexed anew with the parts: this test stages a database
at the migration just before 0180 on the real embedded PostgreSQL, writes rows there,
then migrates on and searches by one word of each address, host, path or version.
"""

from __future__ import annotations

from core.models import Principal
from core.service import MemoryService
from core.stores.postgres import migrations

WS, ALICE = "acme", "alice"
PARTS = {
    "send invoices to billing@acme.example": "billing",
    "the docs live at wiki.zorbix.dev": "zorbix",
    "the gateway config is /etc/nginx/gateway.conf": "nginx",
    "prod runs release v2.4.1": "v2",
}
BEFORE = 180


async def found(store, word: str) -> list[str]:
    async with store.session(Principal(WS, ALICE)) as session:
        return [hit.memory.content for hit in await session.search_text([word], 10)]


async def test_rows_written_before_0180_are_found_by_one_word_after_it(pg, monkeypatch):
    database = "before_0180"
    pg.server.create_database(database)
    try:
        everything = migrations.migration_files()
        assert BEFORE in {version for version, _, _ in everything}
        monkeypatch.setattr(
            migrations, "migration_files", lambda: [m for m in everything if m[0] < BEFORE]
        )
        old = pg.store(database)
        await old.open()  # migrated up to 0170: the index function as 0150 left it
        service = MemoryService(old)
        for text in PARTS:
            await service.remember(WS, ALICE, text)
        for text, word in PARTS.items():
            assert text not in await found(old, word), word  # what 0180 is for
        await old.close()

        monkeypatch.undo()
        new = pg.store(database)
        assert (await new.migrate())[0] == "0180_compound_token_parts.sql"  # later ones follow
        await new.open()
        try:
            for text, word in PARTS.items():
                assert await found(new, word) == [text], word
        finally:
            await new.close()
    finally:
        pg.server.drop_database(database)
