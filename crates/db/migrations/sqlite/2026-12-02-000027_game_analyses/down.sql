DROP TABLE analysis_jobs;
DROP TABLE game_analyses;
