-- Foundation: people (accounts), per-championship role grants, login throttling, audit log.
-- Twin of migrations/postgres/2026-11-30-000001_foundation (house rule 4).

CREATE TABLE people (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nick TEXT NOT NULL,
    -- lower-cased nick: nicks are unique regardless of case
    nick_key TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    locale TEXT NOT NULL DEFAULT 'ru',
    is_admin BOOLEAN NOT NULL DEFAULT 0,
    -- bumped on password change: sessions carrying an older value are signed out
    auth_version BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

-- Minimal championship row so role grants can reference it; the
-- championship issue adds the regulation, dates and the rest.
CREATE TABLE championships (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE role_grants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('organizer', 'chief_judge', 'judge')),
    granted_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    granted_at TIMESTAMP NOT NULL,
    UNIQUE (person_id, championship_id, role)
);
CREATE INDEX role_grants_championship ON role_grants (championship_id);

CREATE TABLE login_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- "person:<id>" when the identifier named an account, else "name:<typed>"
    account_key TEXT NOT NULL,
    ip TEXT NOT NULL,
    succeeded BOOLEAN NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_account ON login_attempts (account_key, at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, at);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TIMESTAMP NOT NULL,
    actor_id BIGINT REFERENCES people(id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL,
    ip TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
