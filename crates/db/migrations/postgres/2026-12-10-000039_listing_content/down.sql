DROP TRIGGER history_entries_listed ON history_entries;
DROP TRIGGER championships_listed ON championships;
DROP FUNCTION listing_changed();
ALTER TABLE site_content DROP COLUMN listed;
