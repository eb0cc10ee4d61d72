-- The platform's lists (the home page, the championships, the hall of
-- fame) show the championships' names, kinds and zones and their history
-- rows, nothing that a result changes. `site_content.listed` moves with
-- those rows only, so that a tournament night's results do not redraw the
-- lists (web::infra::page_cache, `Scope::Listing`).
ALTER TABLE site_content ADD COLUMN listed BIGINT NOT NULL DEFAULT 1;

CREATE TRIGGER championships_listed_insert AFTER INSERT ON championships
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
CREATE TRIGGER championships_listed_update AFTER UPDATE OF name, slug, preset, time_zone ON championships
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
CREATE TRIGGER championships_listed_delete AFTER DELETE ON championships
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
CREATE TRIGGER history_entries_listed_insert AFTER INSERT ON history_entries
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
CREATE TRIGGER history_entries_listed_update AFTER UPDATE ON history_entries
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
CREATE TRIGGER history_entries_listed_delete AFTER DELETE ON history_entries
BEGIN UPDATE site_content SET listed = listed + 1 WHERE id = 1; END;
