-- Issue 11: a forget entry keeps the forgotten text only while Undo may bring it back
-- (models.FORGET_UNDO_WINDOW). Each recorded change first redacts the workspace's
-- forget entries older than that; this index finds them without reading the log.
CREATE INDEX audit_forgotten ON audit_log (workspace, created_at)
    WHERE action = 'forget' AND before <> '[]';
