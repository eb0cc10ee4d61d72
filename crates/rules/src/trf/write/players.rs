//! Record 001: one line per player, one round column per game.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{Writer, push_line, truncate};
use crate::score::{BoardResult, ByeKind, HalfPoints};
use crate::tournament::{Game, Match, MatchForfeit, Pairing, Player, PlayerId, TeamId};
use crate::trf::codes::{bye_letter, colour_char, result_char};

/// One 001 round column: opponent, colour, result code.
type PlayerCell = Option<(u16, char, char)>;

/// Appends the 001 records, with each player's points and rank by points.
pub(super) fn write(w: &Writer<'_>, out: &mut String) {
    let player_games = player_cells(w);
    let pab_per_game = pab_per_game(w);
    let empty: Vec<PlayerCell> = vec![None; w.columns()];
    let points: Vec<HalfPoints> =
        w.t.players
            .iter()
            .map(|p| player_points(player_games.get(&p.id).unwrap_or(&empty), pab_per_game))
            .collect();
    for (p, &pp) in w.t.players.iter().zip(&points) {
        let rank = 1 + points.iter().filter(|&&q| q > pp).count();
        let cells = player_games.get(&p.id).unwrap_or(&empty);
        push_line(out, &player_line(p, pp, rank, cells));
    }
}

/// One 001 line.
fn player_line(p: &Player, points: HalfPoints, rank: usize, cells: &[PlayerCell]) -> String {
    let mut s = format!(
        "001 {:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  ",
        p.id.0,
        truncate(&p.name, 33),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        truncate(p.federation.as_deref().unwrap_or(""), 3),
        p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        "",
        points.to_decimal(),
        rank
    );
    for c in cells {
        match c {
            Some((o, col, res)) => {
                let _ = write!(s, "{o:>4} {col} {res}  ");
            }
            None => s.push_str("          "),
        }
    }
    s
}

/// Every player's round columns: the games of the matches, then the byes
/// of each round.
fn player_cells(w: &Writer<'_>) -> HashMap<PlayerId, Vec<PlayerCell>> {
    let mut player_games: HashMap<PlayerId, Vec<PlayerCell>> = HashMap::new();
    for (ri, r) in w.rounds.iter().enumerate() {
        for p in &r.pairings {
            let Pairing::Match(m) = p else { continue };
            for g in m.games.iter().chain(&forfeited_games(w, m)) {
                game_cells(w, ri, g, &mut player_games);
            }
        }
        // A team's bye shows on the lines of its first players, one per
        // board, as the common layout writes byes (U F H Z).
        for p in &r.pairings {
            let Pairing::Bye { team, kind } = p else {
                continue;
            };
            bye_cells(w, ri, *team, *kind, &mut player_games);
        }
    }
    player_games
}

/// The games a match forfeited as a whole (330) shows on the player lines
/// too, as readers of the common layout expect: the first players of each
/// roster forfeit or win their boards. None for a match played.
fn forfeited_games(w: &Writer<'_>, m: &Match) -> Vec<Game> {
    let Some(f) = m.forfeit else {
        return vec![];
    };
    let seat = |team: TeamId, b: usize| {
        w.team_of
            .get(&team)
            .and_then(|tm| tm.roster.get(b))
            .copied()
    };
    let result = match f {
        MatchForfeit::HomeWins => BoardResult::HomeForfeitWin,
        MatchForfeit::AwayWins => BoardResult::AwayForfeitWin,
        MatchForfeit::Double => BoardResult::DoubleForfeit,
    };
    let boards = w.boards;
    (1..=w.gpp)
        .flat_map(|game| (0..boards).map(move |b| (game, b)))
        .map(|(game, b)| Game {
            board: u8::try_from(b + 1).unwrap_or(u8::MAX),
            game: u8::try_from(game).unwrap_or(u8::MAX),
            result,
            home_player: seat(m.home, b),
            away_player: seat(m.away, b),
        })
        .collect()
}

/// The cells one game of round `ri` gives its two players.
fn game_cells(
    w: &Writer<'_>,
    ri: usize,
    g: &Game,
    player_games: &mut HashMap<PlayerId, Vec<PlayerCell>>,
) {
    let col = ri * w.gpp + usize::from(g.game.saturating_sub(1));
    let hc = w.t.home_colour(g.board, g.game);
    for (me, opp, home, colour) in [
        (g.home_player, g.away_player, true, hc),
        (g.away_player, g.home_player, false, hc.opposite()),
    ] {
        let Some(me) = me else { continue };
        let code = match result_char(g.result, home) {
            '*' | 'R' => continue,
            // `0000 - -` is a player not paired in the round
            // (TRF-2026 001), never a board: a board lost by
            // forfeit against nobody shows only on the lines of
            // the team that won it (`0000 - +`), and one nobody
            // won is the empty board both teams lose. The 300
            // line-up still names who was nominated.
            '-' if opp.is_none() => continue,
            c => c,
        };
        let cols = player_games
            .entry(me)
            .or_insert_with(|| vec![None; w.columns()]);
        // Without an opponent a cell has no colour (`-`), as for a bye.
        let colour = if opp.is_some() {
            colour_char(colour)
        } else {
            '-'
        };
        if let Some(slot) = cols.get_mut(col) {
            *slot = Some((opp.map(|o| o.0).unwrap_or(0), colour, code));
        }
    }
}

/// The cells of a team's bye in round `ri`: the bye letter in every game
/// column of its first players, one per board.
fn bye_cells(
    w: &Writer<'_>,
    ri: usize,
    team: TeamId,
    kind: ByeKind,
    player_games: &mut HashMap<PlayerId, Vec<PlayerCell>>,
) {
    let letter = bye_letter(kind);
    let Some(tm) = w.team_of.get(&team) else {
        return;
    };
    for pl in tm.roster.iter().take(w.boards) {
        let cols = player_games
            .entry(*pl)
            .or_insert_with(|| vec![None; w.columns()]);
        for g in 0..w.gpp {
            if let Some(slot) = cols.get_mut(ri * w.gpp + g) {
                *slot = Some((0, '-', letter));
            }
        }
    }
}

/// A PAB's game points spread over its games: a win or a draw on each.
fn pab_per_game(w: &Writer<'_>) -> HalfPoints {
    let gp = w.t.bye_score(ByeKind::PairingAllocated).game_points;
    let games = i32::try_from(w.slots).unwrap_or(1).max(1);
    if gp == HalfPoints::ONE.times(games) {
        HalfPoints::ONE
    } else if gp == HalfPoints::HALF.times(games) {
        HalfPoints::HALF
    } else {
        HalfPoints::ZERO
    }
}

/// A player's points: the sum of the results of their cells.
fn player_points(cols: &[PlayerCell], pab_per_game: HalfPoints) -> HalfPoints {
    cols.iter()
        .flatten()
        .map(|&(_, _, c)| match c {
            '1' | '+' | 'F' => HalfPoints::ONE,
            '=' | 'H' => HalfPoints::HALF,
            'U' => pab_per_game,
            _ => HalfPoints::ZERO,
        })
        .sum()
}
