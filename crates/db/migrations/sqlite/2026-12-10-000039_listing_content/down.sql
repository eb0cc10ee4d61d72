DROP TRIGGER history_entries_listed_delete;
DROP TRIGGER history_entries_listed_update;
DROP TRIGGER history_entries_listed_insert;
DROP TRIGGER championships_listed_delete;
DROP TRIGGER championships_listed_update;
DROP TRIGGER championships_listed_insert;
ALTER TABLE site_content DROP COLUMN listed;
