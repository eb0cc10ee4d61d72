//! Round robin by the FIDE Berger tables (Handbook C.05, Annex 1), the
//! G-V1 choice of format, and board colours inside a team match.
//!
//! Construction (equal to the printed tables, checked against them in the
//! tests for 4, 6, 8 and 10): with `n` even (an odd field gets a dummy
//! `n`, whose opponent has the bye), the players `1..n-1` sit on a circle
//! that turns by `n/2` places each round while player `n` stays on table 1.
//! In round `r` let `s = (r-1)·n/2 mod (n-1)`. Table 1 is player `s+1`
//! against player `n`; table `b ≥ 2` pairs `(s+b-1 mod n-1)+1` (White)
//! with `(s-b+1 mod n-1)+1`. Player `n` has Black in odd rounds and White
//! in even ones, so on table 1 the colours alternate. Round 1 is therefore
//! `b` v `n-b+1` on table `b`, and for 4 players the rounds read
//! `1-4 2-3 / 4-3 1-2 / 2-4 3-1` as in the Handbook.
//!
//! Double round robin (C.05 Annex 1 note): the second cycle repeats the
//! first with colours reversed, and the last two rounds of the first cycle
//! are swapped so nobody gets the same colour three times in a row at the
//! junction of the cycles. The second cycle follows the Berger rounds in
//! their printed order (1, 2, …), colours reversed: repeating the swapped
//! order instead would give player `n` three equal colours in a row.

use super::{Colour, Criterion, PairingError};
use serde::{Deserialize, Serialize};

/// The largest field a Berger table is built for here: far above any
/// round robin a league plays, low enough that the schedule stays small.
pub const MAX_BERGER_PLAYERS: u32 = 1000;

/// One game (for teams: one match) of a Berger round. Numbers are Berger
/// (start) numbers `1..=n`; `table` is the Berger table number, so table 1
/// is missing in a round where the dummy of an odd field sits there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BergerGame {
    pub table: u32,
    pub white: u32,
    pub black: u32,
}

/// One round of a Berger schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BergerRound {
    /// Playing order, 1-based, across both cycles.
    pub round: u32,
    /// 1 or 2.
    pub cycle: u32,
    /// The Berger round (row of the printed table) this round is taken from.
    pub table_round: u32,
    /// Games by table.
    pub games: Vec<BergerGame>,
    /// The player paired with the dummy of an odd field.
    pub bye: Option<u32>,
}

/// A full round-robin schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BergerSchedule {
    /// Number of real participants.
    pub participants: u32,
    /// Table size used (participants rounded up to even).
    pub size: u32,
    pub double: bool,
    pub rounds: Vec<BergerRound>,
}

/// One Berger round `r` (1-based) for an even `size`, with the dummy's
/// games kept (the caller removes them).
fn raw_round(size: u32, r: u32) -> Vec<BergerGame> {
    let m = size - 1; // players on the circle
    let half = size / 2;
    let s = ((u64::from(r) - 1) * u64::from(half) % u64::from(m)) as u32;
    let mut games = Vec::with_capacity(half as usize);
    let circle = s + 1;
    let (white, black) = if r % 2 == 1 {
        (circle, size)
    } else {
        (size, circle)
    };
    games.push(BergerGame {
        table: 1,
        white,
        black,
    });
    for b in 2..=half {
        let white = (s + b - 1) % m + 1;
        let black = (s + m - (b - 1)) % m + 1;
        games.push(BergerGame {
            table: b,
            white,
            black,
        });
    }
    games
}

/// The Berger schedule for `n` participants (C.05 Annex 1), single or
/// double round robin. `n` odd: the dummy `n+1` gives a bye.
pub fn berger_table(n: u32, double: bool) -> Result<BergerSchedule, PairingError> {
    if n < 2 {
        return Err(PairingError::Invalid(format!(
            "a round robin needs at least 2 participants, got {n}"
        )));
    }
    if n > MAX_BERGER_PLAYERS {
        return Err(PairingError::Invalid(format!(
            "a round robin of {n} participants is beyond the supported {MAX_BERGER_PLAYERS}"
        )));
    }
    let size = n + n % 2;
    let per_cycle = size - 1;
    let printed: Vec<u32> = (1..=per_cycle).collect();
    let mut first_cycle = printed.clone();
    if double && per_cycle >= 2 {
        let last = first_cycle.len() - 1;
        first_cycle.swap(last - 1, last);
    }
    let mut rounds = Vec::new();
    let cycles: Vec<(u32, &Vec<u32>)> = if double {
        vec![(1, &first_cycle), (2, &printed)]
    } else {
        vec![(1, &first_cycle)]
    };
    for (cycle, order) in cycles {
        for &table_round in order {
            let mut games = Vec::new();
            let mut bye = None;
            for g in raw_round(size, table_round) {
                let (white, black) = if cycle == 2 {
                    (g.black, g.white)
                } else {
                    (g.white, g.black)
                };
                if white > n {
                    bye = Some(black);
                } else if black > n {
                    bye = Some(white);
                } else {
                    games.push(BergerGame {
                        table: g.table,
                        white,
                        black,
                    });
                }
            }
            rounds.push(BergerRound {
                round: rounds.len() as u32 + 1,
                cycle,
                table_round,
                games,
                bye,
            });
        }
    }
    Ok(BergerSchedule {
        participants: n,
        size,
        double,
        rounds,
    })
}

/// A round-robin format: how many games each pairing plays in one round
/// (one with each colour when two) and whether there is a second cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRobinFormat {
    pub games_per_pairing: u32,
    pub double_cycle: bool,
}

/// G-V1: 4–8 teams play a round robin with 2 games per pairing in each
/// round (one with each colour); more than 8 teams play 1 game per round.
/// Fewer than 4 teams is not a format G-V1 defines.
pub fn g_v1_round_robin_format(team_count: u32) -> Result<RoundRobinFormat, PairingError> {
    match team_count {
        0..=3 => Err(PairingError::impossible(
            Criterion::GV1Format,
            format!("G-V1 defines a round robin for 4 or more teams, not for {team_count}"),
        )),
        4..=8 => Ok(RoundRobinFormat {
            games_per_pairing: 2,
            double_cycle: false,
        }),
        _ => Ok(RoundRobinFormat {
            games_per_pairing: 1,
            double_cycle: false,
        }),
    }
}

/// Colours, board by board, of the team listed first in a match, for game
/// `game` (1-based) of the pairing: in game 1 board 1 has White and the
/// colours alternate down the boards (W, B, W, …); game 2 swaps them all,
/// game 3 is as game 1, and so on. The team listed second has the opposite
/// colour on every board.
pub fn board_colours(boards: u32, game: u32) -> Result<Vec<Colour>, PairingError> {
    if boards == 0 || boards > 64 {
        return Err(PairingError::Invalid(format!(
            "a team match has 1 to 64 boards, got {boards}"
        )));
    }
    if game == 0 {
        return Err(PairingError::Invalid(
            "games of a pairing are numbered from 1".into(),
        ));
    }
    let first_white = game % 2 == 1;
    Ok((0..boards)
        .map(|b| {
            if (b % 2 == 0) == first_white {
                Colour::White
            } else {
                Colour::Black
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Parses a hand-written table: one line per round, games "w-b"
    /// separated by spaces, in table order.
    fn parse(text: &str) -> Vec<Vec<(u32, u32)>> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|line| {
                line.split_whitespace()
                    .map(|g| {
                        let (w, b) = g.split_once('-').expect("test data: w-b");
                        (w.parse().expect("number"), b.parse().expect("number"))
                    })
                    .collect()
            })
            .collect()
    }

    fn as_pairs(s: &BergerSchedule) -> Vec<Vec<(u32, u32)>> {
        s.rounds
            .iter()
            .map(|r| r.games.iter().map(|g| (g.white, g.black)).collect())
            .collect()
    }

    // Typed by hand from FIDE Handbook C.05 Annex 1 (Berger tables).
    const FIDE_4: &str = "
        1-4 2-3
        4-3 1-2
        2-4 3-1";
    const FIDE_6: &str = "
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1";
    const FIDE_8: &str = "
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1";
    const FIDE_10: &str = "
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1";

    #[test]
    fn berger_tables_equal_the_fide_tables_for_4_6_8_10() {
        for (n, text) in [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8), (10, FIDE_10)] {
            let s = berger_table(n, false).expect("valid size");
            assert_eq!(as_pairs(&s), parse(text), "n = {n}");
        }
    }

    #[test]
    fn odd_field_uses_the_next_even_table_with_the_dummy_as_bye() {
        // 3 teams = the table for 4 with player 4 as the bye.
        let s = berger_table(3, false).expect("valid");
        assert_eq!(as_pairs(&s), vec![vec![(2, 3)], vec![(1, 2)], vec![(3, 1)]]);
        let byes: Vec<_> = s.rounds.iter().map(|r| r.bye).collect();
        assert_eq!(byes, vec![Some(1), Some(3), Some(2)]);
        // Table numbers of the printed table are kept.
        assert_eq!(s.rounds[0].games[0].table, 2);
    }

    /// The construction rule, stated independently of the generator:
    /// round 1 table b is b v n-b+1, player n stays on table 1 and
    /// alternates colours (Black in round 1), and each next round is the
    /// previous one with every circle player advanced by n/2 places.
    #[test]
    fn berger_tables_follow_the_construction_rule_for_3_to_16() {
        for n in 3..=16u32 {
            let size = n + n % 2;
            let m = size - 1;
            let raw: Vec<Vec<BergerGame>> = (1..=m).map(|r| raw_round(size, r)).collect();
            for (b, g) in raw[0].iter().enumerate() {
                let b = b as u32 + 1;
                assert_eq!((g.table, g.white, g.black), (b, b, size - b + 1), "n={n}");
            }
            let advance = |p: u32| (p - 1 + size / 2) % m + 1;
            for r in 1..raw.len() {
                let t1 = raw[r][0];
                let n_colour_white = t1.white == size;
                assert_eq!(n_colour_white, r % 2 == 1, "n={n} round {}", r + 1);
                let prev_circle = if raw[r - 1][0].white == size {
                    raw[r - 1][0].black
                } else {
                    raw[r - 1][0].white
                };
                let circle = if n_colour_white { t1.black } else { t1.white };
                assert_eq!(circle, advance(prev_circle), "n={n} round {}", r + 1);
                for (prev, cur) in raw[r - 1].iter().zip(&raw[r]).skip(1) {
                    assert_eq!(cur.white, advance(prev.white), "n={n} r={}", r + 1);
                    assert_eq!(cur.black, advance(prev.black), "n={n} r={}", r + 1);
                }
            }
            // And the public schedule is exactly these rounds minus the dummy.
            let s = berger_table(n, false).expect("valid");
            for (round, raw_games) in s.rounds.iter().zip(&raw) {
                let expected: Vec<_> = raw_games
                    .iter()
                    .filter(|g| g.white <= n && g.black <= n)
                    .copied()
                    .collect();
                assert_eq!(round.games, expected, "n={n}");
            }
        }
    }

    #[test]
    fn double_round_robin_swaps_the_last_two_rounds_and_reverses_colours() {
        let s = berger_table(4, true).expect("valid");
        assert_eq!(
            as_pairs(&s),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(2, 4), (3, 1)],
                vec![(4, 3), (1, 2)],
                vec![(4, 1), (3, 2)],
                vec![(3, 4), (2, 1)],
                vec![(4, 2), (1, 3)],
            ]
        );
        assert_eq!(s.rounds[3].cycle, 2);
    }

    #[test]
    fn double_round_robin_never_gives_three_equal_colours_in_a_row() {
        for n in (4..=16u32).step_by(2) {
            let s = berger_table(n, true).expect("valid");
            for p in 1..=n {
                let seq: Vec<bool> = s
                    .rounds
                    .iter()
                    .map(|r| r.games.iter().any(|g| g.white == p))
                    .collect();
                for w in seq.windows(3) {
                    assert!(!(w[0] == w[1] && w[1] == w[2]), "n={n} player {p}: {seq:?}");
                }
            }
        }
    }

    #[test]
    fn g_v1_two_games_for_4_to_8_teams_one_above_8() {
        for n in 4..=8 {
            assert_eq!(
                g_v1_round_robin_format(n).map(|f| f.games_per_pairing),
                Ok(2)
            );
        }
        for n in [9, 10, 20] {
            assert_eq!(
                g_v1_round_robin_format(n).map(|f| f.games_per_pairing),
                Ok(1)
            );
        }
        let err = g_v1_round_robin_format(3).expect_err("3 teams");
        assert_eq!(err.criterion(), Criterion::GV1Format);
    }

    #[test]
    fn g_v1_board_colours_alternate_down_the_boards_and_swap_in_game_two() {
        use Colour::{Black as B, White as W};
        assert_eq!(board_colours(5, 1), Ok(vec![W, B, W, B, W]));
        assert_eq!(board_colours(5, 2), Ok(vec![B, W, B, W, B]));
        assert_eq!(board_colours(3, 3), Ok(vec![W, B, W]));
        assert!(board_colours(0, 1).is_err());
        assert!(board_colours(3, 0).is_err());
    }

    #[test]
    fn too_small_or_too_large_fields_are_refused() {
        assert!(berger_table(1, false).is_err());
        assert!(berger_table(0, true).is_err());
        assert!(berger_table(MAX_BERGER_PLAYERS + 1, false).is_err());
        assert_eq!(berger_table(2, true).map(|s| s.rounds.len()), Ok(2));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn round_robin_properties(n in 2u32..60, double in any::<bool>()) {
            let s = berger_table(n, double).expect("valid");
            let per_cycle = (n + n % 2 - 1) as usize;
            prop_assert_eq!(s.rounds.len(), per_cycle * if double { 2 } else { 1 });
            let mut met = std::collections::HashMap::<(u32, u32), Vec<u32>>::new();
            let mut whites = vec![0i32; n as usize + 1];
            let mut blacks = vec![0i32; n as usize + 1];
            for r in &s.rounds {
                // Everybody at most once per round; exactly once with the bye.
                let mut seen = vec![0u32; n as usize + 1];
                for g in &r.games {
                    prop_assert!(g.white != g.black);
                    seen[g.white as usize] += 1;
                    seen[g.black as usize] += 1;
                    whites[g.white as usize] += 1;
                    blacks[g.black as usize] += 1;
                    met.entry((g.white.min(g.black), g.white.max(g.black)))
                        .or_default()
                        .push(g.white);
                }
                if let Some(b) = r.bye { seen[b as usize] += 1; }
                prop_assert!(seen[1..].iter().all(|&c| c == 1));
                prop_assert_eq!(r.bye.is_some(), n % 2 == 1);
            }
            // Every pairing meets once per cycle …
            prop_assert_eq!(met.len(), (n * (n - 1) / 2) as usize);
            for (pair, white_players) in &met {
                if double {
                    // … and in a double round robin once with each colour.
                    prop_assert_eq!(white_players.len(), 2);
                    prop_assert!(white_players.contains(&pair.0));
                    prop_assert!(white_players.contains(&pair.1));
                } else {
                    prop_assert_eq!(white_players.len(), 1);
                }
            }
            for p in 1..=n as usize {
                let diff = whites[p] - blacks[p];
                if double {
                    prop_assert_eq!(diff, 0);
                } else {
                    prop_assert!(diff.abs() <= 1, "player {} diff {}", p, diff);
                }
            }
        }
    }
}
