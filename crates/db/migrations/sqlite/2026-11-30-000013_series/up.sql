-- Corporate series (seed R, R-3.4): a year's corporate championship has
-- sports; organizations take places in each, places give points (10 … 1
-- for the first ten), the series ranks organizations by total. A chess
-- sport names the championship whose finished tournament gives its places;
-- the places of other sports are typed by an organizer. Twin of the postgres
-- migration of the same name.
CREATE TABLE series (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE series_sports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    series_id BIGINT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- Chess: places from this championship's finished tournament.
    championship_id BIGINT REFERENCES championships(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (series_id, name)
);

-- The place number an organizer typed for an organization in a sport
-- (the same number for a tie).
CREATE TABLE series_places (
    sport_id BIGINT NOT NULL REFERENCES series_sports(id) ON DELETE CASCADE,
    organization_id BIGINT NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
    place INTEGER NOT NULL CHECK (place >= 1),
    set_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL,
    PRIMARY KEY (sport_id, organization_id)
);
