-- The transaction that last moved a championship's content version, by
-- its 64-bit id. The content clock (db::content_clock) reads, besides the
-- totals, the rows whose transaction is not older than the oldest one
-- still running at its previous read (that read's snapshot xmin): every
-- change committed since is among them, so each championship's own
-- version is known without a read per request or per change. No index:
-- the table has one row per championship, and an index on a column that
-- every change moves would take the rows' updates off PostgreSQL's HOT
-- path (three per result).
ALTER TABLE championship_content ADD COLUMN changed_in BIGINT;

CREATE FUNCTION championship_content_changed_in() RETURNS trigger AS $$
BEGIN
  NEW.changed_in := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER championship_content_changed_in BEFORE INSERT OR UPDATE ON championship_content
  FOR EACH ROW EXECUTE FUNCTION championship_content_changed_in();
