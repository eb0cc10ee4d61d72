-- Withdrawn entries and revoked deductions stay as they are: nothing
-- tells them from those withdrawn or revoked otherwise.
SELECT 1;
