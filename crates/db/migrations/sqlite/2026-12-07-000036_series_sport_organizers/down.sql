DROP TABLE series_sport_organizers;
