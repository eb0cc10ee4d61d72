//! The state of play a result is written into, and the one check every
//! result write passes: the judges' sheet and single results, the PGN
//! import, the game servers' API and the captains' reports all call
//! [`check_result`] before they write.
//!
//! Who sits on a board is the game's own record of its two players (set by
//! the line-up, G-V22/E-2, by a substitution, G-V31/G-V32, and emptied
//! when a player may not play, G-A7/G-G7). From it and the instant:
//! - a side with nobody on it can take only its forfeit
//!   ([`rules::boards::empty_board_result`]): an empty board is lost by its
//!   team unless a substitute fills it;
//! - no result before the tournament's official start;
//! - a completed round is not edited by the night's forms: changing one of
//!   its results is a correction, its own act with a reason
//!   ([`super::rounds::correct_result`]); a result the game's kept PGN says
//!   otherwise is changed only by a correction that confirms it knows.

use chrono::NaiveDateTime;

use super::rounds::RoundProblem;
use crate::db::games as dg;
use crate::db::rounds::Game;
use crate::db::tournaments::Tournament;
use crate::db::{DbConnection, championships};
use crate::rules::boards as rb;
use crate::rules::pgn::{self, GameResult};
use crate::rules::score::BoardResult;

/// How a result is being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// During the round: the sheet, a single result, a game server, a
    /// captain's report.
    Entry,
    /// During the round, from a game file whose record replaces the kept
    /// one (the PGN import): the old record does not bind it.
    File,
    /// The correction of a result already final, with its reason; when
    /// `pgn_known` the judge has seen that the game's PGN says otherwise.
    Correction { pgn_known: bool },
}

/// A result about to be written into a game, and where the game is.
#[derive(Debug, Clone, Copy)]
pub struct ResultWriteAt<'a> {
    pub game: &'a Game,
    /// Every game of the game's round has a final result (G-V23).
    pub round_complete: bool,
    pub round_no: i32,
    pub result: BoardResult,
}

/// What the game's kept PGN says the result is, home side first: `None`
/// when no record is kept or it gives no final result.
pub fn pgn_result(
    conn: &mut DbConnection,
    g: &Game,
) -> Result<Option<BoardResult>, diesel::result::Error> {
    let Some(record) = dg::of_game(conn, g.id)? else {
        return Ok(None);
    };
    let read = pgn::read(&record.pgn);
    let Some(game) = read.games.first() else {
        return Ok(None);
    };
    let white = match game.result {
        GameResult::WhiteWins => BoardResult::HomeWin,
        GameResult::BlackWins => BoardResult::AwayWin,
        GameResult::Draw => BoardResult::Draw,
        GameResult::Unfinished | GameResult::Unknown => return Ok(None),
    };
    Ok(Some(if g.home_white { white } else { white.flipped() }))
}

/// Every reason the result of `w` may not be written now by `act`; empty
/// when it may. Reads the game's kept PGN when the write changes a final
/// result.
pub fn check_result(
    conn: &mut DbConnection,
    tournament: &Tournament,
    w: &ResultWriteAt<'_>,
    act: Act,
    now: NaiveDateTime,
) -> Result<Vec<RoundProblem>, diesel::result::Error> {
    let g = w.game;
    let mut problems = Vec::new();
    if now < tournament.starts_at {
        // The championship's zone is read only to word the refusal.
        let tz = championships::by_id(conn, tournament.championship_id)?
            .map_or(chrono_tz::UTC, |c| c.tz());
        problems.push(RoundProblem::BeforeStart {
            starts: super::rounds::local_text(tz, tournament.starts_at),
        });
    }
    let (home, away) = (g.home_player_id.is_some(), g.away_player_id.is_some());
    if !rb::result_fits_seats(home, away, w.result) {
        problems.push(RoundProblem::EmptyBoard {
            game: g.id,
            board: g.board,
            game_no: g.game_no,
            only: rb::empty_board_result(home, away)
                .map_or("", |r| crate::db::rounds::result_code(r))
                .to_owned(),
        });
    }
    let changes_final = g.result().is_final() && g.result() != w.result;
    if changes_final && w.round_complete && !matches!(act, Act::Correction { .. }) {
        problems.push(RoundProblem::RoundCompleted { round: w.round_no });
    }
    let binds = matches!(act, Act::Entry | Act::Correction { pgn_known: false });
    if binds
        && w.result.is_final()
        && !w.result.is_forfeit()
        && g.result() != w.result
        && let Some(pgn) = pgn_result(conn, g)?
        && pgn != w.result
    {
        problems.push(RoundProblem::PgnSays {
            game: g.id,
            result: crate::db::rounds::result_code(pgn).to_owned(),
        });
    }
    Ok(problems)
}
