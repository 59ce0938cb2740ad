-- Deliveries already handled (issue 13): Slack retries an Events API delivery it
-- thinks was lost (X-Slack-Retry-Num), with the same event id. The first process to
-- insert the key handles it; every other delivery of it, in any process, is skipped.
CREATE TABLE deliveries (
    workspace text NOT NULL,
    key       text NOT NULL,
    seen_at   double precision NOT NULL,
    PRIMARY KEY (workspace, key)
);
CREATE INDEX deliveries_seen ON deliveries (workspace, seen_at);
ALTER TABLE deliveries ENABLE ROW LEVEL SECURITY;
ALTER TABLE deliveries FORCE ROW LEVEL SECURITY;
CREATE POLICY deliveries_workspace ON deliveries
    USING (workspace = current_setting('memorybot.workspace', true));
