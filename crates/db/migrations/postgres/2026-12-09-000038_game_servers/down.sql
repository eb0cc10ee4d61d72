DROP TABLE server_games;
DROP TABLE server_connections;
DROP TABLE server_sign_ins;
DROP TABLE server_accounts;
