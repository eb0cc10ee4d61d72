//! Tournament schedules from a rule such as "the first Wednesday of each
//! month at 18:15 Moscow time, September to December" (G-A2). Pure: the
//! caller names the months; instants come back in UTC (house rule 3) and
//! pages show them in the championship's time zone.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// Which day of a month: the n-th (1–5) or the last given weekday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nth {
    /// 1 = first … 5 = fifth (a month without a fifth one is skipped).
    Nth(u8),
    Last,
}

/// A monthly rule: weekday, which one, local time, time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonthlyRule {
    pub weekday: Weekday,
    pub nth: Nth,
    /// Local start time, e.g. 18:15.
    pub time: NaiveTime,
    /// IANA time zone name, e.g. "Europe/Moscow".
    pub time_zone: String,
}

/// One rule schedules at most this many months: three seasons. A longer
/// range is almost surely a typing slip (`2026-09` to `9999-12` would be
/// ninety-six thousand tournaments).
pub const MAX_MONTHS: i32 = 36;

/// Months are scheduled within these years.
pub const YEARS: std::ops::RangeInclusive<i32> = 2000..=2100;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("{months} months: at most {max} at once")]
    TooManyMonths { months: i32, max: i32 },
    #[error("{0} is not between {first} and {last}", first = YEARS.start(), last = YEARS.end())]
    OutOfRange(String),
    #[error("unknown time zone {0:?}")]
    TimeZone(String),
    #[error("the first month {0} comes after the last month {1}")]
    Months(String, String),
    #[error("{0} {1} does not exist in {2} (the clocks jump over it)")]
    NoSuchLocalTime(NaiveDate, NaiveTime, String),
    #[error("nth must be 1 to 5, got {0}")]
    Nth(u8),
}

impl MonthlyRule {
    /// G-A2: the first Wednesday at 18:15, Moscow time.
    pub fn g_a2() -> MonthlyRule {
        MonthlyRule {
            weekday: Weekday::Wed,
            nth: Nth::Nth(1),
            time: NaiveTime::from_hms_opt(18, 15, 0).unwrap_or_default(),
            time_zone: "Europe/Moscow".into(),
        }
    }

    /// The day of the rule in a month, if the month has it.
    pub fn day_in(&self, year: i32, month: u32) -> Result<Option<NaiveDate>, ScheduleError> {
        let Some(first) = NaiveDate::from_ymd_opt(year, month, 1) else {
            return Ok(None);
        };
        let offset =
            (7 + self.weekday.num_days_from_monday() - first.weekday().num_days_from_monday()) % 7;
        let first_match = first + chrono::Days::new(u64::from(offset));
        let day = match self.nth {
            Nth::Nth(n @ 1..=5) => first_match + chrono::Days::new(7 * u64::from(n - 1)),
            Nth::Nth(n) => return Err(ScheduleError::Nth(n)),
            Nth::Last => {
                let mut d = first_match;
                while (d + chrono::Days::new(7)).month() == month {
                    d = d + chrono::Days::new(7);
                }
                d
            }
        };
        Ok((day.month() == month).then_some(day))
    }

    /// Start instants (UTC) in every month from `first` to `last`
    /// (inclusive; the day of the month is ignored). A local time that
    /// happens twice (clocks going back) takes the earlier instant; one that
    /// does not exist is an error naming the day.
    pub fn instants(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<NaiveDateTime>, ScheduleError> {
        let tz: Tz = self
            .time_zone
            .parse()
            .map_err(|_| ScheduleError::TimeZone(self.time_zone.clone()))?;
        let (mut y, mut m) = (first.year(), first.month());
        if (y, m) > (last.year(), last.month()) {
            return Err(ScheduleError::Months(
                first.format("%Y-%m").to_string(),
                last.format("%Y-%m").to_string(),
            ));
        }
        for month in [first, last] {
            if !YEARS.contains(&month.year()) {
                return Err(ScheduleError::OutOfRange(month.format("%Y-%m").to_string()));
            }
        }
        let months = (last.year() - y) * 12 + last.month() as i32 - m as i32 + 1;
        if months > MAX_MONTHS {
            return Err(ScheduleError::TooManyMonths {
                months,
                max: MAX_MONTHS,
            });
        }
        let mut out = Vec::new();
        while (y, m) <= (last.year(), last.month()) {
            if let Some(day) = self.day_in(y, m)? {
                let local = day.and_time(self.time);
                let instant = tz.from_local_datetime(&local).earliest().ok_or_else(|| {
                    ScheduleError::NoSuchLocalTime(day, self.time, self.time_zone.clone())
                })?;
                out.push(instant.naive_utc());
            }
            (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
        }
        Ok(out)
    }
}

/// One round of a tournament day: when it begins and when it must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundSlot {
    pub number: u32,
    pub starts: NaiveDateTime,
    pub ends: NaiveDateTime,
}

/// E-7: the day's timetable of `rounds` rounds from `start`, each lasting
/// at most `round_minutes` with at most `break_minutes` before the next:
/// the latest each round may begin and end when every round runs its
/// full length.
pub fn day_timetable(
    start: NaiveDateTime,
    rounds: u32,
    round_minutes: u32,
    break_minutes: u32,
) -> Vec<RoundSlot> {
    let length = chrono::Duration::minutes(i64::from(round_minutes));
    let step = length + chrono::Duration::minutes(i64::from(break_minutes));
    (1..=rounds)
        .map(|number| {
            let starts = start + step * i32::try_from(number - 1).unwrap_or(i32::MAX);
            RoundSlot {
                number,
                starts,
                ends: starts + length,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_of_more_than_three_seasons_or_outside_the_years_is_refused() {
        let rule = MonthlyRule::g_a2();
        assert_eq!(
            rule.instants(d(2026, 9, 1), d(2029, 8, 1)).map(|v| v.len()),
            Ok(36)
        );
        assert_eq!(
            rule.instants(d(2026, 9, 1), d(2029, 9, 1)),
            Err(ScheduleError::TooManyMonths {
                months: 37,
                max: 36
            })
        );
        assert_eq!(
            rule.instants(d(1, 1, 1), d(1, 2, 1)),
            Err(ScheduleError::OutOfRange("0001-01".into()))
        );
        assert_eq!(
            rule.instants(d(2100, 1, 1), d(9999, 12, 1)),
            Err(ScheduleError::OutOfRange("9999-12".into()))
        );
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("date")
    }

    fn utc(y: i32, m: u32, day: u32, h: u32, min: u32) -> NaiveDateTime {
        d(y, m, day).and_hms_opt(h, min, 0).expect("time")
    }

    #[test]
    fn g_a2_first_wednesdays_at_18_15_moscow_september_to_december() {
        let got = MonthlyRule::g_a2()
            .instants(d(2026, 9, 1), d(2026, 12, 1))
            .expect("schedule");
        // Moscow is UTC+3 all year.
        assert_eq!(
            got,
            vec![
                utc(2026, 9, 2, 15, 15),
                utc(2026, 10, 7, 15, 15),
                utc(2026, 11, 4, 15, 15),
                utc(2026, 12, 2, 15, 15),
            ]
        );
    }

    #[test]
    fn summer_time_is_followed_where_the_zone_has_it() {
        let rule = MonthlyRule {
            time_zone: "Europe/Berlin".into(),
            ..MonthlyRule::g_a2()
        };
        let got = rule
            .instants(d(2026, 10, 1), d(2026, 11, 1))
            .expect("schedule");
        // 7 October: CEST (UTC+2); 4 November: CET (UTC+1).
        assert_eq!(
            got,
            vec![utc(2026, 10, 7, 16, 15), utc(2026, 11, 4, 17, 15)]
        );
    }

    #[test]
    fn last_and_fifth_weekdays_and_a_year_boundary() {
        let last_friday = MonthlyRule {
            weekday: Weekday::Fri,
            nth: Nth::Last,
            time: NaiveTime::from_hms_opt(12, 0, 0).expect("t"),
            time_zone: "UTC".into(),
        };
        assert_eq!(
            last_friday
                .instants(d(2026, 12, 1), d(2027, 1, 31))
                .expect("s"),
            vec![utc(2026, 12, 25, 12, 0), utc(2027, 1, 29, 12, 0)]
        );
        let fifth_monday = MonthlyRule {
            weekday: Weekday::Mon,
            nth: Nth::Nth(5),
            ..last_friday.clone()
        };
        // Only August 2026 of these has a fifth Monday (the 31st).
        assert_eq!(
            fifth_monday
                .instants(d(2026, 7, 1), d(2026, 9, 1))
                .expect("s"),
            vec![utc(2026, 8, 31, 12, 0)]
        );
    }

    #[test]
    fn bad_rules_are_explained() {
        let rule = MonthlyRule {
            time_zone: "Mars/Olympus".into(),
            ..MonthlyRule::g_a2()
        };
        assert_eq!(
            rule.instants(d(2026, 9, 1), d(2026, 12, 1)),
            Err(ScheduleError::TimeZone("Mars/Olympus".into()))
        );
        assert!(matches!(
            MonthlyRule::g_a2().instants(d(2026, 12, 1), d(2026, 9, 1)),
            Err(ScheduleError::Months(_, _))
        ));
        // 02:30 on the last Sunday of March does not exist in Berlin.
        let gap = MonthlyRule {
            weekday: Weekday::Sun,
            nth: Nth::Last,
            time: NaiveTime::from_hms_opt(2, 30, 0).expect("t"),
            time_zone: "Europe/Berlin".into(),
        };
        assert!(matches!(
            gap.instants(d(2026, 3, 1), d(2026, 3, 1)),
            Err(ScheduleError::NoSuchLocalTime(..))
        ));
        let sixth = MonthlyRule {
            nth: Nth::Nth(6),
            ..MonthlyRule::g_a2()
        };
        assert_eq!(sixth.day_in(2026, 9), Err(ScheduleError::Nth(6)));
    }

    #[test]
    fn e_7_rounds_of_40_minutes_with_2_minute_breaks() {
        let start = NaiveDate::from_ymd_opt(2026, 10, 1)
            .and_then(|d| d.and_hms_opt(7, 0, 0))
            .expect("date");
        let day = day_timetable(start, 3, 40, 2);
        let hm = |t: NaiveDateTime| t.format("%H:%M").to_string();
        let got: Vec<(u32, String, String)> = day
            .iter()
            .map(|x| (x.number, hm(x.starts), hm(x.ends)))
            .collect();
        assert_eq!(
            got,
            [
                (1, "07:00".into(), "07:40".into()),
                (2, "07:42".into(), "08:22".into()),
                (3, "08:24".into(), "09:04".into()),
            ]
        );
        assert!(day_timetable(start, 0, 40, 2).is_empty());
    }
}
