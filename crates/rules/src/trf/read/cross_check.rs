//! The player lines checked against the 801 records, when a file has both.

use super::common;
use super::team_rounds::Record801;
use crate::score::{BoardResult, HalfPoints};
use crate::tournament::{Game, Match, Pairing, Round, Team, TeamId};
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
    let check = Check {
        r801,
        player_games,
        teams,
        gpp,
    };
    for r in from_players {
        let Some(other) = from_801.iter().find(|x| x.number == r.number) else {
            if let Some(p) = r.pairings.first() {
                let team = match p {
                    Pairing::Match(m) => m.home,
                    Pairing::Bye { team, .. } => *team,
                };
                return Err(check.fail(r.number, team, "no round".into()));
            }
            continue;
        };
        check.round(r, other)?;
    }
    Ok(())
}

/// The lines a disagreement names: the 801 records and the player lines.
struct Check<'a> {
    r801: &'a [Record801],
    player_games: &'a [common::PlayerGames],
    teams: &'a [Team],
    gpp: usize,
}

impl Check<'_> {
    /// The 801 line of `team` (0 when it has none).
    fn line_801(&self, team: TeamId) -> usize {
        self.r801
            .iter()
            .find(|r| r.team == team.0)
            .map_or(0, |r| r.line)
    }

    /// A player line of `team`: the first with a cell in `round`, else its
    /// first (0 when it has none).
    fn player_line(&self, team: TeamId, round: u16) -> usize {
        let Some(t) = self.teams.iter().find(|t| t.id == team) else {
            return 0;
        };
        let gpp = self.gpp;
        let first = (usize::from(round.max(1)) - 1) * gpp;
        let in_round = |p: &&common::PlayerGames| {
            (first..first + gpp).any(|c| p.cells.get(c).is_some_and(Option::is_some))
        };
        let of_team = self
            .player_games
            .iter()
            .filter(|p| t.roster.iter().any(|r| r.0 == p.player));
        of_team
            .clone()
            .find(in_round)
            .or_else(|| of_team.clone().next())
            .map_or(0, |p| p.line)
    }

    /// The error for `team` in `round`, `found` saying what 801 shows.
    fn fail(&self, round: u16, team: TeamId, found: String) -> TrfError {
        err(
            self.line_801(team),
            Expected::SameAsPlayerLines {
                round,
                team: team.0,
                line: self.player_line(team, round),
            },
            found,
        )
    }

    /// Round `r` of the player lines against the same round of 801
    /// (`other`).
    fn round(&self, r: &Round, other: &Round) -> Result<(), TrfError> {
        for p in &r.pairings {
            match p {
                Pairing::Bye { team, kind } => {
                    let theirs = other.pairings.iter().find_map(|q| match q {
                        Pairing::Bye { team: t, kind: k } if t == team => Some(*k),
                        _ => None,
                    });
                    if theirs != Some(*kind) {
                        return Err(self.fail(r.number, *team, describe(other, *team)));
                    }
                }
                Pairing::Match(m) => self.matched(r.number, m, other)?,
            }
        }
        Ok(())
    }

    /// A match of the player lines: 801 must have it, with the same
    /// forfeit and the games the player lines hold.
    fn matched(&self, round: u16, m: &Match, other: &Round) -> Result<(), TrfError> {
        // Without a game the player lines cannot tell the home team.
        let told = m.forfeit.is_some()
            || m.games
                .iter()
                .any(|g| g.home_player.is_some() && g.away_player.is_some());
        let theirs = other.pairings.iter().find_map(|q| match q {
            Pairing::Match(x) if x.home == m.home && x.away == m.away => Some(x),
            Pairing::Match(x) if !told && x.home == m.away && x.away == m.home => Some(x),
            _ => None,
        });
        let Some(x) = theirs else {
            return Err(self.fail(round, m.home, describe(other, m.home)));
        };
        if m.forfeit != x.forfeit {
            return Err(self.fail(round, m.home, describe(other, m.home)));
        }
        // Only the games the player lines hold (a board nobody
        // filled there may be a game still to be played).
        // The player lines may have told the teams the other way
        // round: compare each side with the same team's side.
        let games = games_as_in(m, x.home != m.home);
        for g in games
            .iter()
            .filter(|g| g.home_player.is_some() || g.away_player.is_some())
        {
            let same = counterpart(g, x);
            if !same.is_some_and(|y| agrees(g, y)) {
                return Err(self.fail(
                    round,
                    m.home,
                    format!(
                        "board {}{}: {}",
                        g.board,
                        if g.game > 1 { " (game 2)" } else { "" },
                        same.map_or("no game".to_string(), |y| format!("{:?}", y.result))
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The games of `m`, with the home and away sides swapped when `flipped`.
fn games_as_in(m: &Match, flipped: bool) -> Vec<Game> {
    m.games
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
        .collect()
}

/// The game of 801's match `x` that stands for the player lines' game `g`:
/// the same players' game of that game number (the player lines cannot
/// always tell the board), else the game on the same board.
fn counterpart<'x>(g: &Game, x: &'x Match) -> Option<&'x Game> {
    let same_players = x.games.iter().find(|y| {
        y.game == g.game
            && (y.home_player.is_some() || y.away_player.is_some())
            && (g.home_player.is_none() || y.home_player == g.home_player)
            && (g.away_player.is_none() || y.away_player == g.away_player)
    });
    same_players.or_else(|| {
        x.games
            .iter()
            .find(|y| y.board == g.board && y.game == g.game)
    })
}

/// Whether 801's game `y` agrees with the player lines' game `g` on each
/// side `g` names a player for: the side's points, whether it was
/// forfeited, and the player (when 801 names one).
fn agrees(g: &Game, y: &Game) -> bool {
    (g.home_player.is_none()
        || (side(y.result, true) == side(g.result, true)
            && y.home_player.is_none_or(|p| Some(p) == g.home_player)))
        && (g.away_player.is_none()
            || (side(y.result, false) == side(g.result, false)
                && y.away_player.is_none_or(|p| Some(p) == g.away_player)))
}

/// Each side as its own line shows it: points, and whether the game was
/// forfeited.
fn side(r: BoardResult, home: bool) -> (Option<HalfPoints>, bool) {
    let pts = r.points().map(|(h, a)| if home { h } else { a });
    (pts, r.is_forfeit())
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
