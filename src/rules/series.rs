//! The corporate multi-sport standings of seed R: a series (e.g. a
//! year's corporate championship) has sports; in each, organizations take
//! places, and places give points by the sport's table (10, 9 … 1 for the
//! first ten, 0 below). The series ranks organizations by their total.
//!
//! Pure: places come in already decided — from the platform's finished
//! chess tournaments, or typed by an organizer for the other sports.

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
    }
}
