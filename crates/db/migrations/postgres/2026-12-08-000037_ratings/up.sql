-- Ratings: every rating a person holds, with its source and date, kept as
-- history (the rating of a source at a moment is its latest row up to
-- then); the person's FIDE id; the platform's own Glicko-2 rating after
-- each month a person played in, and the digest of each month's games,
-- by which a recomputation finds the first month that changed; FIDE
-- rating lists staged between their preview and their confirmation.
-- Twin of migrations/sqlite/2026-12-08-000037_ratings.
ALTER TABLE people ADD COLUMN fide_id BIGINT;
CREATE UNIQUE INDEX people_fide_id ON people (fide_id);

CREATE TABLE ratings (
    id BIGSERIAL PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    -- rules::rating::Source::code: fide_standard … server_blitz, national
    source TEXT NOT NULL,
    value INTEGER NOT NULL,
    -- the list's date, the game's date, the day it was typed
    as_of DATE NOT NULL,
    -- fide_list, typed, csv, game
    origin TEXT NOT NULL,
    -- the game server of a server rating (lichess.org)
    site TEXT,
    game_id BIGINT REFERENCES games(id) ON DELETE CASCADE,
    recorded_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    recorded_at TIMESTAMP NOT NULL
);
CREATE INDEX ratings_person ON ratings (person_id, source, as_of);
CREATE UNIQUE INDEX ratings_game ON ratings (game_id, person_id) WHERE game_id IS NOT NULL;

CREATE TABLE platform_ratings (
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    -- months since year 0: year * 12 + month - 1
    period INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (person_id, period)
);
CREATE INDEX platform_ratings_period ON platform_ratings (period);

CREATE TABLE rating_periods (
    period INTEGER PRIMARY KEY,
    games INTEGER NOT NULL,
    digest TEXT NOT NULL
);

CREATE TABLE rating_imports (
    id BIGSERIAL PRIMARY KEY,
    made_by BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    made_at TIMESTAMP NOT NULL,
    -- fide_list or national_csv
    kind TEXT NOT NULL,
    as_of DATE NOT NULL,
    -- what the preview showed, as JSON: the rows to write
    payload TEXT NOT NULL,
    confirmed_at TIMESTAMP
);

-- Once a statement: a list's import or a recomputation writes thousands of rows.
CREATE TRIGGER ratings_content AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER platform_ratings_content AFTER INSERT OR UPDATE OR DELETE ON platform_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION site_content_changed();
