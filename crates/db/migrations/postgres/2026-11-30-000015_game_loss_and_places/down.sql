DROP TABLE place_overrides;
ALTER TABLE appeal_remedies DROP COLUMN place;
ALTER TABLE appeal_remedies DROP COLUMN entry_id;
ALTER TABLE penalties DROP COLUMN game_id;
