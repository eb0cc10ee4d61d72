DROP TABLE violation_reports;
DROP TABLE check_ins;
ALTER TABLE entries DROP COLUMN undertaken_at;
