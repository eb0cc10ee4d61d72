DROP TABLE appeal_committee;
DROP INDEX appeals_report;
