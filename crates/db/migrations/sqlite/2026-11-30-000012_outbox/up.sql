-- E-mail notices (issue 9): a durable outbox. A row is written in the same
-- transaction as the change it tells about; a worker claims due rows
-- (status 'sending' with claimed_by/claimed_until as a lease that expires
-- if the instance dies), sends them and marks them 'sent', or puts them back
-- to 'pending' with next_attempt_at later, or 'failed' after the last try.
-- address and lang are the recipient's at enqueue time. championship_id
-- decides which organizers see the row on /outbox (NULL: admins only).
-- Twin of the postgres migration of the same name.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    person_id BIGINT REFERENCES people(id) ON DELETE SET NULL,
    address TEXT NOT NULL,
    championship_id BIGINT REFERENCES championships(id) ON DELETE SET NULL,
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    last_error TEXT,
    claimed_by TEXT,
    claimed_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
CREATE INDEX outbox_championship ON outbox(championship_id);

-- Optional notice kinds a person does not want (rule_change is never here).
CREATE TABLE notice_optouts (
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    PRIMARY KEY (person_id, kind)
);
