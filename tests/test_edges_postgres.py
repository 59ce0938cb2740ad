"""Connected mode's setup faults, through the real CLI: a typo in the application
role's name never creates a login role, and a wrong database name fails at once
with the server's own reason (no pool warnings, no "try again")."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import psycopg

from core import texts
from tests.test_postgres_cli import database, memorybot  # noqa: F401  (fixture)


async def test_a_typo_in_the_app_roles_name_is_reported_and_no_role_is_created(pg, database):  # noqa: F811
    url = database["MEMORYBOT_DATABASE_URL"].replace("memorybot_app", "memorybot_ap", 1)
    code, out = await memorybot("stats", env={**database, "MEMORYBOT_DATABASE_URL": url})
    assert code == 1 and "Traceback" not in out
    assert "'memorybot_ap'" in out and "only creates its own role 'memorybot_app'" in out
    with psycopg.connect(pg.server.admin_url("postgres")) as conn:
        found = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'memorybot_ap'").fetchone()
    assert found is None


async def test_a_wrong_database_name_fails_at_once_with_the_real_reason(pg, database):  # noqa: F811
    # Whatever name the fixture handed out (a returned database keeps its own name).
    wrong = {k: _misspelt(v) if k.endswith("_URL") else v for k, v in database.items()}
    code, out = await memorybot("stats", env=wrong)
    assert code == 1 and "Traceback" not in out
    [line] = [line for line in out.splitlines() if line.strip()]
    assert line.startswith("Error: " + texts.NO_DATABASE.split("{")[0])
    assert 'database "nosuch_' in line and "does not exist" in line
    assert "try again" not in line


def _misspelt(url: str) -> str:
    """The same URL naming a database that does not exist."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/nosuch_" + parts.path.lstrip("/")))
