//! Play-offs: when a regulation plays one (G-V42: extra match for 1st place)
//! and how a drawn knockout match is decided (E-9: board 1, board 2, then an
//! armageddon on board 1 where a draw wins for Black).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::ranking::Standings;
use super::score::{Colour, HalfPoints};
use super::tournament::{Match, TeamId, Tournament};

/// How ties that the tie-break chain leaves are settled over the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayoffRule {
    /// No play-off: tied teams share places.
    None,
    /// G-V42: teams still tied for one of `places` play an extra match of
    /// `rounds` round(s) and `games_per_pairing` games.
    ExtraMatch {
        /// Places decided by a play-off (G-V42: 1st only).
        places: Vec<u32>,
        /// Rounds of the play-off (G-V42: 1).
        rounds: u8,
        /// Games per pairing (G-V42: 2).
        games_per_pairing: u8,
    },
    /// E-9: a drawn knockout match is decided by the results on `boards` in
    /// order, then by one armageddon game between the players of
    /// `armageddon_board`; a drawn armageddon wins for `draw_winner`.
    BoardsThenArmageddon {
        /// Boards compared in order (E-9: 1, then 2).
        boards: Vec<u8>,
        /// Board whose players play the armageddon (E-9: 1; no substitution).
        armageddon_board: u8,
        /// Minutes for White (E-9: 6).
        white_minutes: u8,
        /// Minutes for Black (E-9: 5).
        black_minutes: u8,
        /// Who wins a drawn armageddon (E-9: Black).
        draw_winner: Colour,
    },
}

/// Result of an armageddon game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmageddonResult {
    /// White won.
    WhiteWins,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWins,
}

/// An entered armageddon game (colours drawn by lot, E-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armageddon {
    /// The team whose player had White.
    pub white: TeamId,
    /// The result.
    pub result: ArmageddonResult,
}

/// What decided a knockout match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecidedBy {
    /// The match score.
    MatchScore,
    /// The result on this board.
    Board(u8),
    /// The armageddon game.
    Armageddon,
}

/// Winner of a knockout match and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutOutcome {
    /// Winner.
    pub winner: TeamId,
    /// Loser.
    pub loser: TeamId,
    /// What decided it.
    pub decided_by: DecidedBy,
}

/// A knockout match cannot be decided (yet).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayoffError {
    /// Some games have no result.
    #[error("the match is not complete")]
    Incomplete,
    /// Drawn on every criterion: an armageddon must be played (E-9).
    #[error("the match is tied on every board compared: an armageddon on board {board} decides")]
    ArmageddonNeeded {
        /// Board whose players play it.
        board: u8,
    },
    /// The armageddon names a team that is not in the match.
    #[error("armageddon White team {0} does not play in this match")]
    ArmageddonTeam(TeamId),
    /// The regulation has no rule for drawn knockout matches.
    #[error("drawn match and the regulation has no knockout tie rule")]
    NoRule,
}

/// Decide a knockout match under `rule` (E-9).
pub fn decide_knockout(
    t: &Tournament,
    m: &Match,
    rule: &PlayoffRule,
    armageddon: Option<&Armageddon>,
) -> Result<KnockoutOutcome, PlayoffError> {
    let (h, a) = t.match_scores(m);
    if h.outcome.is_none() {
        return Err(PlayoffError::Incomplete);
    }
    let outcome = |home_wins: bool, by: DecidedBy| KnockoutOutcome {
        winner: if home_wins { m.home } else { m.away },
        loser: if home_wins { m.away } else { m.home },
        decided_by: by,
    };
    if h.game_points != a.game_points {
        return Ok(outcome(
            h.game_points > a.game_points,
            DecidedBy::MatchScore,
        ));
    }
    let PlayoffRule::BoardsThenArmageddon {
        boards,
        armageddon_board,
        draw_winner,
        ..
    } = rule
    else {
        return Err(PlayoffError::NoRule);
    };
    for &b in boards {
        let (mut hp, mut ap) = (HalfPoints::ZERO, HalfPoints::ZERO);
        for g in m.games.iter().filter(|g| g.board == b) {
            if let Some((x, y)) = g.result.points() {
                hp += x;
                ap += y;
            }
        }
        if hp != ap {
            return Ok(outcome(hp > ap, DecidedBy::Board(b)));
        }
    }
    let Some(arm) = armageddon else {
        return Err(PlayoffError::ArmageddonNeeded {
            board: *armageddon_board,
        });
    };
    if arm.white != m.home && arm.white != m.away {
        return Err(PlayoffError::ArmageddonTeam(arm.white));
    }
    let winning_colour = match arm.result {
        ArmageddonResult::WhiteWins => Colour::White,
        ArmageddonResult::BlackWins => Colour::Black,
        // E-9: a drawn armageddon wins for Black.
        ArmageddonResult::Draw => *draw_winner,
    };
    let white_is_home = arm.white == m.home;
    let home_wins = (winning_colour == Colour::White) == white_is_home;
    Ok(outcome(home_wins, DecidedBy::Armageddon))
}

/// Groups of teams that must play a play-off under `rule`: for each place it
/// decides (G-V42: 1st), the teams sharing that place after the tie-breaks.
pub fn playoffs_needed(standings: &Standings, rule: &PlayoffRule) -> Vec<Vec<TeamId>> {
    let PlayoffRule::ExtraMatch { places, .. } = rule else {
        return vec![];
    };
    let mut out: Vec<Vec<TeamId>> = Vec::new();
    for &p in places {
        let tied: Vec<TeamId> = standings
            .rows
            .iter()
            .filter(|r| r.place.is_shared() && r.place.first <= p && p <= r.place.last)
            .map(|r| r.team)
            .collect();
        if tied.len() > 1 && !out.contains(&tied) {
            out.push(tied);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use crate::ranking::{PlayoffResult, standings};
    use crate::score::ScoreKind;
    use crate::tournament::tests::{m, round, tournament};
    use crate::tournament::{Pairing, PairingSystem};

    fn as_match(p: Pairing) -> Match {
        match p {
            Pairing::Match(m) => m,
            Pairing::Bye { .. } => panic!("not a match"),
        }
    }

    fn e9() -> PlayoffRule {
        presets::e().playoff
    }

    #[test]
    fn e_9_drawn_match_is_decided_by_board_one() {
        // Seed E: 3 boards × 2 games. Home: board 1 "1=" (1½), board 2 "0=",
        // board 3 "=0" → 1½ + ½ + ½ = 2½? Build 3 : 3 with board 1 won.
        let t = tournament(PairingSystem::Knockout, 3, 2, 2, ScoreKind::GamePoints);
        // Game 1 boards 1..3 then game 2 boards 1..3.
        let mm = as_match(m(1, 2, 3, "1=0==="));
        // Home: b1 1 + ½ = 1½, b2 ½ + ½ = 1, b3 0 + ½ = ½ → 3; away 3.
        let o = decide_knockout(&t, &mm, &e9(), None).expect("decided");
        assert_eq!(o.winner, TeamId(1));
        assert_eq!(o.decided_by, DecidedBy::Board(1));
    }

    #[test]
    fn e_9_board_two_decides_when_board_one_is_level() {
        let t = tournament(PairingSystem::Knockout, 3, 2, 2, ScoreKind::GamePoints);
        // b1: "=" "=" → 1 : 1; b2: 0 and 0 → 0 : 2; b3: 1 and 1 → 2 : 0. Total 3 : 3.
        let mm = as_match(m(1, 2, 3, "=01=01"));
        let o = decide_knockout(&t, &mm, &e9(), None).expect("decided");
        assert_eq!((o.winner, o.decided_by), (TeamId(2), DecidedBy::Board(2)));
    }

    #[test]
    fn e_9_armageddon_draw_wins_for_black() {
        let t = tournament(PairingSystem::Knockout, 3, 2, 2, ScoreKind::GamePoints);
        let mm = as_match(m(1, 2, 3, "======"));
        assert_eq!(
            decide_knockout(&t, &mm, &e9(), None),
            Err(PlayoffError::ArmageddonNeeded { board: 1 })
        );
        let arm = Armageddon {
            white: TeamId(1),
            result: ArmageddonResult::Draw,
        };
        let o = decide_knockout(&t, &mm, &e9(), Some(&arm)).expect("decided");
        assert_eq!((o.winner, o.decided_by), (TeamId(2), DecidedBy::Armageddon));
        let arm = Armageddon {
            white: TeamId(2),
            result: ArmageddonResult::WhiteWins,
        };
        assert_eq!(
            decide_knockout(&t, &mm, &e9(), Some(&arm)).map(|o| o.winner),
            Ok(TeamId(2))
        );
        let arm = Armageddon {
            white: TeamId(7),
            result: ArmageddonResult::Draw,
        };
        assert_eq!(
            decide_knockout(&t, &mm, &e9(), Some(&arm)),
            Err(PlayoffError::ArmageddonTeam(TeamId(7)))
        );
    }

    #[test]
    fn e_9_match_score_decides_first_and_incomplete_is_refused() {
        let t = tournament(PairingSystem::Knockout, 3, 2, 2, ScoreKind::GamePoints);
        let mm = as_match(m(1, 2, 3, "0=====")); // 2½ : 3½
        let o = decide_knockout(&t, &mm, &e9(), None).expect("decided");
        assert_eq!((o.winner, o.decided_by), (TeamId(2), DecidedBy::MatchScore));
        let mm = as_match(m(1, 2, 3, "=====*"));
        assert_eq!(
            decide_knockout(&t, &mm, &e9(), None),
            Err(PlayoffError::Incomplete)
        );
    }

    #[test]
    fn g_v42_play_off_only_for_a_shared_first_place() {
        // Seed G rules: GP, DE (complete only), EGGSB; play-off for 1st.
        let g = presets::g();
        let mut t = tournament(PairingSystem::RoundRobin, 1, 2, 2, ScoreKind::GamePoints);
        t.rounds = vec![round(1, vec![m(1, 2, 1, "10")])];
        let s = standings(&t, &g.tie_breaks, &[]).expect("standings");
        // 1 : 1, DE 1 : 1, EGGSB 1 × 1 each → shared 1–2 → play-off.
        assert_eq!(
            playoffs_needed(&s, &g.playoff),
            vec![vec![TeamId(1), TeamId(2)]]
        );
        // The play-off result is entered and decides 1st place.
        let po = PlayoffResult {
            order: vec![TeamId(2), TeamId(1)],
        };
        let s = standings(&t, &g.tie_breaks, &[po]).expect("standings");
        assert_eq!(s.rows[0].team, TeamId(2));
        assert!(playoffs_needed(&s, &g.playoff).is_empty());
        // A shared 2nd place gives no play-off under G-V42.
        let mut t = tournament(PairingSystem::RoundRobin, 1, 2, 3, ScoreKind::GamePoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "11")]),
            round(2, vec![m(3, 1, 1, "00")]),
            round(3, vec![m(2, 3, 1, "10")]),
        ];
        let s = standings(&t, &g.tie_breaks, &[]).expect("standings");
        assert_eq!(s.rows[0].team, TeamId(1));
        assert_eq!(s.rows[1].place.to_string(), "2–3");
        assert!(playoffs_needed(&s, &g.playoff).is_empty());
    }
}
