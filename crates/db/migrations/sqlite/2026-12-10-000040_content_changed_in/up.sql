-- The PostgreSQL transaction that last moved a championship's content
-- version (db::content_clock reads only the rows changed since its last
-- read). SQLite reads a championship's version in-process and leaves the
-- column empty; it is here so that both backends have the same columns.
ALTER TABLE championship_content ADD COLUMN changed_in BIGINT;
