-- Issue 11: one version per championship, bumped in the same transaction
-- as every change its season or results pages show (a result, a penalty,
-- a decision, a finish; db::championships::bump_results_version, also
-- called by db::tournaments::bump_results_version). The standings cache
-- (web::cache) is keyed by it, so every app instance on one database sees
-- a change at once.
ALTER TABLE championships ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;
-- A player's page reads their games from either side.
CREATE INDEX games_home_player ON games (home_player_id);
CREATE INDEX games_away_player ON games (away_player_id);
