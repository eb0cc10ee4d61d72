//! Play-off (E-1) and its tie rule (E-9).
//!
//! A bracket is built from a seeded list (knockout without groups) or from
//! group rankings given by the caller (ranking is computed elsewhere):
//! qualifiers are seeded group winners first (A1, B1, …), then runners-up
//! (A2, B2, …), and seed `s` meets seed `N+1-s` in the usual bracket order,
//! so seed 1 and 2 can meet only in the final. With two groups and two
//! qualifiers each this is E-1's semi-finals A1–B2 and B1–A2. The losers
//! of the semi-finals play for 3rd place.

use super::lot::Lot;
use super::{Criterion, EntryId, PairingError};
use crate::score::HalfPoints;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Stage of a play-off match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// A round with `teams` teams left (16 = round of 16, 8 = quarter-finals).
    RoundOf {
        teams: u32,
    },
    SemiFinal,
    Final,
    ThirdPlace,
}

/// Who fills one side of a play-off match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    Team(EntryId),
    WinnerOf(u32),
    LoserOf(u32),
}

/// A match of the bracket; `number` starts at 1 in playing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutMatch {
    pub number: u32,
    pub stage: Stage,
    pub first: Slot,
    pub second: Slot,
}

/// A whole play-off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    pub matches: Vec<KnockoutMatch>,
}

/// A match whose sides are known (or not yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolvedMatch {
    pub number: u32,
    pub stage: Stage,
    pub first: Option<EntryId>,
    pub second: Option<EntryId>,
    pub winner: Option<EntryId>,
}

/// Bracket order of seeds 1..=n (n a power of two): 1, n, …, so that
/// consecutive pairs are the first-round matches.
fn seed_order(n: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < n {
        let size = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// A knockout bracket from a seeded list (best first). The number of teams
/// must be a power of two, at least 2.
pub fn knockout_bracket(seeded: &[EntryId], third_place: bool) -> Result<Bracket, PairingError> {
    let n = seeded.len();
    if n < 2 || !n.is_power_of_two() {
        return Err(PairingError::impossible(
            Criterion::E1Playoff,
            format!("a knockout needs 2, 4, 8, … teams, not {n}"),
        ));
    }
    let mut seen = HashSet::new();
    for &t in seeded {
        if !seen.insert(t) {
            return Err(PairingError::DuplicateTeam(t));
        }
    }
    let stage_for = |teams: usize| match teams {
        2 => Stage::Final,
        4 => Stage::SemiFinal,
        t => Stage::RoundOf { teams: t as u32 },
    };
    let mut matches = Vec::new();
    let order = seed_order(n);
    let mut current: Vec<Slot> = order.iter().map(|&s| Slot::Team(seeded[s - 1])).collect();
    let mut semi_finals = Vec::new();
    while current.len() > 1 {
        let stage = stage_for(current.len());
        let mut next = Vec::new();
        for pair in current.chunks(2) {
            let number = matches.len() as u32 + 1;
            matches.push(KnockoutMatch {
                number,
                stage,
                first: pair[0],
                second: pair[1],
            });
            if stage == Stage::SemiFinal {
                semi_finals.push(number);
            }
            next.push(Slot::WinnerOf(number));
        }
        current = next;
    }
    if third_place && semi_finals.len() == 2 {
        // The match for 3rd place is listed before the final.
        let final_match = matches.pop();
        let number = matches.len() as u32 + 1;
        matches.push(KnockoutMatch {
            number,
            stage: Stage::ThirdPlace,
            first: Slot::LoserOf(semi_finals[0]),
            second: Slot::LoserOf(semi_finals[1]),
        });
        if let Some(mut f) = final_match {
            f.number = number + 1;
            matches.push(f);
        }
    }
    Ok(Bracket { matches })
}

/// E-1: the play-off from group rankings (each ordered best first, as
/// computed by the caller), `qualifiers` teams per group. Works for any
/// number of groups where the qualifiers make a power of two (2 groups × 2
/// → semi-finals A1–B2, B1–A2; 4 groups × 1 → A1–D1, B1–C1; 4 groups × 2 →
/// quarter-finals), and refuses a first round that would replay a group match.
pub fn playoff_from_groups(
    rankings: &[Vec<EntryId>],
    qualifiers: u32,
    third_place: bool,
) -> Result<Bracket, PairingError> {
    if rankings.is_empty() || qualifiers == 0 {
        return Err(PairingError::impossible(
            Criterion::E1Playoff,
            "no groups or no qualifiers",
        ));
    }
    let mut seeded = Vec::new();
    let mut group_of = HashMap::new();
    for rank in 0..qualifiers as usize {
        for (g, ranking) in rankings.iter().enumerate() {
            let Some(&team) = ranking.get(rank) else {
                return Err(PairingError::impossible(
                    Criterion::E1Playoff,
                    format!(
                        "group {} has {} teams ranked, {} qualify",
                        char::from(b'A' + (g % 26) as u8),
                        ranking.len(),
                        qualifiers
                    ),
                ));
            };
            seeded.push(team);
            group_of.insert(team, g);
        }
    }
    let bracket = knockout_bracket(&seeded, third_place)?;
    for m in &bracket.matches {
        if let (Slot::Team(a), Slot::Team(b)) = (m.first, m.second)
            && group_of.get(&a) == group_of.get(&b)
        {
            return Err(PairingError::impossible(
                Criterion::E1Playoff,
                format!("teams {a} and {b} would meet again straight after their group"),
            ));
        }
    }
    Ok(bracket)
}

impl Bracket {
    /// Fills the slots from the winners known so far (match number →
    /// winner). A winner must be one of the two sides of its match.
    pub fn resolve(
        &self,
        winners: &HashMap<u32, EntryId>,
    ) -> Result<Vec<ResolvedMatch>, PairingError> {
        let mut resolved: Vec<ResolvedMatch> = Vec::with_capacity(self.matches.len());
        for m in &self.matches {
            let side = |slot: Slot, done: &[ResolvedMatch]| -> Option<EntryId> {
                match slot {
                    Slot::Team(t) => Some(t),
                    Slot::WinnerOf(k) => done.iter().find(|r| r.number == k)?.winner,
                    Slot::LoserOf(k) => {
                        let r = done.iter().find(|r| r.number == k)?;
                        let w = r.winner?;
                        if r.first == Some(w) {
                            r.second
                        } else {
                            r.first
                        }
                    }
                }
            };
            let first = side(m.first, &resolved);
            let second = side(m.second, &resolved);
            let winner = winners.get(&m.number).copied();
            if let Some(w) = winner
                && first != Some(w)
                && second != Some(w)
            {
                return Err(PairingError::impossible(
                    Criterion::E1Playoff,
                    format!("team {w} is not a side of match {}", m.number),
                ));
            }
            resolved.push(ResolvedMatch {
                number: m.number,
                stage: m.stage,
                first,
                second,
                winner,
            });
        }
        Ok(resolved)
    }

    /// Places 1–4 (E-1) once the final and the 3rd-place match are decided.
    pub fn podium(&self, winners: &HashMap<u32, EntryId>) -> Result<Vec<EntryId>, PairingError> {
        let resolved = self.resolve(winners)?;
        let decided = |stage: Stage| -> Result<(EntryId, EntryId), PairingError> {
            let r = resolved.iter().find(|r| r.stage == stage).ok_or_else(|| {
                PairingError::impossible(Criterion::E1Playoff, format!("no {stage:?} match"))
            })?;
            match (r.winner, r.first, r.second) {
                (Some(w), Some(a), Some(b)) => Ok((w, if w == a { b } else { a })),
                _ => Err(PairingError::impossible(
                    Criterion::E1Playoff,
                    format!("the {stage:?} match is not decided yet"),
                )),
            }
        };
        let (first, second) = decided(Stage::Final)?;
        let mut podium = vec![first, second];
        if self.matches.iter().any(|m| m.stage == Stage::ThirdPlace) {
            let (third, fourth) = decided(Stage::ThirdPlace)?;
            podium.extend([third, fourth]);
        }
        Ok(podium)
    }
}

/// Result of a single game, from White's side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

/// A play-off match as played: the points of each team on each board
/// (board 1 first), all games on that board added up (E-3: two games).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffMatch {
    pub first: EntryId,
    pub second: EntryId,
    /// `(first's points, second's points)` per board.
    pub boards: Vec<(HalfPoints, HalfPoints)>,
}

/// What decided a play-off match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecidedBy {
    /// More game points over all boards.
    MatchScore,
    /// The match was drawn; this board's result decided (E-9: 1, then 2).
    Board(u32),
    /// One armageddon game on board 1; a draw wins for Black (E-9).
    Armageddon {
        white: EntryId,
        black: EntryId,
        result: GameResult,
        seed: u64,
    },
}

/// The outcome of the E-9 rule for a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayoffDecision {
    Decided {
        winner: EntryId,
        loser: EntryId,
        by: DecidedBy,
    },
    /// Still equal after the boards: the board-1 players play one
    /// armageddon game (White 6 min, Black 5 min) with these colours,
    /// drawn by lot from `seed`; no substitution on board 1 (E-9).
    ArmageddonNeeded {
        white: EntryId,
        black: EntryId,
        seed: u64,
    },
}

/// E-9: colours of the armageddon game, drawn by lot from `seed`.
pub fn armageddon_colours(first: EntryId, second: EntryId, seed: u64) -> (EntryId, EntryId) {
    if Lot::new(seed).coin() {
        (first, second)
    } else {
        (second, first)
    }
}

/// E-9: the armageddon winner: a draw wins for Black. Returns (winner, loser).
pub fn decide_armageddon(white: EntryId, black: EntryId, result: GameResult) -> (EntryId, EntryId) {
    match result {
        GameResult::WhiteWins => (white, black),
        GameResult::Draw | GameResult::BlackWins => (black, white),
    }
}

/// E-9 as a pure function. A drawn match is decided by board 1's result,
/// then board 2's (`tie_boards` = 2 in seed E); if still equal, by one
/// armageddon game whose colours are drawn by lot from `seed`. Pass the
/// armageddon result once it is played; without it the decision says the
/// game is needed and with which colours.
pub fn decide_playoff_match(
    m: &PlayoffMatch,
    tie_boards: u32,
    seed: u64,
    armageddon: Option<GameResult>,
) -> Result<PlayoffDecision, PairingError> {
    if m.first == m.second {
        return Err(PairingError::Invalid(format!(
            "play-off match of team {} against itself",
            m.first
        )));
    }
    if m.boards.is_empty() || tie_boards as usize > m.boards.len() {
        return Err(PairingError::impossible(
            Criterion::E9PlayoffTie,
            format!(
                "{} boards recorded, the tie rule looks at {tie_boards}",
                m.boards.len()
            ),
        ));
    }
    if m.boards.iter().any(|(a, b)| a.0 < 0 || b.0 < 0) {
        return Err(PairingError::Invalid("negative board points".into()));
    }
    let decided = |first_wins: bool, by: DecidedBy| {
        let (winner, loser) = if first_wins {
            (m.first, m.second)
        } else {
            (m.second, m.first)
        };
        Ok(PlayoffDecision::Decided { winner, loser, by })
    };
    let total = m
        .boards
        .iter()
        .fold((HalfPoints(0), HalfPoints(0)), |(x, y), (a, b)| {
            (x + *a, y + *b)
        });
    if total.0 != total.1 {
        return decided(total.0 > total.1, DecidedBy::MatchScore);
    }
    for (i, (a, b)) in m.boards.iter().take(tie_boards as usize).enumerate() {
        if a != b {
            return decided(a > b, DecidedBy::Board(i as u32 + 1));
        }
    }
    let (white, black) = armageddon_colours(m.first, m.second, seed);
    match armageddon {
        None => Ok(PlayoffDecision::ArmageddonNeeded { white, black, seed }),
        Some(result) => {
            let (winner, _) = decide_armageddon(white, black, result);
            decided(
                winner == m.first,
                DecidedBy::Armageddon {
                    white,
                    black,
                    result,
                    seed,
                },
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::groups::{Group, GroupAllocation, group_schedule, split_into_groups};
    use super::*;

    fn hp(points: &[(i32, i32)]) -> Vec<(HalfPoints, HalfPoints)> {
        points
            .iter()
            .map(|&(a, b)| (HalfPoints(a), HalfPoints(b)))
            .collect()
    }

    #[test]
    fn e_1_semi_finals_cross_the_two_groups_and_losers_play_for_third() {
        let a = vec![EntryId(1), EntryId(2), EntryId(3)];
        let b = vec![EntryId(11), EntryId(12), EntryId(13)];
        let bracket = playoff_from_groups(&[a, b], 2, true).expect("valid");
        let m = &bracket.matches;
        assert_eq!(m.len(), 4);
        assert_eq!(
            (m[0].stage, m[0].first, m[0].second),
            (
                Stage::SemiFinal,
                Slot::Team(EntryId(1)),
                Slot::Team(EntryId(12))
            )
        );
        assert_eq!(
            (m[1].stage, m[1].first, m[1].second),
            (
                Stage::SemiFinal,
                Slot::Team(EntryId(11)),
                Slot::Team(EntryId(2))
            )
        );
        assert_eq!(
            (m[2].stage, m[2].first, m[2].second),
            (Stage::ThirdPlace, Slot::LoserOf(1), Slot::LoserOf(2))
        );
        assert_eq!(
            (m[3].stage, m[3].first, m[3].second),
            (Stage::Final, Slot::WinnerOf(1), Slot::WinnerOf(2))
        );
    }

    #[test]
    fn e_1_four_groups_give_quarter_finals_without_group_rematches() {
        let groups: Vec<Vec<EntryId>> = (0..4)
            .map(|g| (1..=4).map(|r| EntryId(g * 10 + r)).collect())
            .collect();
        let bracket = playoff_from_groups(&groups, 2, true).expect("valid");
        let firsts: Vec<_> = bracket
            .matches
            .iter()
            .take(4)
            .map(|m| (m.first, m.second))
            .collect();
        assert_eq!(
            firsts,
            vec![
                (Slot::Team(EntryId(1)), Slot::Team(EntryId(32))),
                (Slot::Team(EntryId(31)), Slot::Team(EntryId(2))),
                (Slot::Team(EntryId(11)), Slot::Team(EntryId(22))),
                (Slot::Team(EntryId(21)), Slot::Team(EntryId(12))),
            ]
        );
        assert_eq!(bracket.matches[4].stage, Stage::SemiFinal);
        let winners_only = playoff_from_groups(&groups, 1, false).expect("valid");
        assert_eq!(winners_only.matches.len(), 3);
        assert!(playoff_from_groups(&groups[..3], 1, true).is_err());
    }

    #[test]
    fn e_1_knockout_without_groups_keeps_top_seeds_apart() {
        let seeds: Vec<EntryId> = (1..=8).map(EntryId).collect();
        let b = knockout_bracket(&seeds, false).expect("valid");
        let first_round: Vec<_> = b
            .matches
            .iter()
            .take(4)
            .map(|m| (m.first, m.second))
            .collect();
        let t = |i| Slot::Team(EntryId(i));
        assert_eq!(
            first_round,
            vec![(t(1), t(8)), (t(4), t(5)), (t(2), t(7)), (t(3), t(6))]
        );
        assert_eq!(b.matches.len(), 7);
        assert!(knockout_bracket(&seeds[..6], false).is_err());
    }

    #[test]
    fn e_9_drawn_match_goes_to_board_one_then_board_two() {
        let (x, y) = (EntryId(1), EntryId(2));
        let by_board_1 = PlayoffMatch {
            first: x,
            second: y,
            boards: hp(&[(1, 3), (3, 1), (2, 2)]),
        };
        assert_eq!(
            decide_playoff_match(&by_board_1, 2, 0, None),
            Ok(PlayoffDecision::Decided {
                winner: y,
                loser: x,
                by: DecidedBy::Board(1)
            })
        );
        let by_board_2 = PlayoffMatch {
            first: x,
            second: y,
            boards: hp(&[(2, 2), (3, 1), (1, 3)]),
        };
        assert_eq!(
            decide_playoff_match(&by_board_2, 2, 0, None),
            Ok(PlayoffDecision::Decided {
                winner: x,
                loser: y,
                by: DecidedBy::Board(2)
            })
        );
        // A won match never reaches the tie rule.
        let won = PlayoffMatch {
            first: x,
            second: y,
            boards: hp(&[(2, 2), (2, 2), (3, 1)]),
        };
        assert!(
            matches!(decide_playoff_match(&won, 2, 0, None), Ok(PlayoffDecision::Decided { winner, by: DecidedBy::MatchScore, .. }) if winner == x)
        );
        // Board 3 never decides in seed E: boards 1 and 2 level → armageddon.
        let level = PlayoffMatch {
            first: x,
            second: y,
            boards: hp(&[(2, 2), (1, 1), (3, 3)]),
        };
        assert!(matches!(
            decide_playoff_match(&level, 2, 5, None),
            Ok(PlayoffDecision::ArmageddonNeeded { seed: 5, .. })
        ));
    }

    #[test]
    fn e_9_armageddon_draw_wins_for_black_and_colours_follow_the_seed() {
        let (x, y) = (EntryId(7), EntryId(8));
        assert_eq!(decide_armageddon(x, y, GameResult::Draw), (y, x));
        assert_eq!(decide_armageddon(x, y, GameResult::BlackWins), (y, x));
        assert_eq!(decide_armageddon(x, y, GameResult::WhiteWins), (x, y));
        // Both colour assignments occur over seeds; each is reproducible.
        let mut seen = HashSet::new();
        for seed in 0..32 {
            let c = armageddon_colours(x, y, seed);
            assert_eq!(c, armageddon_colours(x, y, seed));
            seen.insert(c);
        }
        assert_eq!(seen.len(), 2);
    }

    #[test]
    fn e_9_invalid_inputs_are_errors_not_panics() {
        let (x, y) = (EntryId(1), EntryId(2));
        let none = PlayoffMatch {
            first: x,
            second: y,
            boards: vec![],
        };
        assert_eq!(
            decide_playoff_match(&none, 2, 0, None).map_err(|e| e.criterion()),
            Err(Criterion::E9PlayoffTie)
        );
        let one = PlayoffMatch {
            first: x,
            second: y,
            boards: hp(&[(2, 2)]),
        };
        assert!(decide_playoff_match(&one, 2, 0, None).is_err());
        let selfm = PlayoffMatch {
            first: x,
            second: x,
            boards: hp(&[(2, 2)]),
        };
        assert!(decide_playoff_match(&selfm, 1, 0, None).is_err());
    }

    /// A full seed-E run: 8 teams, two groups by snake, Berger round robin
    /// in each (E-3: two games per pairing), caller's group rankings, then
    /// semi-finals A1–B2 / B1–A2 both drawn (one decided by board 1, one by
    /// board 2), a drawn final decided by armageddon where a draw sends
    /// Black through, and the match for 3rd place.
    #[test]
    fn e_9_full_seed_e_bracket_with_board_and_armageddon_tie_breaks() {
        let seeded: Vec<EntryId> = (1..=8).map(EntryId).collect();
        let groups = split_into_groups(&seeded, 2, GroupAllocation::Snake).expect("groups");
        assert_every_pair_of_each_group_meets_once(&groups);
        // Rankings come from the standings module; here: group order reversed
        // for B to show the bracket follows the given ranking, not the seeds.
        let rank_a = groups[0].teams.clone(); // 1, 4, 5, 8
        let mut rank_b = groups[1].teams.clone(); // 2, 3, 6, 7
        rank_b.reverse(); // 7, 6, 3, 2
        let bracket =
            playoff_from_groups(&[rank_a.clone(), rank_b.clone()], 2, true).expect("bracket");
        let mut winners = HashMap::new();
        let resolved = bracket.resolve(&winners).expect("resolve");
        // Semi-final 1: A1 (1) – B2 (6): 3-3, board 1 decides for B2.
        let sf1 = &resolved[0];
        assert_sides(sf1, 1, 6);
        let (winner, by) = decide_on_boards((1, 6), &[(1, 3), (3, 1), (2, 2)], 11, "sf1");
        assert_eq!((winner, by), (EntryId(6), DecidedBy::Board(1)));
        winners.insert(sf1.number, winner);
        // Semi-final 2: B1 (7) – A2 (4): 3-3, board 1 level, board 2 for A2.
        let sf2 = &resolved[1];
        assert_sides(sf2, 7, 4);
        let (winner, by) = decide_on_boards((7, 4), &[(2, 2), (1, 3), (3, 1)], 12, "sf2");
        assert_eq!((winner, by), (EntryId(4), DecidedBy::Board(2)));
        winners.insert(sf2.number, winner);
        // 3rd place: the semi-final losers 1 and 7; a clean win.
        let resolved = bracket.resolve(&winners).expect("resolve");
        let third = stage(&resolved, Stage::ThirdPlace);
        assert_sides(third, 1, 7);
        let (winner, _) = decide_on_boards((1, 7), &[(4, 0), (2, 2), (1, 3)], 13, "third");
        winners.insert(third.number, winner);
        // Final: 6 – 4, every board level → armageddon, colours by lot.
        let fin = stage(&resolved, Stage::Final);
        assert_sides(fin, 6, 4);
        let (white, black, winner) = drawn_final_goes_to_black();
        winners.insert(fin.number, winner);
        let podium = bracket.podium(&winners).expect("podium");
        assert_eq!(podium, vec![black, white, EntryId(1), EntryId(7)]);
        // A winner who is not in the match is refused.
        let mut wrong = winners.clone();
        wrong.insert(fin.number, EntryId(1));
        assert!(bracket.resolve(&wrong).is_err());
    }

    /// E-3: each group's Berger round robin has three rounds in which every
    /// pair of the group meets once.
    fn assert_every_pair_of_each_group_meets_once(groups: &[Group]) {
        for g in groups {
            let rounds = group_schedule(g, false).expect("schedule");
            assert_eq!(rounds.len(), 3);
            let mut met = HashSet::new();
            for r in &rounds {
                for m in &r.matches {
                    assert!(met.insert((m.first.min(m.second), m.first.max(m.second))));
                }
            }
            assert_eq!(met.len(), 6);
        }
    }

    /// The resolved match has the teams `first` and `second`, in that order.
    fn assert_sides(m: &ResolvedMatch, first: i64, second: i64) {
        assert_eq!(
            (m.first, m.second),
            (Some(EntryId(first)), Some(EntryId(second)))
        );
    }

    /// The resolved match of `stage`.
    fn stage(resolved: &[ResolvedMatch], stage: Stage) -> &ResolvedMatch {
        resolved
            .iter()
            .find(|r| r.stage == stage)
            .expect("a match of that stage")
    }

    /// A play-off match between `first` and `second` with these board
    /// points, which E-9 decides without armageddon (2 boards may decide):
    /// the winner and how.
    fn decide_on_boards(
        (first, second): (i64, i64),
        boards: &[(i32, i32)],
        seed: u64,
        what: &str,
    ) -> (EntryId, DecidedBy) {
        let result = PlayoffMatch {
            first: EntryId(first),
            second: EntryId(second),
            boards: hp(boards),
        };
        let d = decide_playoff_match(&result, 2, seed, None).expect(what);
        let PlayoffDecision::Decided { winner, by, .. } = d else {
            panic!("{what} decided, got {d:?}")
        };
        (winner, by)
    }

    /// The final 6 – 4 with every board level: an armageddon is needed, its
    /// colours by lot from the seed; drawn, it sends Black through. Returns
    /// (white, black, winner).
    fn drawn_final_goes_to_black() -> (EntryId, EntryId, EntryId) {
        let final_result = PlayoffMatch {
            first: EntryId(6),
            second: EntryId(4),
            boards: hp(&[(2, 2), (2, 2), (2, 2)]),
        };
        let seed = 2024;
        let needed = decide_playoff_match(&final_result, 2, seed, None).expect("final");
        let PlayoffDecision::ArmageddonNeeded { white, black, .. } = needed else {
            panic!("armageddon needed, got {needed:?}")
        };
        assert_eq!(
            (white, black),
            armageddon_colours(EntryId(6), EntryId(4), seed)
        );
        // The armageddon is drawn: Black goes through.
        let d =
            decide_playoff_match(&final_result, 2, seed, Some(GameResult::Draw)).expect("final");
        let PlayoffDecision::Decided { winner, loser, by } = d else {
            panic!("decided")
        };
        assert_eq!((winner, loser), (black, white));
        assert!(matches!(
            by,
            DecidedBy::Armageddon {
                result: GameResult::Draw,
                ..
            }
        ));
        (white, black, winner)
    }
}
