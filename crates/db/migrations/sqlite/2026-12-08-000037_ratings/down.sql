DROP TABLE rating_imports;
DROP TABLE rating_periods;
DROP TABLE platform_ratings;
DROP TABLE ratings;
DROP INDEX people_fide_id;
ALTER TABLE people DROP COLUMN fide_id;
