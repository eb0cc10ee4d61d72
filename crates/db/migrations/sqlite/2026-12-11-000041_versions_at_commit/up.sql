-- A championship's results version lives beside its content version
-- (`championship_content.results_version`), on a narrow row, and a game's
-- result moves its tournament's and championship's results versions, by
-- trigger, whatever code wrote it (the results writes no longer move them
-- by a statement). PostgreSQL does the same at the commit and moves its
-- content versions there too (migrations/postgres, same name); SQLite's
-- write transactions run one at a time, so its triggers run on the spot.
ALTER TABLE championship_content ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;
UPDATE championship_content SET results_version =
  (SELECT c.results_version FROM championships c WHERE c.id = championship_content.championship_id);
ALTER TABLE championships DROP COLUMN results_version;

CREATE TRIGGER games_results_moved AFTER UPDATE OF result ON games
  WHEN OLD.result IS NOT NEW.result
BEGIN
  UPDATE tournaments SET results_version = results_version + 1
   WHERE id = (SELECT r.tournament_id FROM matches m JOIN rounds r ON r.id = m.round_id
                WHERE m.id = NEW.match_id);
  UPDATE championship_content SET results_version = results_version + 1
   WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id
                 JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = NEW.match_id);
END;
