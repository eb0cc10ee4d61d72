-- A fair-play report goes before the committee once (G-E3 → G-G7): one
-- case per report. A second case of one report, if any was opened before
-- this rule held, keeps its decision but no longer counts as the report's.
UPDATE appeals SET report_id = NULL
WHERE report_id IS NOT NULL
  AND id > (SELECT MIN(a2.id) FROM appeals a2 WHERE a2.report_id = appeals.report_id);
CREATE UNIQUE INDEX appeals_report ON appeals (report_id);

-- The committee of a case as it stood when the case opened (G-Zh1): who
-- sits and in which seat ('chief_judge', 'judge', 'captain'). Later
-- changes of staff or captains do not change who decides the case.
CREATE TABLE appeal_committee (
    appeal_id BIGINT NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    seat TEXT NOT NULL,
    PRIMARY KEY (appeal_id, person_id)
);
