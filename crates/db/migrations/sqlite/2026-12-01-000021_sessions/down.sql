DROP TABLE known_browsers;
DROP TABLE sessions;
