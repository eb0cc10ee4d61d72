-- A running count of the changes of every championship's content version,
-- so that a cached page of the whole platform (home, lists, hall of fame,
-- teams, people) learns whether anything moved from one row instead of
-- the sum over every championship's row on each view.
--
-- SQLite only: it writes one transaction at a time, so one row updated by
-- every writer costs no waiting. On PostgreSQL the same row would make the
-- writers of every championship queue on its lock; there the content clock
-- reads the sum once for all the requests that came meanwhile.
CREATE TABLE championship_content_changes (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    changes BIGINT NOT NULL
);
INSERT INTO championship_content_changes (id, changes)
SELECT 1, COALESCE(SUM(version), 0) FROM championship_content;

CREATE TRIGGER championship_content_counted_insert AFTER INSERT ON championship_content
BEGIN UPDATE championship_content_changes SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER championship_content_counted_update AFTER UPDATE OF version ON championship_content
BEGIN UPDATE championship_content_changes SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER championship_content_counted_delete AFTER DELETE ON championship_content
BEGIN UPDATE championship_content_changes SET changes = changes + 1 WHERE id = 1; END;
