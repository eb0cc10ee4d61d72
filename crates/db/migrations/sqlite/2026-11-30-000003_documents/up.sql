-- Eligibility documents (issue 6: R-1.10, R-2.2, E-12). Twin of the postgres
-- migration of the same name. The file itself lives in the row (`content`);
-- its name is data, never a path. A replaced document keeps its row: the
-- chain replaces_id / replaced_by_id is its history.
CREATE TABLE documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- rules::documents::kind_code
    kind TEXT NOT NULL,
    -- Exactly one owner: a person or a team.
    person_id BIGINT REFERENCES people(id) ON DELETE CASCADE,
    team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    uploaded_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    uploaded_at TIMESTAMP NOT NULL,
    file_name TEXT NOT NULL,
    media_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    content BLOB NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    reviewed_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    reviewed_at TIMESTAMP,
    review_note TEXT,
    valid_until DATE,
    replaces_id BIGINT REFERENCES documents(id) ON DELETE SET NULL,
    replaced_by_id BIGINT REFERENCES documents(id) ON DELETE SET NULL,
    CHECK ((person_id IS NULL) <> (team_id IS NULL))
);
CREATE INDEX documents_person ON documents (person_id, kind);
CREATE INDEX documents_team ON documents (team_id, kind);
CREATE INDEX documents_uploaded_at ON documents (uploaded_at);
-- A document is replaced by one newer upload at most: two uploads at once
-- cannot both claim the same predecessor.
CREATE UNIQUE INDEX documents_replaces ON documents (replaces_id) WHERE replaces_id IS NOT NULL;
