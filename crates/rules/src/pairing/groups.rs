//! Group stage (E-1): the teams are split into groups, by the seeding
//! snake or by lot, and each group plays a round robin by the Berger tables.

use super::berger::berger_table;
use super::lot::Lot;
use super::{EntryId, PairingError};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// How teams are put into groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupAllocation {
    /// Seeding snake: seeds 1…g go to groups A…, seeds g+1…2g back from
    /// the last group to A, and so on (A1 B2 … / … B7 A8 for two groups).
    Snake,
    /// By lot: the teams are shuffled with the (recorded) seed and dealt
    /// to the groups in turn.
    ByLot { seed: u64 },
}

/// A group; the order of `teams` gives the Berger numbers (position + 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// "A", "B", …
    pub label: String,
    pub teams: Vec<EntryId>,
}

/// A match of a group round: `first` is listed first (White on board 1
/// in the first game, C.05 Annex 1 table colours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupMatch {
    pub table: u32,
    pub first: EntryId,
    pub second: EntryId,
}

/// A round of a group's round robin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupRound {
    pub round: u32,
    pub matches: Vec<GroupMatch>,
    pub bye: Option<EntryId>,
}

/// At most 26 groups (labels A–Z).
pub const MAX_GROUPS: u32 = 26;

/// Splits the teams, best seed first, into `group_count` groups.
pub fn split_into_groups(
    seeded: &[EntryId],
    group_count: u32,
    allocation: GroupAllocation,
) -> Result<Vec<Group>, PairingError> {
    if group_count == 0 || group_count > MAX_GROUPS {
        return Err(PairingError::Invalid(format!(
            "between 1 and {MAX_GROUPS} groups, not {group_count}"
        )));
    }
    let mut seen = HashSet::new();
    for &t in seeded {
        if !seen.insert(t) {
            return Err(PairingError::DuplicateTeam(t));
        }
    }
    let g = group_count as usize;
    if seeded.len() < 2 * g {
        return Err(PairingError::Invalid(format!(
            "{} teams cannot fill {group_count} groups of at least 2",
            seeded.len()
        )));
    }
    let mut order = seeded.to_vec();
    if let GroupAllocation::ByLot { seed } = allocation {
        Lot::new(seed).shuffle(&mut order);
    }
    let mut groups: Vec<Group> = (0..group_count)
        .map(|i| Group {
            label: char::from(b'A' + i as u8).to_string(),
            teams: Vec::new(),
        })
        .collect();
    for (i, team) in order.into_iter().enumerate() {
        let (row, col) = (i / g, i % g);
        let target = match allocation {
            GroupAllocation::Snake if row % 2 == 1 => g - 1 - col,
            _ => col,
        };
        groups[target].teams.push(team);
    }
    Ok(groups)
}

/// The group's round robin by the Berger tables (single or double cycle),
/// with the group's teams as Berger numbers 1, 2, ….
pub fn group_schedule(group: &Group, double: bool) -> Result<Vec<GroupRound>, PairingError> {
    let n = group.teams.len() as u32;
    let schedule = berger_table(n, double)?;
    let team = |number: u32| group.teams[number as usize - 1];
    Ok(schedule
        .rounds
        .iter()
        .map(|r| GroupRound {
            round: r.round,
            matches: r
                .games
                .iter()
                .map(|g| GroupMatch {
                    table: g.table,
                    first: team(g.white),
                    second: team(g.black),
                })
                .collect(),
            bye: r.bye.map(team),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(range: std::ops::RangeInclusive<i64>) -> Vec<EntryId> {
        range.map(EntryId).collect()
    }

    #[test]
    fn e_1_snake_seeding_for_two_and_four_groups() {
        let g = split_into_groups(&ids(1..=8), 2, GroupAllocation::Snake).expect("valid");
        assert_eq!(g[0].teams, [1, 4, 5, 8].map(EntryId).to_vec());
        assert_eq!(g[1].teams, [2, 3, 6, 7].map(EntryId).to_vec());
        let g = split_into_groups(&ids(1..=16), 4, GroupAllocation::Snake).expect("valid");
        assert_eq!(g[0].teams, [1, 8, 9, 16].map(EntryId).to_vec());
        assert_eq!(g[3].teams, [4, 5, 12, 13].map(EntryId).to_vec());
        assert_eq!(g[2].label, "C");
    }

    #[test]
    fn e_1_groups_by_lot_are_reproducible_and_balanced() {
        let a = split_into_groups(&ids(1..=10), 3, GroupAllocation::ByLot { seed: 9 }).expect("ok");
        let b = split_into_groups(&ids(1..=10), 3, GroupAllocation::ByLot { seed: 9 }).expect("ok");
        let c =
            split_into_groups(&ids(1..=10), 3, GroupAllocation::ByLot { seed: 10 }).expect("ok");
        assert_eq!(a, b);
        assert_ne!(a, c);
        let sizes: Vec<usize> = a.iter().map(|g| g.teams.len()).collect();
        assert_eq!(sizes, vec![4, 3, 3]);
        let mut all: Vec<EntryId> = a.iter().flat_map(|g| g.teams.clone()).collect();
        all.sort();
        assert_eq!(all, ids(1..=10));
    }

    #[test]
    fn e_1_group_round_robin_follows_berger() {
        let groups = split_into_groups(&ids(1..=8), 2, GroupAllocation::Snake).expect("valid");
        let rounds = group_schedule(&groups[0], false).expect("valid");
        // Group A = 1, 4, 5, 8 as Berger numbers 1–4: round 1 is 1-4, 2-3.
        assert_eq!(rounds.len(), 3);
        assert_eq!(
            rounds[0]
                .matches
                .iter()
                .map(|m| (m.first, m.second))
                .collect::<Vec<_>>(),
            vec![(EntryId(1), EntryId(8)), (EntryId(4), EntryId(5))]
        );
    }

    #[test]
    fn invalid_group_requests_are_refused() {
        assert!(split_into_groups(&ids(1..=3), 2, GroupAllocation::Snake).is_err());
        assert!(split_into_groups(&ids(1..=8), 0, GroupAllocation::Snake).is_err());
        let dup = [EntryId(1), EntryId(1), EntryId(2), EntryId(3)];
        assert_eq!(
            split_into_groups(&dup, 1, GroupAllocation::Snake),
            Err(PairingError::DuplicateTeam(EntryId(1)))
        );
    }
}
