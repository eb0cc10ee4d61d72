//! The organizers' check-in of participants on the day (R-2.2..R-2.4):
//! one row per tournament and person, replaced when corrected.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::check_ins as ci;
use super::{DbConnection, WriteTx};
use league_ids::{PersonId, TournamentId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ci)]
pub struct CheckIn {
    pub tournament_id: TournamentId,
    pub person_id: PersonId,
    /// `certificate`, `waiver` or "" (none shown).
    pub medical: String,
    pub passport: bool,
    pub symptoms: bool,
    pub doctor_note: bool,
    /// `contraindications`, `intoxication` or "".
    pub refusal: String,
    pub admitted: bool,
    pub recorded_by: PersonId,
    pub recorded_at: NaiveDateTime,
}

pub fn of_tournament(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<CheckIn>> {
    ci::table
        .filter(ci::tournament_id.eq(t))
        .select(CheckIn::as_select())
        .load(conn)
}

/// The people of `t` admitted at check-in.
pub fn admitted(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<PersonId>> {
    ci::table
        .filter(ci::tournament_id.eq(t))
        .filter(ci::admitted.eq(true))
        .select(ci::person_id)
        .load(conn)
}

/// Stores the check-in of one person (replacing an earlier one). Call
/// inside `write_transaction`.
pub fn put(tx: &mut WriteTx<'_>, row: &CheckIn) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(
        ci::table
            .filter(ci::tournament_id.eq(row.tournament_id))
            .filter(ci::person_id.eq(row.person_id)),
    )
    .execute(conn)?;
    diesel::insert_into(ci::table)
        .values((
            ci::tournament_id.eq(row.tournament_id),
            ci::person_id.eq(row.person_id),
            ci::medical.eq(&row.medical),
            ci::passport.eq(row.passport),
            ci::symptoms.eq(row.symptoms),
            ci::doctor_note.eq(row.doctor_note),
            ci::refusal.eq(&row.refusal),
            ci::admitted.eq(row.admitted),
            ci::recorded_by.eq(row.recorded_by),
            ci::recorded_at.eq(row.recorded_at),
        ))
        .execute(conn)?;
    Ok(())
}
