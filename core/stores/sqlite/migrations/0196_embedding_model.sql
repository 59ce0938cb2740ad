-- Issue 14: which embedder model made the stored vectors (its `model_id`), one row.
-- Two models of the same dimension (the local embedder's fp32 and int8 paths) make
-- slightly different vectors; a start with another model drops them and re-embeds
-- (SQLiteStore.set_embedding_model), so no search ranks the two together. No row:
-- vectors stored before models were recorded.
CREATE TABLE embedding_model (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    model TEXT NOT NULL
);
