-- A person is a record; an account is optional. A captain, representative
-- or organizer enters a player by full name; the e-mail address and the
-- password come when the person claims the record through a mailed link.
-- Twin of migrations/sqlite/2026-12-07-000034_people_records.
ALTER TABLE people ALTER COLUMN email DROP NOT NULL;
ALTER TABLE people ALTER COLUMN email_key DROP NOT NULL;
ALTER TABLE people ALTER COLUMN password_hash DROP NOT NULL;
-- who entered the record (NULL for a person who signed up)
ALTER TABLE people ADD COLUMN added_by BIGINT REFERENCES people(id) ON DELETE SET NULL;

-- A link that lets a person take over their record: the secret is kept as
-- its SHA-256 only; a link is used once and expires.
CREATE TABLE claim_links (
    id BIGSERIAL PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    secret_hash TEXT NOT NULL,
    email TEXT NOT NULL,
    sent_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX claim_links_person ON claim_links (person_id);
