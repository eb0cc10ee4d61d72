-- A tournament not yet drawn can be cancelled by an organizer, with the
-- reason (a duplicate, a date dropped). The row stays, marked, so that the
-- audit log and the mails that name it keep their meaning; every list of a
-- championship's tournaments (its calendar, its feeds, the season's count
-- for the history, G-E1) leaves it out.
ALTER TABLE tournaments ADD COLUMN cancelled_at TIMESTAMP;
ALTER TABLE tournaments ADD COLUMN cancel_reason TEXT;
