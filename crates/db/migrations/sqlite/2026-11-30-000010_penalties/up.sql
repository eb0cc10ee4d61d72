-- Penalties beyond points (issue 8): the catalogue's sanctions and counts.
-- count: cases (G-G6) or games (G-G8) the amount was multiplied by.
-- sanction: what bars a team or a person besides the points, NULL for
-- points only: 'disqualified_next' (G-G3: the team misses bars_tournament_id),
-- 'banned' (G-G3 a second time: the team may not enter the championship
-- again), 'misses_tournament' (G-G4: person_id, a member of a dissolved
-- team, misses bars_tournament_id), 'removed' (G-D2: the team is removed
-- from bars_tournament_id), 'player_removed' (G-G7: person_id may not play
-- in bars_tournament_id). Existing rows are points only, one case.
-- Twin of the postgres migration of the same name.
ALTER TABLE penalties ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
ALTER TABLE penalties ADD COLUMN sanction TEXT;
ALTER TABLE penalties ADD COLUMN bars_tournament_id BIGINT REFERENCES tournaments(id) ON DELETE SET NULL;
ALTER TABLE penalties ADD COLUMN person_id BIGINT REFERENCES people(id) ON DELETE SET NULL;
CREATE INDEX penalties_person ON penalties(person_id);
