DROP TABLE notice_optins;
DROP TABLE series_athletes;
ALTER TABLE series_sports DROP COLUMN points;
