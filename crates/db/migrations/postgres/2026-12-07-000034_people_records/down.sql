DROP TABLE claim_links;
ALTER TABLE people DROP COLUMN added_by;
UPDATE people SET email = COALESCE(email, ''), email_key = COALESCE(email_key, 'record:' || id),
                  password_hash = COALESCE(password_hash, '');
ALTER TABLE people ALTER COLUMN email SET NOT NULL;
ALTER TABLE people ALTER COLUMN email_key SET NOT NULL;
ALTER TABLE people ALTER COLUMN password_hash SET NOT NULL;
