-- Deliveries already handled (issue 13): a retried Slack event (same event id) is
-- handled once; see the PostgreSQL migration of the same number.
CREATE TABLE deliveries (
    workspace TEXT NOT NULL,
    key       TEXT NOT NULL,
    seen_at   REAL NOT NULL,
    PRIMARY KEY (workspace, key)
);
CREATE INDEX deliveries_seen ON deliveries (workspace, seen_at);
