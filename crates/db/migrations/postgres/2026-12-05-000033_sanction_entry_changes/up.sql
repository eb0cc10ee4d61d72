-- What a sanction did to an entry before its tournament's draw (G-G3,
-- G-G4, G-G7: a player taken off the line, the entry withdrawn): the
-- entry as it was and as the sanction left it, so that revoking the
-- sanction restores an entry nothing else has changed since.
CREATE TABLE sanction_entry_changes (
    id BIGSERIAL PRIMARY KEY,
    penalty_id BIGINT NOT NULL REFERENCES penalties(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    line_before TEXT NOT NULL,
    boards_before TEXT NOT NULL,
    substitutes_before TEXT NOT NULL,
    status_before TEXT NOT NULL,
    line_after TEXT NOT NULL,
    status_after TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL
);
CREATE INDEX sanction_entry_changes_penalty ON sanction_entry_changes (penalty_id);
