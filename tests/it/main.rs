//! Integration tests: one binary, the real server on port 0, a fresh
//! database per test (a SQLite file, or a PostgreSQL database cloned from a
//! migrated template when `TEST_DATABASE_URL` is set).

mod club;
mod helpers;
mod r_club;
mod showcase;

mod accessibility;
mod accounts;
mod admin;
mod api;
mod appeals;
mod architecture;
mod backup;
mod boards;
mod bulk;
mod cache;
mod cli;
mod conformance;
mod crash;
mod csrf;
mod documents;
mod evidence;
mod exports;
mod feeds;
mod finished;
mod game_files;
mod games;
mod guards;
mod invariants;
mod knockout;
mod language;
mod limits;
mod mail;
mod migrations;
mod page_cache;
mod pages;
mod pair_cli;
mod penalties;
mod play;
mod public_pages;
mod regulation;
mod results_pages;
mod scopes;
mod season_g;
mod seed_r;
mod series;
mod sessions;
mod sheets;
mod standing;
mod teams;
mod text_input;
mod throttle;
mod todo;
mod trf_import;
mod walk;
