-- An audit line's detail as a message (key and arguments, JSON), worded
-- in the reader's language; `detail` keeps its English text. NULL for
-- lines recorded before, which are shown as recorded.
ALTER TABLE audit_log ADD COLUMN message TEXT;
