-- R-3.5: the organizers set the rounds of a tournament from its entries;
-- NULL: the regulation's number.
ALTER TABLE tournaments ADD COLUMN rounds INTEGER;
