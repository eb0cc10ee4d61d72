//! Places set by a decision (G-D4: "appeals may change the results of a
//! past tournament", including a team's standing).
//! The appeals committee may put an entry at a final place directly — last
//! for a grave breach, second after a contested game — without touching
//! the games. The other entries keep the order the results gave them and
//! fill the places left, so the table stays a ranking of 1..n.

use super::ranking::Place;

/// Why the places asked cannot be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FixProblem {
    /// The place is not one of 1..=`last`.
    OutOfRange { place: u32, last: u32 },
    /// Two entries are asked to take the same place.
    Taken { place: u32 },
    /// The same entry is asked to take two places.
    FixedTwice,
    /// The entry has no place in the tournament.
    NotPlaced,
}

/// The final order after fixing some entries' places.
///
/// `computed` is the order the results gave, best first, with its places
/// (shared ranges included); `fixed` names entries and the place each must
/// take. Fixed entries take exactly their place (not shared); the others
/// keep their relative order and fill the remaining places from the top.
/// Entries that shared a place keep sharing it where they are still next
/// to each other: each run of them that stays adjacent shares the range of
/// places it now covers (an entry fixed between them splits the run).
pub fn fix<K: Copy + Eq>(
    computed: &[(K, Place)],
    fixed: &[(K, u32)],
) -> Result<Vec<(K, Place)>, Vec<FixProblem>> {
    let n = computed.len();
    let last = u32::try_from(n).unwrap_or(u32::MAX);
    let mut problems = Vec::new();
    let mut slots: Vec<Option<K>> = vec![None; n];
    for (i, &(key, place)) in fixed.iter().enumerate() {
        if !computed.iter().any(|(k, _)| *k == key) {
            problems.push(FixProblem::NotPlaced);
            continue;
        }
        if fixed[..i].iter().any(|(k, _)| *k == key) {
            problems.push(FixProblem::FixedTwice);
            continue;
        }
        if place == 0 || place > last {
            problems.push(FixProblem::OutOfRange { place, last });
            continue;
        }
        let slot = &mut slots[(place - 1) as usize];
        if slot.is_some() {
            problems.push(FixProblem::Taken { place });
        } else {
            *slot = Some(key);
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let is_fixed = |key: K| fixed.iter().any(|(k, _)| *k == key);
    // The others, in the computed order, into the empty slots from the top.
    let mut others = computed.iter().filter(|(k, _)| !is_fixed(*k));
    // (key, its computed place when it is one of the others)
    let order: Vec<(K, Option<Place>)> = slots
        .iter()
        .map(|slot| match slot {
            Some(key) => (*key, None),
            None => {
                let (key, place) = others
                    .next()
                    .copied()
                    .expect("one left for each empty slot");
                (key, Some(place))
            }
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        let (key, was) = order[i];
        let Some(was) = was else {
            let p = u32::try_from(i + 1).unwrap_or(u32::MAX);
            out.push((key, Place { first: p, last: p }));
            i += 1;
            continue;
        };
        // A run of others, next to each other, that shared one place.
        let mut end = i + 1;
        while end < n && order[end].1 == Some(was) && was.is_shared() {
            end += 1;
        }
        let first = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let last = u32::try_from(end).unwrap_or(u32::MAX);
        for &(k, _) in &order[i..end] {
            out.push((k, Place { first, last }));
        }
        i = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(first: u32, last: u32) -> Place {
        Place { first, last }
    }

    /// Four entries ranked 1, 2, 3, 4.
    fn four() -> Vec<(char, Place)> {
        vec![
            ('a', p(1, 1)),
            ('b', p(2, 2)),
            ('c', p(3, 3)),
            ('d', p(4, 4)),
        ]
    }

    #[test]
    fn g_d4_a_team_moved_to_last_and_the_others_move_up() {
        let out = fix(&four(), &[('a', 4)]).expect("ok");
        assert_eq!(
            out,
            [
                ('b', p(1, 1)),
                ('c', p(2, 2)),
                ('d', p(3, 3)),
                ('a', p(4, 4))
            ]
        );
    }

    #[test]
    fn g_d4_a_team_moved_to_second_and_the_one_there_goes_down() {
        let out = fix(&four(), &[('c', 2)]).expect("ok");
        assert_eq!(
            out,
            [
                ('a', p(1, 1)),
                ('c', p(2, 2)),
                ('b', p(3, 3)),
                ('d', p(4, 4))
            ]
        );
    }

    #[test]
    fn nothing_fixed_changes_nothing() {
        let shared = vec![
            ('a', p(1, 1)),
            ('b', p(2, 3)),
            ('c', p(2, 3)),
            ('d', p(4, 4)),
        ];
        assert_eq!(fix(&shared, &[]).expect("ok"), shared);
    }

    #[test]
    fn a_shared_place_stays_shared_while_adjacent() {
        // b and c share 2–3; a goes last: b and c move up and share 1–2.
        let shared = vec![
            ('a', p(1, 1)),
            ('b', p(2, 3)),
            ('c', p(2, 3)),
            ('d', p(4, 4)),
        ];
        let out = fix(&shared, &[('a', 4)]).expect("ok");
        assert_eq!(
            out,
            [
                ('b', p(1, 2)),
                ('c', p(1, 2)),
                ('d', p(3, 3)),
                ('a', p(4, 4))
            ]
        );
        // d fixed at 3 splits them: b 2, d 3, c 4.
        let out = fix(&shared, &[('d', 3)]).expect("ok");
        assert_eq!(
            out,
            [
                ('a', p(1, 1)),
                ('b', p(2, 2)),
                ('d', p(3, 3)),
                ('c', p(4, 4))
            ]
        );
        // One of the tied pair fixed: the other is alone and unshared.
        let out = fix(&shared, &[('c', 1)]).expect("ok");
        assert_eq!(
            out,
            [
                ('c', p(1, 1)),
                ('a', p(2, 2)),
                ('b', p(3, 3)),
                ('d', p(4, 4))
            ]
        );
    }

    #[test]
    fn refusals_are_listed_together() {
        assert_eq!(
            fix(&four(), &[('a', 0), ('b', 5), ('c', 2), ('d', 2)]),
            Err(vec![
                FixProblem::OutOfRange { place: 0, last: 4 },
                FixProblem::OutOfRange { place: 5, last: 4 },
                FixProblem::Taken { place: 2 },
            ])
        );
        assert_eq!(
            fix(&four(), &[('a', 1), ('a', 2)]),
            Err(vec![FixProblem::FixedTwice])
        );
        assert_eq!(fix(&four(), &[('z', 1)]), Err(vec![FixProblem::NotPlaced]));
    }

    /// A computed order of `n` entries (keys 0..n), unshared, and a few of
    /// them fixed at distinct places.
    fn case() -> impl Strategy<Value = (usize, Vec<(usize, u32)>)> {
        (1usize..12).prop_flat_map(|n| {
            let keys = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
            let places = Just((1..=n as u32).collect::<Vec<_>>()).prop_shuffle();
            (Just(n), keys, places, 0..=n).prop_map(|(n, keys, places, k)| {
                (n, keys.into_iter().zip(places).take(k).collect())
            })
        })
    }

    proptest! {
        #[test]
        fn every_place_once_fixed_where_asked_the_rest_in_order((n, fixed) in case()) {
            let computed: Vec<(usize, Place)> = (0..n)
                .map(|k| (k, p(k as u32 + 1, k as u32 + 1)))
                .collect();
            let out = fix(&computed, &fixed).expect("valid");
            prop_assert_eq!(out.len(), n);
            // Every place 1..n once, none shared.
            for (i, (_, place)) in out.iter().enumerate() {
                prop_assert_eq!(*place, p(i as u32 + 1, i as u32 + 1));
            }
            // Fixed entries where asked.
            for (k, at) in &fixed {
                let pos = out.iter().position(|(x, _)| x == k).expect("present");
                prop_assert_eq!(pos as u32 + 1, *at);
            }
            // The others in their computed order.
            let rest: Vec<usize> = out
                .iter()
                .map(|(k, _)| *k)
                .filter(|k| !fixed.iter().any(|(f, _)| f == k))
                .collect();
            let mut sorted = rest.clone();
            sorted.sort_unstable();
            prop_assert_eq!(rest, sorted);
        }

        #[test]
        fn shared_input_still_covers_every_place_once(
            (n, fixed) in case(),
            ties in proptest::collection::vec(any::<bool>(), 12),
        ) {
            // Computed places with ties: entry k shares with k-1 when ties[k].
            let mut computed: Vec<(usize, Place)> = Vec::new();
            let mut start = 0;
            for (k, tied) in ties.iter().enumerate().take(n) {
                if k > 0 && !tied {
                    start = k;
                }
                computed.push((k, p(start as u32 + 1, 0)));
            }
            let mut i = 0;
            while i < n {
                let mut j = i + 1;
                while j < n && computed[j].1.first == computed[i].1.first {
                    j += 1;
                }
                for c in &mut computed[i..j] {
                    c.1.last = j as u32;
                }
                i = j;
            }
            let out = fix(&computed, &fixed).expect("valid");
            // Ranges tile 1..n: each range is as long as the run sharing it.
            let mut i = 0;
            while i < n {
                let place = out[i].1;
                prop_assert_eq!(place.first, i as u32 + 1);
                let len = (place.last - place.first + 1) as usize;
                for x in &out[i..i + len] {
                    prop_assert_eq!(x.1, place);
                }
                i += len;
            }
            for (k, at) in &fixed {
                let (_, place) = out.iter().find(|(x, _)| x == k).expect("present");
                prop_assert_eq!(*place, p(*at, *at));
            }
        }
    }
}
