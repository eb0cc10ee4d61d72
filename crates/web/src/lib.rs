//! The platform's two edges over HTTP, side by side: [`web`], the pages
//! (server-rendered, working without JavaScript), and [`api`], the JSON API
//! under `/api/v1`; neither imports the other (tests/it/architecture.rs).
//! Both word the application's refusals and notices through [`words`] and
//! run database work through [`state`] (the pool, the settings and the
//! blocking pool). Handlers parse, call a use case or a read model of
//! `league-app`, and render.
//!
//! The crates below are named here as the rest of the workspace names
//! them: `crate::app` (with `crate::config`, `crate::mail`, `crate::read`),
//! `crate::db` (the reads that `league_app::reads` lends: no writes),
//! `crate::rules`, `crate::ids`, `crate::i18n`,
//! `crate::engine`, `crate::paths`.
#![forbid(unsafe_code)]

pub mod api;
pub mod routing;
pub mod state;
pub mod web;
pub mod words;

use league_app as app;
use league_app::reads as db;
use league_app::{config, mail, read};
use league_engine as engine;
use league_i18n as i18n;
use league_i18n::msg;
use league_ids as ids;
use league_paths as paths;
use league_rules as rules;
