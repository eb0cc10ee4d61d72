//! When a change of the regulation takes effect (G-E2): the organizer may
//! change the regulation but must notify the captains at least three days
//! before the next tournament. A change therefore applies to the first
//! tournament that starts at least the notice period after it was
//! published; published later than that, it waits for the one after.

use chrono::{Duration, NaiveDateTime};

/// G-E2: three days' notice.
pub const G_E2_NOTICE_DAYS: u8 = 3;

/// The first tournament a change published at `published_at` applies to:
/// the earliest of `starts` (tournament number, start in UTC) that begins
/// at least `notice_days` days later. `None` when no scheduled tournament
/// is far enough ahead (the change waits for one to be scheduled).
pub fn effective_from(
    published_at: NaiveDateTime,
    starts: &[(i32, NaiveDateTime)],
    notice_days: u8,
) -> Option<i32> {
    let earliest = published_at + Duration::days(i64::from(notice_days));
    starts
        .iter()
        .filter(|(_, at)| *at >= earliest)
        .min_by_key(|(number, at)| (*at, *number))
        .map(|(number, _)| *number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32, minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 10, day)
            .and_then(|d| d.and_hms_opt(hour, minute, 0))
            .expect("date")
    }

    /// G's autumn: first Wednesdays, 18:15 Moscow = 15:15 UTC.
    fn season() -> Vec<(i32, NaiveDateTime)> {
        vec![
            (1, at(7, 15, 15)),
            (
                2,
                NaiveDate::from_ymd_opt(2026, 11, 4)
                    .unwrap()
                    .and_hms_opt(15, 15, 0)
                    .unwrap(),
            ),
            (
                3,
                NaiveDate::from_ymd_opt(2026, 12, 2)
                    .unwrap()
                    .and_hms_opt(15, 15, 0)
                    .unwrap(),
            ),
        ]
    }

    #[test]
    fn g_e2_a_notice_four_days_before_applies_to_the_next_tournament() {
        // 3 October, four days before tournament 1.
        assert_eq!(
            effective_from(at(3, 15, 15), &season(), G_E2_NOTICE_DAYS),
            Some(1)
        );
    }

    #[test]
    fn g_e2_a_notice_two_days_before_applies_to_the_one_after() {
        assert_eq!(
            effective_from(at(5, 15, 15), &season(), G_E2_NOTICE_DAYS),
            Some(2)
        );
    }

    #[test]
    fn g_e2_exactly_three_days_is_enough_and_a_minute_less_is_not() {
        assert_eq!(
            effective_from(at(4, 15, 15), &season(), G_E2_NOTICE_DAYS),
            Some(1)
        );
        assert_eq!(
            effective_from(at(4, 15, 16), &season(), G_E2_NOTICE_DAYS),
            Some(2)
        );
    }

    #[test]
    fn g_e2_after_the_last_scheduled_tournament_nothing_is_due_yet() {
        let late = NaiveDate::from_ymd_opt(2026, 11, 30)
            .unwrap()
            .and_hms_opt(12, 0, 0)
            .unwrap();
        assert_eq!(effective_from(late, &season(), G_E2_NOTICE_DAYS), None);
    }
}
