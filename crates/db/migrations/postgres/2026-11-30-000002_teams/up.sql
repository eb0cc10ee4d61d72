-- Teams, people and rosters (issue 5). Twin of the sqlite migration of the same name.

-- The championship's regulation (a serialized rules::Regulation) and settings.
ALTER TABLE championships ADD COLUMN regulation TEXT NOT NULL DEFAULT '{}';
ALTER TABLE championships ADD COLUMN preset TEXT NOT NULL DEFAULT '';
ALTER TABLE championships ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Moscow';
ALTER TABLE championships ADD COLUMN created_by BIGINT REFERENCES people(id) ON DELETE SET NULL;

-- Enterprises; a subsidiary names its parent (E-12).
CREATE TABLE organizations (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    parent_id BIGINT REFERENCES organizations(id) ON DELETE RESTRICT,
    created_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);

-- A team of one championship. Its name is reserved there for ever, even
-- after dissolution (G-B41): the unique key is never released.
CREATE TABLE teams (
    id BIGSERIAL PRIMARY KEY,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    motto TEXT NOT NULL,
    organization_id BIGINT REFERENCES organizations(id) ON DELETE RESTRICT,
    captain_id BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'dissolved')),
    decision_reason TEXT,
    decided_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    decided_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    dissolved_at TIMESTAMP,
    UNIQUE (championship_id, name_key)
);
CREATE INDEX teams_championship_status ON teams (championship_id, status);

-- Membership of a roster, from..until (G-B31/B32). championship_id is
-- repeated here so that one index can forbid two open memberships of a
-- person in one championship, even under concurrent requests (G-B22).
CREATE TABLE memberships (
    id BIGSERIAL PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    championship_id BIGINT NOT NULL REFERENCES championships(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    from_at TIMESTAMP NOT NULL,
    until_at TIMESTAMP,
    -- joined | transfer ; removed | left | transfer | dissolved
    start_reason TEXT NOT NULL,
    end_reason TEXT
);
CREATE UNIQUE INDEX memberships_one_open_per_championship
    ON memberships (championship_id, person_id) WHERE until_at IS NULL;
CREATE INDEX memberships_team ON memberships (team_id, from_at);
CREATE INDEX memberships_person ON memberships (person_id, from_at);

-- A captain's invitation to join (or transfer into) the team.
CREATE TABLE invitations (
    id BIGSERIAL PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    invited_by BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    created_at TIMESTAMP NOT NULL,
    -- pending | awaiting_approval | accepted | declined | cancelled | refused
    status TEXT NOT NULL,
    decided_at TIMESTAMP,
    decided_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    note TEXT
);
CREATE INDEX invitations_person ON invitations (person_id, status);
CREATE INDEX invitations_team ON invitations (team_id, status);

-- Captaincy hand-overs, notified to the chief judge (G-B34).
CREATE TABLE captaincies (
    id BIGSERIAL PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    from_person BIGINT REFERENCES people(id) ON DELETE SET NULL,
    to_person BIGINT NOT NULL REFERENCES people(id) ON DELETE RESTRICT,
    at TIMESTAMP NOT NULL
);
CREATE INDEX captaincies_team ON captaincies (team_id, at);

-- Club membership marked by an organizer (G-A7).
CREATE TABLE club_memberships (
    id BIGSERIAL PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    from_at TIMESTAMP NOT NULL,
    until_at TIMESTAMP,
    marked_by BIGINT REFERENCES people(id) ON DELETE SET NULL
);
CREATE INDEX club_memberships_person ON club_memberships (person_id, from_at);

-- Bans for a period (G-A7); until NULL = indefinite.
CREATE TABLE bans (
    id BIGSERIAL PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    from_at TIMESTAMP NOT NULL,
    until_at TIMESTAMP,
    reason TEXT NOT NULL,
    imposed_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    lifted_at TIMESTAMP,
    lifted_by BIGINT REFERENCES people(id) ON DELETE SET NULL
);
CREATE INDEX bans_person ON bans (person_id);

-- Accounts known to belong to one person ("clones", G-A7): a ban of one
-- is a ban of all accounts connected through these links.
CREATE TABLE clone_links (
    id BIGSERIAL PRIMARY KEY,
    person_a BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    person_b BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    linked_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    at TIMESTAMP NOT NULL,
    UNIQUE (person_a, person_b)
);
CREATE INDEX clone_links_b ON clone_links (person_b);

-- Employment records for E-12, confirmed by an organizer.
CREATE TABLE employments (
    id BIGSERIAL PRIMARY KEY,
    person_id BIGINT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    organization_id BIGINT NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
    from_date DATE NOT NULL,
    until_date DATE,
    entered_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    confirmed_by BIGINT REFERENCES people(id) ON DELETE SET NULL,
    confirmed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX employments_person ON employments (person_id);

-- Audit entries may name the championship they concern, so its organizers
-- can read them.
ALTER TABLE audit_log ADD COLUMN championship_id BIGINT REFERENCES championships(id) ON DELETE SET NULL;
CREATE INDEX audit_log_championship ON audit_log (championship_id, at);
