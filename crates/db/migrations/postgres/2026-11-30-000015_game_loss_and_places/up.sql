-- Issue 8, the last points. Twin of the sqlite migration of the same name.

-- G-D2 "loss of the current game": the game the penalty lost for the
-- offending entry (penalties.entry_id), so that revoking it can return the
-- game to "no result" while it still holds the result the penalty set.
ALTER TABLE penalties ADD COLUMN game_id BIGINT REFERENCES games(id) ON DELETE SET NULL;

-- Appeal remedy 'standing' (G-D4: a decision may change a team's standing
-- in a past tournament): the entry and the final place it is to take.
ALTER TABLE appeal_remedies ADD COLUMN entry_id BIGINT REFERENCES entries(id) ON DELETE CASCADE;
ALTER TABLE appeal_remedies ADD COLUMN place INTEGER;

-- Final places set by an upheld appeal: applied every time the
-- tournament's places are computed (finish, and again after any later
-- decision), the other entries keeping their order (rules::places::fix).
-- One place per entry and tournament; a later decision replaces it.
CREATE TABLE place_overrides (
    id BIGSERIAL PRIMARY KEY,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    place INTEGER NOT NULL,
    appeal_id BIGINT REFERENCES appeals(id) ON DELETE SET NULL,
    set_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX place_overrides_entry ON place_overrides (tournament_id, entry_id);
