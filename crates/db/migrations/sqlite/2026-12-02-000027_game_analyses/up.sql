-- A UCI engine's view of each ply of a kept game (JSON: the engine's first
-- choice, the scores before and after the move, the legal moves), as the
-- fair-play figures read it (G-E3). One analysis per game and depth.
CREATE TABLE game_analyses (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    depth INTEGER NOT NULL,
    engine TEXT NOT NULL,
    plies TEXT NOT NULL,
    analysed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, depth)
);

-- An official's request to analyse a player's kept games of a span of
-- tournaments: queued, running, done, cancelled or failed; the worker
-- takes one job at a time and one game at a time, so a restart resumes
-- where it stopped.
CREATE TABLE analysis_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    from_tournament BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    to_tournament BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    depth INTEGER NOT NULL,
    status TEXT NOT NULL,
    games_done INTEGER NOT NULL,
    games_total INTEGER NOT NULL,
    error TEXT,
    requested_by BIGINT NOT NULL REFERENCES people(id),
    requested_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP
);
CREATE INDEX analysis_jobs_status ON analysis_jobs (status, id);
