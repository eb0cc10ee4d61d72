DROP TRIGGER championship_content_changed_in ON championship_content;
DROP FUNCTION championship_content_changed_in();
ALTER TABLE championship_content DROP COLUMN changed_in;
