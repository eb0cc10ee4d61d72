//! Fair-play figures from stored games (G-E3).
//!
//! G-E3 lists grounds for suspecting engine use: regular absence on one's
//! own move, steady move times, high agreement with chess software and a
//! sudden jump in strength. The platform does not decide: it shows the
//! judges evidence, and this module computes it from data alone.
//!
//! * [`agreement`] — how often one side's moves equal an engine's first
//!   choice, and the average centipawn loss, over the moves a stated
//!   [`Method`] considers (opening book, forced moves, decided positions
//!   and time-scramble moves are left out, each counted);
//! * [`time_stats`] — mean, spread, median, the share of moves close to
//!   the median and a histogram of move durations;
//! * [`clocks_before`] — the mover's clock before each ply, from the clocks
//!   recorded after each ply.
//!
//! The engine's scores arrive as [`PlyEvaluation`]s; running the engine is
//! the business of `crate::engine`, not of this module.

use serde::{Deserialize, Serialize};

/// Scores beyond this many centipawns count as this many: a mate is worth
/// exactly this much, so one blunder in a won position does not swamp the
/// average loss of a game.
pub const CAP_CP: i32 = 1000;

/// An engine's score from the point of view of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// Centipawns; positive: the side to move stands better.
    Cp(i32),
    /// Mate in n moves; negative: the side to move is being mated.
    /// `Mate(0)` is the score of a position where the side to move has
    /// been checkmated.
    Mate(i32),
}

impl Score {
    /// The same score seen by the other side.
    ///
    /// `Mate(0)` (the side to move is checkmated) has no positive zero to
    /// turn into, so the mating side's view of it is `Mate(1)`: what
    /// matters, the capped value, is then `+CAP_CP` as it should be.
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
            Score::Mate(0) => Score::Mate(1),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }

    /// The score in centipawns within `±CAP_CP`: a mate for the side to
    /// move is `+CAP_CP`, a mate against it (including `Mate(0)`)
    /// `-CAP_CP`.
    pub fn capped(self) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-CAP_CP, CAP_CP),
            Score::Mate(n) if n > 0 => CAP_CP,
            Score::Mate(_) => -CAP_CP,
        }
    }
}

/// The engine's view of one ply of a game: the position before it and the
/// move played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlyEvaluation {
    /// 1-based; odd: White's move, even: Black's.
    pub ply: usize,
    /// The move played (UCI).
    pub played: String,
    /// The engine's first choice (UCI); `None` when the engine had none.
    pub best: Option<String>,
    /// The score of best play in the position before the move, from the
    /// mover's point of view.
    pub before: Score,
    /// The score of the position after the move, from the mover's point
    /// of view (the engine's score there, negated).
    pub after: Score,
    /// How many legal moves the position before the move had.
    pub legal_moves: u32,
}

impl PlyEvaluation {
    /// Whether White made this move.
    pub fn white(&self) -> bool {
        self.ply % 2 == 1
    }

    /// The mover's own move number: plies 1 and 2 are each side's first.
    pub fn move_number(&self) -> usize {
        self.ply.div_ceil(2)
    }

    /// Centipawns lost by the move against best play, never negative.
    pub fn cp_loss(&self) -> i32 {
        (self.before.capped() - self.after.capped()).max(0)
    }
}

/// The method behind the agreement figures, stated on the evidence page.
/// Forced moves (one legal move) are always left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Method {
    /// Each side's first this many moves are opening book, left out.
    pub book_moves: usize,
    /// A move made with the mover's clock (before the move) under this
    /// many seconds is a time-scramble move, left out.
    pub scramble_seconds: u32,
    /// A position already won or lost by more than this many centipawns
    /// (capped score before the move) is decided; its move is left out.
    pub decided_cp: i32,
}

impl Default for Method {
    fn default() -> Self {
        Method {
            book_moves: 8,
            scramble_seconds: 10,
            decided_cp: 300,
        }
    }
}

/// Why a move is left out of the agreement figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Excluded {
    /// Within the opening book (`Method::book_moves`).
    Book,
    /// The only legal move.
    Forced,
    /// The position was already won or lost (`Method::decided_cp`).
    Decided,
    /// Made in a time scramble (`Method::scramble_seconds`).
    Scramble,
}

/// Agreement of one side with the engine over one game (or, summed with
/// [`Agreement::add`], over several).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Agreement {
    /// Moves the method considers.
    pub considered: u32,
    /// Considered moves equal to the engine's first choice.
    pub matched: u32,
    /// Centipawns lost over the considered moves
    /// (per move: `max(0, before.capped() - after.capped())`).
    pub cp_loss_sum: i64,
    pub excluded_book: u32,
    pub excluded_forced: u32,
    pub excluded_decided: u32,
    pub excluded_scramble: u32,
}

impl Agreement {
    /// Share of considered moves equal to the engine's first choice;
    /// `None` when no move was considered.
    pub fn share(&self) -> Option<f64> {
        (self.considered > 0).then(|| f64::from(self.matched) / f64::from(self.considered))
    }

    /// Average centipawn loss per considered move; `None` when no move was
    /// considered.
    pub fn acpl(&self) -> Option<f64> {
        (self.considered > 0).then(|| self.cp_loss_sum as f64 / f64::from(self.considered))
    }

    /// Adds another game's figures to these.
    pub fn add(&mut self, other: &Agreement) {
        self.considered += other.considered;
        self.matched += other.matched;
        self.cp_loss_sum += other.cp_loss_sum;
        self.excluded_book += other.excluded_book;
        self.excluded_forced += other.excluded_forced;
        self.excluded_decided += other.excluded_decided;
        self.excluded_scramble += other.excluded_scramble;
    }

    /// Moves left out, for whatever reason.
    pub fn excluded(&self) -> u32 {
        self.excluded_book + self.excluded_forced + self.excluded_decided + self.excluded_scramble
    }
}

/// Why one ply is left out, if it is: the first reason in the order Book,
/// Forced, Decided, Scramble. `clock_before_ms` is the mover's clock before
/// the move; an unknown clock is never a scramble.
pub fn excluded(
    ply: &PlyEvaluation,
    clock_before_ms: Option<u32>,
    method: &Method,
) -> Option<Excluded> {
    if ply.move_number() <= method.book_moves {
        Some(Excluded::Book)
    } else if ply.legal_moves <= 1 {
        Some(Excluded::Forced)
    } else if ply.before.capped().abs() > method.decided_cp {
        Some(Excluded::Decided)
    } else if clock_before_ms
        .is_some_and(|ms| u64::from(ms) < u64::from(method.scramble_seconds) * 1000)
    {
        Some(Excluded::Scramble)
    } else {
        None
    }
}

/// Agreement of one side (`white`) over one game's plies.
/// `clock_before_ms[i]` is the mover's clock before `plies[i]` (for a game
/// from the start position: before ply i+1); missing entries and `None`
/// are unknown clocks, never scrambles.
pub fn agreement(
    plies: &[PlyEvaluation],
    white: bool,
    clock_before_ms: &[Option<u32>],
    method: &Method,
) -> Agreement {
    let mut out = Agreement::default();
    for (i, ply) in plies.iter().enumerate() {
        if ply.white() != white {
            continue;
        }
        let clock = clock_before_ms.get(i).copied().flatten();
        match excluded(ply, clock, method) {
            Some(Excluded::Book) => out.excluded_book += 1,
            Some(Excluded::Forced) => out.excluded_forced += 1,
            Some(Excluded::Decided) => out.excluded_decided += 1,
            Some(Excluded::Scramble) => out.excluded_scramble += 1,
            None => {
                out.considered += 1;
                if ply.best.as_deref() == Some(ply.played.as_str()) {
                    out.matched += 1;
                }
                out.cp_loss_sum += i64::from(ply.cp_loss());
            }
        }
    }
    out
}

/// Width of a histogram bucket, seconds.
pub const HISTOGRAM_STEP: f64 = 1.0;
/// Number of histogram buckets; the last one is open-ended.
pub const HISTOGRAM_BUCKETS: usize = 20;
/// The default half-width of the band around the median, seconds.
pub const DEFAULT_BAND: f64 = 1.0;

/// Move-time statistics of a set of move durations (seconds).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TimeStats {
    /// Number of moves.
    pub moves: usize,
    /// Mean duration.
    pub mean: f64,
    /// Population standard deviation.
    pub spread: f64,
    /// Median duration (the mean of the middle two for an even count).
    pub median: f64,
    /// Share of moves within `±band` seconds of the median: near 1.0 for
    /// steady move times.
    pub band_share: f64,
    /// The band's half-width, seconds.
    pub band: f64,
    /// Moves per bucket of `HISTOGRAM_STEP` seconds, from zero; the last
    /// bucket also counts every longer move.
    pub histogram: Vec<u32>,
}

/// Statistics of the move durations; values that are not finite numbers
/// are ignored, negative ones count as zero. `None` when no move is left.
pub fn time_stats(seconds: &[f64], band: f64) -> Option<TimeStats> {
    let mut values: Vec<f64> = seconds
        .iter()
        .copied()
        .filter(|s| s.is_finite())
        .map(|s| s.max(0.0))
        .collect();
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let count = n as f64;
    let mean = values.iter().sum::<f64>() / count;
    let spread = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count).sqrt();
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    let band = band.abs();
    let in_band = values
        .iter()
        .filter(|v| (*v - median).abs() <= band)
        .count();
    let mut histogram = vec![0u32; HISTOGRAM_BUCKETS];
    for v in &values {
        // Truncation is the bucketing; the float-to-int cast saturates.
        let bucket = ((v / HISTOGRAM_STEP).floor() as usize).min(HISTOGRAM_BUCKETS - 1);
        histogram[bucket] += 1;
    }
    Some(TimeStats {
        moves: n,
        mean,
        spread,
        median,
        band_share: in_band as f64 / count,
        band,
        histogram,
    })
}

/// The mover's clock before each ply, from the clocks recorded after each
/// ply (ms) and the base time. Plies 1 and 2 start from the base (when
/// known); a later ply starts from the same side's clock after its
/// previous move, which already includes any increment credited for that
/// move.
pub fn clocks_before(clock_after_ms: &[Option<u32>], base_ms: Option<u32>) -> Vec<Option<u32>> {
    (0..clock_after_ms.len())
        .map(|i| {
            if i < 2 {
                base_ms
            } else {
                clock_after_ms[i - 2]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(
        n: usize,
        played: &str,
        best: &str,
        before: Score,
        after: Score,
        legal: u32,
    ) -> PlyEvaluation {
        PlyEvaluation {
            ply: n,
            played: played.into(),
            best: Some(best.into()),
            before,
            after,
            legal_moves: legal,
        }
    }

    #[test]
    fn g_e3_mate_scores_are_capped() {
        assert_eq!(Score::Mate(3).capped(), CAP_CP);
        assert_eq!(Score::Mate(-2).capped(), -CAP_CP);
        assert_eq!(Score::Mate(0).capped(), -CAP_CP);
        assert_eq!(Score::Mate(0).negate().capped(), CAP_CP);
        assert_eq!(Score::Cp(5000).capped(), CAP_CP);
        assert_eq!(Score::Cp(-5000).capped(), -CAP_CP);
        assert_eq!(Score::Cp(-42).capped(), -42);
        assert_eq!(Score::Cp(42).negate(), Score::Cp(-42));
        assert_eq!(Score::Mate(2).negate(), Score::Mate(-2));
        assert_eq!(Score::Cp(i32::MIN).negate(), Score::Cp(i32::MAX));
        // Mate in one played: no loss although the engine's view after it
        // is "checkmated" (Mate(0)).
        let mate = ply(
            21,
            "d8h4",
            "d8h4",
            Score::Mate(1),
            Score::Mate(0).negate(),
            30,
        );
        assert_eq!(mate.cp_loss(), 0);
        // Missing a mate costs at most 2 * CAP_CP.
        let miss = ply(21, "a7a6", "d8h4", Score::Mate(1), Score::Mate(-1), 30);
        assert_eq!(miss.cp_loss(), 2 * CAP_CP);
    }

    #[test]
    fn g_e3_book_forced_decided_and_scramble_moves_are_left_out() {
        let m = Method::default();
        let even = Score::Cp(20);
        // White's 8th move (ply 15) and Black's 8th (ply 16) are book; the
        // 9th moves (plies 17, 18) are not.
        assert_eq!(
            excluded(&ply(15, "a", "a", even, even, 20), None, &m),
            Some(Excluded::Book)
        );
        assert_eq!(
            excluded(&ply(16, "a", "a", even, even, 20), None, &m),
            Some(Excluded::Book)
        );
        assert_eq!(excluded(&ply(17, "a", "a", even, even, 20), None, &m), None);
        assert_eq!(excluded(&ply(18, "a", "a", even, even, 20), None, &m), None);
        // Forced before decided before scramble.
        let forced = ply(30, "a", "a", Score::Cp(900), even, 1);
        assert_eq!(excluded(&forced, Some(1), &m), Some(Excluded::Forced));
        let decided = ply(30, "a", "a", Score::Cp(301), even, 20);
        assert_eq!(excluded(&decided, Some(1), &m), Some(Excluded::Decided));
        let lost = ply(30, "a", "a", Score::Mate(-4), even, 20);
        assert_eq!(excluded(&lost, None, &m), Some(Excluded::Decided));
        // Exactly three pawns is not yet decided.
        let edge = ply(30, "a", "a", Score::Cp(-300), even, 20);
        assert_eq!(excluded(&edge, None, &m), None);
        // Under ten seconds on the clock: a scramble; ten seconds or an
        // unknown clock: not.
        let normal = ply(30, "a", "a", even, even, 20);
        assert_eq!(excluded(&normal, Some(9_999), &m), Some(Excluded::Scramble));
        assert_eq!(excluded(&normal, Some(10_000), &m), None);
        assert_eq!(excluded(&normal, None, &m), None);

        // Over a game: White's plies 1..=15 book (8), 17 forced, 19
        // decided, 21 scramble, 23 considered; Black's moves are ignored.
        let mut plies = Vec::new();
        let mut clocks = Vec::new();
        for n in 1..=24 {
            let (before, legal, clock) = match n {
                17 => (even, 1, Some(60_000)),
                19 => (Score::Cp(-700), 25, Some(60_000)),
                21 => (even, 25, Some(3_000)),
                _ => (even, 25, Some(60_000)),
            };
            plies.push(ply(n, "e2e4", "e2e4", before, even, legal));
            clocks.push(clock);
        }
        let a = agreement(&plies, true, &clocks, &m);
        assert_eq!(
            a,
            Agreement {
                considered: 1,
                matched: 1,
                cp_loss_sum: 0,
                excluded_book: 8,
                excluded_forced: 1,
                excluded_decided: 1,
                excluded_scramble: 1,
            }
        );
        assert_eq!(a.excluded(), 11);
        // Without clocks nothing is a scramble.
        let a = agreement(&plies, true, &[], &m);
        assert_eq!((a.considered, a.excluded_scramble), (2, 0));
    }

    #[test]
    fn g_e3_agreement_and_acpl_over_considered_moves() {
        let m = Method {
            book_moves: 0,
            ..Method::default()
        };
        let plies = vec![
            // White matches, loses nothing.
            ply(1, "e2e4", "e2e4", Score::Cp(30), Score::Cp(30), 20),
            // Black differs, loses 50.
            ply(2, "f7f6", "e7e5", Score::Cp(-30), Score::Cp(-80), 20),
            // White differs, "gains" 10 (search noise): no loss.
            ply(3, "d2d4", "g1f3", Score::Cp(80), Score::Cp(90), 29),
            // Black matches.
            ply(4, "e7e5", "e7e5", Score::Cp(-90), Score::Cp(-90), 30),
            // White differs, loses 120.
            ply(5, "h2h4", "g1f3", Score::Cp(90), Score::Cp(-30), 35),
        ];
        let w = agreement(&plies, true, &[], &m);
        assert_eq!((w.considered, w.matched, w.cp_loss_sum), (3, 1, 120));
        assert!((w.share().unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!((w.acpl().unwrap() - 40.0).abs() < 1e-12);
        let b = agreement(&plies, false, &[], &m);
        assert_eq!((b.considered, b.matched, b.cp_loss_sum), (2, 1, 50));
        assert_eq!(b.share(), Some(0.5));
        assert_eq!(b.acpl(), Some(25.0));

        // Over games: sums.
        let mut total = w.clone();
        total.add(&b);
        assert_eq!(
            (total.considered, total.matched, total.cp_loss_sum),
            (5, 2, 170)
        );

        // A missing first choice never matches.
        let none = PlyEvaluation {
            best: None,
            ..plies[0].clone()
        };
        assert_eq!(agreement(&[none], true, &[], &m).matched, 0);
    }

    #[test]
    fn g_e3_empty_input_gives_no_figures() {
        let a = agreement(&[], true, &[], &Method::default());
        assert_eq!(a, Agreement::default());
        assert_eq!(a.share(), None);
        assert_eq!(a.acpl(), None);
        assert_eq!(time_stats(&[], DEFAULT_BAND), None);
        assert_eq!(time_stats(&[f64::NAN], DEFAULT_BAND), None);
        assert_eq!(clocks_before(&[], Some(60_000)), Vec::<Option<u32>>::new());
    }

    #[test]
    fn g_e3_steady_move_times_show_in_the_band_share() {
        // An engine relay: every move in 4 to 5 seconds.
        let steady = [4.2, 4.5, 4.8, 4.4, 4.6, 4.3, 4.7, 4.5];
        let s = time_stats(&steady, DEFAULT_BAND).unwrap();
        assert_eq!(s.moves, 8);
        assert_eq!(s.band_share, 1.0);
        assert!((s.mean - 4.5).abs() < 1e-9);
        assert!(s.spread < 0.25);
        assert!((s.median - 4.5).abs() < 1e-9);
        assert_eq!(s.histogram.len(), HISTOGRAM_BUCKETS);
        assert_eq!(s.histogram[4], 8);

        // A human: quick recaptures, long thinks.
        let human = [1.0, 2.0, 35.0, 3.0, 12.0, 0.5, 60.0, 7.0, 4.0];
        let h = time_stats(&human, DEFAULT_BAND).unwrap();
        assert_eq!(h.median, 4.0);
        // Within 3..=5 seconds: 3.0 and 4.0.
        assert!((h.band_share - 2.0 / 9.0).abs() < 1e-12);
        assert!(h.spread > 10.0);
        assert_eq!(h.histogram[0], 1);
        assert_eq!(h.histogram[1], 1);
        assert_eq!(h.histogram[12], 1);
        // 35 and 60 seconds land in the open-ended last bucket.
        assert_eq!(h.histogram[HISTOGRAM_BUCKETS - 1], 2);
        assert_eq!(h.histogram.iter().sum::<u32>(), 9);

        // Population spread: {2, 4} has mean 3 and spread 1; median 3.
        let two = time_stats(&[2.0, 4.0], 0.5).unwrap();
        assert_eq!(
            (two.mean, two.spread, two.median, two.band_share),
            (3.0, 1.0, 3.0, 0.0)
        );
    }

    #[test]
    fn g_e3_clock_before_a_move_is_the_sides_previous_clock_after() {
        let after = [
            Some(178_000),
            Some(175_000),
            None,
            Some(160_000),
            Some(150_000),
        ];
        assert_eq!(
            clocks_before(&after, Some(180_000)),
            vec![
                Some(180_000),
                Some(180_000),
                Some(178_000),
                Some(175_000),
                None
            ]
        );
        assert_eq!(clocks_before(&after[..2], None), vec![None, None]);
    }
}
