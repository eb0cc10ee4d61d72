//! Ratings: where a player's rating comes from, which one a regulation
//! uses, and the arithmetic chess software does with them.
//!
//! * [`fide_list`] — FIDE's published rating lists (TXT and XML);
//! * [`elo`] — FIDE's table 8.1.a, ARO and TPR (C.07 art. 10.1, 10.2);
//! * [`national_list`] — a national federation's list as CSV;
//! * [`glicko2`] — the platform's own rating from every game played in
//!   its championships (Glicko-2, with its method and parameters);
//! * [`Source`] and [`pick`] — a regulation's order of preference among a
//!   player's ratings (preset G: the game server's blitz rating; R: FIDE
//!   blitz, else the national rating; E: none).

pub mod elo;
pub mod fide_list;
pub mod glicko2;
pub mod national_list;

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
    /// Boards in descending rating (the rating counted by `order`): a
    /// player may sit above one rated higher by at most this many points.
    /// `None`: the team orders its boards as it likes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_order: Option<u16>,
}

/// A line-up out of rating order: the player on `lower` is rated more than
/// the tolerance above the player on the higher board `higher`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfOrder {
    pub higher: u32,
    pub higher_rating: u16,
    pub lower: u32,
    pub lower_rating: u16,
}

/// The breaches of a board-order rule by a line-up: `ratings[i]` is the
/// counted rating of the player on board i + 1 (`None`: an empty board or
/// an unrated player, who may sit anywhere). Each lower board is named
/// once, against the highest board it should be above.
pub fn out_of_order(ratings: &[Option<u16>], tolerance: u16) -> Vec<OutOfOrder> {
    let board = |i: usize| u32::try_from(i + 1).unwrap_or(u32::MAX);
    let mut out = Vec::new();
    for (j, lower) in ratings.iter().enumerate() {
        let Some(lower) = *lower else { continue };
        let above = ratings[..j].iter().enumerate().find_map(|(i, higher)| {
            let higher = (*higher)?;
            (u32::from(lower) > u32::from(higher) + u32::from(tolerance)).then_some((i, higher))
        });
        if let Some((i, higher)) = above {
            out.push(OutOfOrder {
                higher: board(i),
                higher_rating: higher,
                lower: board(j),
                lower_rating: lower,
            });
        }
    }
    out
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

/// A rating a player held from a day on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dated {
    pub on: chrono::NaiveDate,
    pub source: Source,
    pub value: u16,
}

/// A player's usual level before a day (G-E3's "usual rating"): the first
/// source of `order` with a value dated before `before`, and that source's
/// values before it, oldest first. `history` is in any order.
pub fn usual_before(
    history: &[Dated],
    order: &[Source],
    before: chrono::NaiveDate,
) -> Option<(Source, Vec<Dated>)> {
    order.iter().find_map(|wanted| {
        let mut earlier: Vec<Dated> = history
            .iter()
            .filter(|d| d.source == *wanted && d.on < before)
            .copied()
            .collect();
        earlier.sort_by_key(|d| d.on);
        (!earlier.is_empty()).then_some((*wanted, earlier))
    })
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
    fn g_e3_the_usual_level_is_the_first_source_of_the_order_held_before_the_day() {
        let day = |m, d| chrono::NaiveDate::from_ymd_opt(2026, m, d).expect("a day");
        let blitz = Source::Server(Speed::Blitz);
        let h = |on, source, value| Dated { on, source, value };
        let history = [
            h(day(5, 1), blitz, 1410),
            h(day(3, 1), blitz, 1380),
            h(day(6, 20), blitz, 2100),
            h(day(2, 1), Source::National, 1500),
        ];
        let (source, before) =
            usual_before(&history, &[blitz, Source::National], day(6, 1)).expect("held");
        assert_eq!(source, blitz);
        // Oldest first; the value taken during the tournament is left out.
        assert_eq!(
            before.iter().map(|d| d.value).collect::<Vec<_>>(),
            [1380, 1410]
        );
        // Before any server rating, the next source of the order.
        let (source, _) =
            usual_before(&history, &[blitz, Source::National], day(2, 2)).expect("national");
        assert_eq!(source, Source::National);
        assert_eq!(
            usual_before(&history, &[Source::Platform], day(12, 1)),
            None
        );
    }

    #[test]
    fn board_order_within_the_tolerance_and_unrated_players_anywhere() {
        // Tolerance 50: 1800 above 1840 is fine, 1800 above 1900 is not.
        assert!(out_of_order(&[Some(1800), Some(1840), Some(1700)], 50).is_empty());
        assert_eq!(
            out_of_order(&[Some(1800), Some(1700), Some(1900)], 50),
            [OutOfOrder {
                higher: 1,
                higher_rating: 1800,
                lower: 3,
                lower_rating: 1900,
            }]
        );
        // Exactly the tolerance above is allowed; unrated and empty boards
        // are not compared.
        assert!(out_of_order(&[Some(1800), Some(1850)], 50).is_empty());
        assert!(out_of_order(&[None, Some(2500), None, Some(1200)], 0).is_empty());
        // Each lower board once, against the highest board it outranks.
        let all = out_of_order(&[Some(1500), Some(1600), Some(1700)], 0);
        assert_eq!(
            all.iter().map(|o| (o.higher, o.lower)).collect::<Vec<_>>(),
            [(1, 2), (1, 3)]
        );
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
