-- E-13: when the captain accepted the fair-play undertaking with the
-- entry; NULL where the regulation asks none.
ALTER TABLE entries ADD COLUMN undertaken_at TIMESTAMP;

-- R-2.2..R-2.4: the organizers' check-in of each participant on the day.
-- medical: 'certificate', 'waiver' or '' (none shown); symptoms need a
-- same-day doctor's note; refusal: 'contraindications', 'intoxication'
-- or '' (none). Admission follows from these (rules::check_in).
CREATE TABLE check_ins (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    medical TEXT NOT NULL,
    passport BOOLEAN NOT NULL,
    symptoms BOOLEAN NOT NULL,
    doctor_note BOOLEAN NOT NULL,
    refusal TEXT NOT NULL,
    admitted BOOLEAN NOT NULL,
    recorded_by BIGINT NOT NULL REFERENCES people(id),
    recorded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (tournament_id, person_id)
);

-- G-V33: a captain reports the opponent's substitution violation to the
-- chief judge; the judge answers it.
CREATE TABLE violation_reports (
    id BIGSERIAL PRIMARY KEY,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    against_entry_id BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    board INTEGER,
    what TEXT NOT NULL,
    filed_by BIGINT NOT NULL REFERENCES people(id),
    filed_at TIMESTAMP NOT NULL,
    answer TEXT,
    answered_by BIGINT REFERENCES people(id),
    answered_at TIMESTAMP
);
CREATE INDEX violation_reports_open ON violation_reports (championship_id, answered_at);
