DROP TABLE series_places;
DROP TABLE series_sports;
DROP TABLE series;
