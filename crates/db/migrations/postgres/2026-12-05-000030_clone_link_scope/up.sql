-- A clone link (G-A7: a ban of one account is a ban of every account of
-- the same person) holds in one championship, made by its judges: there,
-- the bans that hold in it cover the whole group. One without a
-- championship holds in every championship and only an administrator
-- makes it. The links made before held everywhere, and keep doing so.
ALTER TABLE clone_links ADD COLUMN championship_id BIGINT REFERENCES championships(id) ON DELETE CASCADE;
CREATE INDEX clone_links_championship ON clone_links (championship_id);
