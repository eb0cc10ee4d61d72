DROP INDEX clone_links_championship;
ALTER TABLE clone_links DROP COLUMN championship_id;
