//! The bridge from a [`Tournament`] (as read from a TRF-2026 file) to the
//! team Swiss engine's [`SwissState`], so the next round of a tournament
//! run or recorded elsewhere can be paired. PURE: no I/O.
//!
//! What is carried over, and how:
//! - Teams: the TRF 310 team number is the entry id (and, with
//!   [`InitialRanking::AsListed`](super::swiss::InitialRanking), the pairing
//!   number: the teams come out sorted by it). Board ratings are those of
//!   the first `boards` roster members (board players before substitutes);
//!   an unrated member is left out, so the average runs over the rated ones.
//! - Past rounds, in round-number order; round numbers must run 1, 2, 3, …
//! - Each side's score in a match or bye, both match and game points, as the
//!   tournament scores them ([`Tournament::match_scores`],
//!   [`Tournament::bye_score`]); the engine takes the primary one.
//! - Colours (C.04.6 art. 1.6.1): a team's colour is its board-1 colour in
//!   game 1, so the team listed first by the engine is the home team when
//!   the 352 sequence gives the home team White on board 1, else the away
//!   team.
//! - Forfeits: a whole-match forfeit (TRF 330) is
//!   [`MatchOutcome::Forfeit`] with its winner (none for `--`). A match in
//!   which no game was played over the board (every board a forfeit) is a
//!   forfeit too: no colour was played, and the side that won it by
//!   forfeits has scored a win without playing (\[C2\]).
//! - Byes: the pairing-allocated bye (PAB, `U`) blocks a second one (\[C2\]);
//!   a full-point bye (FPB) is a point scored without playing and is treated
//!   like a bye given by hand, which blocks the PAB too (a conservative
//!   reading of C.04.6 art. 2.1.2, which names only the PAB and forfeit
//!   wins); a half- or zero-point bye (HPB, ZPB) is an absence and does not.
//! - A team missing from a round was absent: it scores nothing and is still
//!   paired later (TRF has no record of a withdrawal).
//!
//! A match without a final result on every board (a pending `*` or a game to
//! be replayed, G-V23) is refused: the next round cannot be paired before
//! the scores it depends on are known.

use thiserror::Error;

use super::swiss::{
    ByeKind as SwissBye, MatchOutcome, MatchScore, PlayedMatch, PlayedRound, PrimaryScore,
    RoundBye, SwissState, SwissTeam,
};
use super::{Colour as EngineColour, EntryId};
use crate::score::{ByeKind, Colour, Outcome, ScoreKind};
use crate::tournament::{
    Match, MatchForfeit, Pairing, SideScore, TeamId, Tournament, TournamentError,
};

/// Why a tournament cannot be handed to the Swiss engine.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BridgeError {
    /// The tournament contradicts its own format (unknown team, …).
    #[error(transparent)]
    Invalid(#[from] TournamentError),
    /// Rounds must be numbered 1, 2, 3, … without a gap.
    #[error(
        "round {found} follows round {previous}: rounds must be numbered 1, 2, 3, … without a gap"
    )]
    RoundGap { previous: u16, found: u16 },
    /// A match has a board without a final result.
    #[error(
        "round {round}: match {home}–{away} has no final result on every board yet; \
         the next round can be paired once it is complete"
    )]
    Incomplete {
        round: u16,
        home: TeamId,
        away: TeamId,
    },
}

/// The entry id the engine uses for a TRF team number.
pub fn entry_id(team: TeamId) -> EntryId {
    EntryId(i64::from(team.0))
}

/// The primary score of the tournament's scoring, as the engine names it.
pub fn primary_score(t: &Tournament) -> PrimaryScore {
    match t.scoring.primary {
        ScoreKind::MatchPoints => PrimaryScore::MatchPoints,
        ScoreKind::GamePoints => PrimaryScore::GamePoints,
    }
}

/// The initial-colour the tournament declares (TRF-2026 record 152), as the
/// engine names it; `None` lets the engine draw it from the seed.
pub fn initial_colour(t: &Tournament) -> Option<EngineColour> {
    t.initial_colour.map(|c| match c {
        Colour::White => EngineColour::White,
        Colour::Black => EngineColour::Black,
    })
}

/// The state the Swiss engine pairs the next round from: teams in TRF team
/// number order, and every past round.
pub fn swiss_state(t: &Tournament) -> Result<SwissState, BridgeError> {
    t.validate()?;
    let mut teams: Vec<SwissTeam> = t
        .teams
        .iter()
        .map(|team| SwissTeam {
            id: entry_id(team.id),
            board_ratings: team
                .roster
                .iter()
                .take(usize::from(t.boards))
                .filter_map(|pid| t.players.iter().find(|p| p.id == *pid))
                .filter_map(|p| p.rating.map(u32::from))
                .collect(),
            withdrawn: false,
        })
        .collect();
    teams.sort_by_key(|team| team.id);

    let mut rounds: Vec<_> = t.rounds.iter().collect();
    rounds.sort_by_key(|r| r.number);
    let mut previous = 0u16;
    let mut played = Vec::with_capacity(rounds.len());
    for round in rounds {
        if u32::from(round.number) != u32::from(previous) + 1 {
            return Err(BridgeError::RoundGap {
                previous,
                found: round.number,
            });
        }
        previous = round.number;
        let mut past = PlayedRound::default();
        for pairing in &round.pairings {
            match pairing {
                Pairing::Match(m) => past.matches.push(played_match(t, round.number, m)?),
                Pairing::Bye { team, kind } => past.byes.push(RoundBye {
                    team: entry_id(*team),
                    kind: match kind {
                        ByeKind::PairingAllocated => SwissBye::PairingAllocated,
                        ByeKind::FullPoint => SwissBye::Judge,
                        ByeKind::HalfPoint | ByeKind::ZeroPoint => SwissBye::Absent,
                    },
                    score: match_score(t.bye_score(*kind)),
                }),
            }
        }
        played.push(past);
    }
    Ok(SwissState {
        teams,
        rounds: played,
        control: Default::default(),
    })
}

fn match_score(s: SideScore) -> MatchScore {
    MatchScore {
        match_points: s.match_points,
        game_points: s.game_points,
    }
}

fn played_match(t: &Tournament, round: u16, m: &Match) -> Result<PlayedMatch, BridgeError> {
    let (home_score, away_score) = t.match_scores(m);
    let (Some(home_outcome), Some(_)) = (home_score.outcome, away_score.outcome) else {
        return Err(BridgeError::Incomplete {
            round,
            home: m.home,
            away: m.away,
        });
    };
    let (home, away) = (entry_id(m.home), entry_id(m.away));
    let outcome = match m.forfeit {
        Some(MatchForfeit::HomeWins) => MatchOutcome::Forfeit { winner: Some(home) },
        Some(MatchForfeit::AwayWins) => MatchOutcome::Forfeit { winner: Some(away) },
        Some(MatchForfeit::Double) => MatchOutcome::Forfeit { winner: None },
        None if m.games.iter().all(|g| g.result.is_forfeit()) => MatchOutcome::Forfeit {
            winner: match home_outcome {
                Outcome::Win => Some(home),
                Outcome::Loss => Some(away),
                Outcome::Draw => None,
            },
        },
        None => MatchOutcome::Played,
    };
    // Art. 1.6.1: the team with White on board 1 (game 1) is listed first.
    let (white, black, white_score, black_score) = if t.home_colour(1, 1) == Colour::White {
        (home, away, home_score, away_score)
    } else {
        (away, home, away_score, home_score)
    };
    Ok(PlayedMatch {
        white,
        black,
        white_score: match_score(white_score),
        black_score: match_score(black_score),
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::swiss::{InitialRanking, SwissConfig, pair_next_round};
    use crate::score::{BoardResult, HalfPoints, Scoring};
    use crate::tournament::{Game, PairingSystem, Player, PlayerId, Round, Team};
    use BoardResult::{AwayWin, Draw, HomeForfeitWin, HomeWin, NotPlayed};

    fn game(board: u8, result: BoardResult) -> Game {
        Game {
            board,
            game: 1,
            result,
            home_player: None,
            away_player: None,
        }
    }

    fn played(home: u16, away: u16, r1: BoardResult, r2: BoardResult) -> Pairing {
        Pairing::Match(Match {
            home: TeamId(home),
            away: TeamId(away),
            games: vec![game(1, r1), game(2, r2)],
            forfeit: None,
        })
    }

    fn forfeited(home: u16, away: u16, f: MatchForfeit) -> Pairing {
        Pairing::Match(Match {
            home: TeamId(home),
            away: TeamId(away),
            games: vec![],
            forfeit: Some(f),
        })
    }

    /// Five teams on two boards, match points 2/1/0; team `i` has players
    /// `2i-1` (board 1) and `2i` (board 2) rated `2000 + 100·i` and `1900`.
    fn five_teams(rounds: Vec<Round>) -> Tournament {
        Tournament {
            name: "Bridge Cup".into(),
            start_date: None,
            end_date: None,
            system: PairingSystem::Swiss,
            boards: 2,
            games_per_pairing: 1,
            colours: vec![Colour::White, Colour::Black],
            scoring: Scoring::default(),
            declared_rounds: None,
            initial_colour: None,
            teams: (1..=5)
                .rev()
                .map(|i| Team {
                    id: TeamId(i),
                    name: format!("Team {i}"),
                    nickname: None,
                    roster: vec![PlayerId(2 * i - 1), PlayerId(2 * i)],
                })
                .collect(),
            players: (1..=10)
                .map(|p| Player {
                    id: PlayerId(p),
                    name: format!("P{p}"),
                    rating: if p % 2 == 1 {
                        Some(2000 + 50 * (p + 1))
                    } else {
                        Some(1900)
                    },
                    federation: None,
                    fide_id: None,
                })
                .collect(),
            rounds,
        }
    }

    /// Round 1: 1–2 played (2:0), 3–4 forfeited by team 4 (330 `+-`),
    /// team 5 has the pairing-allocated bye.
    fn round_one() -> Round {
        Round {
            number: 1,
            pairings: vec![
                played(1, 2, HomeWin, HomeWin),
                forfeited(3, 4, MatchForfeit::HomeWins),
                Pairing::Bye {
                    team: TeamId(5),
                    kind: ByeKind::PairingAllocated,
                },
            ],
        }
    }

    fn score(mp: i32, gp: i32) -> MatchScore {
        MatchScore {
            match_points: HalfPoints(mp),
            game_points: HalfPoints(gp),
        }
    }

    #[test]
    fn teams_come_in_team_number_order_with_their_board_ratings() {
        let state = swiss_state(&five_teams(vec![])).expect("valid");
        let ids: Vec<i64> = state.teams.iter().map(|t| t.id.0).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5]);
        assert_eq!(state.teams[0].board_ratings, [2100, 1900]);
        assert_eq!(state.teams[4].board_ratings, [2500, 1900]);
        assert!(state.rounds.is_empty());
    }

    #[test]
    fn c_04_6_forfeited_match_and_bye_carry_scores_and_block_the_pab() {
        let state = swiss_state(&five_teams(vec![round_one()])).expect("valid");
        let r = &state.rounds[0];
        assert_eq!(r.matches.len(), 2);
        let m12 = &r.matches[0];
        assert_eq!((m12.white, m12.black), (EntryId(1), EntryId(2)));
        assert_eq!(m12.outcome, MatchOutcome::Played);
        assert_eq!(m12.white_score, score(4, 4));
        assert_eq!(m12.black_score, score(0, 0));
        let m34 = &r.matches[1];
        assert_eq!((m34.white, m34.black), (EntryId(3), EntryId(4)));
        assert_eq!(
            m34.outcome,
            MatchOutcome::Forfeit {
                winner: Some(EntryId(3))
            }
        );
        // A forfeit win scores the whole match: 2 MP and every board.
        assert_eq!(m34.white_score, score(4, 4));
        assert_eq!(m34.black_score, score(0, 0));
        // The PAB is worth a drawn match: 1 MP and half the boards.
        assert_eq!(
            r.byes,
            vec![RoundBye {
                team: EntryId(5),
                kind: SwissBye::PairingAllocated,
                score: score(2, 2),
            }]
        );

        // Round 2 with five teams: neither team 5 (PAB) nor team 3 (forfeit
        // win) may take the bye ([C2]); 3 and 4 did not play, so they may
        // meet again (forfeits are not meetings for [C1]).
        let config = SwissConfig {
            initial_ranking: InitialRanking::AsListed,
            ..SwissConfig::new(5, 7)
        };
        let pairing = pair_next_round(&state, &config).expect("pairable");
        assert_eq!(pairing.byes.len(), 1);
        let bye = pairing.byes[0].team;
        assert!(bye != EntryId(5) && bye != EntryId(3), "bye to {bye}");
        assert_eq!(
            pairing.pairing_numbers,
            (1..=5).map(EntryId).collect::<Vec<_>>()
        );
        for m in &pairing.matches {
            let pair = [m.white.0.min(m.black.0), m.white.0.max(m.black.0)];
            assert_ne!(pair, [1, 2], "rematch");
        }
    }

    #[test]
    fn c_04_6_art_1_6_1_the_board_one_colour_decides_who_is_listed_first() {
        // 352 "BW": the home team has Black on board 1.
        let mut t = five_teams(vec![Round {
            number: 1,
            pairings: vec![played(1, 2, HomeWin, Draw), played(3, 4, AwayWin, AwayWin)],
        }]);
        t.colours = vec![Colour::Black, Colour::White];
        let state = swiss_state(&t).expect("valid");
        let m = &state.rounds[0].matches[0];
        assert_eq!((m.white, m.black), (EntryId(2), EntryId(1)));
        assert_eq!(m.white_score, score(0, 1));
        assert_eq!(m.black_score, score(4, 3));
    }

    #[test]
    fn a_match_forfeited_on_every_board_counts_as_a_forfeit_not_a_played_match() {
        let t = five_teams(vec![Round {
            number: 1,
            pairings: vec![played(1, 2, HomeForfeitWin, HomeForfeitWin)],
        }]);
        let state = swiss_state(&t).expect("valid");
        assert_eq!(
            state.rounds[0].matches[0].outcome,
            MatchOutcome::Forfeit {
                winner: Some(EntryId(1))
            }
        );
        // Teams 3, 4 and 5 were absent: nothing recorded for them.
        assert!(state.rounds[0].byes.is_empty());
    }

    #[test]
    fn other_byes_map_to_what_they_block() {
        let t = five_teams(vec![Round {
            number: 1,
            pairings: vec![
                played(1, 2, Draw, Draw),
                Pairing::Bye {
                    team: TeamId(3),
                    kind: ByeKind::FullPoint,
                },
                Pairing::Bye {
                    team: TeamId(4),
                    kind: ByeKind::HalfPoint,
                },
                Pairing::Bye {
                    team: TeamId(5),
                    kind: ByeKind::ZeroPoint,
                },
            ],
        }]);
        let state = swiss_state(&t).expect("valid");
        let kinds: Vec<_> = state.rounds[0]
            .byes
            .iter()
            .map(|b| (b.team.0, b.kind, b.score))
            .collect();
        assert_eq!(
            kinds,
            [
                (3, SwissBye::Judge, score(4, 4)),
                (4, SwissBye::Absent, score(2, 2)),
                (5, SwissBye::Absent, score(0, 0)),
            ]
        );
    }

    #[test]
    fn game_points_primary_follows_the_scoring() {
        let mut t = five_teams(vec![]);
        assert_eq!(primary_score(&t), PrimaryScore::MatchPoints);
        t.scoring.primary = ScoreKind::GamePoints;
        assert_eq!(primary_score(&t), PrimaryScore::GamePoints);
    }

    #[test]
    fn an_unfinished_match_or_a_gap_in_the_rounds_is_refused() {
        let t = five_teams(vec![round_one(), {
            Round {
                number: 2,
                pairings: vec![played(1, 3, HomeWin, NotPlayed)],
            }
        }]);
        let e = swiss_state(&t).expect_err("pending game");
        assert_eq!(
            e,
            BridgeError::Incomplete {
                round: 2,
                home: TeamId(1),
                away: TeamId(3)
            }
        );
        let t = five_teams(vec![Round {
            number: 2,
            pairings: vec![],
        }]);
        assert_eq!(
            swiss_state(&t),
            Err(BridgeError::RoundGap {
                previous: 0,
                found: 2
            })
        );
        let mut t = five_teams(vec![round_one()]);
        t.rounds[0].pairings.push(played(5, 9, Draw, Draw));
        assert!(matches!(swiss_state(&t), Err(BridgeError::Invalid(_))));
    }

    #[test]
    fn a_tournament_read_back_from_trf_bridges_to_the_same_state() {
        let t = five_teams(vec![round_one()]);
        let text = crate::trf::write(&t, &[]);
        let read = crate::trf::read(&text).expect("reads back");
        assert_eq!(
            swiss_state(&read.tournament).expect("valid"),
            swiss_state(&t).expect("valid")
        );
    }
}
