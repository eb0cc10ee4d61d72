//! Season (championship) standings: tournament points summed over the
//! season minus penalties (G-A3), ties ordered by a documented rule.

use std::collections::HashMap;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use super::ranking::Place;
use super::regulation::SeasonTieRule;
use super::score::HalfPoints;

/// A team's result in one tournament of the season.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonEntry<K> {
    /// The season-wide team key (a double scores for itself).
    pub team: K,
    /// Its place in the tournament.
    pub place: Place,
    /// Tournament points awarded (see `PlacePoints::award`).
    pub points: HalfPoints,
}

/// A penalty deducted from championship points (G-G catalogue).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction<K> {
    /// The team.
    pub team: K,
    /// Penalty code, e.g. "G-G5".
    pub code: String,
    /// Points deducted (positive).
    pub amount: HalfPoints,
}

/// One line of the season standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonRow<K> {
    /// The team.
    pub team: K,
    /// Its place.
    pub place: Place,
    /// Tournament points summed.
    pub tournament_points: HalfPoints,
    /// Penalties summed.
    pub penalties: HalfPoints,
    /// Tournament points − penalties.
    pub total: HalfPoints,
    /// How often the team finished 1st, 2nd, … (best place of a shared range).
    pub place_counts: Vec<u32>,
}

/// Season standings (G-A3): Σ tournament points − Σ penalties, best first.
///
/// Tie rule ([`SeasonTieRule`]): `Shared` — equal totals share the place;
/// `Countback` — more 1st places first, then more 2nd places, …, still equal
/// → shared. Teams sharing a place are listed by key.
pub fn season_standings<K: Clone + Eq + Hash + Ord>(
    tournaments: &[Vec<SeasonEntry<K>>],
    deductions: &[Deduction<K>],
    tie_rule: SeasonTieRule,
) -> Vec<SeasonRow<K>> {
    let mut rows: HashMap<K, SeasonRow<K>> = HashMap::new();
    let row = |k: &K| -> SeasonRow<K> {
        SeasonRow {
            team: k.clone(),
            place: Place { first: 0, last: 0 },
            tournament_points: HalfPoints::ZERO,
            penalties: HalfPoints::ZERO,
            total: HalfPoints::ZERO,
            place_counts: vec![],
        }
    };
    for t in tournaments {
        for e in t {
            let r = rows.entry(e.team.clone()).or_insert_with(|| row(&e.team));
            r.tournament_points += e.points;
            let idx = usize::try_from(e.place.first.max(1) - 1).unwrap_or(0);
            if r.place_counts.len() <= idx {
                r.place_counts.resize(idx + 1, 0);
            }
            r.place_counts[idx] += 1;
        }
    }
    for d in deductions {
        let r = rows.entry(d.team.clone()).or_insert_with(|| row(&d.team));
        r.penalties += d.amount;
    }
    let mut rows: Vec<SeasonRow<K>> = rows
        .into_values()
        .map(|mut r| {
            r.total = r.tournament_points - r.penalties;
            r
        })
        .collect();
    let tie = |a: &SeasonRow<K>, b: &SeasonRow<K>| -> std::cmp::Ordering {
        let o = b.total.cmp(&a.total);
        if o.is_ne() || tie_rule == SeasonTieRule::Shared {
            return o;
        }
        let n = a.place_counts.len().max(b.place_counts.len());
        for i in 0..n {
            let (x, y) = (
                a.place_counts.get(i).copied().unwrap_or(0),
                b.place_counts.get(i).copied().unwrap_or(0),
            );
            if x != y {
                return y.cmp(&x);
            }
        }
        std::cmp::Ordering::Equal
    };
    rows.sort_by(|a, b| tie(a, b).then(a.team.cmp(&b.team)));
    let mut start = 0;
    while start < rows.len() {
        let mut end = start;
        while end + 1 < rows.len() && tie(&rows[start], &rows[end + 1]).is_eq() {
            end += 1;
        }
        let place = Place {
            first: u32::try_from(start + 1).unwrap_or(u32::MAX),
            last: u32::try_from(end + 1).unwrap_or(u32::MAX),
        };
        for r in rows.iter_mut().take(end + 1).skip(start) {
            r.place = place;
        }
        start = end + 1;
    }
    rows
}

/// The table of a one-event championship (seeds R, E: a regulation
/// without a season of tournaments): its places are the event's final
/// places (E-1's play-off included), whatever points the place table gives
/// them; the points and penalties are summed as in [`season_standings`].
/// Entries with a deduction and no place come last, sharing the places
/// left.
pub fn event_standings<K: Clone + Eq + Hash + Ord>(
    event: &[SeasonEntry<K>],
    deductions: &[Deduction<K>],
) -> Vec<SeasonRow<K>> {
    let mut rows = season_standings(
        std::slice::from_ref(&event.to_vec()),
        deductions,
        SeasonTieRule::Shared,
    );
    let placed = u32::try_from(event.len()).unwrap_or(u32::MAX);
    let unplaced = Place {
        first: placed + 1,
        last: u32::try_from(rows.len()).unwrap_or(u32::MAX),
    };
    for r in &mut rows {
        r.place = event
            .iter()
            .find(|e| e.team == r.team)
            .map_or(unplaced, |e| e.place);
    }
    rows.sort_by(|a, b| {
        (a.place.first, a.place.last)
            .cmp(&(b.place.first, b.place.last))
            .then_with(|| a.team.cmp(&b.team))
    });
    rows
}

/// A team's season points after each tournament (the season table read
/// cumulatively, for the season chart): its tournament points of the
/// stages up to `i`, minus the deductions counted by stage `i`. Each
/// deduction comes with the stage it counts from (the caller decides: the
/// stage of the tournament it was imposed for, or the last). The last value
/// is the team's total in [`season_standings`].
pub fn cumulative<K: Eq>(
    team: &K,
    tournaments: &[Vec<SeasonEntry<K>>],
    deductions: &[(usize, Deduction<K>)],
) -> Vec<HalfPoints> {
    let mut total = HalfPoints::ZERO;
    let last = tournaments.len().saturating_sub(1);
    tournaments
        .iter()
        .enumerate()
        .map(|(i, t)| {
            total += t
                .iter()
                .filter(|e| e.team == *team)
                .map(|e| e.points)
                .sum::<HalfPoints>();
            total -= deductions
                .iter()
                .filter(|(stage, d)| (*stage).min(last) == i && d.team == *team)
                .map(|(_, d)| d.amount)
                .sum::<HalfPoints>();
            total
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::g;

    fn entry(team: &str, place: u32) -> SeasonEntry<String> {
        SeasonEntry {
            team: team.into(),
            place: Place {
                first: place,
                last: place,
            },
            points: g().place_points.for_place(place),
        }
    }

    #[test]
    fn g_a3_season_sums_tournament_points_minus_penalties() {
        // Sept: A 1st (12), B 2nd (8); Oct: B 1st (12), A 3rd (6).
        // A = 18, B = 20; B fined G-G5 (−½) and G-G3 (−1) → 18½.
        let t = vec![
            vec![entry("A", 1), entry("B", 2)],
            vec![entry("B", 1), entry("C", 2), entry("A", 3)],
        ];
        let d = vec![
            Deduction {
                team: "B".to_string(),
                code: "G-G5".into(),
                amount: HalfPoints::HALF,
            },
            Deduction {
                team: "B".to_string(),
                code: "G-G3".into(),
                amount: HalfPoints::ONE,
            },
        ];
        let s = season_standings(&t, &d, SeasonTieRule::Shared);
        let got: Vec<(String, String, String)> = s
            .iter()
            .map(|r| (r.team.clone(), r.total.to_string(), r.place.to_string()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("B".into(), "18½".into(), "1".into()),
                ("A".into(), "18".into(), "2".into()),
                ("C".into(), "8".into(), "3".into()),
            ]
        );
    }

    #[test]
    fn g_g7_twelve_point_deduction_can_make_a_total_negative() {
        let t = vec![vec![entry("A", 4)]];
        let d = vec![Deduction {
            team: "A".to_string(),
            code: "G-G7".into(),
            amount: HalfPoints::from_points(12),
        }];
        let s = season_standings(&t, &d, SeasonTieRule::Shared);
        assert_eq!(s[0].total, HalfPoints::from_points(-8));
    }

    #[test]
    fn equal_totals_share_or_count_back() {
        // A: 1st (12) + 7th (0) = 12; B: 2nd (8) + 4th (4) = 12.
        let t = vec![
            vec![entry("A", 1), entry("B", 2)],
            vec![entry("B", 4), entry("A", 7)],
        ];
        let shared = season_standings(&t, &[], SeasonTieRule::Shared);
        assert!(shared.iter().all(|r| r.place.to_string() == "1–2"));
        let cb = season_standings(&t, &[], SeasonTieRule::Countback);
        assert_eq!(cb[0].team, "A");
        assert_eq!(cb[0].place.to_string(), "1");
        assert_eq!(cb[1].place.to_string(), "2");
    }

    #[test]
    fn e_1_a_one_event_table_keeps_the_events_places_whatever_its_points() {
        // Seed E names no place points: every entry earned 0, yet the
        // play-off's order stands (1, 2, 3, 4, then 5–6 shared).
        let zero = |team: &str, first: u32, last: u32| SeasonEntry {
            team: team.to_string(),
            place: Place { first, last },
            points: HalfPoints::ZERO,
        };
        let event = vec![
            zero("D", 4, 4),
            zero("A", 1, 1),
            zero("F", 5, 6),
            zero("C", 3, 3),
            zero("B", 2, 2),
            zero("E", 5, 6),
        ];
        let rows = event_standings(&event, &[]);
        let got: Vec<(String, String)> = rows
            .iter()
            .map(|r| (r.team.clone(), r.place.to_string()))
            .collect();
        assert_eq!(
            got,
            [
                ("A", "1"),
                ("B", "2"),
                ("C", "3"),
                ("D", "4"),
                ("E", "5–6"),
                ("F", "5–6")
            ]
            .map(|(t, p)| (t.to_owned(), p.to_owned()))
        );
    }

    fn fine(team: &str, half_points: i32) -> Deduction<String> {
        Deduction {
            team: team.into(),
            code: "G-G5".into(),
            amount: HalfPoints(half_points),
        }
    }

    #[test]
    fn g_a3_cumulative_points_count_each_deduction_from_its_tournament() {
        // A: 12, then 6 (−½ in tournament 2) → 12, 17½; B: 8, 12 → 8, 20,
        // with a deduction of 1 for "no tournament" counted at the end.
        let t = vec![
            vec![entry("A", 1), entry("B", 2)],
            vec![entry("B", 1), entry("A", 3)],
        ];
        let d = vec![(1, fine("A", 1)), (usize::MAX, fine("B", 2))];
        let a = cumulative(&"A".to_string(), &t, &d);
        let b = cumulative(&"B".to_string(), &t, &d);
        assert_eq!(a, [HalfPoints(24), HalfPoints(35)]);
        assert_eq!(b, [HalfPoints(16), HalfPoints(38)]);
        // A team that missed the first tournament starts at 0.
        let t2 = vec![vec![entry("A", 1)], vec![entry("C", 2)]];
        assert_eq!(
            cumulative(&"C".to_string(), &t2, &[]),
            [HalfPoints::ZERO, HalfPoints(16)]
        );
    }

    proptest::proptest! {
        /// The chart's last point is the table's total, whatever the
        /// places and deductions.
        #[test]
        fn the_last_cumulative_value_is_the_season_total(
            places in proptest::collection::vec(proptest::collection::vec(1u32..=8, 1..5), 1..5),
            fines in proptest::collection::vec((0usize..6, 0usize..4, 1i32..25), 0..5),
        ) {
            let names = ["A", "B", "C", "D"];
            let t: Vec<Vec<SeasonEntry<String>>> = places
                .iter()
                .map(|ps| ps.iter().zip(names).map(|(p, n)| entry(n, *p)).collect())
                .collect();
            let d: Vec<(usize, Deduction<String>)> = fines
                .iter()
                .map(|(stage, team, amount)| (*stage, fine(names[*team], *amount)))
                .collect();
            let plain: Vec<Deduction<String>> = d.iter().map(|(_, x)| x.clone()).collect();
            for row in season_standings(&t, &plain, SeasonTieRule::Shared) {
                let c = cumulative(&row.team, &t, &d);
                proptest::prop_assert_eq!(c.len(), t.len());
                proptest::prop_assert_eq!(*c.last().unwrap(), row.total);
            }
        }
    }
}
