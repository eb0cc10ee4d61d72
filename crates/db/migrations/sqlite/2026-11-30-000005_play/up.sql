-- Tournaments played (issue 7): entries and their line-ups, rounds, matches,
-- games, board assignments, substitutions, penalties, places and history.
-- Twin of the postgres migration of the same name. Instants are UTC.

-- The field is frozen when round 1 is drawn (drawn_at); the format chosen
-- from the regulation's bands for that field is kept as JSON. Every change
-- of a result, penalty or decision bumps results_version in the same
-- transaction, so cached standings know when they are stale.
ALTER TABLE tournaments ADD COLUMN drawn_at TIMESTAMP;
ALTER TABLE tournaments ADD COLUMN format TEXT;
ALTER TABLE tournaments ADD COLUMN finished_at TIMESTAMP;
ALTER TABLE tournaments ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;

-- A team's line (G-B13) in one tournament: the team itself or a double
-- (`Team1`, `Team2`). The submitter is the team's captain for that
-- tournament. start_no is the pairing number given at the draw; an entry
-- without one did not play (waiting list R-1.9, odd-count double G-B13).
CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
    name TEXT NOT NULL,
    double_no INTEGER,
    line TEXT NOT NULL,
    submitted_by BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    submitted_at TIMESTAMP NOT NULL,
    late BOOLEAN NOT NULL DEFAULT FALSE,
    -- entered | withdrawn (before the draw) | retired (during play, G-G2)
    status TEXT NOT NULL CHECK (status IN ('entered', 'withdrawn', 'retired')),
    status_at TIMESTAMP,
    status_reason TEXT,
    retired_after_round INTEGER,
    start_no INTEGER,
    UNIQUE (tournament_id, name)
);
CREATE INDEX entries_team ON entries (team_id);

-- The people of an entry: board players in board order (substitute = false,
-- ordinal = board) and substitutes in order.
CREATE TABLE entry_players (
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    substitute BOOLEAN NOT NULL,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (entry_id, person_id)
);
CREATE INDEX entry_players_person ON entry_players (person_id);

-- A round of a tournament; play-off rounds (G-V42) follow the regular ones.
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('regular', 'playoff')),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    seed BIGINT,
    notes TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    published_at TIMESTAMP,
    UNIQUE (tournament_id, number)
);

-- A pairing of a round: two entries, or one entry and a bye (away NULL).
CREATE TABLE matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id BIGINT NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    table_no INTEGER NOT NULL,
    home_entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE RESTRICT,
    away_entry_id BIGINT REFERENCES entries(id) ON DELETE RESTRICT,
    -- main | group | semi | final | third | playoff | armageddon
    stage TEXT NOT NULL,
    group_no INTEGER,
    -- a whole match forfeited: home | away | double
    forfeit TEXT,
    UNIQUE (round_id, table_no)
);
CREATE INDEX matches_home ON matches (home_entry_id);
CREATE INDEX matches_away ON matches (away_entry_id);

-- Who sits on each board of an entry in a round (G-V22); NULL = empty.
CREATE TABLE round_lineups (
    round_id BIGINT NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    person_id BIGINT REFERENCES people(id) ON DELETE RESTRICT,
    set_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL,
    PRIMARY KEY (round_id, entry_id, board)
);

-- One game of a match. result: pending | 1-0 | 1/2 | 0-1 (home first) |
-- +- | -+ | -- (forfeits) | replay (G-V23). A captain's report waits in
-- reported_result until the other captain confirms or a judge decides.
-- version grows with every change: a writer holding an older version is
-- told the game changed (no lost update).
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    home_player_id BIGINT REFERENCES people(id) ON DELETE RESTRICT,
    away_player_id BIGINT REFERENCES people(id) ON DELETE RESTRICT,
    home_white BOOLEAN NOT NULL,
    result TEXT NOT NULL DEFAULT 'pending',
    reported_result TEXT,
    reported_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    reported_at TIMESTAMP,
    decided_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    decided_at TIMESTAMP,
    version INTEGER NOT NULL DEFAULT 0,
    UNIQUE (match_id, board, game_no)
);

-- A substitution during a round (G-V31 captain's decision, G-V32 lost
-- connection), with the captain's announcement as written.
CREATE TABLE substitutions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    from_game INTEGER NOT NULL,
    out_person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    in_person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    reason TEXT NOT NULL CHECK (reason IN ('captain', 'disconnect')),
    announcement TEXT NOT NULL,
    recorded_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    recorded_at TIMESTAMP NOT NULL
);

-- A penalty from the regulation's catalogue (G-G1 …), in half-points
-- deducted from championship points. Revoked penalties stay on record.
CREATE TABLE penalties (
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
CREATE INDEX penalties_championship ON penalties (championship_id, team_id);

-- Places and tournament points (G-V41, R-3.4) fixed when a tournament is
-- finished; the season standings sum them.
CREATE TABLE tournament_places (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
    place_first INTEGER NOT NULL,
    place_last INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, entry_id)
);

-- History (G-E1): a tournament's winner; the season's top four.
CREATE TABLE history_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    tournament_id BIGINT REFERENCES tournaments(id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
    entry_name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('tournament', 'season')),
    place INTEGER NOT NULL,
    recorded_at TIMESTAMP NOT NULL
);
CREATE INDEX history_championship ON history_entries (championship_id, recorded_at);
