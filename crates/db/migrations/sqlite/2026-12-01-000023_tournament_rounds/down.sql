ALTER TABLE tournaments DROP COLUMN rounds;
