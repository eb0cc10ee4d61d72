-- Content versions: what a visitor's cached page depends on (web::infra::
-- page_cache). Every change of a row a public page shows moves a version
-- in the same transaction, by trigger, whichever code wrote it:
-- championship_content.version for the rows of one championship (reached
-- through their tournament, round, match, entry, game, team or appeal),
-- site_content.version for the rows of the platform (people's names,
-- organizations, club, bans, employments, documents, series). Sessions,
-- sign-in attempts, the audit log, the outbox, mail preferences, API tokens, analyses and
-- staged imports move nothing.

CREATE TABLE championship_content (
    championship_id BIGINT PRIMARY KEY REFERENCES championships(id) ON DELETE CASCADE,
    version BIGINT NOT NULL
);
INSERT INTO championship_content (championship_id, version) SELECT id, 1 FROM championships;
CREATE TABLE site_content (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL);
INSERT INTO site_content (id, version) VALUES (1, 1);

CREATE FUNCTION championship_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO championship_content (championship_id, version) VALUES (NEW.id, 1);
  ELSE
    UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER championships_content AFTER INSERT OR UPDATE ON championships
  FOR EACH ROW EXECUTE FUNCTION championship_changed();

CREATE FUNCTION site_content_changed() RETURNS trigger AS $$
BEGIN
  UPDATE site_content SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER championships_content_gone AFTER DELETE ON championships
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();

CREATE FUNCTION content_by_direct() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = row.championship_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_team() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = row.team_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_tournament() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = row.tournament_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_round() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = row.round_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_match() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = row.match_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_entry() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = row.entry_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_game() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = row.game_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION content_by_appeal() RETURNS trigger AS $$
DECLARE row RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN row := OLD; ELSE row := NEW; END IF;
  UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = row.appeal_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER role_grants_content AFTER INSERT OR UPDATE OR DELETE ON role_grants
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER teams_content AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER memberships_content AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER tournaments_content AFTER INSERT OR UPDATE OR DELETE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER violation_reports_content AFTER INSERT OR UPDATE OR DELETE ON violation_reports
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER penalties_content AFTER INSERT OR UPDATE OR DELETE ON penalties
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER history_entries_content AFTER INSERT OR UPDATE OR DELETE ON history_entries
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER regulation_versions_content AFTER INSERT OR UPDATE OR DELETE ON regulation_versions
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER fair_play_reports_content AFTER INSERT OR UPDATE OR DELETE ON fair_play_reports
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER appeals_content AFTER INSERT OR UPDATE OR DELETE ON appeals
  FOR EACH ROW EXECUTE FUNCTION content_by_direct();
CREATE TRIGGER invitations_content AFTER INSERT OR UPDATE OR DELETE ON invitations
  FOR EACH ROW EXECUTE FUNCTION content_by_team();
CREATE TRIGGER captaincies_content AFTER INSERT OR UPDATE OR DELETE ON captaincies
  FOR EACH ROW EXECUTE FUNCTION content_by_team();
CREATE TRIGGER entries_content AFTER INSERT OR UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION content_by_tournament();
CREATE TRIGGER check_ins_content AFTER INSERT OR UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION content_by_tournament();
CREATE TRIGGER rounds_content AFTER INSERT OR UPDATE OR DELETE ON rounds
  FOR EACH ROW EXECUTE FUNCTION content_by_tournament();
CREATE TRIGGER tournament_places_content AFTER INSERT OR UPDATE OR DELETE ON tournament_places
  FOR EACH ROW EXECUTE FUNCTION content_by_tournament();
CREATE TRIGGER place_overrides_content AFTER INSERT OR UPDATE OR DELETE ON place_overrides
  FOR EACH ROW EXECUTE FUNCTION content_by_tournament();
CREATE TRIGGER matches_content AFTER INSERT OR UPDATE OR DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION content_by_round();
CREATE TRIGGER games_content AFTER INSERT OR UPDATE OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION content_by_match();
CREATE TRIGGER substitutions_content AFTER INSERT OR UPDATE OR DELETE ON substitutions
  FOR EACH ROW EXECUTE FUNCTION content_by_match();
CREATE TRIGGER entry_players_content AFTER INSERT OR UPDATE OR DELETE ON entry_players
  FOR EACH ROW EXECUTE FUNCTION content_by_entry();
CREATE TRIGGER lineups_content AFTER INSERT OR UPDATE OR DELETE ON lineups
  FOR EACH ROW EXECUTE FUNCTION content_by_entry();
CREATE TRIGGER game_records_content AFTER INSERT OR UPDATE OR DELETE ON game_records
  FOR EACH ROW EXECUTE FUNCTION content_by_game();
CREATE TRIGGER appeal_remedies_content AFTER INSERT OR UPDATE OR DELETE ON appeal_remedies
  FOR EACH ROW EXECUTE FUNCTION content_by_appeal();
CREATE TRIGGER appeal_committee_content AFTER INSERT OR UPDATE OR DELETE ON appeal_committee
  FOR EACH ROW EXECUTE FUNCTION content_by_appeal();
CREATE TRIGGER appeal_votes_content AFTER INSERT OR UPDATE OR DELETE ON appeal_votes
  FOR EACH ROW EXECUTE FUNCTION content_by_appeal();
CREATE TRIGGER organizations_content AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER club_memberships_content AFTER INSERT OR UPDATE OR DELETE ON club_memberships
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER bans_content AFTER INSERT OR UPDATE OR DELETE ON bans
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER clone_links_content AFTER INSERT OR UPDATE OR DELETE ON clone_links
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER employments_content AFTER INSERT OR UPDATE OR DELETE ON employments
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER documents_content AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER series_content AFTER INSERT OR UPDATE OR DELETE ON series
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER series_sports_content AFTER INSERT OR UPDATE OR DELETE ON series_sports
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER series_athletes_content AFTER INSERT OR UPDATE OR DELETE ON series_athletes
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER series_places_content AFTER INSERT OR UPDATE OR DELETE ON series_places
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
CREATE TRIGGER people_content AFTER INSERT OR UPDATE OF nick, full_name OR DELETE ON people
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
