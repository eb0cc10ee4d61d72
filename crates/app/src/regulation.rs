//! Publishing a change of a championship's regulation (G-E2): the
//! text and settings are versioned; a change applies to tournaments that
//! start at least the notice period (three days) after it is published, so
//! a change published later than that waits for the following tournament.

use chrono::{Duration, NaiveDateTime};

use crate::db::QueryError as DieselError;

use super::PlayError;
use crate::db::championships::Championship;
use crate::db::regulation_versions::{self as rv, NewVersion, Version};
use crate::db::{DbConnection, audit, championships, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, PersonId};
use crate::rules::notice::effective_from;
use crate::rules::regulation::Regulation;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeProblem {
    /// The summary says what changed; it is required.
    SummaryRequired,
    /// Neither the text nor the settings differ from the current version.
    NothingChanged,
}

/// What publishing did.
#[derive(Debug, Clone)]
pub struct Published {
    pub number: i32,
    /// Tournaments starting at or after this instant follow the change.
    pub applies_from: NaiveDateTime,
    /// The first scheduled tournament it applies to.
    pub first_tournament: Option<i32>,
    /// The next tournament, when it starts too soon for the change (G-E2).
    pub too_soon: Option<i32>,
}

/// The notice period of a regulation: the days its season rules give
/// (G-E2: three); a regulation without that rule (R, E: one-day events)
/// applies a change from the next tournament to start.
pub fn notice_days(r: &Regulation) -> u8 {
    r.season.as_ref().map_or(0, |s| s.change_notice_days)
}

/// What a change of `regulation` published at `now` would apply to: from which instant,
/// the first scheduled tournament, and the next one when it starts too
/// soon for the notice period.
pub fn reach(
    regulation: &Regulation,
    starts: &[(i32, NaiveDateTime)],
    now: NaiveDateTime,
) -> (NaiveDateTime, Option<i32>, Option<i32>) {
    let days = notice_days(regulation);
    let applies_from = now + Duration::days(i64::from(days));
    let first_tournament = effective_from(now, starts, days);
    let next = effective_from(now, starts, 0);
    (
        applies_from,
        first_tournament,
        next.filter(|n| Some(*n) != first_tournament),
    )
}

/// the application deadline of `reg` when it has passed at `now`.
/// The deadline is a day of the championship's time zone, so applications
/// are taken until that day's midnight there.
pub fn past_deadline(
    championship: &Championship,
    reg: &Regulation,
    now: NaiveDateTime,
) -> Option<chrono::NaiveDate> {
    use chrono::TimeZone;
    let day = reg.entry.application_deadline?;
    let midnight = day.succ_opt()?.and_hms_opt(0, 0, 0)?;
    let ends = championship
        .tz()
        .from_local_datetime(&midnight)
        .earliest()?
        .naive_utc();
    (now >= ends).then_some(day)
}

/// The version a tournament starting at `starts_at` follows: the newest
/// whose `applies_from` is not after the start (version 1 applies from the
/// beginning). `None` when the championship has no versions yet.
pub fn version_for(versions: &[Version], starts_at: NaiveDateTime) -> Option<&Version> {
    versions
        .iter()
        .filter(|v| v.applies_from.is_none_or(|at| at <= starts_at))
        .max_by_key(|v| v.number)
}

/// A regulation with the number of its version.
#[derive(Debug, Clone)]
pub struct InForce {
    /// The version's number; 1 for the settings the championship was
    /// created with (they become version 1 when a change is first published).
    pub number: i32,
    pub regulation: Regulation,
}

/// The regulation in force in a championship at `at` (G-E2): the newest
/// published version whose date has come, else the settings the
/// championship was created with. This is the only way settings are read:
/// a matter of a tournament asks at the tournament's start, anything else
/// at the moment it happens.
pub fn in_force(
    conn: &mut DbConnection,
    championship: &Championship,
    at: NaiveDateTime,
) -> Result<InForce, DieselError> {
    let versions = rv::of_championship(conn, championship.id)?;
    in_force_of(championship, &versions, at)
}

/// [`in_force`] over versions already read.
pub fn in_force_of(
    championship: &Championship,
    versions: &[Version],
    at: NaiveDateTime,
) -> Result<InForce, DieselError> {
    match version_for(versions, at) {
        Some(v) => Ok(InForce {
            number: v.number,
            regulation: parse(&v.settings)?,
        }),
        None => Ok(InForce {
            number: 1,
            regulation: parse(&championship.regulation)?,
        }),
    }
}

/// The newest version, in force or not: what the next change starts from.
pub fn latest(
    conn: &mut DbConnection,
    championship: &Championship,
) -> Result<InForce, DieselError> {
    let versions = rv::of_championship(conn, championship.id)?;
    match versions.last() {
        Some(v) => Ok(InForce {
            number: v.number,
            regulation: parse(&v.settings)?,
        }),
        None => Ok(InForce {
            number: 1,
            regulation: parse(&championship.regulation)?,
        }),
    }
}

/// Stored settings are checked when they are written; one that does not
/// parse is a damaged database, reported as a database error.
fn parse(settings: &str) -> Result<Regulation, DieselError> {
    serde_json::from_str(settings).map_err(|e| DieselError::DeserializationError(Box::new(e)))
}

pub fn publish(
    conn: &mut DbConnection,
    c: ChampionshipId,
    body: &str,
    regulation: &Regulation,
    summary: &str,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Published, PlayError<ChangeProblem>> {
    let summary = summary.trim().to_owned();
    let body = body.replace("\r\n", "\n");
    let mut problems = Vec::new();
    if summary.is_empty() {
        problems.push(ChangeProblem::SummaryRequired);
    }
    write_transaction(conn, |conn| {
        let championship = championships::by_id(conn, c)?.ok_or(PlayError::NotFound)?;
        let mut versions = rv::of_championship(conn, c)?;
        if versions.is_empty() {
            // The regulation as it stood becomes version 1, in force from
            // the beginning.
            rv::insert(
                conn,
                &NewVersion {
                    championship: c,
                    number: 1,
                    body: "",
                    settings: &championship.regulation,
                    summary: "",
                    by: None,
                    at: championship.created_at,
                    applies_from: None,
                },
            )?;
            versions = rv::of_championship(conn, c)?;
        }
        let settings = serde_json::to_string(regulation).unwrap_or_default();
        let last = versions.last().ok_or(PlayError::NotFound)?;
        // The notice period is the one of the regulation being changed.
        let current = parse(&last.settings)?;
        if last.body == body && &current == regulation {
            problems.push(ChangeProblem::NothingChanged);
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems.clone()));
        }
        let starts: Vec<(i32, NaiveDateTime)> = tournaments::of_championship(conn, c)?
            .into_iter()
            .map(|t| (t.number, t.starts_at))
            .collect();
        let (applies_from, first_tournament, too_soon) = reach(&current, &starts, now);
        let number = last.number + 1;
        rv::insert(
            conn,
            &NewVersion {
                championship: c,
                number,
                body: &body,
                settings: &settings,
                summary: &summary,
                by: Some(by),
                at: now,
                applies_from: Some(applies_from),
            },
        )?;
        // What is in force before `applies_from` stays as it was; the
        // tables are recomputed once the change applies (the version in
        // force is part of their cache key).
        championships::bump_results_version(conn, c)?;
        // G-E2: the captains are told, in the same transaction.
        crate::mail::notices::rule_change(
            conn,
            c,
            number,
            &summary,
            applies_from,
            first_tournament,
            now,
        )?;
        audit::Entry::new("regulation.publish", format!("championship:{c}"))
            .actor(by)
            .championship(c)
            .said({
                let said = match first_tournament {
                    Some(n) => {
                        Message::new(crate::msg!("audit-regulation-published-from-tournament"))
                            .arg("tournament", n)
                    }
                    None => Message::new(crate::msg!("audit-regulation-published")),
                };
                said.arg("number", number)
                    .arg("summary", &summary)
                    .arg("from", applies_from)
            })
            .record(conn)?;
        Ok(Published {
            number,
            applies_from,
            first_tournament,
            too_soon,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RegulationVersionId;
    use chrono::NaiveDate;

    fn at(d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 10, d)
            .and_then(|x| x.and_hms_opt(12, 0, 0))
            .expect("date")
    }

    fn version(number: i32, applies_from: Option<NaiveDateTime>) -> Version {
        Version {
            id: RegulationVersionId(i64::from(number)),
            championship_id: ChampionshipId(1),
            number,
            body: String::new(),
            settings: String::new(),
            summary: String::new(),
            published_by: None,
            published_at: at(1),
            applies_from,
        }
    }

    #[test]
    fn g_e2_a_tournament_follows_the_newest_version_in_force_at_its_start() {
        let versions = [
            version(1, None),
            version(2, Some(at(10))),
            version(3, Some(at(20))),
        ];
        assert_eq!(version_for(&versions, at(5)).map(|v| v.number), Some(1));
        assert_eq!(version_for(&versions, at(10)).map(|v| v.number), Some(2));
        assert_eq!(version_for(&versions, at(25)).map(|v| v.number), Some(3));
        assert!(version_for(&[], at(25)).is_none());
    }
}
