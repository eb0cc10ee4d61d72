//! The refusals of a tournament schedule in the reader's language.

use crate::app::championship::ScheduleProblem;
use crate::i18n::Message;
use crate::msg;
use crate::rules::schedule::{ScheduleError, YEARS};

pub fn schedule_error_words(e: &ScheduleError) -> Message {
    match e {
        ScheduleError::TooManyMonths { months, max } => {
            Message::new(msg!("schedule-error-too-many-months"))
                .arg("months", months)
                .arg("max", max)
        }
        ScheduleError::OutOfRange(month) => Message::new(msg!("schedule-error-years"))
            .arg("month", month)
            .arg("first", YEARS.start())
            .arg("last", YEARS.end()),
        ScheduleError::Months(first, last) => Message::new(msg!("schedule-error-order"))
            .arg("first", first)
            .arg("last", last),
        ScheduleError::NoSuchLocalTime(day, time, zone) => {
            Message::new(msg!("schedule-error-no-such-time"))
                .arg("day", day.format("%d.%m.%Y"))
                .arg("time", time.format("%H:%M"))
                .arg("zone", zone)
        }
        ScheduleError::TimeZone(zone) => {
            Message::new(msg!("schedule-error-time-zone")).arg("zone", zone)
        }
        ScheduleError::Nth(_) => msg!("schedule-error-nth").into(),
    }
}

pub fn schedule_problem_words(p: &ScheduleProblem) -> Message {
    match p {
        ScheduleProblem::TooManyTournaments { have, adding, max } => {
            Message::new(msg!("schedule-error-too-many-tournaments"))
                .arg("have", have)
                .arg("adding", adding)
                .arg("max", max)
        }
    }
}
