-- Back to migration 000028's triggers: each changed row moves its
-- championship's content version on the spot, and a game's result no
-- longer moves its results versions.
DROP TRIGGER games_content ON games;
CREATE TRIGGER games_content AFTER INSERT OR UPDATE OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION content_by_match();
DROP FUNCTION games_changed();
DROP TRIGGER championships_content_moved ON championships;
DROP TRIGGER championships_content ON championships;
CREATE TRIGGER championships_content AFTER INSERT OR UPDATE ON championships
  FOR EACH ROW EXECUTE FUNCTION championship_changed();
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
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'FOR EACH ROW EXECUTE FUNCTION %I()',
      x.tab || '_content', x.tab, x.fn);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION championship_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO championship_content (championship_id, version) VALUES (NEW.id, 1);
  ELSE
    UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_direct() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = row.championship_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_team() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = row.team_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_tournament() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = row.tournament_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_round() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = row.round_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_match() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = row.match_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_entry() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = row.entry_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_game() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = row.game_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION content_by_appeal() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = row.appeal_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
DROP FUNCTION championship_content_move(BIGINT);
ALTER TABLE championships ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;
UPDATE championships c SET results_version = cc.results_version
  FROM championship_content cc WHERE cc.championship_id = c.id;
ALTER TABLE championship_content DROP COLUMN results_version;
