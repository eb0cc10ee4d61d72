-- Versions of a championship's regulation (issue 9, G-E2): the text
-- (Markdown, shown sanitized) and the settings (JSON of the Regulation) as
-- published, with the organizer's summary. A version applies to the
-- tournaments that start at or after applies_from (published_at + the
-- notice period, G-E2: three days); version 1 is the regulation as it was
-- before the first change (applies_from NULL: from the beginning). Twin of
-- the sqlite migration of the same name.
CREATE TABLE regulation_versions (
    id BIGSERIAL PRIMARY KEY,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    body TEXT NOT NULL,
    settings TEXT NOT NULL,
    summary TEXT NOT NULL,
    published_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    published_at TIMESTAMP NOT NULL,
    applies_from TIMESTAMP,
    UNIQUE (championship_id, number)
);
