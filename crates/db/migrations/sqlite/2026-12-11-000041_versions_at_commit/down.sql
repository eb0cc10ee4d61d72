DROP TRIGGER games_results_moved;
ALTER TABLE championships ADD COLUMN results_version BIGINT NOT NULL DEFAULT 0;
UPDATE championships SET results_version =
  (SELECT cc.results_version FROM championship_content cc WHERE cc.championship_id = championships.id);
ALTER TABLE championship_content DROP COLUMN results_version;
