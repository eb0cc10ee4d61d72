//! Which entries of a tournament play (G-B13: with an odd number of entries
//! the last-registered double sits out, if there is one: entries
//! beyond the cap wait in registration order).

use chrono::NaiveDateTime;

use super::regulation::EntryRules;

/// An accepted entry as the draw sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRef {
    pub id: i64,
    /// The double's number (`Team2` → 2), `None` for a team's own line.
    pub double: Option<u8>,
    pub registered_at: NaiveDateTime,
}

/// The entries that play and those that do not, in registration order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Field {
    pub playing: Vec<i64>,
    /// beyond the cap, first come first served.
    pub waiting: Vec<i64>,
    /// G-B13: the last-registered double when the count is odd.
    pub sitting_out: Option<i64>,
}

/// Orders the entries by registration (ties by id), applies the cap, then
/// the odd-count rule of G-B13 to those within the cap.
pub fn field(entries: &[EntryRef], rules: &EntryRules) -> Field {
    let mut sorted: Vec<&EntryRef> = entries.iter().collect();
    sorted.sort_by_key(|e| (e.registered_at, e.id));
    let cap = rules
        .max_teams
        .map_or(sorted.len(), |m| usize::try_from(m).unwrap_or(usize::MAX));
    let waiting = sorted.iter().skip(cap).map(|e| e.id).collect();
    let mut within: Vec<&EntryRef> = sorted.into_iter().take(cap).collect();
    let mut sitting_out = None;
    if rules.odd_entries_drop_last_double
        && within.len() % 2 == 1
        && let Some(pos) = within.iter().rposition(|e| e.double.is_some())
    {
        sitting_out = Some(within.remove(pos).id);
    }
    Field {
        playing: within.iter().map(|e| e.id).collect(),
        waiting,
        sitting_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use chrono::NaiveDate;

    fn at(minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 9, 2)
            .and_then(|d| d.and_hms_opt(14, minute, 0))
            .expect("time")
    }

    fn entry(id: i64, double: Option<u8>, minute: u32) -> EntryRef {
        EntryRef {
            id,
            double,
            registered_at: at(minute),
        }
    }

    #[test]
    fn g_b13_with_an_odd_count_the_last_registered_double_sits_out() {
        let g = presets::g();
        let entries = [
            entry(1, None, 50),
            entry(2, Some(2), 46),
            entry(3, None, 47),
            entry(4, Some(2), 52),
            entry(5, None, 49),
        ];
        let f = field(&entries, &g.entry);
        assert_eq!(f.sitting_out, Some(4), "the double registered last");
        assert_eq!(f.playing, vec![2, 3, 5, 1]);
        assert!(f.waiting.is_empty());
    }

    #[test]
    fn g_b13_an_even_count_or_no_double_keeps_everyone() {
        let g = presets::g();
        let even = [entry(1, None, 1), entry(2, Some(2), 2)];
        assert_eq!(field(&even, &g.entry).sitting_out, None);
        let odd_without_doubles = [entry(1, None, 1), entry(2, None, 2), entry(3, None, 3)];
        let f = field(&odd_without_doubles, &g.entry);
        assert_eq!(f.sitting_out, None);
        assert_eq!(f.playing, vec![1, 2, 3], "a bye will be paired instead");
    }

    #[test]
    fn r_1_9_entries_beyond_the_cap_wait_in_order() {
        let r = presets::r();
        assert_eq!(r.entry.max_teams, Some(20));
        let entries: Vec<EntryRef> = (1..=23).map(|i| entry(i, None, 59 - i as u32)).collect();
        let f = field(&entries, &r.entry);
        assert_eq!(f.playing.len(), 20);
        // Entry i registered at minute 59 - i: ids 3, 2, 1 came last and wait.
        assert_eq!(f.waiting, vec![3, 2, 1]);
        assert_eq!(f.sitting_out, None, "R has no doubles rule");
    }
}
