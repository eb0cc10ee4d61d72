DROP TABLE tournaments;
