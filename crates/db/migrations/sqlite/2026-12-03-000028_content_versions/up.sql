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

-- A championship's own change (settings, regulation, results version)
-- moves it too.
CREATE TRIGGER championships_content_insert AFTER INSERT ON championships
BEGIN INSERT INTO championship_content (championship_id, version) VALUES (NEW.id, 1); END;
CREATE TRIGGER championships_content AFTER UPDATE ON championships
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.id; END;
CREATE TRIGGER championships_content_gone AFTER DELETE ON championships
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER role_grants_content_insert AFTER INSERT ON role_grants
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER role_grants_content_update AFTER UPDATE ON role_grants
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER role_grants_content_delete AFTER DELETE ON role_grants
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER teams_content_insert AFTER INSERT ON teams
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER teams_content_update AFTER UPDATE ON teams
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER teams_content_delete AFTER DELETE ON teams
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER memberships_content_insert AFTER INSERT ON memberships
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER memberships_content_update AFTER UPDATE ON memberships
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER memberships_content_delete AFTER DELETE ON memberships
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER tournaments_content_insert AFTER INSERT ON tournaments
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER tournaments_content_update AFTER UPDATE ON tournaments
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER tournaments_content_delete AFTER DELETE ON tournaments
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER violation_reports_content_insert AFTER INSERT ON violation_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER violation_reports_content_update AFTER UPDATE ON violation_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER violation_reports_content_delete AFTER DELETE ON violation_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER penalties_content_insert AFTER INSERT ON penalties
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER penalties_content_update AFTER UPDATE ON penalties
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER penalties_content_delete AFTER DELETE ON penalties
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER history_entries_content_insert AFTER INSERT ON history_entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER history_entries_content_update AFTER UPDATE ON history_entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER history_entries_content_delete AFTER DELETE ON history_entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER regulation_versions_content_insert AFTER INSERT ON regulation_versions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER regulation_versions_content_update AFTER UPDATE ON regulation_versions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER regulation_versions_content_delete AFTER DELETE ON regulation_versions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER fair_play_reports_content_insert AFTER INSERT ON fair_play_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER fair_play_reports_content_update AFTER UPDATE ON fair_play_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER fair_play_reports_content_delete AFTER DELETE ON fair_play_reports
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER appeals_content_insert AFTER INSERT ON appeals
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER appeals_content_update AFTER UPDATE ON appeals
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = NEW.championship_id; END;
CREATE TRIGGER appeals_content_delete AFTER DELETE ON appeals
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = OLD.championship_id; END;
CREATE TRIGGER invitations_content_insert AFTER INSERT ON invitations
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = NEW.team_id); END;
CREATE TRIGGER invitations_content_update AFTER UPDATE ON invitations
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = NEW.team_id); END;
CREATE TRIGGER invitations_content_delete AFTER DELETE ON invitations
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = OLD.team_id); END;
CREATE TRIGGER captaincies_content_insert AFTER INSERT ON captaincies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = NEW.team_id); END;
CREATE TRIGGER captaincies_content_update AFTER UPDATE ON captaincies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = NEW.team_id); END;
CREATE TRIGGER captaincies_content_delete AFTER DELETE ON captaincies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM teams WHERE id = OLD.team_id); END;
CREATE TRIGGER entries_content_insert AFTER INSERT ON entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER entries_content_update AFTER UPDATE ON entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER entries_content_delete AFTER DELETE ON entries
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = OLD.tournament_id); END;
CREATE TRIGGER check_ins_content_insert AFTER INSERT ON check_ins
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER check_ins_content_update AFTER UPDATE ON check_ins
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER check_ins_content_delete AFTER DELETE ON check_ins
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = OLD.tournament_id); END;
CREATE TRIGGER rounds_content_insert AFTER INSERT ON rounds
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER rounds_content_update AFTER UPDATE ON rounds
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER rounds_content_delete AFTER DELETE ON rounds
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = OLD.tournament_id); END;
CREATE TRIGGER tournament_places_content_insert AFTER INSERT ON tournament_places
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER tournament_places_content_update AFTER UPDATE ON tournament_places
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER tournament_places_content_delete AFTER DELETE ON tournament_places
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = OLD.tournament_id); END;
CREATE TRIGGER place_overrides_content_insert AFTER INSERT ON place_overrides
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER place_overrides_content_update AFTER UPDATE ON place_overrides
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = NEW.tournament_id); END;
CREATE TRIGGER place_overrides_content_delete AFTER DELETE ON place_overrides
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM tournaments WHERE id = OLD.tournament_id); END;
CREATE TRIGGER matches_content_insert AFTER INSERT ON matches
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = NEW.round_id); END;
CREATE TRIGGER matches_content_update AFTER UPDATE ON matches
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = NEW.round_id); END;
CREATE TRIGGER matches_content_delete AFTER DELETE ON matches
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM rounds r JOIN tournaments t ON t.id = r.tournament_id WHERE r.id = OLD.round_id); END;
CREATE TRIGGER games_content_insert AFTER INSERT ON games
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = NEW.match_id); END;
CREATE TRIGGER games_content_update AFTER UPDATE ON games
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = NEW.match_id); END;
CREATE TRIGGER games_content_delete AFTER DELETE ON games
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = OLD.match_id); END;
CREATE TRIGGER substitutions_content_insert AFTER INSERT ON substitutions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = NEW.match_id); END;
CREATE TRIGGER substitutions_content_update AFTER UPDATE ON substitutions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = NEW.match_id); END;
CREATE TRIGGER substitutions_content_delete AFTER DELETE ON substitutions
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM matches m JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE m.id = OLD.match_id); END;
CREATE TRIGGER entry_players_content_insert AFTER INSERT ON entry_players
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = NEW.entry_id); END;
CREATE TRIGGER entry_players_content_update AFTER UPDATE ON entry_players
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = NEW.entry_id); END;
CREATE TRIGGER entry_players_content_delete AFTER DELETE ON entry_players
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = OLD.entry_id); END;
CREATE TRIGGER lineups_content_insert AFTER INSERT ON lineups
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = NEW.entry_id); END;
CREATE TRIGGER lineups_content_update AFTER UPDATE ON lineups
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = NEW.entry_id); END;
CREATE TRIGGER lineups_content_delete AFTER DELETE ON lineups
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM entries e JOIN tournaments t ON t.id = e.tournament_id WHERE e.id = OLD.entry_id); END;
CREATE TRIGGER game_records_content_insert AFTER INSERT ON game_records
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = NEW.game_id); END;
CREATE TRIGGER game_records_content_update AFTER UPDATE ON game_records
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = NEW.game_id); END;
CREATE TRIGGER game_records_content_delete AFTER DELETE ON game_records
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT t.championship_id FROM games g JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id JOIN tournaments t ON t.id = r.tournament_id WHERE g.id = OLD.game_id); END;
CREATE TRIGGER appeal_remedies_content_insert AFTER INSERT ON appeal_remedies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_remedies_content_update AFTER UPDATE ON appeal_remedies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_remedies_content_delete AFTER DELETE ON appeal_remedies
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = OLD.appeal_id); END;
CREATE TRIGGER appeal_committee_content_insert AFTER INSERT ON appeal_committee
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_committee_content_update AFTER UPDATE ON appeal_committee
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_committee_content_delete AFTER DELETE ON appeal_committee
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = OLD.appeal_id); END;
CREATE TRIGGER appeal_votes_content_insert AFTER INSERT ON appeal_votes
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_votes_content_update AFTER UPDATE ON appeal_votes
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = NEW.appeal_id); END;
CREATE TRIGGER appeal_votes_content_delete AFTER DELETE ON appeal_votes
BEGIN UPDATE championship_content SET version = version + 1 WHERE championship_id = (SELECT championship_id FROM appeals WHERE id = OLD.appeal_id); END;

CREATE TRIGGER organizations_content_insert AFTER INSERT ON organizations
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER organizations_content_update AFTER UPDATE ON organizations
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER organizations_content_delete AFTER DELETE ON organizations
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER club_memberships_content_insert AFTER INSERT ON club_memberships
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER club_memberships_content_update AFTER UPDATE ON club_memberships
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER club_memberships_content_delete AFTER DELETE ON club_memberships
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER bans_content_insert AFTER INSERT ON bans
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER bans_content_update AFTER UPDATE ON bans
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER bans_content_delete AFTER DELETE ON bans
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER clone_links_content_insert AFTER INSERT ON clone_links
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER clone_links_content_update AFTER UPDATE ON clone_links
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER clone_links_content_delete AFTER DELETE ON clone_links
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER employments_content_insert AFTER INSERT ON employments
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER employments_content_update AFTER UPDATE ON employments
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER employments_content_delete AFTER DELETE ON employments
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER documents_content_insert AFTER INSERT ON documents
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER documents_content_update AFTER UPDATE ON documents
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER documents_content_delete AFTER DELETE ON documents
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_content_insert AFTER INSERT ON series
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_content_update AFTER UPDATE ON series
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_content_delete AFTER DELETE ON series
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_sports_content_insert AFTER INSERT ON series_sports
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_sports_content_update AFTER UPDATE ON series_sports
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_sports_content_delete AFTER DELETE ON series_sports
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_athletes_content_insert AFTER INSERT ON series_athletes
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_athletes_content_update AFTER UPDATE ON series_athletes
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_athletes_content_delete AFTER DELETE ON series_athletes
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_places_content_insert AFTER INSERT ON series_places
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_places_content_update AFTER UPDATE ON series_places
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_places_content_delete AFTER DELETE ON series_places
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_insert AFTER INSERT ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_update AFTER UPDATE OF nick, full_name ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER people_content_delete AFTER DELETE ON people
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
