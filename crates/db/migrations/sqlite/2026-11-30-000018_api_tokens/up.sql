-- API tokens (issue 10, point 3): an organizer of a championship gives a
-- game server a token for the JSON API. Only the SHA-256 of the token's
-- secret is kept; the secret is shown once. A token acts for its creator
-- on its championship only, and stops working when revoked. Twin of the
-- postgres migration of the same name.
CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- Hex SHA-256 of the secret part of the token.
    secret_hash TEXT NOT NULL,
    created_by BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP,
    revoked_at TIMESTAMP,
    revoked_by BIGINT REFERENCES people(id) ON DELETE SET NULL
);

CREATE INDEX api_tokens_championship ON api_tokens (championship_id);
