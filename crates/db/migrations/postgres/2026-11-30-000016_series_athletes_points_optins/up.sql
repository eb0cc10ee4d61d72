-- Issue 9 completed. Twin of the sqlite migration of the same name.
--
-- Each sport of a corporate series has its own place -> points table
-- (R-3.4's 10 ... 1 unless the organizer sets another): the points of 1st,
-- 2nd, ... as rules::series::points_table_text writes them ("12 10 8 6½").
ALTER TABLE series_sports ADD COLUMN points TEXT NOT NULL DEFAULT '10 9 8 7 6 5 4 3 2 1';

-- The athletes of a series' sports other than chess, per organization
-- (chess athletes are the people of the linked championship's entries).
-- R-1.8: one sport per athlete across the series, so a person is on one
-- list of a series at most (the primary key); the use case also refuses
-- people entered in the series' chess championship.
CREATE TABLE series_athletes (
    series_id BIGINT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    sport_id BIGINT NOT NULL REFERENCES series_sports(id) ON DELETE CASCADE,
    organization_id BIGINT NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
    added_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (series_id, person_id)
);
CREATE INDEX series_athletes_sport ON series_athletes(sport_id);

-- Notice kinds a person asked for that are off unless asked for
-- (rule_change_member: regulation changes of the championships where the
-- person is a member of an approved team; captains get them anyway).
CREATE TABLE notice_optins (
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    PRIMARY KEY (person_id, kind)
);
