//! The league platform: team chess championships run by their regulations.
//! `docs/ARCHITECTURE.md` has the map; layers depend downwards only:
//! `web` → `db` → `rules`, with `accounts`, `i18n` and `ids` beside them;
//! `api` (the JSON API) sits beside `web` at the edge.

pub mod api;
pub mod app;
pub mod cli;
pub mod config;
pub mod db;
pub mod i18n;
pub mod ids;
pub mod mail;
pub mod paths;
pub mod read;
pub mod rules;
pub mod startup;
pub mod state;
pub mod web;
