"""Numbered SQL migrations, read from a store's package (shared by both stores)."""

from __future__ import annotations

from importlib import resources


def migration_files(package: str) -> list[tuple[int, str, str]]:
    """(version, name, sql) for every `NNNN_name.sql` in `package`/migrations, in order."""
    folder = resources.files(package) / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            version = int(entry.name.split("_", 1)[0])
            found.append((version, entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)
