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
//!
//! A round not yet published reads the same state: whoever may not play at
//! the instant (G-A7, [`super::eligibility::unfit_to_play`]) is off the
//! board its publication would take them off ([`unseated`]);
//! the pages draw a draft round as that publication will leave it
//! ([`load_as_shown`]).

use chrono::NaiveDateTime;

use super::eligibility::Unfit;
use super::rounds::{Loaded, RoundProblem};
use crate::db::games as dg;
use crate::db::rounds::Game;
use crate::db::tournaments::Tournament;
use crate::db::{DbConnection, championships};
use crate::ids::{EntryId, GameId, MatchId, PersonId, RoundId, TournamentId};
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
) -> Result<Option<BoardResult>, crate::db::QueryError> {
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
) -> Result<Vec<RoundProblem>, crate::db::QueryError> {
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

/// A player seated in a round not yet published who may not play at the
/// instant asked: its publication takes them off these boards, which stay
/// empty until a substitute fills them (G-A7, G-V31).
#[derive(Debug, Clone)]
pub struct Unseated {
    pub round: RoundId,
    pub match_id: MatchId,
    pub table_no: i32,
    pub entry: EntryId,
    /// The entry's side of the match.
    pub home: bool,
    pub person: PersonId,
    /// The games whose board they leave, and those boards (each once).
    pub games: Vec<GameId>,
    pub boards: Vec<i32>,
    pub why: Vec<Unfit>,
}

/// Which boards of a round a player unfit to play leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seats {
    /// At publication: every board of the round.
    Round,
    /// During the round: the games still to be played (no final result);
    /// a game played stands (G-G7: played rounds stand).
    StillToPlay,
}

/// Who may not play at `at` and leaves the boards `seats` of `round`
/// names: the one reading behind the publication (`Seats::Round`), every
/// page that shows the round before it, and an act during the round that
/// leaves someone unfit (`Seats::StillToPlay`).
pub fn unseated(
    conn: &mut DbConnection,
    loaded: &Loaded,
    round: RoundId,
    seats: Seats,
    at: NaiveDateTime,
) -> Result<Vec<Unseated>, crate::db::QueryError> {
    let mut out = Vec::new();
    for m in loaded.matches_of(round) {
        for (entry_id, home) in [(Some(m.home_entry_id), true), (m.away_entry_id, false)] {
            let Some(entry) = entry_id.and_then(|id| loaded.entries.iter().find(|x| x.id == id))
            else {
                continue;
            };
            let games: Vec<&Game> = loaded
                .games_of(m.id)
                .filter(|g| seats == Seats::Round || !g.result().is_final())
                .collect();
            let seat = |g: &Game| {
                if home {
                    g.home_player_id
                } else {
                    g.away_player_id
                }
            };
            let mut players: Vec<PersonId> = games.iter().filter_map(|g| seat(g)).collect();
            players.sort();
            players.dedup();
            let unfit =
                super::eligibility::unfit_to_play(conn, &loaded.ctx, entry.team_id, &players, at)?;
            for (person, why) in unfit {
                let theirs: Vec<&&Game> =
                    games.iter().filter(|g| seat(g) == Some(person)).collect();
                let mut boards: Vec<i32> = theirs.iter().map(|g| g.board).collect();
                boards.dedup();
                out.push(Unseated {
                    round,
                    match_id: m.id,
                    table_no: m.table_no,
                    entry: entry.id,
                    home,
                    person,
                    games: theirs.iter().map(|g| g.id).collect(),
                    boards,
                    why,
                });
            }
        }
    }
    Ok(out)
}

/// A tournament loaded for its pages, with every round not yet published
/// as its publication at `at` would leave it: the players
/// [`unseated`] names are off their boards in this copy
/// (nothing is written), so that a draft round, its match pages and its
/// games show what publishing it will do. Writes load [`Loaded::load`].
pub fn load_as_shown(
    conn: &mut DbConnection,
    t: TournamentId,
    at: NaiveDateTime,
) -> Result<Option<Loaded>, crate::db::QueryError> {
    let Some(mut loaded) = Loaded::load(conn, t)? else {
        return Ok(None);
    };
    let drafts: Vec<RoundId> = loaded
        .rounds
        .iter()
        .filter(|r| !r.is_published())
        .map(|r| r.id)
        .collect();
    for round in drafts {
        for off in unseated(conn, &loaded, round, Seats::Round, at)? {
            for g in loaded
                .games
                .iter_mut()
                .filter(|g| off.games.contains(&g.id))
            {
                if off.home {
                    g.home_player_id = None;
                } else {
                    g.away_player_id = None;
                }
            }
        }
    }
    Ok(Some(loaded))
}
