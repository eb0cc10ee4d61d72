//! The match of two teams in one round of the player lines: its games, and
//! which team is at home.

use std::collections::BTreeMap;

use super::boards::boards_of;
use super::{Board, Context, Entry};
use crate::score::{BoardResult, Colour};
use crate::tournament::{Game, Match, PlayerId, TeamId};
use crate::trf::read::side::SideResult;
use crate::trf::{Expected, TrfError, err};

/// The match of teams `a` and `b` in a round.
pub(super) fn build_match(
    ctx: &Context<'_>,
    columns: &[BTreeMap<u16, Vec<Entry>>],
    round_no: u16,
    a: u16,
    b: u16,
) -> Result<Match, TrfError> {
    let forfeit = ctx
        .forfeits
        .get(&(round_no, a, b))
        .map(|f| (a, b, *f))
        .or_else(|| ctx.forfeits.get(&(round_no, b, a)).map(|f| (b, a, *f)));
    if let Some((white, black, f)) = forfeit {
        return Ok(Match {
            home: TeamId(white),
            away: TeamId(black),
            games: vec![],
            forfeit: Some(f),
        });
    }
    let per_game = boards_per_game(ctx, columns, round_no, a, b)?;
    let a_home = a_is_home(ctx, &per_game).unwrap_or(a < b);
    let (home, away) = if a_home { (a, b) } else { (b, a) };
    Ok(Match {
        home: TeamId(home),
        away: TeamId(away),
        games: games(ctx, &per_game, a_home),
        forfeit: None,
    })
}

/// The boards of each game of the match (one column each), at most
/// `ctx.boards` a game.
fn boards_per_game(
    ctx: &Context<'_>,
    columns: &[BTreeMap<u16, Vec<Entry>>],
    round_no: u16,
    a: u16,
    b: u16,
) -> Result<Vec<Vec<Option<Board>>>, TrfError> {
    let mut per_game: Vec<Vec<Option<Board>>> = Vec::with_capacity(columns.len());
    for col in columns {
        let empty = vec![];
        let ea = col.get(&a).unwrap_or(&empty);
        let eb = col.get(&b).unwrap_or(&empty);
        let boards = boards_of(
            ctx,
            round_no,
            (a, b),
            (ea, eb),
            per_game.first().map(Vec::as_slice),
        )?;
        if boards.iter().flatten().count() > ctx.boards || boards.len() > ctx.boards.max(1) {
            let line = ea.first().or(eb.first()).map_or(0, |e| e.line);
            return Err(err(
                line,
                Expected::GamesPerMatch {
                    boards: ctx.boards,
                    round: round_no,
                    team: a,
                    opponent: b,
                },
                boards.iter().flatten().count().to_string(),
            ));
        }
        per_game.push(boards);
    }
    Ok(per_game)
}

/// Whether team a is the home team, from the first board that gives its
/// colour: the home team has the first colour of 352 on its board (colours
/// of game 2 are those of game 1 reversed). None when no board tells.
fn a_is_home(ctx: &Context<'_>, per_game: &[Vec<Option<Board>>]) -> Option<bool> {
    for (g, boards) in per_game.iter().enumerate() {
        for (i, bd) in boards.iter().enumerate() {
            if let Some(c) = bd.as_ref().and_then(|bd| bd.a_colour) {
                let first = ctx.colours.get(i).copied().unwrap_or(if i % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                });
                let first = if g % 2 == 1 { first.opposite() } else { first };
                return Some(c == first);
            }
        }
    }
    None
}

/// The games of the match from the home team's side: every board of each
/// game with a board filled.
fn games(ctx: &Context<'_>, per_game: &[Vec<Option<Board>>], a_home: bool) -> Vec<Game> {
    let mut games = vec![];
    for (g, boards) in per_game.iter().enumerate() {
        if boards.iter().all(Option::is_none) {
            continue;
        }
        for board in 0..ctx.boards {
            let (result, hp, ap) = match boards.get(board).and_then(Option::as_ref) {
                Some(bd) => {
                    let r = result_for_a(bd);
                    let (r, hp, ap) = if a_home {
                        (r, bd.a_player, bd.b_player)
                    } else {
                        (r.flipped(), bd.b_player, bd.a_player)
                    };
                    (r, hp, ap)
                }
                // A board neither team filled is lost by both.
                None => (BoardResult::DoubleForfeit, None, None),
            };
            games.push(Game {
                board: u8::try_from(board + 1).unwrap_or(u8::MAX),
                game: u8::try_from(g + 1).unwrap_or(u8::MAX),
                result,
                home_player: hp.map(PlayerId),
                away_player: ap.map(PlayerId),
            });
        }
    }
    games
}

/// A board's result seen from team a (home for [`BoardResult`]).
fn result_for_a(bd: &Board) -> BoardResult {
    match bd.a_result {
        SideResult::Win => BoardResult::HomeWin,
        SideResult::Draw => BoardResult::Draw,
        SideResult::Loss => BoardResult::AwayWin,
        SideResult::ForfeitWin if bd.both_forfeited => BoardResult::DoubleForfeit,
        SideResult::ForfeitWin => BoardResult::HomeForfeitWin,
        SideResult::ForfeitLoss if bd.both_forfeited || bd.b_player.is_none() => {
            BoardResult::DoubleForfeit
        }
        SideResult::ForfeitLoss => BoardResult::AwayForfeitWin,
        SideResult::Pending => BoardResult::NotPlayed,
        SideResult::Replay => BoardResult::Replay,
    }
}
