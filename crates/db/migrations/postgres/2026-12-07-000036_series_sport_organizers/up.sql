-- The organizer of one sport of a corporate series (volleyball, darts):
-- they enter that sport's places and its athletes' list, nothing else of
-- the series (R-1.8, R-3.4). Twin of the SQLite migration.
CREATE TABLE series_sport_organizers (
    sport_id BIGINT NOT NULL REFERENCES series_sports(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    added_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (sport_id, person_id)
);
CREATE INDEX series_sport_organizers_person ON series_sport_organizers(person_id);
CREATE TRIGGER series_sport_organizers_content AFTER INSERT OR UPDATE OR DELETE ON series_sport_organizers
  FOR EACH ROW EXECUTE FUNCTION site_content_changed();
