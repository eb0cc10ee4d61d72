-- A game's record as the game server exported it (PGN), kept with the
-- game's result; what the pages and the fair-play figures need is read
-- once from the PGN when it is stored: the players as the file names
-- them, the main line in UCI, the clock after each ply and the time each
-- ply took (milliseconds, '-' where unknown), the final position.
CREATE TABLE game_records (
    game_id BIGINT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    pgn TEXT NOT NULL,
    white_nick TEXT NOT NULL,
    black_nick TEXT NOT NULL,
    plies INTEGER NOT NULL,
    moves TEXT NOT NULL,
    clocks TEXT NOT NULL,
    spent TEXT NOT NULL,
    base_ms BIGINT,
    final_fen TEXT NOT NULL,
    -- 'import' (a judge's PGN import) or 'api' (a game server's result).
    source TEXT NOT NULL,
    recorded_by BIGINT REFERENCES people(id),
    recorded_at TIMESTAMP NOT NULL
);

-- A judge's PGN file for a round or a whole tournament, kept from the
-- upload until it is confirmed (then with what became of each game).
CREATE TABLE pgn_imports (
    id BIGSERIAL PRIMARY KEY,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_id BIGINT REFERENCES rounds(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    text TEXT NOT NULL,
    uploaded_by BIGINT NOT NULL REFERENCES people(id),
    uploaded_at TIMESTAMP NOT NULL,
    confirmed_at TIMESTAMP,
    outcome TEXT
);
CREATE INDEX pgn_imports_tournament ON pgn_imports (tournament_id);
