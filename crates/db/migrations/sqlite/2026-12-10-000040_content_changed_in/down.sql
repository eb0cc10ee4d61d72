ALTER TABLE championship_content DROP COLUMN changed_in;
