//! The crosstable: per team and round what happened, per team, board and
//! player totals, and head-to-head look-ups. Everything the tie-breaks need is
//! read from here.
//!
//! A team match is played when at least one of its games was played over the
//! board; a match forfeited on every board is an unplayed round for both
//! teams, whatever its result ([`RoundKind`]), as C.07 art. 16 treats
//! unplayed rounds and as the pairing code reads it.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::score::{ByeKind, Colour, HalfPoints, Outcome};
use super::tournament::{
    Match, MatchForfeit, Pairing, PlayerId, Round, SideScore, TeamId, Tournament, TournamentError,
};

/// What a round was for one team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundKind {
    /// The match was played: at least one of its games was played over the
    /// board. Its board forfeits count with their results.
    Played,
    /// The match is not complete yet (pending or to-be-replayed games).
    InProgress,
    /// Won without a game over the board: a whole-match forfeit of the
    /// opponent, or a match whose every game was a forfeit and which the
    /// forfeits left won.
    ForfeitWin,
    /// Lost without a game over the board (the mirror of `ForfeitWin`).
    ForfeitLoss,
    /// Neither team showed up: a whole-match double forfeit, or every game a
    /// double forfeit (`--`).
    DoubleForfeit,
    /// No game was played over the board and the board forfeits left the
    /// match drawn (e.g. `+` on one board, `-` on the other). Like a forfeit
    /// loss it is an unplayed round that brought no win (a VUR, C.07 16.2).
    ForfeitDraw,
    /// A bye.
    Bye(ByeKind),
    /// Not paired at all (withdrawn, not yet entered, …).
    Absent,
}

impl RoundKind {
    /// Rounds the team did not play over the board (C.07 art. 16 "unplayed rounds").
    pub fn is_unplayed(self) -> bool {
        !matches!(self, RoundKind::Played | RoundKind::InProgress)
    }
}

/// One team's round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    /// Round number.
    pub round: u16,
    /// Scheduled opponent, if any.
    pub opponent: Option<TeamId>,
    /// What the round was.
    pub kind: RoundKind,
    /// The team's colour on board 1 of the first game, when paired.
    pub colour: Option<Colour>,
    /// Match points scored.
    pub match_points: HalfPoints,
    /// Game points scored.
    pub game_points: HalfPoints,
    /// Match outcome once final.
    pub outcome: Option<Outcome>,
    /// Points per board (index 0 = board 1). A bye counts as a win on every
    /// board, a whole-match forfeit as a win or loss on every board.
    pub board_points: Vec<HalfPoints>,
    /// Games won: over the board, by board forfeit, and every game of a
    /// whole-match forfeit win, a pairing-allocated or a full-point bye.
    pub game_wins: u32,
    /// Games won over the board only.
    pub game_wins_otb: u32,
    #[serde(skip)]
    pub(crate) opponent_index: Option<usize>,
}

/// A team's line of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamLine {
    /// The team.
    pub team: TeamId,
    /// One entry per round of the tournament, in order.
    pub rounds: Vec<TeamRound>,
    /// Total match points.
    pub match_points: HalfPoints,
    /// Total game points.
    pub game_points: HalfPoints,
    /// Total points per board.
    pub board_points: Vec<HalfPoints>,
    /// Total games won.
    pub game_wins: u32,
}

/// A player's line: games and points, overall and per board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLine {
    /// The player.
    pub player: PlayerId,
    /// The team they played for.
    pub team: TeamId,
    /// Games with a final result.
    pub games: u32,
    /// Points scored.
    pub points: HalfPoints,
    /// (board, games, points) for each board played.
    pub by_board: Vec<(u8, u32, HalfPoints)>,
}

/// Head-to-head record of two teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HeadToHead {
    /// Completed meetings (played or forfeited matches).
    pub meetings: u32,
    /// Meetings decided by a whole-match forfeit.
    pub forfeited: u32,
    /// Match points (first team, second team) over those meetings.
    pub match_points: (HalfPoints, HalfPoints),
    /// Game points (first team, second team) over those meetings.
    pub game_points: (HalfPoints, HalfPoints),
}

/// The crosstable of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    /// Boards per match.
    pub boards: u8,
    /// Games per pairing.
    pub games_per_pairing: u8,
    /// Team lines in the order of `Tournament::teams`.
    pub teams: Vec<TeamLine>,
    /// Player lines sorted by player id.
    pub players: Vec<PlayerLine>,
    index: HashMap<TeamId, usize>,
}

impl Crosstable {
    /// Build the crosstable; the tournament is validated first.
    pub fn build(t: &Tournament) -> Result<Crosstable, TournamentError> {
        t.validate()?;
        let mut builder = Builder::new(t);
        let mut rounds: Vec<&Round> = t.rounds.iter().collect();
        rounds.sort_by_key(|r| r.number);
        for r in rounds {
            builder.add_round(r);
        }
        Ok(builder.finish())
    }

    /// A team's line.
    pub fn team(&self, id: TeamId) -> Option<&TeamLine> {
        self.index.get(&id).and_then(|&i| self.teams.get(i))
    }

    pub(crate) fn position(&self, id: TeamId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// Head-to-head record of `a` against `b` (completed meetings only).
    pub fn head_to_head(&self, a: TeamId, b: TeamId) -> HeadToHead {
        let mut h = HeadToHead::default();
        let (Some(la), Some(lb)) = (self.team(a), self.team(b)) else {
            return h;
        };
        for (ra, rb) in la.rounds.iter().zip(&lb.rounds) {
            if ra.opponent == Some(b) && ra.outcome.is_some() {
                h.meetings += 1;
                if matches!(
                    ra.kind,
                    RoundKind::ForfeitWin
                        | RoundKind::ForfeitLoss
                        | RoundKind::DoubleForfeit
                        | RoundKind::ForfeitDraw
                ) {
                    h.forfeited += 1;
                }
                h.match_points.0 += ra.match_points;
                h.match_points.1 += rb.match_points;
                h.game_points.0 += ra.game_points;
                h.game_points.1 += rb.game_points;
            }
        }
        h
    }
}

/// The crosstable being built, one round after the other.
struct Builder<'a> {
    t: &'a Tournament,
    boards: usize,
    index: HashMap<TeamId, usize>,
    lines: Vec<TeamLine>,
    players: HashMap<PlayerId, PlayerLine>,
}

/// What one team's games of a match gave on the boards.
struct GameTally {
    board_points: Vec<HalfPoints>,
    wins: u32,
    wins_otb: u32,
}

impl GameTally {
    fn new(boards: usize) -> GameTally {
        GameTally {
            board_points: vec![HalfPoints::ZERO; boards],
            wins: 0,
            wins_otb: 0,
        }
    }

    /// One game that scored `points` on board index `board`; `otb` when it
    /// was played over the board.
    fn add_game(&mut self, board: usize, points: HalfPoints, otb: u32) {
        if let Some(x) = self.board_points.get_mut(board) {
            *x += points;
        }
        if points == HalfPoints::ONE {
            self.wins += 1;
            self.wins_otb += otb;
        }
    }

    /// Every game of the match won by forfeit of the opponent.
    fn whole_match_won(t: &Tournament, boards: usize) -> GameTally {
        GameTally {
            board_points: vec![HalfPoints::ONE.times(i32::from(t.games_per_pairing)); boards],
            wins: t.games_per_match(),
            wins_otb: 0,
        }
    }
}

impl<'a> Builder<'a> {
    fn new(t: &'a Tournament) -> Builder<'a> {
        let boards = usize::from(t.boards);
        let index = t
            .teams
            .iter()
            .enumerate()
            .map(|(i, tm)| (tm.id, i))
            .collect();
        let lines = t
            .teams
            .iter()
            .map(|tm| TeamLine {
                team: tm.id,
                rounds: Vec::with_capacity(t.rounds.len()),
                match_points: HalfPoints::ZERO,
                game_points: HalfPoints::ZERO,
                board_points: vec![HalfPoints::ZERO; boards],
                game_wins: 0,
            })
            .collect();
        Builder {
            t,
            boards,
            index,
            lines,
            players: HashMap::new(),
        }
    }

    /// One round: every team's entry from its pairing, absent when unpaired.
    fn add_round(&mut self, r: &Round) {
        let mut entries: Vec<Option<TeamRound>> = vec![None; self.lines.len()];
        for p in &r.pairings {
            match p {
                Pairing::Bye { team, kind } => {
                    let Some(&i) = self.index.get(team) else {
                        continue;
                    };
                    entries[i] = Some(self.bye_round(r.number, *kind));
                }
                Pairing::Match(m) => {
                    let (Some(&hi), Some(&ai)) = (self.index.get(&m.home), self.index.get(&m.away))
                    else {
                        continue;
                    };
                    let (home, away) = self.match_rounds(r.number, m, hi, ai);
                    entries[hi] = Some(home);
                    entries[ai] = Some(away);
                }
            }
        }
        for (line, e) in self.lines.iter_mut().zip(entries) {
            let e = e.unwrap_or_else(|| absent_round(r.number, self.boards));
            line.add(e);
        }
    }

    /// A bye counts the same in every criterion: its game points (the
    /// tournament's scoring: a PAB is a drawn match unless the regulation or
    /// record 320 says otherwise, C.04.6 art. 1.4) spread over the boards.
    /// C.07 counts a bye's boards in BC, TBR and BBE (art. 12) and its won
    /// games in WIN only as the points it is given: a drawn PAB is a draw on
    /// every board and wins no game, so its boards sum to its GP (a PAB of
    /// one point per board, as Swiss-Manager's `U` cells give, stays a win on
    /// every board).
    fn bye_round(&self, round: u16, kind: ByeKind) -> TeamRound {
        let t = self.t;
        let s = t.bye_score(kind);
        let board_points = spread(s.game_points, self.boards);
        let all_won = s.game_points
            == HalfPoints::ONE.times(i32::try_from(t.games_per_match()).unwrap_or(i32::MAX));
        TeamRound {
            round,
            opponent: None,
            kind: RoundKind::Bye(kind),
            colour: None,
            match_points: s.match_points,
            game_points: s.game_points,
            outcome: s.outcome,
            board_points,
            // The games a bye wins are won games for WIN:GP too (C.07 art.
            // 7.1: won with or without playing), as in the reference
            // implementation.
            game_wins: if all_won && s.game_points > HalfPoints::ZERO {
                t.games_per_match()
            } else {
                0
            },
            game_wins_otb: 0,
            opponent_index: None,
        }
    }

    /// The (home, away) entries of a match between the teams at `hi` and `ai`.
    fn match_rounds(
        &mut self,
        round: u16,
        m: &Match,
        hi: usize,
        ai: usize,
    ) -> (TeamRound, TeamRound) {
        let t = self.t;
        let (hs, as_) = t.match_scores(m);
        let (home, away, (hk, ak)) = match m.forfeit {
            Some(MatchForfeit::HomeWins) => (
                GameTally::whole_match_won(t, self.boards),
                GameTally::new(self.boards),
                (RoundKind::ForfeitWin, RoundKind::ForfeitLoss),
            ),
            Some(MatchForfeit::AwayWins) => (
                GameTally::new(self.boards),
                GameTally::whole_match_won(t, self.boards),
                (RoundKind::ForfeitLoss, RoundKind::ForfeitWin),
            ),
            Some(MatchForfeit::Double) => (
                GameTally::new(self.boards),
                GameTally::new(self.boards),
                (RoundKind::DoubleForfeit, RoundKind::DoubleForfeit),
            ),
            None => {
                let (home, away) = self.tally_games(m);
                let kinds = unplayed_match_kinds(m, hs.outcome, hs.game_points, as_.game_points);
                (home, away, kinds)
            }
        };
        let hc = t.home_colour(1, 1);
        let entry = |opponent, kind, colour, s: SideScore, tally: GameTally, index| TeamRound {
            round,
            opponent: Some(opponent),
            kind,
            colour: Some(colour),
            match_points: s.match_points,
            game_points: s.game_points,
            outcome: s.outcome,
            board_points: tally.board_points,
            game_wins: tally.wins,
            game_wins_otb: tally.wins_otb,
            opponent_index: Some(index),
        };
        (
            entry(m.away, hk, hc, hs, home, ai),
            entry(m.home, ak, hc.opposite(), as_, away, hi),
        )
    }

    /// The games of a match not forfeited as a whole, on the boards of both
    /// teams and in their players' lines.
    fn tally_games(&mut self, m: &Match) -> (GameTally, GameTally) {
        let mut home = GameTally::new(self.boards);
        let mut away = GameTally::new(self.boards);
        for g in &m.games {
            let Some((h, a)) = g.result.points() else {
                continue;
            };
            let b = usize::from(g.board.saturating_sub(1));
            let otb = u32::from(!g.result.is_forfeit());
            home.add_game(b, h, otb);
            away.add_game(b, a, otb);
            for (pl, team, pts) in [(g.home_player, m.home, h), (g.away_player, m.away, a)] {
                if let Some(pid) = pl {
                    add_player(&mut self.players, pid, team, g.board, pts);
                }
            }
        }
        (home, away)
    }

    /// The crosstable, players sorted by id and their boards in order.
    fn finish(self) -> Crosstable {
        let mut players: Vec<PlayerLine> = self.players.into_values().collect();
        players.sort_by_key(|p| p.player);
        for p in &mut players {
            p.by_board.sort_by_key(|b| b.0);
        }
        Crosstable {
            boards: self.t.boards,
            games_per_pairing: self.t.games_per_pairing,
            teams: self.lines,
            players,
            index: self.index,
        }
    }
}

impl TeamLine {
    /// Append a round and add it to the totals.
    fn add(&mut self, e: TeamRound) {
        self.match_points += e.match_points;
        self.game_points += e.game_points;
        self.game_wins += e.game_wins;
        for (tot, b) in self.board_points.iter_mut().zip(&e.board_points) {
            *tot += *b;
        }
        self.rounds.push(e);
    }
}

/// A round in which the team was not paired.
fn absent_round(round: u16, boards: usize) -> TeamRound {
    TeamRound {
        round,
        opponent: None,
        kind: RoundKind::Absent,
        colour: None,
        match_points: HalfPoints::ZERO,
        game_points: HalfPoints::ZERO,
        outcome: None,
        board_points: vec![HalfPoints::ZERO; boards],
        game_wins: 0,
        game_wins_otb: 0,
        opponent_index: None,
    }
}

/// Kinds of (home, away) for a match that was not forfeited as a whole.
///
/// C.07 treats a team match as played as soon as one of its games was played
/// over the board; a match in which every game was a forfeit (`+`, `-`,
/// `--`) is an unplayed round for both teams even though its result stands.
/// The pairing code reads such a match as a forfeit too.
fn unplayed_match_kinds(
    m: &Match,
    home_outcome: Option<Outcome>,
    home_points: HalfPoints,
    away_points: HalfPoints,
) -> (RoundKind, RoundKind) {
    let Some(outcome) = home_outcome else {
        return (RoundKind::InProgress, RoundKind::InProgress);
    };
    let over_the_board = m.games.iter().any(|g| !g.result.is_forfeit());
    if over_the_board {
        return (RoundKind::Played, RoundKind::Played);
    }
    // Nobody scored: lost by both (every board `--`), a double forfeit.
    if home_points == HalfPoints::ZERO && away_points == HalfPoints::ZERO {
        return (RoundKind::DoubleForfeit, RoundKind::DoubleForfeit);
    }
    match outcome {
        Outcome::Win => (RoundKind::ForfeitWin, RoundKind::ForfeitLoss),
        Outcome::Loss => (RoundKind::ForfeitLoss, RoundKind::ForfeitWin),
        Outcome::Draw => (RoundKind::ForfeitDraw, RoundKind::ForfeitDraw),
    }
}

fn add_player(
    players: &mut HashMap<PlayerId, PlayerLine>,
    pid: PlayerId,
    team: TeamId,
    board: u8,
    pts: HalfPoints,
) {
    let line = players.entry(pid).or_insert_with(|| PlayerLine {
        player: pid,
        team,
        games: 0,
        points: HalfPoints::ZERO,
        by_board: vec![],
    });
    line.games += 1;
    line.points += pts;
    if let Some(b) = line.by_board.iter_mut().find(|b| b.0 == board) {
        b.1 += 1;
        b.2 += pts;
    } else {
        line.by_board.push((board, 1, pts));
    }
}

/// `total` game points over `boards` boards, as evenly as half points
/// allow: equal shares, the half points left over to the top boards.
fn spread(total: HalfPoints, boards: usize) -> Vec<HalfPoints> {
    let n = i32::try_from(boards.max(1)).unwrap_or(i32::MAX);
    let (share, left) = (total.0.div_euclid(n), total.0.rem_euclid(n));
    (0..n)
        .map(|k| HalfPoints(share + i32::from(k < left)))
        .take(boards)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{BoardResult, ScoreKind};
    use crate::tournament::tests::{bye, forfeit, m, round, tournament};
    use crate::tournament::{Game, Match, PairingSystem};

    #[test]
    fn totals_per_team_board_and_player() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(
                1,
                vec![
                    Pairing::Match(Match {
                        home: TeamId(1),
                        away: TeamId(2),
                        games: vec![
                            Game {
                                board: 1,
                                game: 1,
                                result: BoardResult::HomeWin,
                                home_player: Some(PlayerId(1)),
                                away_player: Some(PlayerId(3)),
                            },
                            Game {
                                board: 2,
                                game: 1,
                                result: BoardResult::Draw,
                                home_player: Some(PlayerId(2)),
                                away_player: Some(PlayerId(4)),
                            },
                        ],
                        forfeit: None,
                    }),
                    bye(3, ByeKind::PairingAllocated),
                ],
            ),
            round(2, vec![m(3, 1, 2, "=0")]),
        ];
        let ct = Crosstable::build(&t).expect("valid");
        let t1 = ct.team(TeamId(1)).expect("team 1");
        // R1: 1½ GP, win 2 MP. R2 away at 3: "=0" → ½ + 1 = 1½, win.
        assert_eq!(t1.game_points, HalfPoints(6));
        assert_eq!(t1.match_points, HalfPoints(8));
        assert_eq!(t1.board_points, vec![HalfPoints(3), HalfPoints(3)]);
        let t2 = ct.team(TeamId(2)).expect("team 2");
        assert_eq!(t2.rounds[1].kind, RoundKind::Absent);
        let t3 = ct.team(TeamId(3)).expect("team 3");
        // PAB: drawn match (1 MP, 1 GP of 2), a draw on every board for the
        // board tie-breaks too.
        assert_eq!(t3.rounds[0].match_points, HalfPoints(2));
        assert_eq!(t3.rounds[0].game_points, HalfPoints(2));
        assert_eq!(
            t3.rounds[0].board_points,
            vec![HalfPoints(1), HalfPoints(1)]
        );
        let p1 = ct
            .players
            .iter()
            .find(|p| p.player == PlayerId(1))
            .expect("p1");
        assert_eq!((p1.games, p1.points), (1, HalfPoints(2)));
        assert_eq!(p1.by_board, vec![(1, 1, HalfPoints(2))]);
    }

    #[test]
    fn r_3_3_a_pab_counts_its_game_points_on_the_boards_and_wins_no_game() {
        // three boards, one game. Team 3's PAB is a drawn match
        // (C.04.6 art. 1.4): 1 MP, 1½ GP, so ½ on each board for TBR and BC
        // (the boards sum to the GP) and no won game for WIN.
        let mut t = tournament(PairingSystem::Swiss, 3, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![round(
            1,
            vec![m(1, 2, 3, "1=0"), bye(3, ByeKind::PairingAllocated)],
        )];
        let ct = Crosstable::build(&t).expect("valid");
        let t3 = ct.team(TeamId(3)).expect("team 3");
        assert_eq!(t3.game_points, HalfPoints(3));
        assert_eq!(t3.board_points, vec![HalfPoints(1); 3]);
        assert_eq!(
            t3.board_points.iter().copied().sum::<HalfPoints>(),
            t3.game_points
        );
        assert_eq!(t3.game_wins, 0);
        // A PAB the regulation values at every game (1 per board) is a win
        // on every board and three won games, as Swiss-Manager's `U` cells.
        t.scoring.pab = Some(crate::score::ByeValue {
            match_points: HalfPoints::from_points(2),
            game_points: HalfPoints::from_points(3),
        });
        let ct = Crosstable::build(&t).expect("valid");
        let t3 = ct.team(TeamId(3)).expect("team 3");
        assert_eq!(t3.board_points, vec![HalfPoints(2); 3]);
        assert_eq!(t3.game_wins, 3);
        // One game point over three boards: the half points to the top.
        assert_eq!(
            spread(HalfPoints(2), 3),
            [HalfPoints(1), HalfPoints(1), HalfPoints(0)]
        );
    }

    #[test]
    fn head_to_head_counts_completed_meetings_only() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "1=")]),
            round(2, vec![forfeit(2, 1, MatchForfeit::HomeWins)]),
            round(3, vec![m(1, 2, 2, "1*")]),
        ];
        let ct = Crosstable::build(&t).expect("valid");
        let h = ct.head_to_head(TeamId(1), TeamId(2));
        assert_eq!(h.meetings, 2);
        assert_eq!(h.forfeited, 1);
        assert_eq!(h.match_points, (HalfPoints(4), HalfPoints(4)));
        assert_eq!(h.game_points, (HalfPoints(3), HalfPoints(5)));
        assert_eq!(
            ct.team(TeamId(1)).map(|l| l.rounds[2].kind),
            Some(RoundKind::InProgress)
        );
    }
}
