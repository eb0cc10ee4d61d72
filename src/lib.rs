//! The league platform: team chess championships run by their regulations.
//! This crate is the binary's library: the server that puts the layers
//! together ([`startup`]) and the operator commands ([`cli`]). The layers
//! are the crates of the workspace, re-exported here under the names the
//! whole workspace uses for them; `docs/ARCHITECTURE.md` draws the graph:
//! `league-web` (pages, API) → `league-app` (use cases, read models,
//! notices) → `league-db` (the only SQL), `league-engine`, `league-paths`
//! → `league-rules` (pure) → `league-ids`, with `league-i18n` below all
//! but the rules.

pub mod cli;
pub mod startup;

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
/// The pages and the JSON API: the `league-web` crate.
pub use league_web::{api, state, web, words};
