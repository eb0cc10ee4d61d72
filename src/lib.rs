//! The league platform: team chess championships run by their regulations.
//! `docs/ARCHITECTURE.md` has the map; layers depend downwards only:
//! the edges `web` (pages) and `api` (JSON) → `read` → `app` (every write)
//! → `mail` → `db` (all SQL) → `rules` (pure), with `ids`, `i18n`, `paths`,
//! `config` and `state` beside them.

pub mod api;
pub mod app;
pub mod cli;
pub mod config;
pub mod db;
pub mod engine;
pub mod i18n;
pub mod mail;
pub mod paths;
pub mod read;
pub mod startup;
pub mod state;
pub mod web;
pub mod words;

/// Typed ids: the `league-ids` crate (with its diesel mappings).
pub use league_ids as ids;
/// The pure regulation logic: the `league-rules` crate.
pub use league_rules as rules;
