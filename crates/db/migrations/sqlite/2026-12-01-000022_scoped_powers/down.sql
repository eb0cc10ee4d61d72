DROP INDEX club_memberships_championship;
DROP INDEX bans_championship;
ALTER TABLE club_memberships DROP COLUMN championship_id;
ALTER TABLE bans DROP COLUMN championship_id;
