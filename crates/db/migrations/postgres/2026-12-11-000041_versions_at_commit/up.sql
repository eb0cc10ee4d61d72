-- The versions every writer of a championship moves are moved at the
-- commit, on one narrow row. Before, a judge's result moved, in the middle
-- of its transaction, the tournament's results version and the
-- championship's (a column of the championship's wide row, its regulation
-- copied with each move) by a statement, and the championship's content
-- version three times by row triggers, and held those rows locked for the
-- rest of the transaction: every writer of the championship queued behind
-- the whole of another's work, its statements' round trips included.
-- Now:
-- * the championship's results version lives beside its content version
--   (`championship_content.results_version`);
-- * the row triggers of the content version are deferred to the commit,
--   and each moves the version only if this transaction has not moved it
--   yet (`changed_in`, migration 000040, holds the transaction that moved
--   it last); a new championship's row is still made at once;
-- * a game's result moves its tournament's and championship's results
--   versions by the games' trigger, at the commit, whatever code wrote it
--   (the results writes no longer move them by a statement).
ALTER TABLE championship_content ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;
UPDATE championship_content cc SET results_version = c.results_version
  FROM championships c WHERE c.id = cc.championship_id;
ALTER TABLE championships DROP COLUMN results_version;

CREATE FUNCTION championship_content_move(c BIGINT) RETURNS void AS $$
  UPDATE championship_content SET version = version + 1
   WHERE championship_id = c
     AND changed_in IS DISTINCT FROM pg_current_xact_id()::text::bigint;
$$ LANGUAGE sql;

CREATE OR REPLACE FUNCTION championship_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO championship_content (championship_id, version) VALUES (NEW.id, 1);
  ELSE
    PERFORM championship_content_move(NEW.id);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
DROP TRIGGER championships_content ON championships;
CREATE TRIGGER championships_content AFTER INSERT ON championships
  FOR EACH ROW EXECUTE FUNCTION championship_changed();
CREATE CONSTRAINT TRIGGER championships_content_moved AFTER UPDATE ON championships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION championship_changed();

CREATE OR REPLACE FUNCTION content_by_direct() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move(row.championship_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_team() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT championship_id FROM teams WHERE id = row.team_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_tournament() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT championship_id FROM tournaments WHERE id = row.tournament_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_round() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = row.round_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_match() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = row.match_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_entry() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = row.entry_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_game() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = row.game_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_appeal() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  PERFORM championship_content_move((SELECT championship_id FROM appeals WHERE id = row.appeal_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;

-- A game: its results versions when its result changed, with the content
-- version (the tournament's row first, as an explicit
-- `tournaments::bump_results_version` does).
CREATE FUNCTION games_changed() RETURNS trigger AS $$
DECLARE row RECORD; t BIGINT; c BIGINT;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  SELECT r.tournament_id, tr.championship_id INTO t, c
    FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments tr ON tr.id = r.tournament_id
   WHERE m.id = row.match_id;
  IF TG_OP = 'UPDATE' AND OLD.result IS DISTINCT FROM NEW.result THEN
    UPDATE tournaments SET results_version = results_version + 1 WHERE id = t;
    UPDATE championship_content SET results_version = results_version + 1,
           version = CASE WHEN changed_in IS DISTINCT FROM pg_current_xact_id()::text::bigint
                          THEN version + 1 ELSE version END
     WHERE championship_id = c;
  ELSE
    PERFORM championship_content_move(c);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
DROP TRIGGER games_content ON games;
CREATE CONSTRAINT TRIGGER games_content AFTER INSERT OR UPDATE OR DELETE ON games
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION games_changed();

-- Every other row trigger of migration 000028 again, deferred to the commit.
DO $$
DECLARE x RECORD;
BEGIN
  FOR x IN SELECT * FROM (VALUES
    ('role_grants', 'content_by_direct'), ('teams', 'content_by_direct'),
    ('memberships', 'content_by_direct'), ('tournaments', 'content_by_direct'),
    ('violation_reports', 'content_by_direct'), ('penalties', 'content_by_direct'),
    ('history_entries', 'content_by_direct'), ('regulation_versions', 'content_by_direct'),
    ('fair_play_reports', 'content_by_direct'), ('appeals', 'content_by_direct'),
    ('invitations', 'content_by_team'), ('captaincies', 'content_by_team'),
    ('entries', 'content_by_tournament'), ('check_ins', 'content_by_tournament'),
    ('rounds', 'content_by_tournament'), ('tournament_places', 'content_by_tournament'),
    ('place_overrides', 'content_by_tournament'), ('matches', 'content_by_round'),
    ('substitutions', 'content_by_match'),
    ('entry_players', 'content_by_entry'), ('lineups', 'content_by_entry'),
    ('game_records', 'content_by_game'), ('appeal_remedies', 'content_by_appeal'),
    ('appeal_committee', 'content_by_appeal'), ('appeal_votes', 'content_by_appeal')
  ) AS t(tab, fn) LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', x.tab || '_content', x.tab);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION %I()',
      x.tab || '_content', x.tab, x.fn);
  END LOOP;
END $$;
