-- Game servers: a person's account on a server, linked through the
-- server's own sign-in (OAuth with PKCE; the token sealed with the
-- installation's key); sign-ins begun and not yet finished; the account
-- whose pairing right creates a championship's games; and each game
-- created on a server for a game here, with where it stands.
-- Twin of migrations/postgres/2026-12-09-000038_game_servers.
CREATE TABLE server_accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    -- rules::game_server::SERVERS: lichess.org
    server TEXT NOT NULL,
    username TEXT NOT NULL,
    -- the username folded to lower case: one account, one person
    username_key TEXT NOT NULL,
    -- the scopes granted, space-separated
    scopes TEXT NOT NULL,
    -- nonce and ciphertext (XChaCha20-Poly1305), base64
    token_sealed TEXT NOT NULL,
    linked_at TIMESTAMP NOT NULL,
    -- when the server last refused the token (expired, revoked)
    refused_at TIMESTAMP
);
CREATE UNIQUE INDEX server_accounts_person ON server_accounts (person_id, server);
CREATE UNIQUE INDEX server_accounts_username ON server_accounts (server, username_key);

CREATE TABLE server_sign_ins (
    -- the OAuth state sent to the server and brought back
    state TEXT PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    server TEXT NOT NULL,
    -- the PKCE verifier, sealed as tokens are
    verifier_sealed TEXT NOT NULL,
    scopes TEXT NOT NULL,
    -- a championship whose games this account is to create
    championship_id BIGINT REFERENCES championships(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE server_connections (
    championship_id BIGINT PRIMARY KEY REFERENCES championships(id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES server_accounts(id) ON DELETE CASCADE,
    connected_by BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    connected_at TIMESTAMP NOT NULL
);

CREATE TABLE server_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    server TEXT NOT NULL,
    -- queued, pushing, scheduled, playing, recorded, kept, aborted,
    -- no_start, ended, refused, withdrawn
    status TEXT NOT NULL,
    -- the players it is created for (a substitution makes it stale)
    white_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    black_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    bulk_id TEXT,
    remote_id TEXT,
    pair_at TIMESTAMP NOT NULL,
    -- why it waits for someone: a code, its person, the server's words
    problem TEXT,
    problem_person BIGINT REFERENCES people(id) ON DELETE SET NULL,
    problem_detail TEXT,
    -- a failed attempt's count and when to try again
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX server_games_game ON server_games (game_id);
CREATE INDEX server_games_status ON server_games (status);
CREATE INDEX server_games_bulk ON server_games (bulk_id);
CREATE UNIQUE INDEX server_games_remote ON server_games (server, remote_id) WHERE remote_id IS NOT NULL;

-- Match pages show the games' links.
CREATE TRIGGER server_games_content_insert AFTER INSERT ON server_games
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER server_games_content_update AFTER UPDATE ON server_games
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER server_games_content_delete AFTER DELETE ON server_games
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
