//! The corporate multi-sport standings of seed R: a series (e.g. a
//! year's corporate championship) has sports; in each, organizations take
//! places, and places give points by the sport's table (10, 9 … 1 for the
//! first ten, 0 below). The series ranks organizations by their total.
//!
//! Pure: places come in already decided — from the platform's finished
//! chess tournaments, or typed by an organizer for the other sports. Each
//! sport has its own place → points table ([`parse_points_table`]); R-3.4's
//! 10 … 1 is the default.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ranking::Place;
use super::regulation::{PlacePoints, SharedPlaceSplit};
use super::score::HalfPoints;

/// 10 for 1st, 9 for 2nd, … 1 for 10th, 0 below. A place shared by
/// several organizations gives each the average of the points of the
/// places they share (R-3.4 says nothing of ties; splitting the points
/// equally keeps the total handed out the same).
pub fn r_3_4_table() -> PlacePoints {
    PlacePoints {
        table: (1..=10).rev().map(HalfPoints::from_points).collect(),
        shared: SharedPlaceSplit::EqualShareRoundedDown,
    }
}

/// The most places a sport's table may list.
pub const MAX_TABLE_PLACES: usize = 100;
/// The most points a single place may earn.
pub const MAX_PLACE_POINTS: HalfPoints = HalfPoints::from_points(1000);

/// Why a typed place → points table was refused; every problem is listed.
/// Positions count from 1 (the place the number is for).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableProblem {
    /// Not a number of points: whole, or with a half (`1½`, `1.5`, `1,5`).
    #[error("place {place}: {text:?} is not a number of points")]
    NotANumber { place: usize, text: String },
    #[error("place {place}: {text:?} is below zero")]
    Negative { place: usize, text: String },
    #[error("place {place}: {text:?} is more than {max}", max = MAX_PLACE_POINTS)]
    TooLarge { place: usize, text: String },
    /// A place earns more than the place above it.
    #[error("place {place} earns {points}, more than place {above}'s {above_points}", above = .place - 1)]
    Increases {
        place: usize,
        points: HalfPoints,
        above_points: HalfPoints,
    },
    #[error("{found} places; at most {max}", max = MAX_TABLE_PLACES)]
    TooLong { found: usize },
}

/// Reads a sport's place → points table as an organizer types it: the
/// points of 1st, 2nd, … separated by spaces (or `;`), e.g.
/// `12 10 8 6 4 2 1`; halves as `1½`, `1.5` or `1,5`; a comma right after
/// a number is a separator (`10, 9, 8`). Places beyond the table earn 0.
/// The table must not increase and no number may be negative. An empty
/// text stands for R-3.4's table.
pub fn parse_points_table(text: &str) -> Result<Vec<HalfPoints>, Vec<TableProblem>> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';')
        .map(|w| w.trim_end_matches(','))
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(r_3_4_table().table);
    }
    let mut problems = Vec::new();
    if words.len() > MAX_TABLE_PLACES {
        problems.push(TableProblem::TooLong { found: words.len() });
    }
    let mut table = Vec::with_capacity(words.len());
    let mut above: Option<HalfPoints> = None;
    for (i, word) in words.iter().enumerate() {
        let place = i + 1;
        let text = (*word).to_owned();
        // A number that is itself wrong is not compared with its
        // neighbours: one mistake, one problem.
        let Some(points) = HalfPoints::parse_decimal(&word.replace(',', ".")) else {
            problems.push(TableProblem::NotANumber { place, text });
            continue;
        };
        if points < HalfPoints::ZERO {
            problems.push(TableProblem::Negative { place, text });
            continue;
        }
        if points > MAX_PLACE_POINTS {
            problems.push(TableProblem::TooLarge { place, text });
            continue;
        }
        if let Some(a) = above
            && points > a
        {
            problems.push(TableProblem::Increases {
                place,
                points,
                above_points: a,
            });
        }
        above = Some(points);
        table.push(points);
    }
    if problems.is_empty() {
        Ok(table)
    } else {
        Err(problems)
    }
}

/// A table as the pages show it and the database keeps it: `12 10 8 6½`.
pub fn points_table_text(table: &[HalfPoints]) -> String {
    table
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A sport's table as the series counts it: its points, shared places
/// split as under R-3.4 (equal shares, rounded down to a half).
pub fn sport_table(points: Vec<HalfPoints>) -> PlacePoints {
    PlacePoints {
        table: points,
        shared: SharedPlaceSplit::EqualShareRoundedDown,
    }
}

/// Places as an organizer types them: a number per organization, the same
/// number for a tie. Organizations on the same number share the range that
/// number starts (two on 3 → both 3–4, the next is 5). Numbers need not be
/// contiguous; the order they give is what counts.
pub fn places_from_numbers<K: Clone + Ord>(typed: &[(K, u32)]) -> Vec<(K, Place)> {
    let mut sorted: Vec<&(K, u32)> = typed.iter().collect();
    sorted.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    let mut out = Vec::with_capacity(sorted.len());
    let mut i = 0;
    while i < sorted.len() {
        let n = sorted[i].1;
        let block: Vec<&&(K, u32)> = sorted[i..].iter().take_while(|x| x.1 == n).collect();
        let first = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let last = u32::try_from(i + block.len()).unwrap_or(u32::MAX);
        for x in &block {
            out.push((x.0.clone(), Place { first, last }));
        }
        i += block.len();
    }
    out
}

/// One organization's result in one sport.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SportScore {
    pub place: Place,
    pub points: HalfPoints,
}

/// Why a row shares its place with the next one, or is ahead of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeriesGap {
    /// More points in total.
    Total {
        ahead: HalfPoints,
        behind: HalfPoints,
    },
    /// Equal totals: the place is shared (R-3.4 names no tie-break).
    Shared { total: HalfPoints },
}

/// One line of the series table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesRow<K> {
    pub organization: K,
    pub place: Place,
    /// Per sport, in the order the sports were given; `None` = took no
    /// place in that sport.
    pub sports: Vec<Option<SportScore>>,
    pub total: HalfPoints,
    /// Why this row is ahead of (or level with) the next; `None` for the last.
    pub gap: Option<SeriesGap>,
}

/// The series table: each sport's places turned into points by its table,
/// summed per organization, ranked by total; equal totals share the place.
/// Rows of equal total are listed by their key, so the table is stable.
pub fn series_standings<K: Clone + Ord>(
    sports: &[(PlacePoints, Vec<(K, Place)>)],
) -> Vec<SeriesRow<K>> {
    let mut rows: BTreeMap<K, Vec<Option<SportScore>>> = BTreeMap::new();
    for (i, (table, places)) in sports.iter().enumerate() {
        for (org, place) in places {
            let v = rows
                .entry(org.clone())
                .or_insert_with(|| vec![None; sports.len()]);
            v[i] = Some(SportScore {
                place: *place,
                points: table.for_range(place.first, place.last),
            });
        }
    }
    let mut out: Vec<SeriesRow<K>> = rows
        .into_iter()
        .map(|(organization, sports)| {
            let total = sports
                .iter()
                .flatten()
                .fold(HalfPoints::ZERO, |acc, s| acc + s.points);
            SeriesRow {
                organization,
                place: Place { first: 0, last: 0 },
                sports,
                total,
                gap: None,
            }
        })
        .collect();
    // Highest total first; the key keeps equal totals in a stable order.
    out.sort_by(|a, b| {
        b.total
            .cmp(&a.total)
            .then_with(|| a.organization.cmp(&b.organization))
    });
    let mut i = 0;
    while i < out.len() {
        let total = out[i].total;
        let n = out[i..].iter().take_while(|r| r.total == total).count();
        let place = Place {
            first: u32::try_from(i + 1).unwrap_or(u32::MAX),
            last: u32::try_from(i + n).unwrap_or(u32::MAX),
        };
        for r in &mut out[i..i + n] {
            r.place = place;
        }
        i += n;
    }
    for i in 0..out.len().saturating_sub(1) {
        let (a, b) = (out[i].total, out[i + 1].total);
        out[i].gap = Some(if a == b {
            SeriesGap::Shared { total: a }
        } else {
            SeriesGap::Total {
                ahead: a,
                behind: b,
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn place(first: u32, last: u32) -> Place {
        Place { first, last }
    }

    #[test]
    fn r_3_4_places_give_ten_down_to_one_and_nothing_below_ten() {
        let t = r_3_4_table();
        let points: Vec<i32> = (1..=12).map(|p| t.for_place(p).halves() / 2).collect();
        assert_eq!(points, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
    }

    #[test]
    fn r_3_4_a_shared_place_splits_the_points_of_the_places_shared() {
        let t = r_3_4_table();
        // 3rd–4th: (8 + 7) / 2 = 7½ each; 10th–11th: (1 + 0) / 2 = ½.
        assert_eq!(t.for_range(3, 4), HalfPoints(15));
        assert_eq!(t.for_range(10, 11), HalfPoints(1));
    }

    #[test]
    fn r_3_4_typed_numbers_become_places_and_ties_share_the_range() {
        let typed = [("A", 1), ("B", 3), ("C", 3), ("D", 7)];
        assert_eq!(
            places_from_numbers(&typed),
            [
                ("A", place(1, 1)),
                ("B", place(2, 3)),
                ("C", place(2, 3)),
                ("D", place(4, 4))
            ]
        );
    }

    #[test]
    fn r_3_4_the_series_sums_every_sport_and_equal_totals_share_the_place() {
        let t = r_3_4_table();
        let chess = vec![
            ("Завод", place(1, 1)),
            ("Банк", place(2, 2)),
            ("Порт", place(3, 3)),
        ];
        let volleyball = vec![("Банк", place(1, 1)), ("Завод", place(2, 2))];
        let darts = vec![
            ("Порт", place(1, 1)),
            ("Завод", place(3, 3)),
            ("Банк", place(4, 4)),
        ];
        let rows = series_standings(&[(t.clone(), chess), (t.clone(), volleyball), (t, darts)]);
        let table: Vec<(&str, String, i32)> = rows
            .iter()
            .map(|r| (r.organization, r.place.to_string(), r.total.halves() / 2))
            .collect();
        // Завод 10+9+8 = 27; Банк 9+10+7 = 26; Порт 8+0+10 = 18.
        assert_eq!(
            table,
            [
                ("Завод", "1".into(), 27),
                ("Банк", "2".into(), 26),
                ("Порт", "3".into(), 18)
            ]
        );
        assert_eq!(rows[2].sports[1], None, "Порт took no volleyball place");
        assert_eq!(
            rows[0].gap,
            Some(SeriesGap::Total {
                ahead: HalfPoints(54),
                behind: HalfPoints(52)
            })
        );
        assert_eq!(rows[2].gap, None);
    }

    #[test]
    fn r_3_4_equal_totals_share_and_say_so() {
        let t = r_3_4_table();
        let chess = vec![("A", place(1, 1)), ("B", place(2, 2))];
        let darts = vec![("B", place(1, 1)), ("A", place(2, 2))];
        let rows = series_standings(&[(t.clone(), chess), (t, darts)]);
        assert!(rows.iter().all(|r| r.place == place(1, 2)));
        assert_eq!(
            rows[0].gap,
            Some(SeriesGap::Shared {
                total: HalfPoints(38)
            })
        );
    }

    #[test]
    fn r_3_4_a_typed_table_reads_whole_points_and_halves() {
        assert_eq!(
            parse_points_table("12 10 8 6 4 2 1"),
            Ok([12, 10, 8, 6, 4, 2, 1]
                .map(HalfPoints::from_points)
                .to_vec())
        );
        assert_eq!(
            parse_points_table(" 3; 1½  1.5\t1,5 0 "),
            Ok(vec![
                HalfPoints(6),
                HalfPoints(3),
                HalfPoints(3),
                HalfPoints(3),
                HalfPoints(0)
            ])
        );
        assert_eq!(
            parse_points_table("10, 9, 8"),
            Ok([10, 9, 8].map(HalfPoints::from_points).to_vec())
        );
    }

    #[test]
    fn r_3_4_an_empty_table_is_the_default_ten_down_to_one() {
        assert_eq!(parse_points_table("  "), Ok(r_3_4_table().table));
        assert_eq!(
            points_table_text(&r_3_4_table().table),
            "10 9 8 7 6 5 4 3 2 1"
        );
    }

    #[test]
    fn r_3_4_a_bad_table_lists_every_problem() {
        assert_eq!(
            parse_points_table("10 12 x -1 0.25 5 2000"),
            Err(vec![
                TableProblem::Increases {
                    place: 2,
                    points: HalfPoints::from_points(12),
                    above_points: HalfPoints::from_points(10)
                },
                TableProblem::NotANumber {
                    place: 3,
                    text: "x".into()
                },
                TableProblem::Negative {
                    place: 4,
                    text: "-1".into()
                },
                TableProblem::NotANumber {
                    place: 5,
                    text: "0.25".into()
                },
                TableProblem::TooLarge {
                    place: 7,
                    text: "2000".into()
                },
            ])
        );
        let long = vec!["1"; MAX_TABLE_PLACES + 1].join(" ");
        assert_eq!(
            parse_points_table(&long),
            Err(vec![TableProblem::TooLong {
                found: MAX_TABLE_PLACES + 1
            }])
        );
        // "10,9,8" is one word, not three numbers: refused, not guessed.
        assert!(parse_points_table("10,9,8").is_err());
    }

    #[test]
    fn r_3_4_a_sport_counts_by_its_own_table() {
        let custom = sport_table(parse_points_table("12 10 8 6½").expect("valid"));
        // 3rd–4th share (8 + 6½) / 2 = 7¼, rounded down to 7; 5th earns 0.
        assert_eq!(custom.for_range(3, 4), HalfPoints(14));
        assert_eq!(custom.for_place(5), HalfPoints::ZERO);
        let rows = series_standings(&[
            (r_3_4_table(), vec![("A", place(1, 1)), ("B", place(2, 2))]),
            (custom, vec![("B", place(1, 1)), ("A", place(2, 2))]),
        ]);
        // A 10 + 10 = 20; B 9 + 12 = 21.
        let totals: Vec<(&str, i32)> = rows
            .iter()
            .map(|r| (r.organization, r.total.halves()))
            .collect();
        assert_eq!(totals, [("B", 42), ("A", 40)]);
    }

    proptest! {
        /// The points handed out in a sport never depend on how ties fall
        /// beyond rounding down, and totals are ranked without gaps.
        #[test]
        fn places_are_contiguous_and_ordered(numbers in proptest::collection::vec(1u32..8, 1..15)) {
            let typed: Vec<(usize, u32)> = numbers.iter().copied().enumerate().collect();
            let places = places_from_numbers(&typed);
            let mut seen: Vec<Place> = places.iter().map(|(_, p)| *p).collect();
            seen.sort_by_key(|p| p.first);
            let mut next = 1;
            for p in &seen {
                prop_assert!(p.first <= next && p.last >= p.first);
                next = next.max(p.last + 1);
            }
            prop_assert_eq!(next as usize, typed.len() + 1);
            let rows = series_standings(&[(r_3_4_table(), places)]);
            for w in rows.windows(2) {
                prop_assert!(w[0].total >= w[1].total);
            }
        }

        /// A valid table printed as the pages show it reads back the same.
        #[test]
        fn a_table_reads_back_as_printed(mut halves in proptest::collection::vec(0i32..60, 1..20)) {
            halves.sort_unstable_by(|a, b| b.cmp(a));
            let table: Vec<HalfPoints> = halves.into_iter().map(HalfPoints).collect();
            prop_assert_eq!(parse_points_table(&points_table_text(&table)), Ok(table));
        }
    }
}
