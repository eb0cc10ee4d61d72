//! Ratings: where a player's rating comes from, which one a regulation
//! uses, and the arithmetic chess software does with them.
//!
//! * [`fide_list`] — FIDE's published rating lists (TXT and XML);
//! * [`elo`] — FIDE's table 8.1.a, ARO and TPR (C.07 art. 10.1, 10.2);
//! * [`glicko2`] — the platform's own rating from every game played in
//!   its championships (Glicko-2, with its method and parameters);
//! * [`Source`] and [`pick`] — a regulation's order of preference among a
//!   player's ratings (preset G: the game server's blitz rating; R: FIDE
//!   blitz, else the national rating; E: none).

pub mod elo;
pub mod fide_list;
pub mod glicko2;

use serde::{Deserialize, Serialize};

pub use fide_list::Speed;

/// Where a rating comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// FIDE's list of that speed.
    Fide(Speed),
    /// The national federation's rating, typed or imported.
    National,
    /// The game server the championship plays on, of that speed (taken
    /// from the `WhiteElo`/`BlackElo` tags of its games).
    Server(Speed),
    /// The platform's own rating ([`glicko2`]).
    Platform,
}

impl Source {
    /// Every source, in the order forms list them.
    pub const ALL: [Source; 8] = [
        Source::Fide(Speed::Standard),
        Source::Fide(Speed::Rapid),
        Source::Fide(Speed::Blitz),
        Source::National,
        Source::Server(Speed::Standard),
        Source::Server(Speed::Rapid),
        Source::Server(Speed::Blitz),
        Source::Platform,
    ];

    /// The code stored and posted by forms (`fide_blitz`, `national`, …).
    pub fn code(self) -> &'static str {
        match self {
            Source::Fide(Speed::Standard) => "fide_standard",
            Source::Fide(Speed::Rapid) => "fide_rapid",
            Source::Fide(Speed::Blitz) => "fide_blitz",
            Source::National => "national",
            Source::Server(Speed::Standard) => "server_standard",
            Source::Server(Speed::Rapid) => "server_rapid",
            Source::Server(Speed::Blitz) => "server_blitz",
            Source::Platform => "platform",
        }
    }

    pub fn from_code(code: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// What a regulation says about ratings.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RatingRules {
    /// The rating that counts, in order of preference: a player without
    /// the first has the second counted, and so on; a player with none is
    /// unrated. Empty: the regulation uses no rating (a Swiss is then
    /// ranked in the order of entry).
    #[serde(default)]
    pub order: Vec<Source>,
}

impl RatingRules {
    /// Whether the regulation uses a rating at all.
    pub fn used(&self) -> bool {
        !self.order.is_empty()
    }
}

/// A rating a player holds: its source and value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub source: Source,
    pub value: u16,
}

/// The first rating of `order` the player holds: the one a regulation
/// uses. `None`: the player counts as unrated.
pub fn pick(order: &[Source], held: &[Held]) -> Option<Held> {
    order
        .iter()
        .find_map(|wanted| held.iter().find(|h| h.source == *wanted).copied())
}

/// The average of the ratings given, rounded half up (a team's average
/// over its rated top boards); `None` when none is given.
pub fn average(ratings: &[u16]) -> Option<u16> {
    let n = u32::try_from(ratings.len()).ok().filter(|n| *n > 0)?;
    let sum: u32 = ratings.iter().map(|r| u32::from(*r)).sum();
    u16::try_from((2 * sum + n) / (2 * n)).ok()
}

/// The speed FIDE's rules give a game by its time control (B.02 and the
/// rapid and blitz regulations: blitz up to 10 minutes for 60 moves,
/// rapid up to 60, standard beyond): `base` seconds and `increment`
/// seconds a move.
pub fn speed_of(base: u32, increment: u32) -> Speed {
    let for_sixty_moves = base.saturating_add(increment.saturating_mul(60));
    if for_sixty_moves <= 600 {
        Speed::Blitz
    } else if for_sixty_moves < 3600 {
        Speed::Rapid
    } else {
        Speed::Standard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regulation_takes_the_first_rating_of_its_order() {
        let held = [
            Held {
                source: Source::National,
                value: 1850,
            },
            Held {
                source: Source::Fide(Speed::Standard),
                value: 1910,
            },
        ];
        let r = [Source::Fide(Speed::Blitz), Source::National];
        assert_eq!(pick(&r, &held).map(|h| h.value), Some(1850));
        assert_eq!(
            pick(&[Source::Fide(Speed::Standard)], &held).map(|h| h.value),
            Some(1910)
        );
        assert_eq!(pick(&[], &held), None);
        assert_eq!(pick(&[Source::Server(Speed::Blitz)], &held), None);
    }

    #[test]
    fn codes_read_back() {
        for s in Source::ALL {
            assert_eq!(Source::from_code(s.code()), Some(s));
        }
        assert_eq!(Source::from_code("elo"), None);
    }

    #[test]
    fn averages_round_half_up() {
        assert_eq!(average(&[2000, 2001]), Some(2001));
        assert_eq!(average(&[2000, 2000, 2001]), Some(2000));
        assert_eq!(average(&[]), None);
    }

    #[test]
    fn time_controls_give_fides_speeds() {
        assert_eq!(speed_of(180, 2), Speed::Blitz);
        assert_eq!(speed_of(600, 0), Speed::Blitz);
        assert_eq!(speed_of(600, 5), Speed::Rapid);
        assert_eq!(speed_of(900, 10), Speed::Rapid);
        assert_eq!(speed_of(5400, 30), Speed::Standard);
    }
}
