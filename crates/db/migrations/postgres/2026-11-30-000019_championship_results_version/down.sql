DROP INDEX games_away_player;
DROP INDEX games_home_player;
ALTER TABLE championships DROP COLUMN results_version;
