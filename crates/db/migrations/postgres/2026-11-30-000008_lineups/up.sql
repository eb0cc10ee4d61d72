-- Board line-ups (G-V22) are kept per round *number*, not per round row:
-- a captain prepares the next round's line-up while the current round runs
-- (G-V22), before the judges have paired it (a Swiss round is paired only
-- when the previous one is complete). The games of a round take the
-- line-up when they are created, and follow it while none of them has a
-- result. Twin of the sqlite migration of the same name.
CREATE TABLE lineups (
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    board INTEGER NOT NULL,
    -- NULL: the board is left empty (its game is lost by forfeit).
    person_id BIGINT REFERENCES people(id) ON DELETE RESTRICT,
    set_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL,
    PRIMARY KEY (entry_id, round_no, board)
);

INSERT INTO lineups (entry_id, round_no, board, person_id, set_by, set_at)
SELECT l.entry_id, r.number, l.board, l.person_id, l.set_by, l.set_at
FROM round_lineups l JOIN rounds r ON r.id = l.round_id;

DROP TABLE round_lineups;
