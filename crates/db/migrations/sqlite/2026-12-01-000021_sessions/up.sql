-- A signed-in session lives here; the browser's cookie holds only its key
-- (encrypted), and the row keeps the SHA-256 of that key, so a copy of the
-- database does not hand out live sessions. Signing out, a password change
-- and an administrator's "sign out everywhere" delete rows; a row past its
-- idle or absolute lifetime is refused and deleted when next seen.
CREATE TABLE sessions (
    key_hash TEXT PRIMARY KEY NOT NULL,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_person ON sessions (person_id);
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

-- A browser an account has signed in from: the cookie holds a random
-- token, the row its SHA-256. Such a browser skips the account's login
-- delays (an attacker elsewhere cannot lock the owner out) until it fails
-- too often itself.
CREATE TABLE known_browsers (
    token_hash TEXT PRIMARY KEY NOT NULL,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    failures INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX known_browsers_person ON known_browsers (person_id);
