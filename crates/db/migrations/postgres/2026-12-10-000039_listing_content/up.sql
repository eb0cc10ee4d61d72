-- The platform's lists (the home page, the championships, the hall of
-- fame) show the championships' names, kinds and zones and their history
-- rows, nothing that a result changes. `site_content.listed` moves with
-- those rows only, so that a tournament night's results do not redraw the
-- lists (web::infra::page_cache, `Scope::Listing`).
ALTER TABLE site_content ADD COLUMN listed BIGINT NOT NULL DEFAULT 1;

CREATE FUNCTION listing_changed() RETURNS trigger AS $$
BEGIN
  UPDATE site_content SET listed = listed + 1 WHERE id = 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER championships_listed
  AFTER INSERT OR DELETE OR UPDATE OF name, slug, preset, time_zone ON championships
  FOR EACH ROW EXECUTE FUNCTION listing_changed();
CREATE TRIGGER history_entries_listed AFTER INSERT OR UPDATE OR DELETE ON history_entries
  FOR EACH ROW EXECUTE FUNCTION listing_changed();
