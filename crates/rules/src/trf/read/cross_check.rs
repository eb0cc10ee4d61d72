//! The player lines checked against the 801 records, when a file has both.

use super::common;
use super::team_rounds::Record801;
use crate::score::BoardResult;
use crate::tournament::{Game, Pairing, Round, Team, TeamId};
use crate::trf::{Expected, TrfError, err};

/// The player lines must show what the 801 records show: every match they
/// hold pairs the same teams with the same home team, every game they hold
/// has the 801 result and players, every bye the same kind. A disagreement
/// names the team's 801 line and the player line it contradicts.
pub(super) fn cross_check(
    from_801: &[Round],
    from_players: &[Round],
    r801: &[Record801],
    player_games: &[common::PlayerGames],
    teams: &[Team],
    gpp: usize,
) -> Result<(), TrfError> {
    let line_801 = |team: TeamId| r801.iter().find(|r| r.team == team.0).map_or(0, |r| r.line);
    let player_line = |team: TeamId, round: u16| -> usize {
        let Some(t) = teams.iter().find(|t| t.id == team) else {
            return 0;
        };
        let first = (usize::from(round.max(1)) - 1) * gpp;
        let in_round = |p: &&common::PlayerGames| {
            (first..first + gpp).any(|c| p.cells.get(c).is_some_and(Option::is_some))
        };
        let of_team = player_games
            .iter()
            .filter(|p| t.roster.iter().any(|r| r.0 == p.player));
        of_team
            .clone()
            .find(in_round)
            .or_else(|| of_team.clone().next())
            .map_or(0, |p| p.line)
    };
    let fail = |round: u16, team: TeamId, found: String| {
        err(
            line_801(team),
            Expected::SameAsPlayerLines {
                round,
                team: team.0,
                line: player_line(team, round),
            },
            found,
        )
    };
    for r in from_players {
        let Some(other) = from_801.iter().find(|x| x.number == r.number) else {
            if let Some(p) = r.pairings.first() {
                let team = match p {
                    Pairing::Match(m) => m.home,
                    Pairing::Bye { team, .. } => *team,
                };
                return Err(fail(r.number, team, "no round".into()));
            }
            continue;
        };
        for p in &r.pairings {
            match p {
                Pairing::Bye { team, kind } => {
                    let theirs = other.pairings.iter().find_map(|q| match q {
                        Pairing::Bye { team: t, kind: k } if t == team => Some(*k),
                        _ => None,
                    });
                    if theirs != Some(*kind) {
                        return Err(fail(r.number, *team, describe(other, *team)));
                    }
                }
                Pairing::Match(m) => {
                    // Without a game the player lines cannot tell the home team.
                    let told = m.forfeit.is_some()
                        || m.games
                            .iter()
                            .any(|g| g.home_player.is_some() && g.away_player.is_some());
                    let theirs = other.pairings.iter().find_map(|q| match q {
                        Pairing::Match(x) if x.home == m.home && x.away == m.away => Some(x),
                        Pairing::Match(x) if !told && x.home == m.away && x.away == m.home => {
                            Some(x)
                        }
                        _ => None,
                    });
                    let Some(x) = theirs else {
                        return Err(fail(r.number, m.home, describe(other, m.home)));
                    };
                    if m.forfeit != x.forfeit {
                        return Err(fail(r.number, m.home, describe(other, m.home)));
                    }
                    // Only the games the player lines hold (a board nobody
                    // filled there may be a game still to be played).
                    // The player lines may have told the teams the other way
                    // round: compare each side with the same team's side.
                    let flipped = x.home != m.home;
                    let games: Vec<Game> = m
                        .games
                        .iter()
                        .map(|g| {
                            if flipped {
                                Game {
                                    result: g.result.flipped(),
                                    home_player: g.away_player,
                                    away_player: g.home_player,
                                    ..g.clone()
                                }
                            } else {
                                g.clone()
                            }
                        })
                        .collect();
                    for g in games
                        .iter()
                        .filter(|g| g.home_player.is_some() || g.away_player.is_some())
                    {
                        // Each side as its own line shows it: points, and
                        // whether the game was forfeited.
                        let side = |r: BoardResult, home: bool| {
                            let pts = r.points().map(|(h, a)| if home { h } else { a });
                            (pts, r.is_forfeit())
                        };
                        let agrees_with = |y: &Game| {
                            (g.home_player.is_none()
                                || (side(y.result, true) == side(g.result, true)
                                    && y.home_player.is_none_or(|p| Some(p) == g.home_player)))
                                && (g.away_player.is_none()
                                    || (side(y.result, false) == side(g.result, false)
                                        && y.away_player.is_none_or(|p| Some(p) == g.away_player)))
                        };
                        // The same players' game of that game number (the
                        // player lines cannot always tell the board), else
                        // the game on the same board.
                        let same_players = x.games.iter().find(|y| {
                            y.game == g.game
                                && (y.home_player.is_some() || y.away_player.is_some())
                                && (g.home_player.is_none() || y.home_player == g.home_player)
                                && (g.away_player.is_none() || y.away_player == g.away_player)
                        });
                        let same = same_players.or_else(|| {
                            x.games
                                .iter()
                                .find(|y| y.board == g.board && y.game == g.game)
                        });
                        let agrees = same.is_some_and(agrees_with);
                        if !agrees {
                            return Err(fail(
                                r.number,
                                m.home,
                                format!(
                                    "board {}{}: {}",
                                    g.board,
                                    if g.game > 1 { " (game 2)" } else { "" },
                                    same.map_or("no game".to_string(), |y| format!(
                                        "{:?}",
                                        y.result
                                    ))
                                ),
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// What a round of the 801 records shows for `team`, for an error message.
fn describe(round: &Round, team: TeamId) -> String {
    for p in &round.pairings {
        match p {
            Pairing::Bye { team: t, kind } if *t == team => return kind.code().to_string(),
            Pairing::Match(m) if m.home == team => return format!("home against {}", m.away),
            Pairing::Match(m) if m.away == team => return format!("away against {}", m.home),
            _ => {}
        }
    }
    "not paired".to_string()
}
