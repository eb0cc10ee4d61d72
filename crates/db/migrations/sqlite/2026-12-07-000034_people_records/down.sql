-- Records without an account are kept with a placeholder address key, so
-- that the NOT NULL columns come back without losing anyone.
PRAGMA foreign_keys = OFF;
BEGIN;
DROP TABLE claim_links;
CREATE TABLE people_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nick TEXT NOT NULL,
    nick_key TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    locale TEXT NOT NULL DEFAULT 'ru',
    is_admin BOOLEAN NOT NULL DEFAULT 0,
    auth_version BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO people_old (id, nick, nick_key, full_name, email, email_key, password_hash,
                        locale, is_admin, auth_version, created_at)
SELECT id, nick, nick_key, full_name, COALESCE(email, ''),
       COALESCE(email_key, 'record:' || id), COALESCE(password_hash, ''),
       locale, is_admin, auth_version, created_at FROM people;
DROP TABLE people;
ALTER TABLE people_old RENAME TO people;
CREATE TRIGGER people_content_insert AFTER INSERT ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_update AFTER UPDATE OF nick, full_name ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_delete AFTER DELETE ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
COMMIT;
PRAGMA foreign_keys = ON;
