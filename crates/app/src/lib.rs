//! The application layer: every change of state of the platform, one use
//! case per function and one module per area, each in its own write
//! transaction. Handlers (pages, API, CLI) call these; the decisions
//! themselves are pure functions of the rules crate, fed here with what the
//! database knows. A refusal is data (`PlayError::Refused`), worded by the
//! caller. Beside the use cases: [`read`] (read models of the pages and the
//! API), [`mail`] (notices enqueued in the use case's transaction, and the
//! worker that sends them) and [`config`] (the settings).
//!
//! The crates below are named here as the rest of the workspace names
//! them: `crate::db`, `crate::rules`, `crate::ids`, `crate::i18n`,
//! `crate::engine`, `crate::paths`.
#![forbid(unsafe_code)]

pub mod access;
pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod api_tokens;
pub mod appeals;
pub mod boards;
pub mod championship;
pub mod check_in;
pub mod claims;
pub mod digest;
pub mod documents;
pub mod eligibility;
pub mod entries;
pub mod game_servers;
pub mod games;
pub mod generate;
pub mod knockout;
pub mod nesting;
pub mod notes;
pub mod organizations;
pub mod outbox;
pub mod penalties;
pub mod people;
pub mod play_state;
pub mod ratings;
pub mod regulation;
pub mod roster_import;
pub mod rounds;
pub mod season;
pub mod series;
pub mod sessions;
pub mod teams;
pub mod todo;
pub mod trf;
pub mod violations;

pub mod config;
pub mod mail;
pub mod read;
pub mod zones;

/// The database layer as the pages and the API see it: its reads, row
/// types, errors and connections, and no way to write. Its write functions
/// ask for a [`league_db::WriteTx`], which only `league_db::write_transaction`
/// opens; that function is left out here, and `league-web` does not depend
/// on `league-db`: a handler that writes does not compile. Writes go
/// through the use cases of this crate.
pub mod reads {
    pub use league_db::{
        Backend, ConnectionManager, DatabaseErrorKind, DbConnection, DbError, DbUrl,
        ManageConnection, OUTAGE_HOLD, Outage, POOL_WAIT, Pool, PooledConn, QueryError,
        QueryResult, StorageFault, api_tokens, appeals, audit, championships, check_ins, connect,
        connect_capped, connection_lost, content_clock, documents, entries, game_servers, games,
        lineups, login_attempts, organizations, outbox, penalties, people, ratings,
        regulation_versions, results, roles, rounds, schema_version, series, sessions, standing,
        teams, tournaments, utc_now, violations, waiting,
    };
}

use league_db as db;
use league_engine as engine;
use league_i18n as i18n;
use league_i18n::msg;
use league_ids as ids;
use league_paths as paths;
use league_rules as rules;

use crate::db::QueryError as DieselError;
use chrono::{NaiveDate, NaiveDateTime};

use crate::db::{DbConnection, championships, tournaments};
use crate::ids::{ChampionshipId, TournamentId};
use crate::rules::regulation::{EntryTiming, Regulation};

#[derive(Debug, thiserror::Error)]
pub enum PlayError<P: std::fmt::Debug> {
    #[error("not found")]
    NotFound,
    #[error("not allowed")]
    Forbidden,
    /// Every problem found, for the person to fix at once.
    #[error("refused: {0:?}")]
    Refused(Vec<P>),
    #[error(transparent)]
    Db(#[from] DieselError),
}

/// A tournament with its championship's regulation and time zone.
pub struct TournamentContext {
    pub tournament: tournaments::Tournament,
    pub championship: championships::Championship,
    pub regulation: Regulation,
    pub tz: chrono_tz::Tz,
}

impl TournamentContext {
    pub fn load(conn: &mut DbConnection, id: TournamentId) -> Result<Option<Self>, DieselError> {
        let Some(tournament) = tournaments::by_id(conn, id)? else {
            return Ok(None);
        };
        let Some(championship) = championships::by_id(conn, tournament.championship_id)? else {
            return Ok(None);
        };
        // G-E2: the tournament follows the version in force at its start.
        let regulation =
            regulation::in_force(conn, &championship, tournament.starts_at)?.regulation;
        let tz = championship.tz();
        Ok(Some(TournamentContext {
            tournament,
            championship,
            regulation,
            tz,
        }))
    }

    pub fn id(&self) -> TournamentId {
        self.tournament.id
    }

    pub fn championship_id(&self) -> ChampionshipId {
        self.tournament.championship_id
    }

    /// Where registration stands at `now` (G-B13 opens, G-A6/G-G1 late);
    /// the draw closes it as the start does.
    pub fn entry_timing(&self, now: NaiveDateTime) -> EntryTiming {
        if self.tournament.drawn_at.is_some() {
            return EntryTiming::Closed;
        }
        self.regulation
            .entry
            .timing((self.tournament.starts_at - now).num_seconds())
    }

    /// When registration opens (G-B13: 30 minutes before the start).
    pub fn registration_opens_at(&self) -> NaiveDateTime {
        let before = self.regulation.entry.opens_before_start.unwrap_or(0);
        self.tournament.starts_at - chrono::Duration::seconds(i64::from(before))
    }

    /// The last moment of an entry in time (G-A6: 5 minutes before the
    /// start), when the regulation sets one.
    pub fn on_time_until(&self) -> Option<NaiveDateTime> {
        self.regulation
            .entry
            .on_time_before_start
            .map(|s| self.tournament.starts_at - chrono::Duration::seconds(i64::from(s)))
    }

    /// The start's calendar date in the championship's time zone.
    pub fn local_date(&self, at: NaiveDateTime) -> NaiveDate {
        at.and_utc().with_timezone(&self.tz).date_naive()
    }
}

/// Refuses with `finished` when the tournament is finished: after the
/// finish its results, line-ups and entries are final until the chief
/// judge reopens it. Locks the tournament for the rest of the
/// transaction, so the finish cannot slip in between check and write.
/// Returns the tournament's championship.
pub(crate) fn in_play<P: std::fmt::Debug>(
    conn: &mut crate::db::WriteTx<'_>,
    t: crate::ids::TournamentId,
    finished: P,
) -> Result<crate::ids::ChampionshipId, PlayError<P>> {
    open_or(crate::db::tournaments::lock_finished_at(conn, t)?, finished)
}

/// [`in_play`] for a write of results alone: such writes of a tournament
/// hold it together and run at once, while the finish and every other
/// write of the tournament wait for them (`tournaments::hold_for_results`).
/// The caller then holds each round it writes (`rounds::hold`).
pub(crate) fn results_in_play<P: std::fmt::Debug>(
    conn: &mut crate::db::WriteTx<'_>,
    t: crate::ids::TournamentId,
    finished: P,
) -> Result<crate::ids::ChampionshipId, PlayError<P>> {
    open_or(crate::db::tournaments::hold_for_results(conn, t)?, finished)
}

/// The championship of a tournament found in play; `finished` when it is
/// finished.
fn open_or<P: std::fmt::Debug>(
    found: Option<(crate::ids::ChampionshipId, Option<chrono::NaiveDateTime>)>,
    finished: P,
) -> Result<crate::ids::ChampionshipId, PlayError<P>> {
    match found {
        None => Err(PlayError::NotFound),
        Some((_, Some(_))) => Err(PlayError::Refused(vec![finished])),
        Some((championship, None)) => Ok(championship),
    }
}
