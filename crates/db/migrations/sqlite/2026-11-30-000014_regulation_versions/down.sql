DROP TABLE regulation_versions;
