-- A ban or a club membership holds in one championship, set by its judges
-- or organizers; one without a championship holds in every championship
-- and only an administrator sets it. The rows made before held
-- everywhere, and keep doing so.
ALTER TABLE bans ADD COLUMN championship_id BIGINT REFERENCES championships(id) ON DELETE CASCADE;
ALTER TABLE club_memberships ADD COLUMN championship_id BIGINT REFERENCES championships(id) ON DELETE CASCADE;
CREATE INDEX bans_championship ON bans (championship_id);
CREATE INDEX club_memberships_championship ON club_memberships (championship_id);
