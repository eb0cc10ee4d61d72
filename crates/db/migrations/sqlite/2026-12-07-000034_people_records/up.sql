-- A person is a record; an account is optional. A captain, representative
-- or organizer enters a player by full name; the e-mail address and the
-- password come when the person claims the record through a mailed link.
-- Twin of migrations/postgres/2026-12-07-000034_people_records.
--
-- SQLite cannot drop NOT NULL from a column: the table is rebuilt under
-- the procedure of https://www.sqlite.org/lang_altertable.html (foreign
-- keys off, copy, drop, rename, check), in one transaction of its own.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE people_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nick TEXT NOT NULL,
    -- lower-cased nick: nicks are unique regardless of case
    nick_key TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    -- NULL until the person claims the record (no account yet)
    email TEXT,
    email_key TEXT UNIQUE,
    password_hash TEXT,
    locale TEXT NOT NULL DEFAULT 'ru',
    is_admin BOOLEAN NOT NULL DEFAULT 0,
    -- bumped on password change: sessions carrying an older value are signed out
    auth_version BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    -- who entered the record (NULL for a person who signed up)
    added_by BIGINT REFERENCES people(id) ON DELETE SET NULL
);
INSERT INTO people_new (id, nick, nick_key, full_name, email, email_key, password_hash,
                        locale, is_admin, auth_version, created_at)
SELECT id, nick, nick_key, full_name, email, email_key, password_hash,
       locale, is_admin, auth_version, created_at FROM people;
DROP TABLE people;
ALTER TABLE people_new RENAME TO people;
CREATE TRIGGER people_content_insert AFTER INSERT ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_update AFTER UPDATE OF nick, full_name ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_delete AFTER DELETE ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;

-- A link that lets a person take over their record: the secret is kept as
-- its SHA-256 only; a link is used once and expires.
CREATE TABLE claim_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    secret_hash TEXT NOT NULL,
    email TEXT NOT NULL,
    sent_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX claim_links_person ON claim_links (person_id);
COMMIT;
PRAGMA foreign_keys = ON;
