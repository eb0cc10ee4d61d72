//! Scores: half-point integers, game results, byes and the scoring system.
//!
//! Every score in the engine is an integer number of half-points
//! ([`HalfPoints`]): ½ never becomes a float (DESIGN house rule 5).

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// A score counted in half-points: `HalfPoints(3)` is 1½. Serialized as
/// the count of half-points (the stored data), or, inside [`in_points`],
/// as points ("1.5"), as people and other programs read them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HalfPoints(pub i32);

thread_local! {
    static IN_POINTS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with every [`HalfPoints`] it (de)serializes written in points
/// (2, 1, 0.5) rather than half-points: the regulation's file for other
/// programs (`Regulation::to_points_json`, format version 2).
pub fn in_points<T>(f: impl FnOnce() -> T) -> T {
    let before = IN_POINTS.with(|c| c.replace(true));
    let out = f();
    IN_POINTS.with(|c| c.set(before));
    out
}

impl Serialize for HalfPoints {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (IN_POINTS.with(std::cell::Cell::get), self.0 % 2) {
            (false, _) => s.serialize_i32(self.0),
            (true, 0) => s.serialize_i32(self.0 / 2),
            // A half is exact in binary: 1.5 is written and read back as is.
            (true, _) => s.serialize_f64(f64::from(self.0) / 2.0),
        }
    }
}

impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = HalfPoints;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a score (whole or half points)")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<HalfPoints, E> {
                let halves = if IN_POINTS.with(std::cell::Cell::get) {
                    v.checked_mul(2)
                } else {
                    Some(v)
                };
                halves
                    .and_then(|h| i32::try_from(h).ok())
                    .map(HalfPoints)
                    .ok_or_else(|| E::custom("a score out of range"))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<HalfPoints, E> {
                let v = i64::try_from(v).map_err(|_| E::custom("a score out of range"))?;
                self.visit_i64(v)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<HalfPoints, E> {
                let halves = if IN_POINTS.with(std::cell::Cell::get) {
                    v * 2.0
                } else {
                    v
                };
                if halves.fract() != 0.0 || halves.abs() > f64::from(i32::MAX) {
                    return Err(E::custom("a score in whole or half points"));
                }
                // Whole and within i32 (checked above).
                Ok(HalfPoints(halves as i32))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl HalfPoints {
    /// Nothing.
    pub const ZERO: HalfPoints = HalfPoints(0);
    /// One half-point (a drawn game).
    pub const HALF: HalfPoints = HalfPoints(1);
    /// One whole point (a won game).
    pub const ONE: HalfPoints = HalfPoints(2);

    /// Whole points, e.g. `from_points(12)` for 12 tournament points.
    pub const fn from_points(points: i32) -> HalfPoints {
        HalfPoints(points * 2)
    }

    /// The raw number of half-points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// Multiply by a whole number (boards × games …).
    pub const fn times(self, n: i32) -> HalfPoints {
        HalfPoints(self.0 * n)
    }

    /// Parse the decimal form used by TRF files and forms: `"2"`, `"2.5"`,
    /// `"-1.5"`, `"2.0"`, `"½"`, `"41½"`. Anything else (e.g. `"0.25"`) is `None`.
    pub fn parse_decimal(text: &str) -> Option<HalfPoints> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, half) = if let Some(w) = body.strip_suffix('½') {
            (w, 1)
        } else if let Some((w, frac)) = body.split_once('.') {
            let frac = frac.trim_end_matches('0');
            match frac {
                "" => (w, 0),
                "5" => (w, 1),
                _ => return None,
            }
        } else {
            (body, 0)
        };
        let whole_value: i32 = if whole.is_empty() {
            0
        } else {
            if !whole.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            whole.parse().ok()?
        };
        let value = whole_value.checked_mul(2)?.checked_add(half)?;
        Some(HalfPoints(if neg { -value } else { value }))
    }

    /// Decimal form with one digit, as TRF writes points: `"2.5"`, `"10.0"`, `"-0.5"`.
    pub fn to_decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        format!("{sign}{}.{}", a / 2, if a % 2 == 1 { 5 } else { 0 })
    }
}

/// "41½", "½", "0", "-1½".
impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let text = match (a / 2, a % 2) {
            (0, 1) => format!("{sign}½"),
            (w, 1) => format!("{sign}{w}½"),
            (w, _) => format!("{sign}{w}"),
        };
        f.pad(&text)
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + rhs.0)
    }
}

impl AddAssign for HalfPoints {
    fn add_assign(&mut self, rhs: HalfPoints) {
        self.0 += rhs.0;
    }
}

impl Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 - rhs.0)
    }
}

impl SubAssign for HalfPoints {
    fn sub_assign(&mut self, rhs: HalfPoints) {
        self.0 -= rhs.0;
    }
}

impl Neg for HalfPoints {
    type Output = HalfPoints;
    fn neg(self) -> HalfPoints {
        HalfPoints(-self.0)
    }
}

impl Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        iter.fold(HalfPoints::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a HalfPoints> for HalfPoints {
    fn sum<I: Iterator<Item = &'a HalfPoints>>(iter: I) -> HalfPoints {
        iter.copied().sum()
    }
}

/// Which total ranks the teams: match points or game points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScoreKind {
    /// Match points (MP): per match won / drawn / lost.
    MatchPoints,
    /// Game points (GP): the sum of board results.
    GamePoints,
}

impl ScoreKind {
    /// The other score (MP ↔ GP).
    pub fn other(self) -> ScoreKind {
        match self {
            ScoreKind::MatchPoints => ScoreKind::GamePoints,
            ScoreKind::GamePoints => ScoreKind::MatchPoints,
        }
    }

    /// TRF spelling: `MP` / `GP`.
    pub fn code(self) -> &'static str {
        match self {
            ScoreKind::MatchPoints => "MP",
            ScoreKind::GamePoints => "GP",
        }
    }
}

/// Match points for a won, drawn and lost match (TRF record 362: TW/TD/TL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchPoints {
    /// Points for a won match.
    pub win: HalfPoints,
    /// Points for a drawn match.
    pub draw: HalfPoints,
    /// Points for a lost match.
    pub loss: HalfPoints,
}

impl Default for MatchPoints {
    /// FIDE default 2 / 1 / 0 (also R-3.3).
    fn default() -> Self {
        MatchPoints {
            win: HalfPoints::from_points(2),
            draw: HalfPoints::from_points(1),
            loss: HalfPoints::ZERO,
        }
    }
}

/// What a pairing-allocated bye is worth when a regulation or a TRF file
/// (record 320) says so, instead of a drawn match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByeValue {
    /// Match points of the bye.
    pub match_points: HalfPoints,
    /// Game points of the bye.
    pub game_points: HalfPoints,
}

/// How a tournament scores teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scoring {
    /// The score that ranks teams first; the other one is the secondary score.
    pub primary: ScoreKind,
    /// Match-point values (any W/D/L values).
    pub match_points: MatchPoints,
    /// The value of a pairing-allocated bye; `None` is a drawn match, the
    /// default of C.04.6 art. 1.4 (match points and game points of a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pab: Option<ByeValue>,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            primary: ScoreKind::MatchPoints,
            match_points: MatchPoints::default(),
            pab: None,
        }
    }
}

/// Outcome of a team match from one side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Won the match.
    Win,
    /// Drew the match.
    Draw,
    /// Lost the match.
    Loss,
}

impl Scoring {
    /// Match points for an outcome.
    pub fn points_for(&self, outcome: Outcome) -> HalfPoints {
        match outcome {
            Outcome::Win => self.match_points.win,
            Outcome::Draw => self.match_points.draw,
            Outcome::Loss => self.match_points.loss,
        }
    }
}

/// The result of one game on one board, seen from the team listed first in the
/// match (the "home" team, White on board 1 of game 1).
///
/// Game scoring is 1 / ½ / 0 (G-V11, E-4); a forfeited game counts as a
/// win for the side that was present (`+`/`-`), both absent (`--`) scores 0-0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardResult {
    /// Home player won over the board (`1-0` for home).
    HomeWin,
    /// Draw over the board.
    Draw,
    /// Away player won over the board.
    AwayWin,
    /// Away player absent: home wins by forfeit (`+`/`-`).
    HomeForfeitWin,
    /// Home player absent: away wins by forfeit (`-`/`+`).
    AwayForfeitWin,
    /// Both players absent (`--`): 0-0.
    DoubleForfeit,
    /// Scheduled, no result yet.
    NotPlayed,
    /// Result annulled, the game is to be replayed (G-V23): counts as not played.
    Replay,
}

impl BoardResult {
    /// Game points for (home, away); `None` when there is no result yet.
    pub fn points(self) -> Option<(HalfPoints, HalfPoints)> {
        use BoardResult::*;
        match self {
            HomeWin | HomeForfeitWin => Some((HalfPoints::ONE, HalfPoints::ZERO)),
            AwayWin | AwayForfeitWin => Some((HalfPoints::ZERO, HalfPoints::ONE)),
            Draw => Some((HalfPoints::HALF, HalfPoints::HALF)),
            DoubleForfeit => Some((HalfPoints::ZERO, HalfPoints::ZERO)),
            NotPlayed | Replay => None,
        }
    }

    /// True when the game has a final result (played or forfeited).
    pub fn is_final(self) -> bool {
        self.points().is_some()
    }

    /// True when the result comes from a forfeit, not from play.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            BoardResult::HomeForfeitWin | BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit
        )
    }

    /// A result as an arbiter writes it on a result sheet, from the home
    /// player's side: `1`, `0`, `=` (or `½`), `+` and `-` for a forfeit won
    /// or lost, `--` when both were absent, `R` for a replay, nothing for
    /// no result yet. The long forms the pages show (`1-0`, `½-½`, `0-1`,
    /// `+-`, `-+`, `1/2`) are read too; case and blanks do not matter.
    pub fn from_notation(text: &str) -> Option<BoardResult> {
        use BoardResult::*;
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '−' | '–' | '—' => '-',
                ':' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        Some(match t.as_str() {
            "" | "…" | "..." | "pending" => NotPlayed,
            "1" | "1-0" => HomeWin,
            "0" | "0-1" => AwayWin,
            "=" | "½" | "1/2" | "0.5" | "½-½" | "1/2-1/2" | "=-=" => Draw,
            "+" | "+-" => HomeForfeitWin,
            "-" | "-+" => AwayForfeitWin,
            "--" | "-/-" => DoubleForfeit,
            "r" | "replay" => Replay,
            _ => return None,
        })
    }

    /// The short form [`BoardResult::from_notation`] reads, for a sheet.
    pub fn notation(self) -> &'static str {
        use BoardResult::*;
        match self {
            HomeWin => "1",
            AwayWin => "0",
            Draw => "=",
            HomeForfeitWin => "+",
            AwayForfeitWin => "-",
            DoubleForfeit => "--",
            NotPlayed => "",
            Replay => "R",
        }
    }

    /// The same result seen from the other team.
    pub fn flipped(self) -> BoardResult {
        use BoardResult::*;
        match self {
            HomeWin => AwayWin,
            AwayWin => HomeWin,
            HomeForfeitWin => AwayForfeitWin,
            AwayForfeitWin => HomeForfeitWin,
            other => other,
        }
    }
}

/// A round in which a team has no opponent and is scored anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// Pairing-allocated bye (PAB): in a team Swiss it is worth a drawn match,
    /// MP and GP of a draw (C.04.6; chess-standards.md).
    PairingAllocated,
    /// Full-point bye requested by the team (FPB): a won match.
    FullPoint,
    /// Half-point bye (HPB): a drawn match.
    HalfPoint,
    /// Zero-point bye (ZPB): known absence, nothing scored.
    ZeroPoint,
}

impl ByeKind {
    /// The outcome the bye is scored as.
    pub fn outcome(self) -> Outcome {
        match self {
            ByeKind::PairingAllocated | ByeKind::HalfPoint => Outcome::Draw,
            ByeKind::FullPoint => Outcome::Win,
            ByeKind::ZeroPoint => Outcome::Loss,
        }
    }

    /// TRF spelling (records 801/802): PAB, FPB, HPB, ZPB.
    pub fn code(self) -> &'static str {
        match self {
            ByeKind::PairingAllocated => "PAB",
            ByeKind::FullPoint => "FPB",
            ByeKind::HalfPoint => "HPB",
            ByeKind::ZeroPoint => "ZPB",
        }
    }

    /// Inverse of [`ByeKind::code`].
    pub fn from_code(code: &str) -> Option<ByeKind> {
        match code {
            "PAB" => Some(ByeKind::PairingAllocated),
            "FPB" => Some(ByeKind::FullPoint),
            "HPB" => Some(ByeKind::HalfPoint),
            "ZPB" => Some(ByeKind::ZeroPoint),
            _ => None,
        }
    }

    /// Game points of the bye for a match of `games` games (boards × games per
    /// pairing): a win scores them all, a draw half of them, a zero-point bye none.
    pub fn game_points(self, games: u32) -> HalfPoints {
        let g = i32::try_from(games).unwrap_or(i32::MAX / 2);
        match self.outcome() {
            Outcome::Win => HalfPoints::ONE.times(g),
            Outcome::Draw => HalfPoints::HALF.times(g),
            Outcome::Loss => HalfPoints::ZERO,
        }
    }
}

/// A piece colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_notation_reads_both_forms_and_round_trips() {
        use BoardResult::*;
        for r in [
            HomeWin,
            AwayWin,
            Draw,
            HomeForfeitWin,
            AwayForfeitWin,
            DoubleForfeit,
            NotPlayed,
            Replay,
        ] {
            assert_eq!(BoardResult::from_notation(r.notation()), Some(r), "{r:?}");
        }
        for (text, r) in [
            ("1-0", HomeWin),
            (" ½ ", Draw),
            ("1/2", Draw),
            ("0 : 1", AwayWin),
            ("+−", HomeForfeitWin),
            ("-+", AwayForfeitWin),
            ("r", Replay),
            ("pending", NotPlayed),
        ] {
            assert_eq!(BoardResult::from_notation(text), Some(r), "{text}");
        }
        for bad in ["2", "1-1", "x", "++"] {
            assert_eq!(BoardResult::from_notation(bad), None, "{bad}");
        }
    }

    #[test]
    fn half_points_display_uses_the_half_sign() {
        assert_eq!(HalfPoints(83).to_string(), "41½");
        assert_eq!(HalfPoints(1).to_string(), "½");
        assert_eq!(HalfPoints(0).to_string(), "0");
        assert_eq!(HalfPoints(-3).to_string(), "-1½");
        assert_eq!(HalfPoints(-1).to_string(), "-½");
        assert_eq!(HalfPoints(24).to_string(), "12");
    }

    #[test]
    fn half_points_arithmetic_and_order() {
        let a = HalfPoints(3);
        let b = HalfPoints(4);
        assert_eq!(a + b, HalfPoints(7));
        assert_eq!(a - b, HalfPoints(-1));
        assert!(a < b);
        let total: HalfPoints = [a, b, HalfPoints::HALF].iter().sum();
        assert_eq!(total, HalfPoints(8));
        assert_eq!(HalfPoints::from_points(12), HalfPoints(24));
    }

    #[test]
    fn half_points_decimal_round_trip() {
        for v in -41..=41 {
            let h = HalfPoints(v);
            assert_eq!(HalfPoints::parse_decimal(&h.to_decimal()), Some(h));
            assert_eq!(HalfPoints::parse_decimal(&h.to_string()), Some(h));
        }
        assert_eq!(HalfPoints::parse_decimal("2"), Some(HalfPoints(4)));
        assert_eq!(HalfPoints::parse_decimal("0.25"), None);
        assert_eq!(HalfPoints::parse_decimal("x"), None);
        assert_eq!(HalfPoints::parse_decimal(""), None);
        assert_eq!(HalfPoints::parse_decimal("1.50"), Some(HalfPoints(3)));
    }

    #[test]
    fn forfeits_score_like_results_and_double_forfeit_scores_nothing() {
        assert_eq!(
            BoardResult::HomeForfeitWin.points(),
            Some((HalfPoints::ONE, HalfPoints::ZERO))
        );
        assert_eq!(
            BoardResult::DoubleForfeit.points(),
            Some((HalfPoints::ZERO, HalfPoints::ZERO))
        );
        assert_eq!(BoardResult::Replay.points(), None);
        assert_eq!(BoardResult::NotPlayed.points(), None);
        assert_eq!(BoardResult::HomeWin.flipped(), BoardResult::AwayWin);
    }

    #[test]
    fn pab_is_worth_a_drawn_match() {
        // chess-standards.md: a pairing-allocated bye in a team Swiss is a drawn match.
        assert_eq!(ByeKind::PairingAllocated.outcome(), Outcome::Draw);
        assert_eq!(ByeKind::PairingAllocated.game_points(3), HalfPoints(3));
        assert_eq!(ByeKind::FullPoint.game_points(4), HalfPoints(8));
        assert_eq!(ByeKind::ZeroPoint.game_points(4), HalfPoints(0));
    }
}
