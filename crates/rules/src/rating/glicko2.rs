//! The platform's own rating: Glicko-2, as Mark Glickman published it
//! ("Example of the Glicko-2 system", Boston University, 2013).
//!
//! The method and its parameters, as the platform's rating page states
//! them:
//! * every player starts at rating 1500, deviation (RD) 350 and
//!   volatility 0.06;
//! * the system constant τ is 0.5;
//! * a rating period is a calendar month (UTC) of the game's round; every
//!   game played over the board between two people of the platform counts
//!   (forfeits and byes do not), game 2 of a pairing and an armageddon
//!   game as games of their own;
//! * at the end of a period every rated player is updated at once from
//!   the ratings everyone had at its start; a player without games in the
//!   period only sees the deviation grow (Glickman's step 6);
//! * the volatility is found by the Illinois algorithm to ε = 0.000001.
//!
//! [`Pool::close_period`] is the incremental step; [`recompute`] folds it
//! over every period from nothing, and the two agree exactly (a property
//! test holds them to it), so the stored ratings can always be rebuilt
//! from the games alone.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Glickman's scale factor between the Glicko and the Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// The rating every player starts at.
pub const START_RATING: f64 = 1500.0;
/// The deviation every player starts at.
pub const START_DEVIATION: f64 = 350.0;
/// The volatility every player starts at.
pub const START_VOLATILITY: f64 = 0.06;
/// The system constant τ.
pub const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000_001;
/// A deviation above this is shown as provisional ("1540?"): the rating
/// rests on too few games to be relied on.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's rating on the Glicko scale.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl Glicko {
    /// The rating as people read it: rounded to a whole number.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }
}

/// One game of a period seen from one player: the opponent's rating at the
/// period's start and the player's score (1, ½ or 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    pub opponent: Glicko,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The new volatility (Glickman's step 5, the Illinois algorithm).
fn volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// A player's rating after one period with these games (none: only the
/// deviation grows).
pub fn update(player: Glicko, games: &[Outcome]) -> Glicko {
    let mu = (player.rating - START_RATING) / SCALE;
    let phi = player.deviation / SCALE;
    if games.is_empty() {
        let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
        return Glicko {
            deviation: (phi_star * SCALE).min(START_DEVIATION),
            ..player
        };
    }
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for game in games {
        let mu_j = (game.opponent.rating - START_RATING) / SCALE;
        let phi_j = game.opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        let gj = g(phi_j);
        inv_v += gj * gj * e * (1.0 - e);
        sum += gj * (game.score - e);
    }
    let v = 1.0 / inv_v;
    let delta = v * sum;
    let sigma = volatility(player.volatility, phi, v, delta);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Glicko {
        rating: SCALE * mu_new + START_RATING,
        deviation: SCALE * phi_new,
        volatility: sigma,
    }
}

/// A game between two players of the pool: `score` is the first one's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game<P> {
    pub first: P,
    pub second: P,
    /// The first player's score in half-points: 2 a win, 1 a draw, 0 a loss.
    pub first_half_points: u8,
}

/// Every player's rating and games so far.
///
/// Periods are numbered (the platform numbers calendar months as
/// year × 12 + month − 1) and closed in increasing order. A player is kept as they
/// were after the last period they played in; the periods that passed
/// since, without games, widen the deviation when the rating is read
/// ([`Pool::rating_at`]), as Glickman's step 6 does for every idle period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pool<P: Ord> {
    pub players: BTreeMap<P, Rated>,
    /// The last period closed.
    pub closed: Option<u32>,
}

/// A player of the pool: the rating after the last period they played in,
/// that period, and the games the rating rests on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    pub glicko: Glicko,
    pub period: u32,
    pub games: u32,
}

impl<P: Ord + Copy> Default for Pool<P> {
    fn default() -> Pool<P> {
        Pool {
            players: BTreeMap::new(),
            closed: None,
        }
    }
}

/// A period closed after a later one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("period {period} cannot be closed after period {closed}")]
pub struct OutOfOrder {
    pub period: u32,
    pub closed: u32,
}

impl<P: Ord + Copy> Pool<P> {
    /// A player's rating at the start of `period`: the starting one for a
    /// newcomer, else the last one with the deviation widened for every
    /// period since without games.
    pub fn rating_at(&self, player: P, period: u32) -> Glicko {
        match self.players.get(&player) {
            None => Glicko::default(),
            Some(rated) => {
                let idle = period.saturating_sub(rated.period.saturating_add(1));
                let mut glicko = rated.glicko;
                // After enough idle periods the deviation is back at its
                // ceiling and stays there.
                for _ in 0..idle.min(10_000) {
                    if glicko.deviation >= START_DEVIATION {
                        break;
                    }
                    glicko = update(glicko, &[]);
                }
                glicko
            }
        }
    }

    /// Closes `period` with its games: everyone who played is updated at
    /// once from the ratings at the period's start. The order of the games
    /// does not matter.
    pub fn close_period(&mut self, period: u32, games: &[Game<P>]) -> Result<(), OutOfOrder> {
        if let Some(closed) = self.closed.filter(|c| *c >= period) {
            return Err(OutOfOrder { period, closed });
        }
        let mut outcomes: BTreeMap<P, Vec<Outcome>> = BTreeMap::new();
        for game in games {
            let first = self.rating_at(game.first, period);
            let second = self.rating_at(game.second, period);
            let score = f64::from(game.first_half_points.min(2)) / 2.0;
            outcomes.entry(game.first).or_default().push(Outcome {
                opponent: second,
                score,
            });
            outcomes.entry(game.second).or_default().push(Outcome {
                opponent: first,
                score: 1.0 - score,
            });
        }
        let mut updated = Vec::with_capacity(outcomes.len());
        for (player, mut games) in outcomes {
            // One order whatever the order of arrival: floating-point sums
            // depend on it, and a recomputation must give the same bits.
            games.sort_by(|a, b| {
                (a.opponent.rating.to_bits(), a.opponent.deviation.to_bits())
                    .cmp(&(b.opponent.rating.to_bits(), b.opponent.deviation.to_bits()))
                    .then(a.score.total_cmp(&b.score))
            });
            let before = self.rating_at(player, period);
            let played = self.players.get(&player).map_or(0, |r| r.games);
            let count = u32::try_from(games.len()).unwrap_or(u32::MAX);
            updated.push((
                player,
                Rated {
                    glicko: update(before, &games),
                    period,
                    games: played.saturating_add(count),
                },
            ));
        }
        self.players.extend(updated);
        self.closed = Some(period);
        Ok(())
    }
}

/// Every period's games, folded in period order from an empty pool: the
/// ratings the stored ones must equal.
pub fn recompute<'a, P: Ord + Copy + 'a>(
    periods: impl IntoIterator<Item = (u32, &'a [Game<P>])>,
) -> Pool<P> {
    let mut sorted: Vec<_> = periods.into_iter().collect();
    sorted.sort_by_key(|(period, _)| *period);
    let mut pool = Pool::default();
    for (period, games) in sorted {
        // Sorted, so never out of order; a repeated period adds nothing.
        let _ = pool.close_period(period, games);
    }
    pool
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn glicko(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    /// Glickman's worked example: a 1500 (RD 200) player beats a 1400
    /// (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); after the
    /// period the player is 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let after = update(
            glicko(1500.0, 200.0),
            &[
                Outcome {
                    opponent: glicko(1400.0, 30.0),
                    score: 1.0,
                },
                Outcome {
                    opponent: glicko(1550.0, 100.0),
                    score: 0.0,
                },
                Outcome {
                    opponent: glicko(1700.0, 300.0),
                    score: 0.0,
                },
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let before = glicko(1700.0, 60.0);
        let after = update(before, &[]);
        assert_eq!(after.rating, 1700.0);
        assert_eq!(after.volatility, START_VOLATILITY);
        let expected = (60.0f64.powi(2) + (START_VOLATILITY * SCALE).powi(2)).sqrt();
        assert!((after.deviation - expected).abs() < 1e-9);
        assert_eq!(update(Glicko::default(), &[]).deviation, START_DEVIATION);
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let mut pool = Pool::default();
        pool.close_period(
            5,
            &[Game {
                first: 1,
                second: 2,
                first_half_points: 2,
            }],
        )
        .expect("first period");
        let a = pool.rating_at(1, 6);
        let b = pool.rating_at(2, 6);
        assert!(a.rating > START_RATING && b.rating < START_RATING);
        assert!((a.rating - START_RATING + b.rating - START_RATING).abs() < 1e-9);
        assert_eq!(pool.players[&1].games, 1);
        assert_eq!(
            pool.close_period(5, &[]),
            Err(OutOfOrder {
                period: 5,
                closed: 5
            })
        );
    }

    /// Idle months widen the deviation as one period without games each.
    #[test]
    fn idle_periods_widen_the_deviation_when_read() {
        let mut pool = Pool::default();
        let game = Game {
            first: 1,
            second: 2,
            first_half_points: 1,
        };
        pool.close_period(0, &[game]).expect("closes");
        let after = pool.players[&1].glicko;
        assert_eq!(pool.rating_at(1, 1), after);
        let three_idle = update(update(update(after, &[]), &[]), &[]);
        assert_eq!(pool.rating_at(1, 4), three_idle);
        // The next game starts from the widened rating.
        pool.close_period(4, &[game]).expect("closes");
        assert_eq!(
            pool.players[&1].glicko,
            update(
                three_idle,
                &[Outcome {
                    opponent: three_idle,
                    score: 0.5,
                }]
            )
        );
        assert_eq!(pool.players[&1].games, 2);
    }

    /// (month, games as (first, second, first's half-points)).
    type Months = Vec<(u8, Vec<(u8, u8, u8)>)>;

    fn games_strategy() -> impl Strategy<Value = Months> {
        proptest::collection::vec(
            (
                0u8..24,
                proptest::collection::vec((0u8..12, 0u8..12, 0u8..3), 0..20),
            ),
            1..10,
        )
    }

    proptest! {
        /// Ratings kept period by period, each period closed with its
        /// games in the order they happened to arrive, equal the ratings
        /// recomputed from every game at once.
        #[test]
        fn incremental_equals_recomputed_from_scratch(periods in games_strategy(), turn in 0usize..7) {
            let mut by_month: BTreeMap<u8, Vec<Game<u8>>> = BTreeMap::new();
            for (month, games) in &periods {
                by_month.entry(*month).or_default().extend(
                    games.iter().filter(|(a, b, _)| a != b).map(|&(first, second, hp)| Game {
                        first,
                        second,
                        first_half_points: hp,
                    }),
                );
            }
            let mut kept = Pool::default();
            for (month, games) in &by_month {
                let mut arrived = games.clone();
                if !arrived.is_empty() {
                    let by = turn % arrived.len();
                    arrived.rotate_left(by);
                }
                if turn % 2 == 1 {
                    arrived.reverse();
                }
                kept.close_period(u32::from(*month), &arrived).expect("in order");
            }
            let from_scratch = recompute(by_month.iter().map(|(k, v)| (u32::from(*k), v.as_slice())));
            prop_assert_eq!(kept, from_scratch);
        }
    }
}
