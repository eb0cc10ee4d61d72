//! FIDE's rating arithmetic where the platform shows it: the conversion of
//! a fractional score into a rating difference (FIDE Rating Regulations
//! B.02, table 8.1.a), the average rating of the opponents (ARO, C.07
//! art. 10.1) and the tournament performance rating (TPR, C.07 art. 10.2).
//!
//! As the FIDE tie-break regulations compute them: only games played over
//! the board against rated opponents count; ARO is the average of those
//! opponents' ratings rounded half up; the fraction p of the score is
//! rounded half up to the hundredth before the table is read; TPR is
//! ARO + dp(p).

/// Table 8.1.a for p = 0.50, 0.51, …, 1.00; below 0.50 the difference is
/// the negative of the one for 1 − p.
const DP: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, //
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, //
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, //
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, //
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, //
    800,
];

/// The rating difference dp for a score of `percent` hundredths (0..=100).
pub fn dp(percent: u32) -> i32 {
    let percent = percent.min(100);
    if percent >= 50 {
        DP[(percent - 50) as usize]
    } else {
        -DP[(50 - percent) as usize]
    }
}

/// A game counted by ARO and TPR: the opponent's rating and the player's
/// score in half-points (2, 1 or 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedGame {
    pub opponent: u16,
    pub half_points: u8,
}

/// ARO: the opponents' average rating, rounded half up; `None` without a
/// game against a rated opponent.
pub fn aro(games: &[RatedGame]) -> Option<u16> {
    let opponents: Vec<u16> = games.iter().map(|g| g.opponent).collect();
    super::average(&opponents)
}

/// The fraction of the score in hundredths, rounded half up.
pub fn score_percent(games: &[RatedGame]) -> Option<u32> {
    let n = u32::try_from(games.len()).ok().filter(|n| *n > 0)?;
    let half_points: u32 = games.iter().map(|g| u32::from(g.half_points.min(2))).sum();
    // p·100 = 50·hp/n, rounded half up: ⌊(100·hp + n) / 2n⌋.
    Some((100 * half_points + n) / (2 * n))
}

/// TPR: ARO + dp(p); `None` without a game against a rated opponent.
pub fn tpr(games: &[RatedGame]) -> Option<i32> {
    Some(i32::from(aro(games)?) + dp(score_percent(games)?))
}

/// The performance after each game in turn (the TPR of the games so far):
/// the line a chart draws beside the player's usual rating.
pub fn running_tpr(games: &[RatedGame]) -> Vec<i32> {
    (1..=games.len()).filter_map(|n| tpr(&games[..n])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: u16, half_points: u8) -> RatedGame {
        RatedGame {
            opponent,
            half_points,
        }
    }

    #[test]
    fn c07_10_2_table_8_1_a_reads_both_ways() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(99), 677);
        assert_eq!(dp(75), 193);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(25), -193);
        assert_eq!(dp(0), -800);
        for p in 0..=100 {
            assert_eq!(dp(p), -dp(100 - p));
            if p > 0 {
                assert!(dp(p) > dp(p - 1), "the table rises at {p}");
            }
        }
    }

    #[test]
    fn c07_10_1_aro_rounds_half_up() {
        assert_eq!(aro(&[game(1800, 2), game(1801, 0)]), Some(1801));
        assert_eq!(
            aro(&[game(1800, 2), game(1803, 0), game(1800, 1)]),
            Some(1801)
        );
        assert_eq!(aro(&[]), None);
    }

    /// Three games, 2 points: p = 0.67 (0.666… rounded), dp 125.
    #[test]
    fn c07_10_2_tpr_is_aro_plus_dp_of_the_rounded_fraction() {
        let games = [game(2000, 2), game(2100, 1), game(2200, 1)];
        assert_eq!(score_percent(&games), Some(67));
        assert_eq!(tpr(&games), Some(2100 + 125));
        // 1 of 8 = 0.125 rounds up to 0.13: dp −322 (0.87: 322).
        let mut eight = vec![game(1600, 0); 7];
        eight.push(game(1600, 2));
        assert_eq!(score_percent(&eight), Some(13));
        assert_eq!(tpr(&eight), Some(1600 - 322));
        assert_eq!(tpr(&[game(1500, 2)]), Some(2300));
        assert_eq!(tpr(&[]), None);
    }

    #[test]
    fn the_running_performance_ends_at_the_tournaments() {
        let games = [game(2000, 2), game(2100, 1), game(2200, 0)];
        let line = running_tpr(&games);
        assert_eq!(line, vec![2800, 2050 + 193, 2100]);
        assert_eq!(line.last().copied(), tpr(&games));
    }
}
