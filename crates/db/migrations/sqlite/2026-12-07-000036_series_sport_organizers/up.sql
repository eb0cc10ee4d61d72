-- The organizer of one sport of a corporate series (volleyball, darts):
-- they enter that sport's places and its athletes' list, nothing else of
-- the series (R-1.8, R-3.4). Twin of the PostgreSQL migration.
CREATE TABLE series_sport_organizers (
    sport_id BIGINT NOT NULL REFERENCES series_sports(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    added_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (sport_id, person_id)
);
CREATE INDEX series_sport_organizers_person ON series_sport_organizers(person_id);
CREATE TRIGGER series_sport_organizers_content_insert AFTER INSERT ON series_sport_organizers
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_sport_organizers_content_update AFTER UPDATE ON series_sport_organizers
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER series_sport_organizers_content_delete AFTER DELETE ON series_sport_organizers
BEGIN UPDATE site_content SET version = version + 1 WHERE id = 1; END;
