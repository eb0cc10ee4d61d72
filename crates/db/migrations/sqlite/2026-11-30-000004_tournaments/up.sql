-- Tournaments (stages) of a championship (G-A1, G-A2). Start instants are UTC.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (championship_id, number)
);
CREATE INDEX tournaments_start ON tournaments (championship_id, starts_at);
