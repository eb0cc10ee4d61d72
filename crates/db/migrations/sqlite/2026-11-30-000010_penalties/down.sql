-- SQLite cannot drop a column that references another table: rebuild.
DROP INDEX penalties_person;
CREATE TABLE penalties_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    tournament_id BIGINT REFERENCES tournaments(id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
    entry_id BIGINT REFERENCES entries(id) ON DELETE SET NULL,
    code TEXT NOT NULL,
    amount INTEGER NOT NULL,
    reason TEXT NOT NULL,
    imposed_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    imposed_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP,
    revoked_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    revoke_reason TEXT
);
INSERT INTO penalties_old
SELECT id, championship_id, tournament_id, team_id, entry_id, code, amount, reason,
       imposed_by, imposed_at, revoked_at, revoked_by, revoke_reason
FROM penalties;
DROP TABLE penalties;
ALTER TABLE penalties_old RENAME TO penalties;
CREATE INDEX penalties_championship ON penalties (championship_id, team_id);
