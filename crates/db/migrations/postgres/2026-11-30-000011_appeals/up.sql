-- Appeals and the appeals committee (issue 8, part 2: G-D4, G-Zh1, G-Zh2,
-- G-E3). Twin of the sqlite migration of the same name.

-- A judge's record of a suspicion of engine use (G-E3): the grounds from
-- the regulation's list, comma-separated codes.
CREATE TABLE fair_play_reports (
    id BIGSERIAL PRIMARY KEY,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    grounds TEXT NOT NULL,
    notes TEXT NOT NULL,
    recorded_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    recorded_at TIMESTAMP NOT NULL
);

-- A case before the committee: a captain's appeal after the tournament
-- (kind 'appeal', G-D4) or a fair-play report turned into a G-G7 case
-- (kind 'fair_play'). status: open → decided; outcome: upheld | rejected.
-- supervised_*: G-Zh2, the supervised game demanded of a player and what
-- came of it ('refused' counts as guilt, 'played').
CREATE TABLE appeals (
    id BIGSERIAL PRIMARY KEY,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    filed_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    filing_team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    concerned_team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    report_id BIGINT REFERENCES fair_play_reports(id) ON DELETE SET NULL,
    what_happened TEXT NOT NULL,
    claim TEXT NOT NULL,
    contested TEXT NOT NULL,
    game_ref TEXT NOT NULL,
    filed_at TIMESTAMP NOT NULL,
    status TEXT NOT NULL,
    outcome TEXT,
    decided_at TIMESTAMP,
    decided_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    supervised_person_id BIGINT REFERENCES people(id) ON DELETE SET NULL,
    supervised_outcome TEXT,
    supervised_at TIMESTAMP
);
CREATE INDEX appeals_championship ON appeals (championship_id);

-- What an upheld case does (proposed by the judges before the vote):
-- kind 'game_result' (game_id, result), 'impose' (code, team_id, amount in
-- half-points; penalty_id once applied), 'revoke' (penalty_id).
CREATE TABLE appeal_remedies (
    id BIGSERIAL PRIMARY KEY,
    appeal_id BIGINT NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    game_id BIGINT REFERENCES games(id) ON DELETE CASCADE,
    result TEXT,
    code TEXT,
    team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    amount INTEGER,
    penalty_id BIGINT REFERENCES penalties(id) ON DELETE SET NULL,
    added_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    added_at TIMESTAMP NOT NULL
);

-- One vote per member (G-Zh1); weight 2 for the chief judge, 1 otherwise.
CREATE TABLE appeal_votes (
    appeal_id BIGINT NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    uphold BOOLEAN NOT NULL,
    weight INTEGER NOT NULL,
    voted_at TIMESTAMP NOT NULL,
    PRIMARY KEY (appeal_id, person_id)
);
