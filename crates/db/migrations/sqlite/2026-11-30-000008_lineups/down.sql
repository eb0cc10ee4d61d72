CREATE TABLE round_lineups (
    round_id BIGINT NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    person_id BIGINT REFERENCES people(id) ON DELETE RESTRICT,
    set_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL,
    PRIMARY KEY (round_id, entry_id, board)
);

INSERT INTO round_lineups (round_id, entry_id, board, person_id, set_by, set_at)
SELECT r.id, l.entry_id, l.board, l.person_id, l.set_by, l.set_at
FROM lineups l
JOIN entries e ON e.id = l.entry_id
JOIN rounds r ON r.tournament_id = e.tournament_id AND r.number = l.round_no AND r.kind = 'regular';

DROP TABLE lineups;
