-- The officials' daily digest (what waits for them) goes once a day: a
-- row per person and day, written in the transaction that queues the mail,
-- so that of several instances only one sends it.
CREATE TABLE digests_sent (
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    day DATE NOT NULL,
    PRIMARY KEY (person_id, day)
);
