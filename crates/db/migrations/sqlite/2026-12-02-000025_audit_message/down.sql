ALTER TABLE audit_log DROP COLUMN message;
