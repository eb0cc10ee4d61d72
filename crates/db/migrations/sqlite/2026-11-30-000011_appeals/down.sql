DROP TABLE appeal_votes;
DROP TABLE appeal_remedies;
DROP TABLE appeals;
DROP TABLE fair_play_reports;
