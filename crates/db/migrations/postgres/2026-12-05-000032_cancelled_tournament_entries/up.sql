-- The entries of a cancelled tournament are withdrawn with it, the
-- cancellation's reason theirs, and the G-G1 deduction the platform
-- recorded with a late entry among them falls (no round 1 will start):
-- what a cancellation now does, applied to the tournaments cancelled
-- before it did.
UPDATE penalties
SET revoked_at = (SELECT t.cancelled_at FROM tournaments t WHERE t.id = penalties.tournament_id),
    revoke_reason = (SELECT t.cancel_reason FROM tournaments t WHERE t.id = penalties.tournament_id)
WHERE revoked_at IS NULL
  AND reason = 'auto:late-entry'
  AND tournament_id IN (SELECT id FROM tournaments WHERE cancelled_at IS NOT NULL)
  AND entry_id IN (SELECT id FROM entries WHERE status = 'entered');
UPDATE entries
SET status = 'withdrawn',
    status_at = (SELECT t.cancelled_at FROM tournaments t WHERE t.id = entries.tournament_id),
    status_reason = (SELECT t.cancel_reason FROM tournaments t WHERE t.id = entries.tournament_id)
WHERE status = 'entered'
  AND tournament_id IN (SELECT id FROM tournaments WHERE cancelled_at IS NOT NULL);
