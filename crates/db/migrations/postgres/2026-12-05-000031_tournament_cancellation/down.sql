ALTER TABLE tournaments DROP COLUMN cancel_reason;
ALTER TABLE tournaments DROP COLUMN cancelled_at;
