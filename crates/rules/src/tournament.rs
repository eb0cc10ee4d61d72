//! A tournament as data: teams, players, rounds, matches and games, and the
//! per-match scoring (match points, game points, the per-round cap of G-V11).

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::score::{BoardResult, ByeKind, Colour, HalfPoints, Outcome, Scoring};

/// A team's pairing number in a tournament (TRF record 310, 1–999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeamId(pub u16);

impl fmt::Display for TeamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A player's starting-rank number in a tournament (TRF record 001, 1–9999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u16);

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Starting-rank number.
    pub id: PlayerId,
    /// "Lastname, Firstname" or a nick (at most 33 characters in TRF).
    pub name: String,
    /// FIDE (or club) rating.
    pub rating: Option<u16>,
    /// Three-letter federation code.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<u64>,
}

/// A team (or a double, G-B13) entered in a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Pairing number.
    pub id: TeamId,
    /// Team name (at most 32 characters in TRF).
    pub name: String,
    /// Short name (at most 5 characters in TRF).
    pub nickname: Option<String>,
    /// Members in default board order: board players first, then substitutes.
    pub roster: Vec<PlayerId>,
}

/// How the pairings are made; it matters for unplayed rounds (C.07 art. 16)
/// and for the completeness test of direct encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PairingSystem {
    /// All-play-all with pre-determined pairings (Berger tables).
    RoundRobin,
    /// Team Swiss (C.04.6).
    Swiss,
    /// Knockout (play-off stages).
    Knockout,
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Board number, 1-based.
    pub board: u8,
    /// Game number within the pairing: 1, or 2 where each pairing plays twice
    /// with reversed colours (G-V1, E-3).
    pub game: u8,
    /// Result seen from the home team.
    pub result: BoardResult,
    /// Home player, when known.
    pub home_player: Option<PlayerId>,
    /// Away player, when known.
    pub away_player: Option<PlayerId>,
}

/// A whole match lost by forfeit (TRF record 330).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchForfeit {
    /// The away team did not show up (`+-`).
    HomeWins,
    /// The home team did not show up (`-+`).
    AwayWins,
    /// Neither team showed up (`--`).
    Double,
}

/// A team match. The home team is listed first: White on board 1 of game 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// Team listed first.
    pub home: TeamId,
    /// Team listed second.
    pub away: TeamId,
    /// Games, ordered by (game, board) once [`Tournament::canonicalize`] ran.
    pub games: Vec<Game>,
    /// Set when the whole match was forfeited; then `games` is empty.
    pub forfeit: Option<MatchForfeit>,
}

/// One entry of a round: a match or a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pairing {
    /// A team match.
    Match(Match),
    /// A team without an opponent.
    Bye {
        /// The team.
        team: TeamId,
        /// What the bye is worth.
        kind: ByeKind,
    },
}

/// A round. A team that appears in no pairing of a round (e.g. it withdrew,
/// G-G2/G-G3) is absent and scores nothing in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number, 1-based.
    pub number: u16,
    /// Matches and byes.
    pub pairings: Vec<Pairing>,
}

/// A tournament: the data the standings are computed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Tournament name (TRF 012).
    pub name: String,
    /// Start date as written by the organizer, e.g. `2025/10/16` (TRF 042).
    pub start_date: Option<String>,
    /// End date (TRF 052).
    pub end_date: Option<String>,
    /// Pairing system.
    pub system: PairingSystem,
    /// Boards per match.
    pub boards: u8,
    /// Games each pairing plays in one match: 1, or 2 with reversed colours.
    pub games_per_pairing: u8,
    /// Colour of the home team on boards 1, 2, … in game 1 (TRF 352),
    /// `W, B, W, …` by default.
    pub colours: Vec<Colour>,
    /// Scoring system.
    pub scoring: Scoring,
    /// Number of rounds the event is declared to have (TRF-2026 record 142),
    /// when known; it may exceed the rounds played so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_rounds: Option<u16>,
    /// Initial-colour of the pairings (TRF-2026 record 152): the board-1
    /// colour of the top-ranked team in round 1, which the colour rules of
    /// C.04.6 art. 4 fall back on in later rounds too. `None` when not
    /// declared (a pairing engine then draws it by lot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<Colour>,
    /// Teams.
    pub teams: Vec<Team>,
    /// Players.
    pub players: Vec<Player>,
    /// Rounds in order.
    pub rounds: Vec<Round>,
}

/// Invalid tournament data.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TournamentError {
    /// A pairing refers to a team that is not entered.
    #[error("round {round}: team {team} is not entered in the tournament")]
    UnknownTeam {
        /// Round number.
        round: u16,
        /// The team.
        team: TeamId,
    },
    /// A team appears twice in one round.
    #[error("round {round}: team {team} is paired more than once")]
    PairedTwice {
        /// Round number.
        round: u16,
        /// The team.
        team: TeamId,
    },
    /// A team is paired against itself.
    #[error("round {round}: team {team} is paired against itself")]
    SelfPairing {
        /// Round number.
        round: u16,
        /// The team.
        team: TeamId,
    },
    /// A game names a board or game number outside the match format.
    #[error(
        "round {round}: match {home}–{away} has game {game} on board {board}, outside {boards} boards × {games} games"
    )]
    GameOutsideFormat {
        /// Round number.
        round: u16,
        /// Home team.
        home: TeamId,
        /// Away team.
        away: TeamId,
        /// Board.
        board: u8,
        /// Game number.
        game: u8,
        /// Boards in the format.
        boards: u8,
        /// Games per pairing in the format.
        games: u8,
    },
    /// The same board and game is recorded twice.
    #[error("round {round}: match {home}–{away} records board {board} game {game} twice")]
    DuplicateGame {
        /// Round number.
        round: u16,
        /// Home team.
        home: TeamId,
        /// Away team.
        away: TeamId,
        /// Board.
        board: u8,
        /// Game number.
        game: u8,
    },
    /// G-V11: a team cannot score more than boards × games points in a round.
    #[error(
        "round {round}: team {team} scores {scored}, more than the {cap} one round allows (G-V11)"
    )]
    RoundCapExceeded {
        /// Round number.
        round: u16,
        /// The team.
        team: TeamId,
        /// Points recorded.
        scored: HalfPoints,
        /// Boards × games per pairing.
        cap: HalfPoints,
    },
    /// A whole-match forfeit that still lists games.
    #[error("round {round}: match {home}–{away} is forfeited but lists games")]
    ForfeitWithGames {
        /// Round number.
        round: u16,
        /// Home team.
        home: TeamId,
        /// Away team.
        away: TeamId,
    },
    /// The format itself is impossible.
    #[error("invalid format: {0}")]
    Format(String),
    /// Two teams or players share an id.
    #[error("duplicate id {0}")]
    DuplicateId(u32),
}

/// What one team got from one match or bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideScore {
    /// Match points (0 while the match is not complete).
    pub match_points: HalfPoints,
    /// Game points from the games with a final result.
    pub game_points: HalfPoints,
    /// The match outcome, once every game has a final result.
    pub outcome: Option<Outcome>,
}

impl Tournament {
    /// Games a match consists of: boards × games per pairing.
    pub fn games_per_match(&self) -> u32 {
        u32::from(self.boards) * u32::from(self.games_per_pairing)
    }

    /// The per-round cap of G-V11: a team cannot score more than
    /// boards × games per pairing in one round (5 × 2 = 10 for seed G).
    pub fn round_cap(&self) -> HalfPoints {
        HalfPoints::ONE.times(i32::try_from(self.games_per_match()).unwrap_or(i32::MAX / 2))
    }

    /// The colour of the home team on `board` in game `game` (352 sequence,
    /// reversed in the second game of a pairing, G-V1/E-3).
    pub fn home_colour(&self, board: u8, game: u8) -> Colour {
        let idx = usize::from(board.saturating_sub(1));
        let base = self.colours.get(idx).copied().unwrap_or(if idx % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        });
        if game.is_multiple_of(2) {
            base.opposite()
        } else {
            base
        }
    }

    /// Scores of (home, away) for a match.
    pub fn match_scores(&self, m: &Match) -> (SideScore, SideScore) {
        let full = self.round_cap();
        let sc = &self.scoring;
        // A team that lost without playing (a forfeited match, or every
        // game of the match forfeited) scores nothing, not the points of a
        // lost match (TRF: the loss value of 362 is for matches played).
        let lost_unplayed = HalfPoints::ZERO;
        if let Some(f) = m.forfeit {
            let (h, a) = match f {
                MatchForfeit::HomeWins => ((Outcome::Win, full), (Outcome::Loss, HalfPoints::ZERO)),
                MatchForfeit::AwayWins => ((Outcome::Loss, HalfPoints::ZERO), (Outcome::Win, full)),
                // A double forfeit is a lost match for both teams.
                MatchForfeit::Double => (
                    (Outcome::Loss, HalfPoints::ZERO),
                    (Outcome::Loss, HalfPoints::ZERO),
                ),
            };
            let points = |o: Outcome| match o {
                Outcome::Loss => lost_unplayed,
                other => sc.points_for(other),
            };
            return (
                SideScore {
                    match_points: points(h.0),
                    game_points: h.1,
                    outcome: Some(h.0),
                },
                SideScore {
                    match_points: points(a.0),
                    game_points: a.1,
                    outcome: Some(a.0),
                },
            );
        }
        let mut home = HalfPoints::ZERO;
        let mut away = HalfPoints::ZERO;
        let mut finals = 0u32;
        for g in &m.games {
            if let Some((h, a)) = g.result.points() {
                home += h;
                away += a;
                finals += 1;
            }
        }
        let complete = finals >= self.games_per_match() && !m.games.is_empty();
        let played = m
            .games
            .iter()
            .any(|g| g.result.is_final() && !g.result.is_forfeit());
        let (ho, ao) = if !complete {
            (None, None)
        } else if home > away {
            (Some(Outcome::Win), Some(Outcome::Loss))
        } else if home < away {
            (Some(Outcome::Loss), Some(Outcome::Win))
        } else if !played && home == HalfPoints::ZERO {
            // Nobody played and nobody scored: lost by both, like a
            // double forfeit of the whole match.
            (Some(Outcome::Loss), Some(Outcome::Loss))
        } else {
            (Some(Outcome::Draw), Some(Outcome::Draw))
        };
        let points = |o: Outcome| match o {
            Outcome::Loss if !played => lost_unplayed,
            other => sc.points_for(other),
        };
        (
            SideScore {
                match_points: ho.map(points).unwrap_or_default(),
                game_points: home,
                outcome: ho,
            },
            SideScore {
                match_points: ao.map(points).unwrap_or_default(),
                game_points: away,
                outcome: ao,
            },
        )
    }

    /// Scores of a bye.
    pub fn bye_score(&self, kind: ByeKind) -> SideScore {
        let outcome = kind.outcome();
        if let (ByeKind::PairingAllocated, Some(v)) = (kind, self.scoring.pab) {
            return SideScore {
                match_points: v.match_points,
                game_points: v.game_points,
                outcome: Some(outcome),
            };
        }
        SideScore {
            // A zero-point bye scores nothing, whatever a lost match is worth.
            match_points: if kind == ByeKind::ZeroPoint {
                HalfPoints::ZERO
            } else {
                self.scoring.points_for(outcome)
            },
            game_points: kind.game_points(self.games_per_match()),
            outcome: Some(outcome),
        }
    }

    /// Check the tournament against its own format: known teams, one pairing
    /// per team and round, games inside boards × games per pairing, no game
    /// recorded twice, and the G-V11 per-round cap.
    pub fn validate(&self) -> Result<(), TournamentError> {
        if self.boards == 0 || self.games_per_pairing == 0 || self.games_per_pairing > 2 {
            return Err(TournamentError::Format(format!(
                "{} boards × {} games per pairing",
                self.boards, self.games_per_pairing
            )));
        }
        let mut ids = HashSet::new();
        for t in &self.teams {
            if !ids.insert(t.id) {
                return Err(TournamentError::DuplicateId(u32::from(t.id.0)));
            }
        }
        let mut pids = HashSet::new();
        for p in &self.players {
            if !pids.insert(p.id) {
                return Err(TournamentError::DuplicateId(u32::from(p.id.0)));
            }
        }
        for r in &self.rounds {
            self.validate_round(r, &ids)?;
        }
        Ok(())
    }

    fn validate_round(&self, r: &Round, ids: &HashSet<TeamId>) -> Result<(), TournamentError> {
        let mut seen = HashSet::new();
        let round = r.number;
        let mut claim = |team: TeamId| -> Result<(), TournamentError> {
            if !ids.contains(&team) {
                return Err(TournamentError::UnknownTeam { round, team });
            }
            if !seen.insert(team) {
                return Err(TournamentError::PairedTwice { round, team });
            }
            Ok(())
        };
        for p in &r.pairings {
            match p {
                Pairing::Bye { team, .. } => claim(*team)?,
                Pairing::Match(m) => {
                    if m.home == m.away {
                        return Err(TournamentError::SelfPairing {
                            round,
                            team: m.home,
                        });
                    }
                    claim(m.home)?;
                    claim(m.away)?;
                    self.validate_match(round, m)?;
                }
            }
        }
        Ok(())
    }

    fn validate_match(&self, round: u16, m: &Match) -> Result<(), TournamentError> {
        if m.forfeit.is_some() && !m.games.is_empty() {
            return Err(TournamentError::ForfeitWithGames {
                round,
                home: m.home,
                away: m.away,
            });
        }
        let mut slots = HashSet::new();
        for g in &m.games {
            if g.board == 0
                || g.board > self.boards
                || g.game == 0
                || g.game > self.games_per_pairing
            {
                return Err(TournamentError::GameOutsideFormat {
                    round,
                    home: m.home,
                    away: m.away,
                    board: g.board,
                    game: g.game,
                    boards: self.boards,
                    games: self.games_per_pairing,
                });
            }
            if !slots.insert((g.board, g.game)) {
                return Err(TournamentError::DuplicateGame {
                    round,
                    home: m.home,
                    away: m.away,
                    board: g.board,
                    game: g.game,
                });
            }
        }
        // G-V11: with one game per (board, game) slot the cap holds by
        // construction; the check stays so that a change of the data model
        // can never let a team score more than the round allows.
        let (h, a) = self.match_scores(m);
        let cap = self.round_cap();
        for (team, side) in [(m.home, h), (m.away, a)] {
            if side.game_points > cap {
                return Err(TournamentError::RoundCapExceeded {
                    round,
                    team,
                    scored: side.game_points,
                    cap,
                });
            }
        }
        Ok(())
    }

    /// Put pairings and games in a canonical order (matches by home team, byes
    /// by team; games by game then board) and spell out the board colours. The order carries no meaning, so
    /// two tournaments are "the same" when their canonical forms are equal.
    pub fn canonicalize(&mut self) {
        self.colours = (1..=self.boards).map(|b| self.home_colour(b, 1)).collect();
        self.teams.sort_by_key(|t| t.id);
        self.players.sort_by_key(|p| p.id);
        self.rounds.sort_by_key(|r| r.number);
        for r in &mut self.rounds {
            for p in &mut r.pairings {
                if let Pairing::Match(m) = p {
                    m.games.sort_by_key(|g| (g.game, g.board));
                }
            }
            r.pairings.sort_by_key(|p| match p {
                Pairing::Match(m) => (0, m.home),
                Pairing::Bye { team, .. } => (1, *team),
            });
        }
    }
}

/// Default board colours for the home team: W, B, W, … (chess-standards.md).
pub fn alternating_colours(boards: u8) -> Vec<Colour> {
    (0..boards)
        .map(|i| {
            if i % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::score::{MatchPoints, ScoreKind};
    use proptest::prelude::*;

    pub(crate) use super::build::{bye, forfeit, m, round, tournament};

    /// Random tournaments for property tests: 2–8 teams, 1–4 boards, 1 or 2
    /// games per pairing, 0–5 rounds, with board and match forfeits, every
    /// kind of bye, absent (withdrawn) teams, pending and replayed games.
    pub(crate) fn arb_tournament() -> impl Strategy<Value = Tournament> {
        (
            2u16..=8,
            1u8..=4,
            1u8..=2,
            0u16..=5,
            prop::collection::vec(any::<u32>(), 64..256),
        )
            .prop_map(|(teams, boards, games, rounds, entropy)| {
                build(teams, boards, games, rounds, &entropy)
            })
    }

    fn build(teams: u16, boards: u8, games: u8, rounds: u16, entropy: &[u32]) -> Tournament {
        let mut draw = Entropy {
            values: entropy,
            i: 0,
        };
        let system = match draw.next(3) {
            0 => PairingSystem::RoundRobin,
            1 => PairingSystem::Swiss,
            _ => PairingSystem::Knockout,
        };
        let primary = if draw.next(2) == 0 {
            ScoreKind::MatchPoints
        } else {
            ScoreKind::GamePoints
        };
        let mut t = tournament(system, boards, games, teams, primary);
        t.scoring.match_points = draw.match_points();
        t.colours = (0..boards).map(|_| draw.colour()).collect();
        if draw.next(2) == 0 {
            t.start_date = Some(format!(
                "2025/{:02}/{:02}",
                1 + draw.next(12),
                1 + draw.next(28)
            ));
        }
        draw.rosters(&mut t, boards);
        let rosters: Vec<Vec<PlayerId>> = t.teams.iter().map(|tm| tm.roster.clone()).collect();
        for r in 1..=rounds {
            let pairings = draw.round(&t, &rosters, boards, games);
            t.rounds.push(Round {
                number: r,
                pairings,
            });
        }
        // Drawn last so that the tournaments drawn before these fields
        // existed stay the same (proptest regressions).
        if draw.next(2) == 0 {
            t.declared_rounds = Some(rounds.max(1) + draw.next(4) as u16);
        }
        t.initial_colour = match draw.next(3) {
            0 => Some(Colour::White),
            1 => Some(Colour::Black),
            _ => None,
        };
        t.canonicalize();
        t
    }

    /// The random choices of [`build`], taken one after the other from the
    /// entropy proptest supplies. The order of the draws is part of what a
    /// tournament is: changing it changes every generated tournament.
    struct Entropy<'a> {
        values: &'a [u32],
        i: usize,
    }

    impl Entropy<'_> {
        /// A number below `n`.
        fn next(&mut self, n: u32) -> u32 {
            self.i += 1;
            let i = self.i;
            let v = self
                .values
                .get(i % self.values.len().max(1))
                .copied()
                .unwrap_or(7);
            // Mix the position in so that short entropy still varies.
            (v ^ (i as u32).wrapping_mul(0x9E37_79B9)) % n.max(1)
        }

        /// Match points with loss ≤ draw < win.
        fn match_points(&mut self) -> MatchPoints {
            let loss = self.next(2) as i32;
            let draw = loss + self.next(3) as i32;
            let win = draw + 1 + self.next(4) as i32;
            MatchPoints {
                win: HalfPoints(win),
                draw: HalfPoints(draw),
                loss: HalfPoints(loss),
            }
        }

        fn colour(&mut self) -> Colour {
            if self.next(2) == 0 {
                Colour::White
            } else {
                Colour::Black
            }
        }

        /// Nicknames, and rosters of `boards` to `boards + 2` players with
        /// or without rating, federation and FIDE id.
        fn rosters(&mut self, t: &mut Tournament, boards: u8) {
            let mut pid = 0u16;
            for tm in &mut t.teams {
                if self.next(3) == 0 {
                    tm.nickname = Some(format!("N{}", tm.id.0));
                }
                let size = u32::from(boards) + self.next(3);
                for _ in 0..size {
                    pid += 1;
                    tm.roster.push(PlayerId(pid));
                    t.players.push(Player {
                        id: PlayerId(pid),
                        name: format!("Player {pid}"),
                        rating: (self.next(2) == 0).then(|| 1000 + self.next(2000) as u16),
                        federation: (self.next(2) == 0).then(|| "RUS".to_string()),
                        fide_id: (self.next(2) == 0).then(|| u64::from(self.next(1_000_000))),
                    });
                }
            }
        }

        /// The pairings of one round: the teams shuffled and paired in
        /// order, the odd one out given a bye or left absent.
        fn round(
            &mut self,
            t: &Tournament,
            rosters: &[Vec<PlayerId>],
            boards: u8,
            games: u8,
        ) -> Vec<Pairing> {
            let mut order: Vec<usize> = (0..t.teams.len()).collect();
            for k in (1..order.len()).rev() {
                let j = self.next(k as u32 + 1) as usize;
                order.swap(k, j);
            }
            let mut pairings = vec![];
            for pair in order.chunks(2) {
                let pairing = match *pair {
                    [a, b] => self.pairing(t, rosters, (a, b), boards, games),
                    [a] => self.bye(t.teams[a].id),
                    _ => None,
                };
                pairings.extend(pairing);
            }
            pairings
        }

        /// The match of the teams at `a` and `b`: both absent (withdrawn),
        /// forfeited as a whole, or its games.
        fn pairing(
            &mut self,
            t: &Tournament,
            rosters: &[Vec<PlayerId>],
            (a, b): (usize, usize),
            boards: u8,
            games: u8,
        ) -> Option<Pairing> {
            if self.next(10) == 0 {
                return None; // both absent (withdrawn)
            }
            let (home, away) = (t.teams[a].id, t.teams[b].id);
            if self.next(10) == 0 {
                let f = match self.next(3) {
                    0 => MatchForfeit::HomeWins,
                    1 => MatchForfeit::AwayWins,
                    _ => MatchForfeit::Double,
                };
                return Some(Pairing::Match(Match {
                    home,
                    away,
                    games: vec![],
                    forfeit: Some(f),
                }));
            }
            let games = self.games(&rosters[a], &rosters[b], boards, games);
            Some(Pairing::Match(Match {
                home,
                away,
                games,
                forfeit: None,
            }))
        }

        /// Every game of a match, players drawn from the two rosters.
        fn games(
            &mut self,
            home_roster: &[PlayerId],
            away_roster: &[PlayerId],
            boards: u8,
            games: u8,
        ) -> Vec<Game> {
            let mut gs: Vec<Game> = vec![];
            for game in 1..=games {
                // A player sits at one board of a game at most.
                let mut seated: Vec<PlayerId> = vec![];
                for board in 1..=boards {
                    let result = self.board_result();
                    let pick = |roster: &[PlayerId], n: u32| -> Option<PlayerId> {
                        if n == 0 {
                            None
                        } else {
                            roster.get((n as usize) % roster.len().max(1)).copied()
                        }
                    };
                    let mut seat = |p: Option<PlayerId>| {
                        let p = p.filter(|p| !seated.contains(p));
                        seated.extend(p);
                        p
                    };
                    let mut hp = seat(pick(home_roster, self.next(6)));
                    let mut ap = seat(pick(away_roster, self.next(6)));
                    // The second game of a pairing is played by the same
                    // players on the same boards.
                    if let Some(first) = gs
                        .iter()
                        .find(|g| g.game == 1 && g.board == board && game > 1)
                    {
                        hp = first.home_player;
                        ap = first.away_player;
                    }
                    gs.push(Game {
                        board,
                        game,
                        result,
                        home_player: hp,
                        away_player: ap,
                    });
                }
            }
            gs
        }

        /// Mostly decisive or drawn games, some board forfeits, pending and
        /// replayed games.
        fn board_result(&mut self) -> BoardResult {
            match self.next(20) {
                0..=5 => BoardResult::HomeWin,
                6..=10 => BoardResult::Draw,
                11..=15 => BoardResult::AwayWin,
                16 => BoardResult::HomeForfeitWin,
                17 => BoardResult::AwayForfeitWin,
                18 => BoardResult::DoubleForfeit,
                _ => {
                    if self.next(2) == 0 {
                        BoardResult::NotPlayed
                    } else {
                        BoardResult::Replay
                    }
                }
            }
        }

        /// The odd team out: a bye of some kind, or absent.
        fn bye(&mut self, team: TeamId) -> Option<Pairing> {
            let kind = match self.next(5) {
                0 => return None, // absent
                1 => ByeKind::FullPoint,
                2 => ByeKind::HalfPoint,
                3 => ByeKind::ZeroPoint,
                _ => ByeKind::PairingAllocated,
            };
            Some(Pairing::Bye { team, kind })
        }
    }

    proptest! {
        #[test]
        fn generated_tournaments_are_valid(t in arb_tournament()) {
            prop_assert_eq!(t.validate(), Ok(()));
        }

        /// Σ match points of a round = what the scoring hands out per
        /// complete match (W + L, or 2 × D; a loss without a game played
        /// over the board scores nothing) and per bye (a zero-point bye
        /// nothing).
        #[test]
        fn match_points_in_a_round_equal_what_the_matches_hand_out(t in arb_tournament()) {
            let ct = crate::crosstable::Crosstable::build(&t).expect("valid");
            let mp = t.scoring.match_points;
            for (ri, r) in t.rounds.iter().enumerate() {
                let handed_out: HalfPoints = r.pairings.iter().map(|p| match p {
                    Pairing::Bye { kind: ByeKind::ZeroPoint, .. } => HalfPoints::ZERO,
                    Pairing::Bye { kind, .. } => t.scoring.points_for(kind.outcome()),
                    Pairing::Match(m) => match m.forfeit {
                        Some(MatchForfeit::Double) => HalfPoints::ZERO,
                        Some(_) => mp.win,
                        None => {
                            let finals: Vec<(HalfPoints, HalfPoints)> =
                                m.games.iter().filter_map(|g| g.result.points()).collect();
                            let played = m.games.iter().any(|g| {
                                g.result.is_final() && !g.result.is_forfeit()
                            });
                            let loss = if played { mp.loss } else { HalfPoints::ZERO };
                            if finals.len() < m.games.len() || m.games.is_empty() {
                                HalfPoints::ZERO
                            } else {
                                let h: HalfPoints = finals.iter().map(|x| x.0).sum();
                                let a: HalfPoints = finals.iter().map(|x| x.1).sum();
                                if !played && h == HalfPoints::ZERO && a == HalfPoints::ZERO {
                                    HalfPoints::ZERO
                                } else if h == a {
                                    mp.draw + mp.draw
                                } else {
                                    mp.win + loss
                                }
                            }
                        }
                    },
                }).sum();
                let scored: HalfPoints = ct.teams.iter().map(|l| l.rounds[ri].match_points).sum();
                prop_assert_eq!(scored, handed_out, "round {}", r.number);
            }
        }
    }

    fn as_match(p: &Pairing) -> &Match {
        match p {
            Pairing::Match(m) => m,
            Pairing::Bye { .. } => panic!("not a match"),
        }
    }

    /// TRF-2026 record 362 (and C.07's scoring of unplayed rounds): the
    /// loss value is for a match lost over the board. With TW 2, TD 1,
    /// TL ½: a played 0–2 loss scores ½; a whole-match forfeit, a match of
    /// forfeited boards only (`++`) and a double forfeit score 0 for the
    /// loser (every board `--`: 0 for both); a zero-point bye scores 0; a
    /// PAB worth 2 MP and 1 GP (record 320) scores that.
    #[test]
    fn trf_362_the_loss_value_is_for_matches_played_over_the_board() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 6, ScoreKind::MatchPoints);
        t.scoring.match_points = MatchPoints {
            win: HalfPoints(4),
            draw: HalfPoints(2),
            loss: HalfPoints(1),
        };
        let score = |p: &Pairing| match p {
            Pairing::Match(m) => {
                let (h, a) = t.match_scores(m);
                (h.match_points, a.match_points)
            }
            Pairing::Bye { kind, .. } => (t.bye_score(*kind).match_points, HalfPoints::ZERO),
        };
        assert_eq!(score(&m(1, 2, 2, "11")), (HalfPoints(4), HalfPoints(1)));
        assert_eq!(
            score(&forfeit(1, 2, MatchForfeit::HomeWins)),
            (HalfPoints(4), HalfPoints::ZERO)
        );
        assert_eq!(score(&m(1, 2, 2, "++")), (HalfPoints(4), HalfPoints::ZERO));
        assert_eq!(score(&m(1, 2, 2, "+1")), (HalfPoints(4), HalfPoints(1)));
        assert_eq!(
            score(&forfeit(1, 2, MatchForfeit::Double)),
            (HalfPoints::ZERO, HalfPoints::ZERO)
        );
        assert_eq!(
            score(&m(1, 2, 2, "xx")),
            (HalfPoints::ZERO, HalfPoints::ZERO)
        );
        // Forfeits that leave the match drawn: a draw for both.
        assert_eq!(score(&m(1, 2, 2, "+-")), (HalfPoints(2), HalfPoints(2)));
        assert_eq!(score(&bye(3, ByeKind::ZeroPoint)).0, HalfPoints::ZERO);
        assert_eq!(score(&bye(3, ByeKind::HalfPoint)).0, HalfPoints(2));
        t.scoring.pab = Some(crate::score::ByeValue {
            match_points: HalfPoints(4),
            game_points: HalfPoints(2),
        });
        let pab = t.bye_score(ByeKind::PairingAllocated);
        assert_eq!(
            (pab.match_points, pab.game_points),
            (HalfPoints(4), HalfPoints(2))
        );
    }

    #[test]
    fn json_without_declared_rounds_or_initial_colour_still_loads() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "1=")])];
        let json = serde_json::to_value(&t).expect("serializes");
        // Unset, the fields are left out: the JSON is what older code wrote.
        assert!(json.get("declared_rounds").is_none(), "{json}");
        assert!(json.get("initial_colour").is_none(), "{json}");
        let back: Tournament = serde_json::from_value(json).expect("older JSON loads");
        assert_eq!(back, t);
        t.declared_rounds = Some(7);
        t.initial_colour = Some(Colour::Black);
        let json = serde_json::to_string(&t).expect("serializes");
        let back: Tournament = serde_json::from_str(&json).expect("loads");
        assert_eq!(back, t);
    }

    #[test]
    fn match_points_follow_the_game_points() {
        let t = tournament(PairingSystem::Swiss, 3, 1, 2, ScoreKind::MatchPoints);
        // 1 + ½ + 0 = 1½ each: a drawn match, 1 MP each.
        let (h, a) = t.match_scores(as_match(&m(1, 2, 3, "1=0")));
        assert_eq!(
            (h.match_points, a.match_points),
            (HalfPoints(2), HalfPoints(2))
        );
        assert_eq!(
            (h.game_points, a.game_points),
            (HalfPoints(3), HalfPoints(3))
        );
        // 1 + 1 + 0 = 2 : 1 → home wins 2 MP.
        let (h, a) = t.match_scores(as_match(&m(1, 2, 3, "110")));
        assert_eq!(
            (h.match_points, a.match_points),
            (HalfPoints(4), HalfPoints(0))
        );
    }

    #[test]
    fn any_match_point_values_are_honoured() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.scoring.match_points = MatchPoints {
            win: HalfPoints::from_points(3),
            draw: HalfPoints::from_points(1),
            loss: HalfPoints::ZERO,
        };
        let (h, a) = t.match_scores(as_match(&m(1, 2, 2, "1=")));
        assert_eq!(
            (h.match_points, a.match_points),
            (HalfPoints(6), HalfPoints(0))
        );
    }

    #[test]
    fn g_v23_pending_or_replayed_game_leaves_the_match_incomplete() {
        let t = tournament(PairingSystem::Swiss, 3, 1, 2, ScoreKind::MatchPoints);
        let (h, _) = t.match_scores(as_match(&m(1, 2, 3, "11*")));
        assert_eq!(h.outcome, None);
        assert_eq!(h.match_points, HalfPoints::ZERO);
        assert_eq!(h.game_points, HalfPoints(4));
        // G-V23: a game to be replayed has no result.
        let (h, _) = t.match_scores(as_match(&m(1, 2, 3, "11r")));
        assert_eq!(h.outcome, None);
    }

    #[test]
    fn board_forfeits_count_and_whole_match_forfeit_scores_all_boards() {
        let t = tournament(PairingSystem::Swiss, 4, 1, 2, ScoreKind::MatchPoints);
        let (h, a) = t.match_scores(as_match(&m(1, 2, 4, "+-x=")));
        // + → 1:0, - → 0:1, -- → 0:0, = → ½:½  ⇒ 1½ : 1½.
        assert_eq!(
            (h.game_points, a.game_points),
            (HalfPoints(3), HalfPoints(3))
        );
        let (h, a) = t.match_scores(as_match(&forfeit(1, 2, MatchForfeit::AwayWins)));
        assert_eq!(
            (h.game_points, a.game_points),
            (HalfPoints(0), HalfPoints(8))
        );
        assert_eq!(a.match_points, HalfPoints(4));
        let (h, a) = t.match_scores(as_match(&forfeit(1, 2, MatchForfeit::Double)));
        assert_eq!(
            (h.match_points, a.match_points),
            (HalfPoints(0), HalfPoints(0))
        );
    }

    #[test]
    fn e_3_two_games_per_pairing_swap_colours() {
        let t = tournament(PairingSystem::RoundRobin, 3, 2, 2, ScoreKind::GamePoints);
        assert_eq!(t.home_colour(1, 1), Colour::White);
        assert_eq!(t.home_colour(2, 1), Colour::Black);
        assert_eq!(t.home_colour(1, 2), Colour::Black);
        assert_eq!(t.games_per_match(), 6);
        // E-3: six games 1 + 1 + ½ + 0 + ½ + 1 = 4 : 2 → win.
        let (h, _) = t.match_scores(as_match(&m(1, 2, 3, "11=0=1")));
        assert_eq!(h.game_points, HalfPoints(8));
        assert_eq!(h.outcome, Some(Outcome::Win));
    }

    #[test]
    fn g_v11_team_cannot_score_more_than_ten_points_in_a_round() {
        // Seed G: 5 boards × 2 games → at most 10 points per round.
        let mut t = tournament(PairingSystem::RoundRobin, 5, 2, 2, ScoreKind::GamePoints);
        assert_eq!(t.round_cap(), HalfPoints::from_points(10));
        t.rounds = vec![round(1, vec![m(1, 2, 5, "1111111111")])];
        assert_eq!(t.validate(), Ok(()));
        // An eleventh game (board 6) is refused: it would make 11 points.
        if let Pairing::Match(mm) = &mut t.rounds[0].pairings[0] {
            mm.games.push(Game {
                board: 6,
                game: 1,
                result: BoardResult::HomeWin,
                home_player: None,
                away_player: None,
            });
        }
        assert!(matches!(
            t.validate(),
            Err(TournamentError::GameOutsideFormat { board: 6, .. })
        ));
        // The same slot twice is refused as well.
        t.rounds = vec![round(1, vec![m(1, 2, 5, "1111111111")])];
        if let Pairing::Match(mm) = &mut t.rounds[0].pairings[0] {
            let dup = mm.games[0].clone();
            mm.games.push(dup);
        }
        assert!(matches!(
            t.validate(),
            Err(TournamentError::DuplicateGame { .. })
        ));
    }

    #[test]
    fn validation_rejects_double_pairings_and_unknown_teams() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![round(
            1,
            vec![m(1, 2, 2, "11"), bye(2, ByeKind::PairingAllocated)],
        )];
        assert!(matches!(
            t.validate(),
            Err(TournamentError::PairedTwice { .. })
        ));
        t.rounds = vec![round(1, vec![m(1, 9, 2, "11")])];
        assert!(matches!(
            t.validate(),
            Err(TournamentError::UnknownTeam { .. })
        ));
        t.rounds = vec![round(1, vec![m(1, 1, 2, "11")])];
        assert!(matches!(
            t.validate(),
            Err(TournamentError::SelfPairing { .. })
        ));
    }
}

/// Builders of small tournaments, for examples and tests (also of crates
/// that use this one): teams are numbered from 1, a match is written as a
/// string of home results.
///
/// ```
/// use league_rules::score::ScoreKind;
/// use league_rules::tournament::build::{m, round, tournament};
/// use league_rules::tournament::PairingSystem;
///
/// let mut t = tournament(PairingSystem::Swiss, 2, 1, 4, ScoreKind::MatchPoints);
/// // Round 1: team 1 beats team 2 1½–½, teams 3 and 4 draw 1–1.
/// t.rounds.push(round(1, vec![m(1, 2, 2, "1="), m(3, 4, 2, "10")]));
/// assert_eq!(t.rounds[0].pairings.len(), 2);
/// ```
pub mod build {
    use super::*;
    use crate::score::{MatchPoints, ScoreKind};

    /// An empty tournament of `teams` teams named "Team 1"…, no rounds.
    pub fn tournament(
        system: PairingSystem,
        boards: u8,
        games: u8,
        teams: u16,
        primary: ScoreKind,
    ) -> Tournament {
        Tournament {
            name: "Test".into(),
            start_date: None,
            end_date: None,
            system,
            boards,
            games_per_pairing: games,
            colours: alternating_colours(boards),
            scoring: Scoring {
                primary,
                match_points: MatchPoints::default(),
                pab: None,
            },
            declared_rounds: None,
            initial_colour: None,
            teams: (1..=teams)
                .map(|i| Team {
                    id: TeamId(i),
                    name: format!("Team {i}"),
                    nickname: None,
                    roster: vec![],
                })
                .collect(),
            players: vec![],
            rounds: vec![],
        }
    }

    /// A match from a string of home results per (game, board):
    /// `1` home win, `=` draw, `0` away win, `+`/`-` forfeits, `*` pending,
    /// `r` replay. Games are listed game 1 boards 1..n, then game 2.
    pub fn m(home: u16, away: u16, boards: u8, results: &str) -> Pairing {
        let games = results
            .chars()
            .enumerate()
            .map(|(i, c)| {
                let i = u8::try_from(i).unwrap_or(0);
                Game {
                    board: i % boards + 1,
                    game: i / boards + 1,
                    result: match c {
                        '1' => BoardResult::HomeWin,
                        '=' => BoardResult::Draw,
                        '0' => BoardResult::AwayWin,
                        '+' => BoardResult::HomeForfeitWin,
                        '-' => BoardResult::AwayForfeitWin,
                        'x' => BoardResult::DoubleForfeit,
                        'r' => BoardResult::Replay,
                        _ => BoardResult::NotPlayed,
                    },
                    home_player: None,
                    away_player: None,
                }
            })
            .collect();
        Pairing::Match(Match {
            home: TeamId(home),
            away: TeamId(away),
            games,
            forfeit: None,
        })
    }

    /// A match decided as a whole by forfeit (`f`), no games.
    pub fn forfeit(home: u16, away: u16, f: MatchForfeit) -> Pairing {
        Pairing::Match(Match {
            home: TeamId(home),
            away: TeamId(away),
            games: vec![],
            forfeit: Some(f),
        })
    }

    /// A bye of `team` of the given kind.
    pub fn bye(team: u16, kind: ByeKind) -> Pairing {
        Pairing::Bye {
            team: TeamId(team),
            kind,
        }
    }

    /// Round `number` with its pairings.
    pub fn round(number: u16, pairings: Vec<Pairing>) -> Round {
        Round { number, pairings }
    }
}
