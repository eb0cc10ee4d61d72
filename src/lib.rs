//! The league platform: team chess championships run by their regulations.
//! `docs/ARCHITECTURE.md` has the map; layers depend downwards only:
//! the edges `web` (pages) and `api` (JSON) → `read` → `app` (every write)
//! → `mail` → `db` (all SQL) → `rules` (pure), with `ids`, `i18n`, `paths`,
//! `config` and `state` beside them.

pub mod api;
pub mod cli;
pub mod startup;
pub mod state;
pub mod web;
pub mod words;

/// The application layer (use cases, read models, notices, settings): the
/// `league-app` crate.
pub use league_app as app;
pub use league_app::{config, mail, read};
/// The database layer (the only SQL): the `league-db` crate.
pub use league_db as db;
/// A UCI chess engine as a process: the `league-engine` crate.
pub use league_engine as engine;
/// Languages and messages: the `league-i18n` crate.
pub use league_i18n as i18n;
pub use league_i18n::msg;
/// Typed ids: the `league-ids` crate (with its diesel mappings).
pub use league_ids as ids;
/// Every URL: the `league-paths` crate.
pub use league_paths as paths;
/// The pure regulation logic: the `league-rules` crate.
pub use league_rules as rules;
