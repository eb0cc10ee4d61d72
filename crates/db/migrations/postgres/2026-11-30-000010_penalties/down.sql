DROP INDEX penalties_person;
ALTER TABLE penalties DROP COLUMN person_id;
ALTER TABLE penalties DROP COLUMN bars_tournament_id;
ALTER TABLE penalties DROP COLUMN sanction;
ALTER TABLE penalties DROP COLUMN count;
