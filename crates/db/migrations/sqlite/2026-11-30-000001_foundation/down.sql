DROP TABLE audit_log;
DROP TABLE login_attempts;
DROP TABLE role_grants;
DROP TABLE championships;
DROP TABLE people;
