//! The organizers' check-in on the day (R-2.2..R-2.4): for each person
//! of the tournament's entries, what they presented and whether they are
//! admitted (`rules::check_in`). Under a regulation with the check-in
//! rule, `eligibility::unfit_to_play` keeps everyone not admitted off the
//! boards at every line-up, substitution and publication.

use chrono::{NaiveDate, NaiveDateTime};

use super::PlayError;
use super::rounds::Loaded;
use crate::db::check_ins::{self as ci, CheckIn};
use crate::db::entries::EntryStatus;
use crate::db::{DbConnection, audit, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::{PersonId, TournamentId};
use crate::msg;
use crate::rules::check_in::{
    Facts, Medical, Refusal, Unmet, admission, on_file as check_in_on_file,
};

/// Why a check-in was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckInProblem {
    /// The regulation has no check-in.
    NotInRegulation,
    /// The tournament is finished.
    Finished,
    /// The person is in none of the tournament's entries.
    NotAParticipant { person: PersonId },
}

pub type CheckInError = PlayError<CheckInProblem>;

/// One participant on the check-in page.
#[derive(Debug, Clone)]
pub struct Participant {
    pub entry_name: String,
    pub person: PersonId,
    pub nick: String,
    pub checked: Option<CheckIn>,
}

/// The facts a stored check-in recorded.
pub fn facts_of(row: &CheckIn) -> Facts {
    Facts {
        medical: Medical::parse(&row.medical),
        passport: row.passport,
        symptoms: row.symptoms,
        doctor_note: row.doctor_note,
        refusal: Refusal::parse(&row.refusal),
    }
}

/// Everyone named in an entry that still plays or waits to (not
/// withdrawn), entry by entry, board players first, with their check-in.
pub fn participants(
    conn: &mut DbConnection,
    l: &Loaded,
) -> Result<Vec<Participant>, crate::db::QueryError> {
    let stored = ci::of_tournament(conn, l.ctx.id())?;
    let mut out = Vec::new();
    for x in l
        .entries
        .iter()
        .filter(|x| x.status() == EntryStatus::Entered)
    {
        for p in l.players.iter().filter(|p| p.entry_id == x.id) {
            out.push(Participant {
                entry_name: x.name.clone(),
                person: p.person_id,
                nick: p.nick.clone(),
                checked: stored.iter().find(|c| c.person_id == p.person_id).cloned(),
            });
        }
    }
    Ok(out)
}

/// A condition of admission not met, as the check-in page and the audit
/// log word it.
pub fn unmet_key(u: &Unmet) -> MsgKey {
    match u {
        Unmet::MedicalOrWaiver => msg!("checkin-unmet-medical"),
        Unmet::Passport => msg!("checkin-unmet-passport"),
        Unmet::Refused(Refusal::Contraindications) => msg!("checkin-unmet-contraindications"),
        Unmet::Refused(Refusal::Intoxication) => msg!("checkin-unmet-intoxication"),
        Unmet::DoctorNote => msg!("checkin-unmet-doctor-note"),
    }
}

/// A check-in's audit line: admitted, or not with each condition unmet.
fn checked_said(tournament: i32, nick: &str, unmet: &[Unmet]) -> Message {
    let key = if unmet.is_empty() {
        msg!("audit-check-in-admitted")
    } else {
        msg!("audit-check-in-refused")
    };
    Message::new(key)
        .arg("tournament", tournament)
        .arg("nick", nick)
        .list(
            "reasons",
            unmet.iter().map(|u| Message::new(unmet_key(u))),
            ", ",
        )
}

/// What one save of the check-in form did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    pub admitted: Vec<String>,
    pub not_admitted: Vec<String>,
    pub unchanged: usize,
}

/// One row of the desk as sent: what the desk saw, and whether the person
/// was ticked as arrived (their papers on file then count, `papers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presented {
    pub person: PersonId,
    pub facts: Facts,
    pub arrived: bool,
}

/// The tournament's date in the championship's zone: papers are valid on
/// it or not.
pub fn day_of(l: &Loaded) -> NaiveDate {
    l.ctx.local_date(l.ctx.tournament.starts_at)
}

/// Records what each person presented; a row the same as the stored one
/// changes nothing, and a blank row of someone never checked in is not a
/// check-in. A person ticked as arrived has their approved papers on file
/// added where the row left a field blank (`rules::check_in::on_file`).
/// Every row is checked before anything is stored.
pub fn record(
    conn: &mut DbConnection,
    t: TournamentId,
    by: PersonId,
    rows: &[Presented],
    now: NaiveDateTime,
) -> Result<Recorded, CheckInError> {
    write_transaction(conn, |conn| {
        super::in_play(conn, t, CheckInProblem::Finished)?;
        let l = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        if !l.ctx.regulation.play.check_in {
            return Err(PlayError::Refused(vec![CheckInProblem::NotInRegulation]));
        }
        let people = participants(conn, &l)?;
        let strangers: Vec<CheckInProblem> = rows
            .iter()
            .filter(|r| !people.iter().any(|x| x.person == r.person))
            .map(|r| CheckInProblem::NotAParticipant { person: r.person })
            .collect();
        if !strangers.is_empty() {
            return Err(PlayError::Refused(strangers));
        }
        let arrived: Vec<PersonId> = rows
            .iter()
            .filter(|r| r.arrived)
            .map(|r| r.person)
            .collect();
        let on_file = crate::db::documents::for_eligibility_of_people(conn, &arrived)?;
        let day = day_of(&l);
        let mut done = Recorded::default();
        for row in rows {
            let person = &row.person;
            let Some(who) = people.iter().find(|x| x.person == *person) else {
                continue;
            };
            let facts = &match on_file.get(person) {
                Some(docs) if row.arrived => row.facts.with_papers(check_in_on_file(docs, day)),
                _ => row.facts,
            };
            let same = match &who.checked {
                Some(row) => facts_of(row) == *facts,
                None => *facts == Facts::default(),
            };
            if same {
                done.unchanged += 1;
                continue;
            }
            let unmet = admission(facts);
            let row = CheckIn {
                tournament_id: t,
                person_id: *person,
                medical: facts.medical.map_or("", Medical::code).to_owned(),
                passport: facts.passport,
                symptoms: facts.symptoms,
                doctor_note: facts.doctor_note,
                refusal: facts.refusal.map_or("", Refusal::code).to_owned(),
                admitted: unmet.is_empty(),
                recorded_by: by,
                recorded_at: now,
            };
            ci::put(conn, &row)?;
            audit::Entry::new("checkin.record", format!("person:{person}"))
                .actor(by)
                .championship(l.ctx.championship_id())
                .said(checked_said(l.ctx.tournament.number, &who.nick, &unmet))
                .record(conn)?;
            if unmet.is_empty() {
                done.admitted.push(who.nick.clone());
            } else {
                done.not_admitted.push(who.nick.clone());
            }
        }
        Ok(done)
    })
}
