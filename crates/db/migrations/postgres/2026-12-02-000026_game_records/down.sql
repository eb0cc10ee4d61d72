DROP TABLE pgn_imports;
DROP TABLE game_records;
